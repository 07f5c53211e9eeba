import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { optionsProperty } from '../../../shared/properties';
import { zApiRequest } from '../../../shared/transport';
import type { ItemRead, ZApiOperation } from '../types';
import { requireAddressBookChange, contactPhoneProperty, readContactPhone } from './helpers';
import { requireText } from '../parameters';

export const addToAddressBook: ZApiOperation = {
	value: 'addToAddressBook',
	name: 'Add to Address Book',
	action: 'Save a contact in the address book',
	description: "Save a phone with a name in the connected phone's address book",
	orderedBy: 'phone',
	properties: [
		contactPhoneProperty,
		{ displayName: 'First Name', name: 'firstName', type: 'string', required: true, default: '', description: 'First name the contact is saved under' },
		optionsProperty([{ displayName: 'Last Name', name: 'lastName', type: 'string', default: '', description: 'Last name the contact is saved under' }]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readContactPhone.call(this, itemIndex, read);
		const firstName = requireText(this.getNodeParameter('firstName', itemIndex), 'First Name', 'Give the name the contact is saved under.');
		const lastName = String((this.getNodeParameter('options', itemIndex, {}) as IDataObject).lastName ?? '').trim();
		const contact: IDataObject = { firstName, ...(lastName ? { lastName } : {}), phone };
		// The page's body is a list of contacts; one item saves one.
		const response = await zApiRequest.call(this, { method: 'POST', path: '/contacts/add', body: [contact], itemIndex });
		requireAddressBookChange.call(this, response, `save ${phone} in the address book`, itemIndex);
		return [{ success: true, ...contact }];
	},
};
