import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { parsePhoneList } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import type { ItemRead, ZApiOperation } from '../types';
import { rowsOf, rowsProperty, rowText, sendMessage } from './helpers';
import { answeringPhoneProperty, readAnsweredChat } from '../answeredChat';
import { delayMessageOption, optionalFields, readOptions, replyToOption } from '../parameters';

export const sendContacts: ZApiOperation = {
	value: 'sendContacts',
	name: 'Send Contacts',
	action: 'Send several contact cards in one message',
	description: 'Share several contact cards in one message, each with a name and one or more phones; they need not be saved',
	orderedBy: 'phone',
	answersChat: true,
	properties: [
		answeringPhoneProperty,
		rowsProperty(
			{ displayName: 'Contacts', name: 'contacts', placeholder: 'Add contact', description: 'The contact cards the message carries' },
			{
				displayName: 'Contact',
				name: 'contact',
				description: 'One contact card',
				values: [
					{ displayName: 'Business Description', name: 'businessDescription', type: 'string', default: '', description: 'Short description on the card (optional)' },
					{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Name on the card' },
					{
						displayName: 'Phones',
						name: 'phones',
						type: 'string',
						default: '',
						placeholder: '5511999999999, 5511888888888',
						description: 'One or more phones with country code, separated by commas',
					},
				],
			},
		),
		optionsProperty([delayMessageOption, replyToOption]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readAnsweredChat.call(this, itemIndex, read);
		const rows = rowsOf(this.getNodeParameter('contacts', itemIndex, {}), 'contact', 'Contacts', 'Add at least one contact with a name and a phone.');
		// docs/message/send-message-multiple-contacts.md: {name, phones: [...], businessDescription?}.
		const contacts = rows.map((row, index) => {
			const description = String(row.businessDescription ?? '').trim();
			return {
				name: rowText(row, 'name', 'Name', index),
				...(description ? { businessDescription: description } : {}),
				phones: parsePhoneList(row.phones, `Phones of row ${index + 1}`),
			};
		});
		const body: IDataObject = { phone, contacts, ...optionalFields(readOptions.call(this, itemIndex)) };
		return await sendMessage.call(this, itemIndex, { path: '/send-contacts', body, phone, tried: `send ${contacts.length} contact cards to ${phone}` });
	},
};
