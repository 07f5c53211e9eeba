import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { PagedListing } from '../paging';
import { getPagedList, listingProperties, PHONE_LIST_PAGING } from '../paging';
import { CONTACT, outputRecords, withSimplify } from '../outputs';
import type { ZApiOperation } from '../types';

const LISTING: PagedListing = { ...PHONE_LIST_PAGING, path: '/contacts', what: 'contacts' };

export const getContacts: ZApiOperation = {
	value: 'getContacts',
	name: 'Get Many',
	action: 'Get many contacts',
	description:
		'List the contacts WhatsApp knows on the connected phone, one output item per contact. Includes members of shared groups, so it is longer than the address book.',
	properties: withSimplify(listingProperties(LISTING)),
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return outputRecords.call(this, itemIndex, await getPagedList.call(this, itemIndex, LISTING), CONTACT);
	},
};
