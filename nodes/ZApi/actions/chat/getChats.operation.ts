import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { getPagedList, pageSizeOption, pagingProperties } from '../paging';
import type { ZApiOperation } from '../types';

/** The largest page size is not documented; the service's own sample asks for 100. */
const DEFAULT_PAGE_SIZE = 100;

export const getChats: ZApiOperation = {
	value: 'getChats',
	name: 'Get Many',
	action: 'Get many chats',
	description: 'List the chats of the connected phone (people, groups), one output item per chat, with unread count and archived, pinned and muted flags',
	properties: pagingProperties(pageSizeOption(DEFAULT_PAGE_SIZE, 'How many chats to ask Z-API for per request', 1000)),
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		// Flags come as booleans or as the strings "true"/"1" (the examples disagree); passed on as given.
		return await getPagedList.call(this, { itemIndex, path: '/chats', what: 'chats', key: 'phone', defaultPageSize: DEFAULT_PAGE_SIZE, fitLastPage: true });
	},
};
