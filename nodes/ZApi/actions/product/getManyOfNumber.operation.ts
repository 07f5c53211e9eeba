import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { limitProperty, readLimit, returnAllProperty } from '../paging';
import type { ZApiOperation } from '../types';
import { catalogPhoneProperty, readCatalog, readCatalogPhone } from './helpers';

/**
 * The products of any number's WhatsApp Business catalog, the instance's own or another's
 * (docs/business/get-products-phone.md: GET /catalogs/{phone}). The page after a `nextCursor`
 * is asked by POST /catalogs/{phone} with the cursor in the body (get-products-phone-v2.md),
 * as Get Many does for the instance's own catalog: a cursor in the query string can get a 414.
 */
export const getManyOfNumber: ZApiOperation = {
	value: 'getManyOfNumber',
	name: 'Get Many of Another Number',
	action: "Get many products of a number's catalog",
	description: "List the products of any WhatsApp Business number's catalog (another business's, or the instance's own), one output item per product",
	properties: [
		{ ...catalogPhoneProperty, description: 'The phone of the WhatsApp Business account whose catalog to read, with country code' },
		returnAllProperty,
		limitProperty,
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const phone = readCatalogPhone(this.getNodeParameter('catalogPhone', itemIndex));
		const limit = readLimit.call(this, itemIndex);
		return await readCatalog.call(this, itemIndex, limit, `/catalogs/${encodeURIComponent(phone)}`, `list the products of the catalog of ${phone}`);
	},
};
