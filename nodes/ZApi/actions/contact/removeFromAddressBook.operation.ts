import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { zApiRequest } from '../../../shared/transport';
import { phonesProperty, readPhones } from '../group/helpers';
import type { ZApiOperation } from '../types';
import { requireAddressBookChange } from './helpers';

export const removeFromAddressBook: ZApiOperation = {
	value: 'removeFromAddressBook',
	name: 'Remove From Address Book',
	action: 'Remove contacts from the address book',
	description: "Delete one or more phones from the connected phone's address book",
	properties: [phonesProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const phones = readPhones.call(this, itemIndex);
		// docs/contacts/remove-contacts.md: DELETE with the phones as a JSON list in the body.
		const response = await zApiRequest.call(this, { method: 'DELETE', path: '/contacts/remove', body: phones, itemIndex });
		requireAddressBookChange.call(this, response, `remove ${phones.join(', ')} from the address book`, itemIndex);
		return [{ success: true, phones }];
	},
};
