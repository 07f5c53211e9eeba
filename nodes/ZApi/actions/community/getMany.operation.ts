import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { PagedListing } from '../paging';
import { getPagedList, listingProperties } from '../paging';
import type { ZApiOperation } from '../types';

/**
 * The communities the instance is in (docs/communities/list-communities.md): GET /communities
 * with `page` and `pageSize`. The page gives no largest size nor how the list ends, so the
 * shared page walk's stops apply.
 */
const LISTING: PagedListing = { path: '/communities', what: 'communities', key: 'id', defaultPageSize: 50, fitLastPage: false };

export const getMany: ZApiOperation = {
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many communities',
	description: "List the communities the instance's phone is in, one output item per community, with its name and ID",
	properties: listingProperties(LISTING),
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return await getPagedList.call(this, itemIndex, LISTING);
	},
};
