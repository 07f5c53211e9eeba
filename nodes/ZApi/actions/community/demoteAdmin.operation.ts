import { participantChange } from '../group/helpers';
import { COMMUNITY_TARGET } from './helpers';

// docs/communities/remove-admin.md: POST /remove-admin {communityId, phones}.
export const demoteAdmin = participantChange({
	value: 'demoteAdmin',
	name: 'Demote Admin',
	action: 'Demote community admins',
	description: 'Take the admin role from one or more admins of a community; they stay members',
	phonesAre: 'Admins to demote.',
	endpoint: '/remove-admin',
	tried: (phones, communityId) => `demote ${phones} in community ${communityId}`,
	hint: "Each phone must be an admin of the community; its creator's role cannot be taken.",
	target: COMMUNITY_TARGET,
});
