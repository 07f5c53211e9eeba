import { WHO_CAN_ADD, whoCanOperation } from './helpers';

/** docs/privacy/set-group-add.md: the field is `type`, and there is no "nobody". */
export const setGroupAdd = whoCanOperation({
	value: 'setGroupAdd',
	name: 'Set Who Can Add to Groups',
	action: 'Set who can add the account to groups',
	description: 'Choose who can add the account to groups: everyone, contacts, or contacts except some',
	path: '/privacy/group-add',
	field: 'type',
	parameter: {
		displayName: 'Who Can Add',
		name: 'groupAdd',
		type: 'options',
		options: WHO_CAN_ADD,
		default: 'CONTACTS',
		description: 'Who can add the account to groups',
	},
	exceptions: true,
});
