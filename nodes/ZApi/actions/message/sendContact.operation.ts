import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { normalizePhone } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import type { ItemRead, ZApiOperation } from '../types';
import { answeringPhoneProperty, readAnsweredChat } from '../answeredChat';
import { delayMessageOption, optionalFields, readOptions, replyToOption, requireText } from '../parameters';
import { sendMessage } from './helpers';

export const sendContact: ZApiOperation = {
	value: 'sendContact',
	name: 'Send Contact',
	action: 'Send a contact card',
	description: 'Share a contact card with a name and a phone; the contact need not be saved',
	orderedBy: 'phone',
	answersChat: true,
	properties: [
		answeringPhoneProperty,
		{ displayName: 'Contact Name', name: 'contactName', type: 'string', required: true, default: '', description: 'Name on the card' },
		{ displayName: 'Contact Phone', name: 'contactPhone', type: 'string', required: true, default: '', placeholder: '5511999999999', description: 'Phone on the card, with country code' },
		optionsProperty([
			{ displayName: 'Business Description', name: 'businessDescription', type: 'string', default: '', description: 'Short description on the card (not shown on WhatsApp Web)' },
			delayMessageOption,
			replyToOption,
		]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readAnsweredChat.call(this, itemIndex, read);
		const body: IDataObject = {
			phone,
			contactName: requireText(this.getNodeParameter('contactName', itemIndex), 'Contact Name', 'Give the name shown on the card.'),
			contactPhone: normalizePhone(this.getNodeParameter('contactPhone', itemIndex), 'Contact Phone'),
			...optionalFields(readOptions.call(this, itemIndex), { businessDescription: 'contactBusinessDescription' }),
		};
		return await sendMessage.call(this, itemIndex, { path: '/send-contact', body, phone, tried: `send a contact card to ${phone}` });
	},
};
