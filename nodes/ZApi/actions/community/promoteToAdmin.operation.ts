import { participantChange } from '../group/helpers';
import { COMMUNITY_TARGET } from './helpers';

// docs/communities/add-community-admin.md: POST /add-admin {communityId, phones}.
export const promoteToAdmin = participantChange({
	value: 'promoteToAdmin',
	name: 'Promote to Admin',
	action: 'Promote to community admin',
	description: 'Make one or more members of a community its admins',
	phonesAre: 'Members to promote.',
	endpoint: '/add-admin',
	tried: (phones, communityId) => `promote ${phones} to admin in community ${communityId}`,
	hint: 'Each phone must already be a member of the community.',
	target: COMMUNITY_TARGET,
});
