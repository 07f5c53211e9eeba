/** One valid call per Channel operation (see test/helpers/operationExamples.ts), as docs/newsletter/ writes them. */
import type { OperationExample } from '../../../../helpers/operationExamples';

/** The pages' channel ID. */
export const CHANNEL = '999999999999999999@newsletter';
/** CHANNEL as it goes into a path (encoded as every ID in a path). */
export const CHANNEL_IN_PATH = '999999999999999999%40newsletter';

/** docs/newsletter/newsletter-metadata.md's example, output as it comes. */
export const METADATA = {
	id: '999999999999999999@newsletter',
	creationTime: '1695643504',
	state: 'ACTIVE',
	name: 'Z-API',
	description: 'Official Z-API Newsletter',
	subscribersCount: '123',
	inviteLink: 'https://www.whatsapp.com/channel/0029Va5Xk71a',
	verification: 'VERIFIED',
	picture: 'https://mmg.whatsapp.net/v/t61.24694-24/383686038_859672472421500_990610487096734362_n.jpg?ccb=11-4',
	preview: 'https://mmg.whatsapp.net/v/t61.24694-24/383686038_859672472421500_990610487096734362_n.jpg?stp=dst-jpg_s192x192&ccb=11-4',
	viewMetadata: { mute: 'OFF', role: 'OWNER' },
};

/** docs/newsletter/newsletter-list.md's second entry. */
const FOLLOWED = {
	id: '120363166555745933@newsletter',
	creationTime: '1695237295',
	state: 'ACTIVE',
	name: 'Sample Newsletter',
	description: 'Example',
	inviteLink: 'https://www.whatsapp.com/channel/0029Va5Xk71a123',
	verification: 'UNVERIFIED',
	picture: null,
	preview: null,
	viewMetadata: { mute: 'ON', role: 'SUBSCRIBER' },
};

/** docs/newsletter/search-newsletter.md's results. */
const FOUND = [
	{ id: '999999999999999999@newsletter', name: 'Z-API', description: 'Official Z-API Newsletter', subscribersCount: '123', picture: 'https://mmg.whatsapp.net/v/t61.24694-24/345237462.jpg' },
	{ id: '120363166555745933@newsletter', name: 'Example Newsletter', description: 'Example', subscribersCount: '0', picture: null },
];

const PICTURE = 'https://www.z-api.io/wp-content/themes/z-api/dist/images/logo.svg';

/** An operation whose page takes {id} and answers {value: true}. */
const idOnly = (method: 'PUT' | 'DELETE', path: string): OperationExample => ({
	parameters: { channelId: ` ${CHANNEL} ` },
	method,
	path,
	body: { id: CHANNEL },
	answer: { value: true },
	output: [{ success: true, channelId: CHANNEL }],
});

export const EXAMPLES: Record<string, OperationExample> = {
	// docs/newsletter/create-newsletter.md
	create: {
		parameters: { name: 'Newsletter Name', options: { description: 'Newsletter Description' } },
		method: 'POST',
		path: '/create-newsletter',
		body: { name: 'Newsletter Name', description: 'Newsletter Description' },
		status: 201,
		answer: { id: CHANNEL },
		output: [{ id: CHANNEL, name: 'Newsletter Name', description: 'Newsletter Description' }],
	},
	// docs/newsletter/newsletter-list.md
	getMany: {
		parameters: {},
		method: 'GET',
		path: '/newsletter',
		answer: [METADATA, FOLLOWED],
		output: [METADATA, FOLLOWED],
	},
	// docs/newsletter/newsletter-metadata.md
	getMetadata: {
		parameters: { channelId: CHANNEL },
		method: 'GET',
		path: `/newsletter/metadata/${CHANNEL_IN_PATH}`,
		answer: METADATA,
		output: [METADATA],
	},
	// docs/newsletter/search-newsletter.md
	search: {
		parameters: { countryCodes: 'BR, af, CA', limit: 50, options: { view: 'TRENDING', searchText: 'Z-API' } },
		method: 'POST',
		path: '/search-newsletter',
		body: { limit: 50, view: 'TRENDING', filters: { countryCodes: ['BR', 'AF', 'CA'] }, searchText: 'Z-API' },
		answer: { cursor: null, data: FOUND },
		output: FOUND,
	},
	follow: idOnly('PUT', '/follow-newsletter'),
	unfollow: idOnly('PUT', '/unfollow-newsletter'),
	mute: idOnly('PUT', '/mute-newsletter'),
	unmute: idOnly('PUT', '/unmute-newsletter'),
	delete: idOnly('DELETE', '/delete-newsletter'),
	// docs/newsletter/update-newsletter-name.md
	updateName: {
		parameters: { channelId: CHANNEL, name: 'New newsletter name' },
		method: 'POST',
		path: '/update-newsletter-name',
		body: { id: CHANNEL, name: 'New newsletter name' },
		status: 201,
		answer: { value: true },
		output: [{ success: true, channelId: CHANNEL, name: 'New newsletter name' }],
	},
	// docs/newsletter/update-newsletter-description.md
	updateDescription: {
		parameters: { channelId: CHANNEL, description: 'New newsletter description' },
		method: 'POST',
		path: '/update-newsletter-description',
		body: { id: CHANNEL, description: 'New newsletter description' },
		status: 201,
		answer: { value: true },
		output: [{ success: true, channelId: CHANNEL, description: 'New newsletter description' }],
	},
	// docs/newsletter/update-channel-picture.md
	updatePicture: {
		parameters: { channelId: CHANNEL, pictureSource: 'url', pictureUrl: PICTURE },
		method: 'POST',
		path: '/update-newsletter-picture',
		body: { id: CHANNEL, pictureUrl: PICTURE },
		status: 201,
		answer: { value: true },
		output: [{ success: true, channelId: CHANNEL, pictureSource: 'url' }],
	},
	// docs/newsletter/update-newsletter-config.md
	updateSettings: {
		parameters: { channelId: CHANNEL, reactionCodes: 'basic' },
		method: 'POST',
		path: `/newsletter/settings/${CHANNEL_IN_PATH}`,
		body: { reactionCodes: 'basic' },
		answer: { value: true },
		output: [{ success: true, channelId: CHANNEL, reactionCodes: 'basic' }],
	},
	// docs/newsletter/accept-newsletter-admin-invite.md: no body, 201 with none shown.
	acceptAdminInvite: {
		parameters: { channelId: '120363166555745933@newsletter' },
		method: 'POST',
		path: '/newsletter/accept-admin-invite/120363166555745933%40newsletter',
		body: '',
		status: 201,
		answer: '',
		output: [{ success: true, channelId: '120363166555745933@newsletter' }],
	},
	// docs/newsletter/remove-admin.md
	removeAdmin: {
		parameters: { channelId: CHANNEL, phone: '5511999999999' },
		method: 'POST',
		path: `/newsletter/remove-admin/${CHANNEL_IN_PATH}`,
		body: { phone: '5511999999999' },
		status: 201,
		answer: '',
		output: [{ success: true, channelId: CHANNEL, phone: '5511999999999' }],
		phoneParameter: 'phone',
	},
	// docs/newsletter/revoke-admin-invite.md
	revokeAdminInvite: {
		parameters: { channelId: CHANNEL, phone: '+55 (11) 99999-9999' },
		method: 'POST',
		path: `/newsletter/revoke-admin-invite/${CHANNEL_IN_PATH}`,
		body: { phone: '5511999999999' },
		status: 201,
		answer: '',
		output: [{ success: true, channelId: CHANNEL, phone: '5511999999999' }],
		phoneParameter: 'phone',
	},
	// docs/newsletter/transfer-ownership.md, its second example
	transferOwnership: {
		parameters: { channelId: CHANNEL, phone: '5511999999999', options: { quitAdmin: true } },
		method: 'POST',
		path: `/newsletter/transfer-ownership/${CHANNEL_IN_PATH}`,
		body: { phone: '5511999999999', quitAdmin: true },
		answer: { value: true },
		output: [{ success: true, channelId: CHANNEL, phone: '5511999999999', quitAdmin: true }],
		phoneParameter: 'phone',
	},
};
