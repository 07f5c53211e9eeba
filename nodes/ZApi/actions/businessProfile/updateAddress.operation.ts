import { profileTextOperation } from './helpers';

/** docs/business/set-address.md: POST /business/company-address {value}. */
export const updateAddress = profileTextOperation({
	value: 'updateAddress',
	name: 'Update Address',
	action: 'Update the business address',
	description: "Change the address of the instance's WhatsApp Business profile, or remove it",
	path: '/business/company-address',
	field: 'address',
	displayName: 'Address',
	placeholder: 'Av. Paulista 1000, São Paulo',
	what: 'address',
	rows: 2,
});
