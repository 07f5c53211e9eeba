import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { limitProperty, readLimit, returnAllProperty } from '../paging';
import { CATALOG_HINT, readByCursor } from '../product/helpers';
import type { ZApiOperation } from '../types';

/**
 * docs/business/list-collections.md: GET /catalogs/collection, the next page by
 * `?nextCursor=` (the only way the page documents; no POST for it), answering
 * {nextCursor, collections: [{id, name, status}]}.
 */
export const getMany: ZApiOperation = {
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many collections of the catalog',
	description: 'List the collections of the WhatsApp Business catalog, one output item per collection, with its ID, name and status (PENDING or APPROVED)',
	// The service chooses the page size: no Page Size option.
	properties: [returnAllProperty, limitProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return await readByCursor.call(this, itemIndex, readLimit.call(this, itemIndex), {
			first: { method: 'GET', path: '/catalogs/collection' },
			next: (nextCursor) => ({ method: 'GET', path: '/catalogs/collection', qs: { nextCursor } }),
			listKey: 'collections',
			what: 'collections',
			tried: 'list the collections of the catalog',
			hint: CATALOG_HINT,
		});
	},
};
