import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { catalogPhoneProperty, CATALOG_HINT, readCatalogPhone, readProductId } from '../product/helpers';
import { answeringPhoneProperty, readAnsweredChat } from '../answeredChat';
import type { ItemRead, ZApiOperation } from '../types';
import { sendMessage } from './helpers';

export const sendProduct: ZApiOperation = {
	value: 'sendProduct',
	name: 'Send Product',
	action: 'Send a product from a catalog',
	description: 'Send one product of a WhatsApp Business catalog as a card the person can open and add to the cart',
	orderedBy: 'phone',
	answersChat: true,
	properties: [
		answeringPhoneProperty,
		catalogPhoneProperty,
		{
			displayName: 'Product ID',
			name: 'productId',
			type: 'string',
			required: true,
			default: '',
			placeholder: '7190654897637620',
			description: "The product ID, as Product → Get Many outputs it, or the 'productId' field of a Z-API Trigger item for a product message",
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readAnsweredChat.call(this, itemIndex, read);
		const body: IDataObject = {
			phone,
			catalogPhone: readCatalogPhone(this.getNodeParameter('catalogPhone', itemIndex)),
			productId: readProductId(this.getNodeParameter('productId', itemIndex)),
		};
		return await sendMessage.call(this, itemIndex, { path: '/send-product', body, phone, tried: `send product ${String(body.productId)} to ${phone}`, hint: CATALOG_HINT });
	},
};
