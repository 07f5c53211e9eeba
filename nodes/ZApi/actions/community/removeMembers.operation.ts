import { participantChange } from '../group/helpers';
import { COMMUNITY_TARGET } from './helpers';

// docs/communities/remove-participant.md: POST /remove-participant {communityId, phones}.
export const removeMembers = participantChange({
	value: 'removeMembers',
	name: 'Remove Members',
	action: 'Remove members from a community',
	description: 'Remove one or more members from a community',
	phonesAre: 'Members to remove.',
	endpoint: '/remove-participant',
	tried: (phones, communityId) => `remove ${phones} from community ${communityId}`,
	hint: 'Each phone must be a member of the community.',
	target: COMMUNITY_TARGET,
});
