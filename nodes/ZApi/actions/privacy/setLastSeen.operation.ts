import { whoCanOperation, whoCanSeeProperty } from './helpers';

/** docs/privacy/set-last-seen.md */
export const setLastSeen = whoCanOperation({
	value: 'setLastSeen',
	name: 'Set Last Seen',
	action: 'Set who can see when the account was last seen',
	description: "Choose who can see the account's last seen time: everyone, contacts, contacts except some, or nobody",
	path: '/privacy/last-seen',
	field: 'visualizationType',
	parameter: whoCanSeeProperty('when the account was last online'),
	exceptions: true,
});
