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
};
