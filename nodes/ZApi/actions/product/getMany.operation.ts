import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireAccepted, zApiRequest } from '../../../shared/transport';
import { limitProperty, readLimit, returnAllProperty } from '../paging';
import type { ZApiOperation } from '../types';
import { CATALOG_HINT } from './helpers';

/**
 * The products of the instance's own catalog. docs/business/get-products.md (GET /catalogs)
 * is "my catalog"; get-products-phone.md reads any number's catalog. The service pages with
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
		const products: IDataObject[] = [];
		const seen = new Set<string>();
		const usedCursors = new Set<string>();
		let cursor: string | undefined;
		do {
			const response = cursor
				? await zApiRequest.call(this, { method: 'POST', path: '/catalogs', body: { nextCursor: cursor }, itemIndex, repeatable: true })
				: await zApiRequest.call(this, { method: 'GET', path: '/catalogs', itemIndex });
			requireAccepted(this.getNode(), response, 'noRefusal', { tried: 'list the products of the catalog', hint: CATALOG_HINT, itemIndex });
			const page = response && typeof response === 'object' && !Array.isArray(response) ? (response as IDataObject) : {};
			if (!Array.isArray(page.products)) {
				throw new NodeOperationError(this.getNode(), 'Z-API did not return a list of products', {
					itemIndex,
					description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. ${CATALOG_HINT}`,
				});
			}
			let fresh = 0;
			for (const product of page.products as IDataObject[]) {
				const id = product && typeof product === 'object' ? product.id : undefined;
				if (id !== undefined && id !== null) {
					if (seen.has(String(id))) continue;
					seen.add(String(id));
				}
				fresh++;
				if (products.length < limit) products.push(product);
			}
			const next = typeof page.nextCursor === 'string' ? page.nextCursor.trim() : '';
			cursor = next && !usedCursors.has(next) && fresh > 0 ? next : undefined;
			if (cursor) usedCursors.add(cursor);
		} while (cursor && products.length < limit);
		return products;
	},
};
