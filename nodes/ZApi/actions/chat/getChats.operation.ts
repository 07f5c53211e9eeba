import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { PagedListing } from '../paging';
import { getPagedList, listingProperties, PHONE_LIST_PAGING } from '../paging';
import { CHAT, outputRecords, withSimplify } from '../outputs';
import type { ZApiOperation } from '../types';

const LISTING: PagedListing = { ...PHONE_LIST_PAGING, path: '/chats', what: 'chats' };

export const getChats: ZApiOperation = {
	value: 'getChats',
	name: 'Get Many',
	action: 'Get many chats',
	description: 'List the chats of the connected phone (people, groups), one output item per chat, with unread count and archived, pinned and muted flags',
	properties: withSimplify(listingProperties(LISTING)),
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return outputRecords.call(this, itemIndex, await getPagedList.call(this, itemIndex, LISTING), CHAT);
	},
};
