import { participantChange } from './helpers';

export const rejectParticipants = participantChange({
	value: 'rejectParticipants',
	name: 'Reject Participants',
	action: 'Reject requests to join a group',
	description: 'Turn away phones waiting for admin approval to join a group',
	phonesAre: 'Phones whose requests to join are rejected.',
	endpoint: '/reject-participant',
	tried: (phones, groupId) => `reject the requests of ${phones} to join group ${groupId}`,
	hint: "The instance's phone must be an admin of the group, and each phone must have asked to join (the group must require admin approval, see Update Settings).",
});
