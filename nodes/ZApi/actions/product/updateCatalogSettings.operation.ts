import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { changeCatalog, readSwitch } from './helpers';

/**
 * docs/business/save-catalog-config.md: POST /catalogs/config {cartEnabled}, answering
 * {success: true}. Its table types cartEnabled as a string, its request body and json-example
 * send the boolean true: the boolean is sent.
 */
export const updateCatalogSettings: ZApiOperation = {
	value: 'updateCatalogSettings',
	name: 'Update Catalog Settings',
	action: "Update the catalog's settings",
	description: 'Turn the cart of the WhatsApp Business catalog on or off: with it on, customers add products to a cart and send it as an order',
	properties: [
		{
			displayName: 'Cart Enabled',
			name: 'cartEnabled',
			type: 'boolean',
			default: false,
			description: 'Whether customers can add products to a cart and send it as an order',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const cartEnabled = readSwitch(this.getNodeParameter('cartEnabled', itemIndex), 'Cart Enabled');
		await changeCatalog.call(this, itemIndex, {
			method: 'POST',
			path: '/catalogs/config',
			body: { cartEnabled },
			tried: `turn the catalog's cart ${cartEnabled ? 'on' : 'off'}`,
		});
		return [{ success: true, cartEnabled }];
	},
};
