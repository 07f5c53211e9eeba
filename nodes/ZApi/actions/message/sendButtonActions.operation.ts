import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { InputError, normalizePhone, requireWebUrl } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import type { ItemRead, ZApiOperation } from '../types';
import { buttonsMessageFields, rowsOf, rowsProperty, withId, sendMessage } from './helpers';
import { readAnsweredChat } from '../answeredChat';
import { delayMessageOption, optionalFields, readOptions, requireText } from '../parameters';

/** What each kind of action button needs besides its label. */
const ACTION_TARGETS: Record<string, (row: IDataObject, where: string) => IDataObject> = {
	CALL: (row, where) => ({ phone: normalizePhone(row.phone, `Phone To Call of ${where}`) }),
	URL: (row, where) => ({ url: requireWebUrl(row.url, `URL of ${where}`, 'page') }),
	REPLY: () => ({}),
};

/** One action button, as the Buttons rows of this operation and of carousel cards take it. */
export const ACTION_BUTTON: { displayName: string; name: string; description: string; values: INodeProperties[] } = {
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
};

/**
 * The buttons of a Buttons collection, checked, as the service takes them. `rowName` names a
 * row in errors: 'row 2', or 'button 2 of card 1' inside a carousel card.
 */
export function actionButtons(rows: IDataObject[], rowName = (index: number) => `row ${index + 1}`): IDataObject[] {
	return rows.map((row, index) => {
		const where = rowName(index);
		const type = String(row.type ?? 'REPLY');
		const target = ACTION_TARGETS[type];
		if (!target) throw new InputError(`Type of ${where} must be CALL, URL or REPLY (got '${type}')`, 'Pick Call, Open URL or Reply.');
		const label = String(row.label ?? '').trim();
		if (!label) throw new InputError(`Label of ${where} is empty`, 'Fill in Label of every button, or remove the button.');
		return withId({ type, label, ...target(row, where) }, row.id);
	});
}

export const sendButtonActions: ZApiOperation = {
	value: 'sendButtonActions',
	name: 'Send Action Buttons',
	action: 'Send action buttons',
	description: 'Send a text with buttons that call a phone, open a link or reply. Send Call and URL buttons apart from Reply buttons: mixing all three fails on WhatsApp Web.',
	orderedBy: 'phone',
	answersChat: true,
	properties: [
		...buttonsMessageFields,
		rowsProperty(
			{ displayName: 'Buttons', name: 'buttonActions', placeholder: 'Add button', description: 'The action buttons under the message' },
			ACTION_BUTTON,
		),
		optionsProperty([
			delayMessageOption,
			{ displayName: 'Footer', name: 'footer', type: 'string', default: '', description: 'Small text under the message' },
			{ displayName: 'Title', name: 'title', type: 'string', default: '', description: 'Header text above the message' },
		]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readAnsweredChat.call(this, itemIndex, read);
		const rows = rowsOf(this.getNodeParameter('buttonActions', itemIndex, {}), 'button', 'Buttons', 'Add at least one button with a type and a label.');
		const buttonActions = actionButtons(rows);
		const body: IDataObject = {
			phone,
			message: requireText(this.getNodeParameter('message', itemIndex), 'Message', 'Write the text shown with the buttons.'),
			buttonActions,
			...optionalFields(readOptions.call(this, itemIndex), { title: 'title', footer: 'footer' }),
		};
		return await sendMessage.call(this, itemIndex, { path: '/send-button-actions', body, phone, tried: `send action buttons to ${phone}` });
	},
};
