import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { limitProperty, readLimit, returnAllProperty } from '../paging';
import type { ZApiOperation } from '../types';
import { readCatalog } from './helpers';

/**
 * The products of the instance's own catalog. docs/business/get-products.md (GET /catalogs)
 * is "my catalog"; Get Many of Another Number reads any number's. The service pages with
 * a `nextCursor` it hands back; the page warns that a long cursor in the query string can get
 * a 414, and get-products-v2.md takes it in a POST body instead: the first page is the GET,
 * the next ones the POST (a read, so it may be asked again). Stops when no new cursor comes,
 * on a cursor already used, on a page with nothing new, or at the Limit.
 */
export const getMany: ZApiOperation = {
	value: 'getMany',
	name: 'Get Many',
	action: "Get many products of the instance's catalog",
	description: "List the products of the instance's WhatsApp Business catalog, one output item per product, with its ID, name, price and images",
	// The service chooses the page size: no Page Size option.
	properties: [returnAllProperty, limitProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const limit = readLimit.call(this, itemIndex);
		return await readCatalog.call(this, itemIndex, limit, '/catalogs', 'list the products of the catalog');
	},
};
