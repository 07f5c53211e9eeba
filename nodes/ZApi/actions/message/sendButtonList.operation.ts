import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireWebUrl } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import type { ItemRead, ZApiOperation } from '../types';
import { buttonsMessageFields, rowsOf, rowsProperty, rowText, withId, sendMessage } from './helpers';
import { readAnsweredChat } from '../answeredChat';
import { delayMessageOption, optionalFields, readOptions, requireText } from '../parameters';

export const sendButtonList: ZApiOperation = {
	value: 'sendButtonList',
	name: 'Send Reply Buttons',
	action: 'Send reply buttons',
	description: 'Send a text (optionally with an image or video) and reply buttons; the button\'s ID comes back as \'buttonId\' when pressed',
	orderedBy: 'phone',
	answersChat: true,
	properties: [
		...buttonsMessageFields,
		rowsProperty(
			{ displayName: 'Buttons', name: 'buttons', placeholder: 'Add button', description: 'The reply buttons under the message' },
			{
				displayName: 'Button',
				name: 'button',
				description: 'One reply button',
				values: [
					{ displayName: 'Label', name: 'label', type: 'string', default: '', description: 'Button text' },
					{ displayName: 'ID', name: 'id', type: 'string', default: '', description: 'Your ID for this button, returned when it is pressed' },
				],
			},
		),
		optionsProperty([
			delayMessageOption,
			{ displayName: 'Image URL', name: 'image', type: 'string', default: '', description: 'Public address of an image shown above the buttons' },
			{ displayName: 'Video URL', name: 'video', type: 'string', default: '', description: 'Public address of a video shown above the buttons' },
		]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readAnsweredChat.call(this, itemIndex, read);
		const options = readOptions.call(this, itemIndex);
		const rows = rowsOf(this.getNodeParameter('buttons', itemIndex, {}), 'button', 'Buttons', 'Add at least one button with a label.');
		const buttonList: IDataObject = { buttons: rows.map((row, index) => withId({ label: rowText(row, 'label', 'Label', index) }, row.id)) };
		// One request path carries the text, image and video forms.
		for (const [name, label] of [['image', 'Image URL'], ['video', 'Video URL']] as const) {
			if (String(options[name] ?? '').trim()) buttonList[name] = requireWebUrl(options[name], label, name);
		}
		const body: IDataObject = {
			phone,
			message: requireText(this.getNodeParameter('message', itemIndex), 'Message', 'Write the text shown with the buttons; it cannot be empty.'),
			buttonList,
			...optionalFields(options),
		};
		return await sendMessage.call(this, itemIndex, { path: '/send-button-list', body, phone, tried: `send buttons to ${phone}` });
	},
};
