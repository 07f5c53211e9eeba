import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError, isGroupId, normalizeGroupId } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import type { ItemRead, ZApiOperation } from '../types';
import { rowsOf, rowsProperty, rowText, sendMessage } from './helpers';
import { delayMessageOption, messageTextProperty, optionalFields, phoneProperty, readChat, readOptions, requireText } from '../parameters';

export const mentionGroups: ZApiOperation = {
	value: 'mentionGroups',
	name: 'Mention Groups',
	action: 'Mention groups of a community in a message',
	description: 'Send a text to a group of a community that mentions other groups of the same community, so its members can open them',
	orderedBy: 'phone',
	properties: [
		{
			...phoneProperty,
			description: 'The community group the message goes to (120363019502650977-group). The mentioned groups must belong to the same community.',
			placeholder: '120363019502650977-group',
		},
		{ ...messageTextProperty, placeholder: 'Welcome! Announcements are in @120363019502650978-group', description: 'The text. Write @ and the group ID where each mention should appear; a mentioned group missing from the text is added at its end.' },
		rowsProperty(
			{ displayName: 'Groups to Mention', name: 'groupsMentioned', placeholder: 'Add group', description: 'The groups of the community to mention' },
			{
				displayName: 'Group',
				name: 'group',
				description: 'One group to mention',
				values: [
					{ displayName: 'Group ID', name: 'groupId', type: 'string', default: '', placeholder: '120363019502650978-group', description: 'ID of the group to mention' },
					{ displayName: 'Group Name', name: 'subject', type: 'string', default: '', description: 'Name of the group, as shown in the mention' },
				],
			},
		),
		optionsProperty([delayMessageOption]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readChat.call(this, itemIndex, read);
		if (!isGroupId(phone)) {
			throw new InputError('Mention Groups sends only to a group', `Set Group ID to the community group the message goes to (…-group). '${phone}' is not a group.`);
		}
		let message = requireText(this.getNodeParameter('message', itemIndex), 'Message', 'Write the text, with @ and the group ID where each mention should appear.');
		const rows = rowsOf(this.getNodeParameter('groupsMentioned', itemIndex, {}), 'group', 'Groups to Mention', 'Add at least one group of the community, with its ID and name.');
		// docs/group/mention-group.md: a text that holds @<group ID>, and {phone, subject} per group.
		const groupMentioned = rows.map((row, index) => {
			const text = String(row.groupId ?? '').trim();
			if (!text) throw new InputError(`Group ID of row ${index + 1} is empty`, 'Fill in Group ID of every row, or remove the row.');
			return { phone: normalizeGroupId(text), subject: rowText(row, 'subject', 'Group Name', index) };
		});
		// The docs want every mention in the text: the missing ones go at its end rather than fail the item.
		const missing = groupMentioned.filter((group) => !message.includes(`@${group.phone}`));
		if (missing.length) message = `${message} ${missing.map((group) => `@${group.phone}`).join(' ')}`;
		const body: IDataObject = { phone, message, groupMentioned, ...optionalFields(readOptions.call(this, itemIndex)) };
		return await sendMessage.call(this, itemIndex, {
			path: '/send-text',
			body,
			phone,
			tried: `mention groups in ${phone}`,
			hint: 'Mentions work only between groups of one community: check that the group the message goes to and every mentioned group belong to the same community, and that the instance is in it.',
		});
	},
};
