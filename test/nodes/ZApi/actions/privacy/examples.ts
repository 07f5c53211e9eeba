/** One valid call per Privacy operation (see test/helpers/operationExamples.ts), as docs/privacy/ writes them. */
import type { OperationExample } from '../../../../helpers/operationExamples';

export const EXAMPLES: Record<string, OperationExample> = {
	// docs/privacy/set-last-seen.md, its second body.
	setLastSeen: {
		parameters: { visualizationType: 'CONTACT_BLACKLIST', options: { excludePhones: '554411111111', includePhones: '554422222222' } },
		method: 'POST',
		path: '/privacy/last-seen',
		body: {
			visualizationType: 'CONTACT_BLACKLIST',
			contactsBlacklist: [
				{ action: 'add', phone: '554411111111' },
				{ action: 'remove', phone: '554422222222' },
			],
		},
		answer: { success: true },
		output: [
			{
				success: true,
				visualizationType: 'CONTACT_BLACKLIST',
				contactsBlacklist: [
					{ action: 'add', phone: '554411111111' },
					{ action: 'remove', phone: '554422222222' },
				],
			},
		],
	},
	// docs/privacy/set-privacy-online.md
	setOnlineVisibility: {
		parameters: { onlineVisibility: 'ALL' },
		method: 'POST',
		path: '/privacy/online',
		body: { visualizationType: 'ALL' },
		answer: { success: true },
		output: [{ success: true, visualizationType: 'ALL' }],
	},
	// docs/privacy/set-photo-visualization.md
	setPhotoVisibility: {
		parameters: { visualizationType: 'ALL' },
		method: 'POST',
		path: '/privacy/photo',
		body: { visualizationType: 'ALL' },
		answer: { success: true },
		output: [{ success: true, visualizationType: 'ALL' }],
	},
	// docs/privacy/set-privacy-description.md
	setAboutVisibility: {
		parameters: { visualizationType: 'NONE' },
		method: 'POST',
		path: '/privacy/description',
		body: { visualizationType: 'NONE' },
		answer: { success: true },
		output: [{ success: true, visualizationType: 'NONE' }],
	},
	// docs/privacy/set-group-add.md
	setGroupAdd: {
		parameters: { groupAdd: 'ALL' },
		method: 'POST',
		path: '/privacy/group-add',
		body: { type: 'ALL' },
		answer: { success: true },
		output: [{ success: true, type: 'ALL' }],
	},
	// docs/privacy/set-read-receipts.md: ?value=enable, no body.
	setReadReceipts: {
		parameters: { readReceipts: 'enable' },
		method: 'POST',
		path: '/privacy/read-receipts',
		query: { value: 'enable' },
		body: '',
		answer: { success: true },
		output: [{ success: true, value: 'enable' }],
	},
	// docs/privacy/set-messages-duration.md: ?value=days90, no body.
	setMessagesDuration: {
		parameters: { messagesDuration: 'days90' },
		method: 'POST',
		path: '/privacy/messages-duration',
		query: { value: 'days90' },
		body: '',
		answer: { success: true },
		output: [{ success: true, value: 'days90' }],
	},
	// docs/privacy/get-disallowed-contacts.md
	getDisallowedContacts: {
		parameters: { setting: 'lastSeen' },
		method: 'GET',
		path: '/privacy/disallowed-contacts',
		query: { type: 'lastSeen' },
		answer: { disallowedContacts: ['554411111111', '554422222222'] },
		output: [{ setting: 'lastSeen', disallowedContacts: ['554411111111', '554422222222'] }],
	},
};
