import { whoCanOperation } from './helpers';

/** docs/privacy/set-privacy-online.md: two values, no excluded contacts. */
export const setOnlineVisibility = whoCanOperation({
	value: 'setOnlineVisibility',
	name: 'Set Online Visibility',
	action: 'Set who can see when the account is online',
	description: 'Choose whether everyone can see when the account is online, or the same people as for last seen',
	path: '/privacy/online',
	field: 'visualizationType',
	parameter: {
		displayName: 'Who Can See Online',
		name: 'onlineVisibility',
		type: 'options',
		options: [
			{ name: 'Everyone', value: 'ALL', description: 'Everyone can see when you are online' },
			{ name: 'Same as Last Seen', value: 'SAME_LAST_SEEN', description: 'The people who can see your last seen' },
		],
		default: 'SAME_LAST_SEEN',
		description: 'Who can see when the account is online',
	},
	exceptions: false,
});
