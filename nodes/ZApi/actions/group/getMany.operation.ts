import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { getPagedList, pageSizeOption, pagingProperties } from '../paging';
import type { ZApiOperation } from '../types';
import { groupOutput, groupRead } from './groupAnswer';

const DEFAULT_PAGE_SIZE = 50;

/**
 * Reads the group list page by page. The service does not say how the list ends, so the
 * shared page walk's stops apply; every request asks for a full page.
 */
export const getMany: ZApiOperation = {
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many groups',
	description: "List the groups the instance's phone is in, one output item per group",
	properties: pagingProperties(pageSizeOption(DEFAULT_PAGE_SIZE, 'How many groups to ask Z-API for per request')),
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return await getPagedList.call(this, {
			itemIndex,
			path: '/groups',
			what: 'groups',
			key: 'phone',
			defaultPageSize: DEFAULT_PAGE_SIZE,
			fitLastPage: false,
			read: async (qs) =>
				await groupRead.call(this, itemIndex, {
					method: 'GET',
					path: '/groups',
					qs,
					action: 'list the groups',
					hint: 'Check that the instance is connected.',
				}),
			output: (record) => groupOutput(record ?? {}),
		});
	},
};
