import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { getPagedList, pageSizeOption, pagingProperties } from '../paging';
import type { ZApiOperation } from '../types';

/** The largest page size is not documented; the service's own sample asks for 100. */
const DEFAULT_PAGE_SIZE = 100;

export const getContacts: ZApiOperation = {
	value: 'getContacts',
	name: 'Get Many',
	action: 'Get many contacts',
	description:
		'List the contacts WhatsApp knows on the connected phone, one output item per contact. Includes members of shared groups, so it is longer than the address book.',
	properties: pagingProperties(pageSizeOption(DEFAULT_PAGE_SIZE, 'How many contacts to ask Z-API for per request', 1000)),
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return await getPagedList.call(this, { itemIndex, path: '/contacts', what: 'contacts', key: 'phone', defaultPageSize: DEFAULT_PAGE_SIZE, fitLastPage: true });
	},
};
