import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { getPagedList, pagingProperties } from '../pagedList';
import type { ZApiOperation } from '../types';

export const getChats: ZApiOperation = {
	value: 'getChats',
	name: 'Get Many',
	action: 'Get many chats',
	description: 'List the chats of the connected phone (people, groups), one output item per chat, with unread count and archived, pinned and muted flags',
	properties: pagingProperties('chats'),
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		// Flags come as booleans or as the strings "true"/"1" (the examples disagree); passed on as given.
		return await getPagedList.call(this, { itemIndex, path: '/chats', what: 'chats', key: 'phone' });
	},
};
