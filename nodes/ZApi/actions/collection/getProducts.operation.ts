import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { limitProperty, readLimit, returnAllProperty } from '../paging';
import { catalogPhoneProperty, readByCursor, readCatalogPhone } from '../product/helpers';
import type { ZApiOperation } from '../types';
import { COLLECTION_HINT, collectionIdProperty, readCollectionId } from './helpers';

/**
 * docs/business/list-collection-products.md: GET /catalogs/collection-products/{phone of the
 * catalog's owner}?collectionId=, the next page with `nextCursor` beside it in the query (the
 * only way the page documents), answering {nextCursor, products}.
 */
export const getProducts: ZApiOperation = {
	value: 'getProducts',
	name: 'Get Products',
	action: 'Get the products of a collection',
	description: 'List the products of a catalog collection, one output item per product, with its ID, name, price, availability and images',
	properties: [
		{ ...catalogPhoneProperty, description: "The phone of the WhatsApp Business account the collection's catalog belongs to, with country code; usually this instance's own number" },
		collectionIdProperty,
		returnAllProperty,
		limitProperty,
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const phone = readCatalogPhone(this.getNodeParameter('catalogPhone', itemIndex));
		const collectionId = readCollectionId.call(this, itemIndex);
		const path = `/catalogs/collection-products/${encodeURIComponent(phone)}`;
		return await readByCursor.call(this, itemIndex, readLimit.call(this, itemIndex), {
			first: { method: 'GET', path, qs: { collectionId } },
			next: (nextCursor) => ({ method: 'GET', path, qs: { collectionId, nextCursor } }),
			listKey: 'products',
			what: 'products',
			tried: `list the products of collection ${collectionId}`,
			hint: COLLECTION_HINT,
		});
	},
};
