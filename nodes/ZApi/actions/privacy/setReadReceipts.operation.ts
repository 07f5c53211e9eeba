import { valueOperation } from './helpers';

/** docs/privacy/set-read-receipts.md: `?value=enable|disable`, no body. */
export const setReadReceipts = valueOperation({
	value: 'setReadReceipts',
	name: 'Set Read Receipts',
	action: 'Turn read receipts on or off',
	description: 'Turn read receipts (blue ticks) on or off for chats with people; groups always send them',
	path: '/privacy/read-receipts',
	parameter: {
		displayName: 'Read Receipts',
		name: 'readReceipts',
		type: 'options',
		options: [
			{ name: 'On', value: 'enable', description: 'People see when you read their messages, and you see when they read yours' },
			{ name: 'Off', value: 'disable', description: 'Nobody sees when you read their messages, and you do not see when they read yours' },
		],
		default: 'enable',
		description: 'Whether read receipts are sent',
	},
});
