import { participantChange } from './helpers';

export const removeParticipants = participantChange({
	value: 'removeParticipants',
	name: 'Remove Participants',
	action: 'Remove participants from a group',
	description: 'Remove one or more participants from a group',
	phonesAre: 'Participants to remove.',
	endpoint: '/remove-participant',
	tried: (phones, groupId) => `remove ${phones} from group ${groupId}`,
	hint: "The instance's phone must be an admin of the group, and each phone must be a participant. The group's creator cannot be removed.",
});
