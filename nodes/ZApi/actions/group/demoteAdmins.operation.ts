import { participantChange } from './helpers';

export const demoteAdmins = participantChange({
	value: 'demoteAdmins',
	name: 'Demote Admins',
	action: 'Demote admins of a group',
	description: 'Make one or more admins of a group ordinary participants again',
	phonesAre: 'Admins to demote.',
	endpoint: '/remove-admin',
	tried: (phones, groupId) => `demote ${phones} in group ${groupId}`,
	hint: "The instance's phone must be an admin of the group, and each phone must be an admin of it. The group's creator cannot be demoted.",
});
