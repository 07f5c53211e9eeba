import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError, normalizePhone, requireWebUrl } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import type { ZApiOperation } from '../types';
import { buttonsNotice, rowsOf, rowsProperty, rowText, withId } from './interactive';
import { delayMessageOption, optionalFields, phoneProperty, readOptions, readPhone, requireText, sendMessage } from './send';

/** What each kind of action button needs besides its label. */
const ACTION_TARGETS: Record<string, (row: IDataObject, index: number) => IDataObject> = {
	CALL: (row, index) => ({ phone: normalizePhone(row.phone, `Phone To Call of row ${index + 1}`) }),
	URL: (row, index) => ({ url: requireWebUrl(row.url, `URL of row ${index + 1}`) }),
	REPLY: () => ({}),
};

export const sendButtonActions: ZApiOperation = {
	value: 'sendButtonActions',
	name: 'Send Action Buttons',
	action: 'Send action buttons',
	description: 'Send a text with buttons that call a phone, open a link or reply. Send Call and URL buttons apart from Reply buttons: mixing all three fails on WhatsApp Web.',
	properties: [
		buttonsNotice,
		phoneProperty,
		{ displayName: 'Message', name: 'message', type: 'string', required: true, default: '', description: 'Text shown with the buttons' },
		rowsProperty(
			{ displayName: 'Buttons', name: 'buttonActions', placeholder: 'Add button', description: 'The action buttons under the message' },
			{
				displayName: 'Button',
				name: 'button',
				description: 'One button that calls, opens a link or replies',
				values: [
					{ displayName: 'ID', name: 'id', type: 'string', default: '', description: 'Your ID for this button' },
					{ displayName: 'Label', name: 'label', type: 'string', default: '', description: 'Button text' },
					{
						displayName: 'Phone To Call',
						name: 'phone',
						type: 'string',
						default: '',
						displayOptions: { show: { type: ['CALL'] } },
						description: 'Phone with country code',
					},
					{
						displayName: 'Type',
						name: 'type',
						type: 'options',
						options: [
							{ name: 'Call', value: 'CALL', description: 'Calls a phone' },
							{ name: 'Open URL', value: 'URL', description: 'Opens a link' },
							{ name: 'Reply', value: 'REPLY', description: 'Sends its label back as an answer' },
						],
						default: 'REPLY',
					},
					{
						displayName: 'URL',
						name: 'url',
						type: 'string',
						default: '',
						displayOptions: { show: { type: ['URL'] } },
						description: 'Link opened by the button (http or https)',
					},
				],
			},
		),
		optionsProperty([
			delayMessageOption,
			{ displayName: 'Footer', name: 'footer', type: 'string', default: '', description: 'Small text under the message' },
			{ displayName: 'Title', name: 'title', type: 'string', default: '', description: 'Header text above the message' },
		]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const phone = readPhone.call(this, itemIndex);
		const rows = rowsOf(this.getNodeParameter('buttonActions', itemIndex, {}), 'button', 'Buttons', 'Add at least one button with a type and a label.');
		const buttonActions = rows.map((row, index) => {
			const type = String(row.type ?? 'REPLY');
			const target = ACTION_TARGETS[type];
			if (!target) throw new InputError(`Type of row ${index + 1} must be CALL, URL or REPLY (got '${type}')`, 'Pick Call, Open URL or Reply.');
			return withId({ type, label: rowText(row, 'label', 'Label', index), ...target(row, index) }, row.id);
		});
		const body: IDataObject = {
			phone,
			message: requireText(this.getNodeParameter('message', itemIndex), 'Message', 'Write the text shown with the buttons.'),
			buttonActions,
			...optionalFields(readOptions.call(this, itemIndex), { title: 'title', footer: 'footer' }),
		};
		return await sendMessage.call(this, itemIndex, { path: '/send-button-actions', body, phone, action: `send action buttons to ${phone}` });
	},
};
