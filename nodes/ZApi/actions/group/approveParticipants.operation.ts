import { participantChange } from './helpers';

export const approveParticipants = participantChange({
	value: 'approveParticipants',
	name: 'Approve Participants',
	action: 'Approve requests to join a group',
	description: 'Let in phones waiting for admin approval to join a group',
	phonesAre: 'Phones whose requests to join are approved.',
	endpoint: '/approve-participant',
	tried: (phones, groupId) => `approve the requests of ${phones} to join group ${groupId}`,
	hint: "The instance's phone must be an admin of the group, and each phone must have asked to join (the group must require admin approval, see Update Settings).",
});
