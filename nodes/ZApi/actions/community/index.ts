import type { ZApiResource } from '../types';
import { addMembers } from './addMembers.operation';
import { create } from './create.operation';
import { deactivate } from './deactivate.operation';
import { demoteAdmin } from './demoteAdmin.operation';
import { getMany } from './getMany.operation';
import { getMetadata } from './getMetadata.operation';
import { linkGroups } from './linkGroups.operation';
import { promoteToAdmin } from './promoteToAdmin.operation';
import { removeMembers } from './removeMembers.operation';
import { resetInviteLink } from './resetInviteLink.operation';
import { unlinkGroups } from './unlinkGroups.operation';
import { updateDescription } from './updateDescription.operation';
import { updatePhoto } from './updatePhoto.operation';
import { updateSettings } from './updateSettings.operation';

export const community: ZApiResource = {
	value: 'community',
	name: 'Community',
	description: 'Create communities, list them, read their details, link or unlink groups, manage members and admins, reset the invite link, change description, photo and settings, deactivate them',
	operations: [
		create,
		getMany,
		getMetadata,
		linkGroups,
		unlinkGroups,
		addMembers,
		removeMembers,
		promoteToAdmin,
		demoteAdmin,
		resetInviteLink,
		updateDescription,
		updatePhoto,
		updateSettings,
		deactivate,
	],
};
