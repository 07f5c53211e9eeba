import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { getPagedList, pagingProperties } from '../pagedList';
import type { ZApiOperation } from '../types';

export const getContacts: ZApiOperation = {
	value: 'getContacts',
	name: 'Get Many',
	action: 'Get many contacts',
	description:
		'List the contacts WhatsApp knows on the connected phone, one output item per contact. Includes members of shared groups, so it is longer than the address book.',
	properties: pagingProperties('contacts'),
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return await getPagedList.call(this, { itemIndex, path: '/contacts', what: 'contacts', key: 'phone' });
	},
};
