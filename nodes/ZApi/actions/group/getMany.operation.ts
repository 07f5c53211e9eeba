import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { type PagedListing, getPagedList, listingProperties } from '../paging';
import { GROUP_CHAT, outputRecords, withSimplify } from '../outputs';
import type { ZApiOperation } from '../types';
import { groupRead } from './helpers';

/**
 * The group list. The service does not say how it ends, so the shared page walk's stops
 * apply; every request asks for a full page.
 */
const LISTING: PagedListing = {
	path: '/groups',
	what: 'groups',
	key: 'phone',
	defaultPageSize: 50,
	fitLastPage: false,
	async read(this: IExecuteFunctions, itemIndex: number, qs: IDataObject) {
		return await groupRead.call(this, itemIndex, {
			method: 'GET',
			path: '/groups',
			qs,
			tried: 'list the groups',
			hint: 'Check that the instance is connected.',
		});
	},
};

export const getMany: ZApiOperation = {
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many groups',
	description: "List the groups the instance's phone is in, one output item per group",
	properties: withSimplify(listingProperties(LISTING)),
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return outputRecords.call(this, itemIndex, await getPagedList.call(this, itemIndex, LISTING), GROUP_CHAT);
	},
};
