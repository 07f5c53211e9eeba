import type { ZApiResource } from '../types';
import { acceptInvite } from './acceptInvite.operation';
import { addParticipants } from './addParticipants.operation';
import { approveParticipants } from './approveParticipants.operation';
import { create } from './create.operation';
import { demoteAdmins } from './demoteAdmins.operation';
import { getInviteLink } from './getInviteLink.operation';
import { getMany } from './getMany.operation';
import { getMetadata } from './getMetadata.operation';
import { leave } from './leave.operation';
import { previewInvite } from './previewInvite.operation';
import { promoteToAdmin } from './promoteToAdmin.operation';
import { rejectParticipants } from './rejectParticipants.operation';
import { removeParticipants } from './removeParticipants.operation';
import { resetInviteLink } from './resetInviteLink.operation';
import { updateDescription } from './updateDescription.operation';
import { updateName } from './updateName.operation';
import { updatePhoto } from './updatePhoto.operation';
import { updateSettings } from './updateSettings.operation';

export const group: ZApiResource = {
	value: 'group',
	name: 'Group',
	description: 'Create groups, read them, and manage their participants, admins, settings and invite links',
	// addParticipants stays first: it is the Operation's default, which saved workflows rely on.
	operations: [
		addParticipants,
		promoteToAdmin,
		updatePhoto,
		create,
		getMetadata,
		getMany,
		removeParticipants,
		demoteAdmins,
		approveParticipants,
		rejectParticipants,
		updateName,
		updateDescription,
		updateSettings,
		getInviteLink,
		resetInviteLink,
		previewInvite,
		acceptInvite,
		leave,
	],
};
