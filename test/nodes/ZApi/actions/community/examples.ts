/** One valid call per Community operation (see test/helpers/operationExamples.ts), as docs/communities/ writes them. */
import type { OperationExample } from '../../../../helpers/operationExamples';

export const COMMUNITY = '98372465382764532938';

/** docs/communities/community-metadata.md's example, output as it comes. */
const METADATA = {
	name: 'My First Community',
	id: '98372465382764532938',
	description: 'A community description',
	subGroups: [
		{ name: 'My First Community', phone: '342532456234453-group', isGroupAnnouncement: true },
		{ name: 'Another group', phone: '1203634230225498-group', isGroupAnnouncement: false },
	],
};

export const EXAMPLES: Record<string, OperationExample> = {
	// docs/communities/create-community.md
	create: {
		parameters: { name: 'My first community' },
		method: 'POST',
		path: '/communities',
		body: { name: 'My first community' },
		answer: { id: '98372465382764532938', subGroups: [{ name: 'My first community', phone: '342532456234453-group', isGroupAnnouncement: true }] },
		output: [
			{
				id: '98372465382764532938',
				name: 'My first community',
				subGroups: [{ name: 'My first community', phone: '342532456234453-group', isGroupAnnouncement: true }],
			},
		],
	},
	// docs/communities/list-communities.md: page and pageSize, as every paged list.
	getMany: {
		parameters: { limit: 50 },
		method: 'GET',
		path: '/communities',
		query: { page: '1', pageSize: '50' },
		answer: [{ name: 'my first community', id: '98372465382764532938' }],
		output: [{ name: 'my first community', id: '98372465382764532938' }],
	},
	// docs/communities/community-metadata.md
	getMetadata: {
		parameters: { communityId: ` ${COMMUNITY} ` },
		method: 'GET',
		path: `/communities-metadata/${COMMUNITY}`,
		answer: METADATA,
		output: [METADATA],
	},
	// docs/communities/link-groups.md
	linkGroups: {
		parameters: { communityId: COMMUNITY, groupIds: '1345353454354354-group, 1203634230225498-group' },
		method: 'POST',
		path: '/communities/link',
		body: { communityId: '98372465382764532938', groupsPhones: ['1345353454354354-group', '1203634230225498-group'] },
		answer: { success: true },
		output: [{ success: true, communityId: COMMUNITY, groupsPhones: ['1345353454354354-group', '1203634230225498-group'] }],
	},
	// docs/communities/unlink-groups.md
	unlinkGroups: {
		parameters: { communityId: COMMUNITY, groupIds: ['1345353454354354-group'] },
		method: 'POST',
		path: '/communities/unlink',
		body: { communityId: '98372465382764532938', groupsPhones: ['1345353454354354-group'] },
		answer: { success: true },
		output: [{ success: true, communityId: COMMUNITY, groupsPhones: ['1345353454354354-group'] }],
	},
	// docs/communities/add-community-participant.md
	addMembers: {
		parameters: { communityId: '120363019502650977', phones: '5544999999999, 5544888888888', autoInvite: true },
		method: 'POST',
		path: '/add-participant',
		body: { autoInvite: true, communityId: '120363019502650977', phones: ['5544999999999', '5544888888888'] },
		answer: { value: true },
		output: [{ success: true, communityId: '120363019502650977', phones: ['5544999999999', '5544888888888'] }],
	},
	// docs/communities/remove-participant.md (its example's community ID is digits only, as a phone's)
	removeMembers: {
		parameters: { communityId: '5511999999999', phones: ['5544999999999', '5544888888888'] },
		method: 'POST',
		path: '/remove-participant',
		body: { communityId: '5511999999999', phones: ['5544999999999', '5544888888888'] },
		answer: { value: true },
		output: [{ success: true, communityId: '5511999999999', phones: ['5544999999999', '5544888888888'] }],
	},
	// docs/communities/add-community-admin.md
	promoteToAdmin: {
		parameters: { communityId: '120363186053925765', phones: '5544999999999\n5544888888888' },
		method: 'POST',
		path: '/add-admin',
		body: { communityId: '120363186053925765', phones: ['5544999999999', '5544888888888'] },
		answer: { value: true },
		output: [{ success: true, communityId: '120363186053925765', phones: ['5544999999999', '5544888888888'] }],
	},
	// docs/communities/remove-admin.md
	demoteAdmin: {
		parameters: { communityId: '120363019502650977', phones: '5544999999999, 5544888888888' },
		method: 'POST',
		path: '/remove-admin',
		body: { communityId: '120363019502650977', phones: ['5544999999999', '5544888888888'] },
		answer: { value: true },
		output: [{ success: true, communityId: '120363019502650977', phones: ['5544999999999', '5544888888888'] }],
	},
	// docs/communities/redefine-invitation-link.md
	resetInviteLink: {
		parameters: { communityId: '120363019502650977' },
		method: 'POST',
		path: '/redefine-invitation-link/120363019502650977',
		body: '',
		answer: { invitationLink: 'https://chat.whatsapp.com/C1adgkdEGki7554BWDdMkd' },
		output: [{ communityId: '120363019502650977', invitationLink: 'https://chat.whatsapp.com/C1adgkdEGki7554BWDdMkd' }],
	},
	// docs/communities/update-community-description.md
	updateDescription: {
		parameters: { communityId: '120363019502650977', communityDescription: 'descrição da comunidade' },
		method: 'POST',
		path: '/update-community-description',
		body: { communityId: '120363019502650977', communityDescription: 'descrição da comunidade' },
		answer: { value: true },
		output: [{ success: true, communityId: '120363019502650977', communityDescription: 'descrição da comunidade' }],
	},
	// docs/communities/update-community-photo.md (its example's communityId is the word "string": a community's is set)
	updatePhoto: {
		parameters: { communityId: COMMUNITY, photoUrl: 'https://www.z-api.io/wp-content/themes/z-api/dist/images/logo.svg' },
		method: 'POST',
		path: '/update-community-photo',
		body: { communityId: COMMUNITY, communityPhoto: 'https://www.z-api.io/wp-content/themes/z-api/dist/images/logo.svg' },
		answer: { value: true },
		output: [{ success: true, communityId: COMMUNITY, photoSource: 'url' }],
	},
	// docs/communities/community-settings.md
	updateSettings: {
		parameters: { communityId: COMMUNITY, whoCanAddNewGroups: 'admins' },
		method: 'POST',
		path: '/communities/settings',
		body: { communityId: '98372465382764532938', whoCanAddNewGroups: 'admins' },
		answer: { success: true },
		output: [{ success: true, communityId: COMMUNITY, whoCanAddNewGroups: 'admins' }],
	},
	// docs/communities/deactivate-community.md: no body, and no answer shown under 200: an empty one is taken.
	deactivate: {
		parameters: { communityId: COMMUNITY },
		method: 'DELETE',
		path: `/communities/${COMMUNITY}`,
		// The stand-in's answer (test/stand-in/communities.js): no content.
		status: 204,
		answer: '',
		output: [{ success: true, communityId: COMMUNITY }],
	},
};
