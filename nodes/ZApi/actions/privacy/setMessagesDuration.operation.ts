import { valueOperation } from './helpers';

/** docs/privacy/set-messages-duration.md: `?value=`, no body; new chats with people only. */
export const setMessagesDuration = valueOperation({
	value: 'setMessagesDuration',
	name: 'Set Default Message Timer',
	action: 'Set the default disappearing message timer',
	description: 'Make messages of new chats with people disappear after 24 hours, 7 days or 90 days by default, or turn that off; chats already started keep theirs',
	path: '/privacy/messages-duration',
	parameter: {
		displayName: 'Messages Disappear After',
		name: 'messagesDuration',
		type: 'options',
		options: [
			{ name: '24 Hours', value: 'hours24', description: 'Messages of new chats disappear a day after they are sent' },
			{ name: '7 Days', value: 'days7', description: 'Messages of new chats disappear a week after they are sent' },
			{ name: '90 Days', value: 'days90', description: 'Messages of new chats disappear 90 days after they are sent' },
			{ name: 'Off', value: 'disable', description: 'Messages of new chats stay' },
		],
		default: 'disable',
		description: 'The default timer of new chats with people',
	},
});
