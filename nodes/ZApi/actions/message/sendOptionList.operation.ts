import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { isGroupId } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import type { ItemRead, ZApiOperation } from '../types';
import { buttonsNotice, rowsOf, rowsProperty, rowText, withId, sendMessage } from './helpers';
import { answeringPhoneProperty, readAnsweredChat } from '../answeredChat';
import { delayMessageOption, optionalFields, readOptions, requireText } from '../parameters';

export const sendOptionList: ZApiOperation = {
	value: 'sendOptionList',
	name: 'Send Option List',
	action: 'Send an option list',
	description: 'Send a text with a button that opens a list of options to pick one from. Works in private chats; WhatsApp withdrew lists from groups.',
	orderedBy: 'phone',
	answersChat: true,
	properties: [
		buttonsNotice,
		answeringPhoneProperty,
		{ displayName: 'Message', name: 'message', type: 'string', required: true, default: '', description: 'Text above the list' },
		{ displayName: 'List Title', name: 'listTitle', type: 'string', required: true, default: '', description: 'Title shown on top of the opened list' },
		{ displayName: 'Button Label', name: 'buttonLabel', type: 'string', required: true, default: 'Options', description: 'Label of the button that opens the list' },
		rowsProperty(
			{
				displayName: 'Options',
				name: 'listOptions',
				placeholder: 'Add option',
				description: "The rows to pick from. A row's ID comes back as 'selectedRowId' when someone picks it.",
			},
			{
				displayName: 'Option',
				name: 'option',
				description: 'One row of the list',
				values: [
					{ displayName: 'Title', name: 'title', type: 'string', default: '', description: 'Row title' },
					{ displayName: 'Description', name: 'description', type: 'string', default: '', description: 'Row description' },
					{ displayName: 'ID', name: 'id', type: 'string', default: '', description: 'Your ID for this row, returned with the answer' },
				],
			},
		),
		optionsProperty([delayMessageOption]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readAnsweredChat.call(this, itemIndex, read);
		const rows = rowsOf(this.getNodeParameter('listOptions', itemIndex, {}), 'option', 'Options', 'Add at least one option with a title and a description.');
		const body: IDataObject = {
			phone,
			message: requireText(this.getNodeParameter('message', itemIndex), 'Message', 'Write the text shown above the list.'),
			optionList: {
				title: requireText(this.getNodeParameter('listTitle', itemIndex), 'List Title', 'Give the title of the list.'),
				buttonLabel: requireText(this.getNodeParameter('buttonLabel', itemIndex), 'Button Label', 'Give the label of the button that opens the list.'),
				options: rows.map((row, index) =>
					withId({ title: rowText(row, 'title', 'Title', index), description: rowText(row, 'description', 'Description', index) }, row.id),
				),
			},
			...optionalFields(readOptions.call(this, itemIndex)),
		};
		if (isGroupId(phone)) {
			this.addExecutionHints?.({ message: `Option lists no longer show in WhatsApp groups; ${phone} is a group.`, location: 'outputPane' });
		}
		return await sendMessage.call(this, itemIndex, { path: '/send-option-list', body, phone, tried: `send an option list to ${phone}` });
	},
};
