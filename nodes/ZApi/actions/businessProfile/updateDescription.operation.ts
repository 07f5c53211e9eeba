import { profileTextOperation } from './helpers';

/** docs/business/set-description.md: POST /business/company-description {value}. */
export const updateDescription = profileTextOperation({
	value: 'updateDescription',
	name: 'Update Description',
	action: 'Update the business description',
	description: "Change the description of the instance's WhatsApp Business profile, or remove it",
	path: '/business/company-description',
	field: 'description',
	displayName: 'Description',
	placeholder: 'Handmade furniture since 1998',
	what: 'description',
	rows: 3,
});
