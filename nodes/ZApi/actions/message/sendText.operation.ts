import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError, isGroupId, parsePhoneList } from '../../../shared/input';
import type { ItemRead, ZApiOperation } from '../types';
import { optionalFields, phoneProperty, readChat, readOptions, requireText, textMessageOptions } from '../parameters';
import { sendMessage } from './send';

export const sendText: ZApiOperation = {
	value: 'sendText',
	name: 'Send Text',
	action: 'Send a text message',
	description: 'Send a text to a phone or group: a new message, a reply to one, or an edit of one sent before',
	orderedBy: 'phone',
	properties: [
		phoneProperty,
		{
			displayName: 'Message',
			name: 'message',
			type: 'string',
			typeOptions: { rows: 3 },
			required: true,
			default: '',
			description: 'The text to send. WhatsApp formatting (*bold*, _italic_, ~strike~) and emoji work; new lines are kept.',
		},
		textMessageOptions([
			{
				displayName: 'Edit Message ID',
				name: 'editMessageId',
				type: 'string',
				default: '',
				description:
					"Replace the text of a message sent before by this instance with Message, instead of sending a new one. Use 'messageId' of that send's output. Z-API needs a webhook configured for edits.",
			},
			{
				displayName: 'Mention Phones',
				name: 'mentioned',
				type: 'string',
				default: '',
				placeholder: '5511999999999, 5511888888888',
				description:
					'Group members to mention (the chat must be a group). Write @5511999999999 in Message where each should appear; members listed without an @ in the text are still notified.',
			},
			{
				displayName: 'Private Answer',
				name: 'privateAnswer',
				type: 'boolean',
				default: false,
				description:
					"Whether a reply in a group goes to the quoted sender's private chat instead of the group. Needs Reply To Message ID.",
			},
		]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readChat.call(this, itemIndex, read);
		const message = requireText(this.getNodeParameter('message', itemIndex), 'Message', 'Write the text to send, or map it from a previous node.');
		const options = readOptions.call(this, itemIndex);
		const body: IDataObject = { phone, message, ...optionalFields(options, { editMessageId: 'editMessageId' }) };
		if (String(options.mentioned ?? '').trim() || Array.isArray(options.mentioned)) {
			if (!isGroupId(phone)) {
				throw new InputError('Mention Phones works only in groups', `Set Phone or Group ID to a group ID (…-group), or remove Mention Phones. '${phone}' is not a group.`);
			}
			body.mentioned = parsePhoneList(options.mentioned, 'Mention Phones');
		}
		if (options.privateAnswer === true) {
			if (!body.messageId) {
				throw new InputError('Private Answer needs Reply To Message ID', 'Set Reply To Message ID to the group message to answer privately, or turn Private Answer off.');
			}
			body.privateAnswer = true;
		}
		const what = body.editMessageId ? `edit message ${body.editMessageId} in the chat with ${phone}` : `send a text to ${phone}`;
		return await sendMessage.call(this, itemIndex, { path: '/send-text', body, phone, tried: what });
	},
};
