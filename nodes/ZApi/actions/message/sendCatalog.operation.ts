import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import { catalogPhoneProperty, CATALOG_HINT, readCatalogPhone } from '../product/helpers';
import { answeringPhoneProperty, readAnsweredChat } from '../answeredChat';
import { optionalFields, readOptions } from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';
import { sendMessage } from './helpers';

/** The languages of the card's default text (docs/message/send-message-catalog.md: EN/PT). */
const CARD_LANGUAGES = ['EN', 'PT'];

export const sendCatalog: ZApiOperation = {
	value: 'sendCatalog',
	name: 'Send Catalog',
	action: 'Send a link to a product catalog',
	description: 'Send a card that opens a WhatsApp Business catalog, with an optional text, title and description',
	orderedBy: 'phone',
	answersChat: true,
	properties: [
		answeringPhoneProperty,
		catalogPhoneProperty,
		optionsProperty([
			{ displayName: 'Message', name: 'message', type: 'string', default: '', description: 'Text sent with the catalog card' },
			{ displayName: 'Title', name: 'title', type: 'string', default: '', description: 'Title of the catalog card' },
			{ displayName: 'Catalog Description', name: 'catalogDescription', type: 'string', default: '', description: 'Description shown on the catalog card' },
			{
				displayName: 'Card Language',
				name: 'translation',
				type: 'options',
				options: [
					{ name: 'English', value: 'EN', description: "The card's default text in English" },
					{ name: 'Portuguese', value: 'PT', description: "The card's default text in Portuguese" },
				],
				default: 'EN',
				description: "Language of the card's default text",
			},
		]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readAnsweredChat.call(this, itemIndex, read);
		const catalogPhone = readCatalogPhone(this.getNodeParameter('catalogPhone', itemIndex));
		const options = readOptions.call(this, itemIndex);
		if (options.translation !== undefined && !CARD_LANGUAGES.includes(String(options.translation).trim().toUpperCase())) {
			throw new InputError(`Card Language must be EN or PT (got ${JSON.stringify(options.translation)})`, 'Pick English or Portuguese, or remove the option.');
		}
		const fields = optionalFields(options, { translation: 'translation', message: 'message', title: 'title', catalogDescription: 'catalogDescription' });
		if (typeof fields.translation === 'string') fields.translation = fields.translation.toUpperCase();
		const body: IDataObject = { phone, catalogPhone, ...fields };
		return await sendMessage.call(this, itemIndex, { path: '/send-catalog', body, phone, tried: `send the catalog of ${catalogPhone} to ${phone}`, hint: CATALOG_HINT });
	},
};
