import type { ZApiResource } from '../types';
import { acceptAdminInvite } from './acceptAdminInvite.operation';
import { create } from './create.operation';
import { deleteChannel } from './delete.operation';
import { follow } from './follow.operation';
import { getMany } from './getMany.operation';
import { getMetadata } from './getMetadata.operation';
import { mute } from './mute.operation';
import { removeAdmin } from './removeAdmin.operation';
import { revokeAdminInvite } from './revokeAdminInvite.operation';
import { search } from './search.operation';
import { transferOwnership } from './transferOwnership.operation';
import { unfollow } from './unfollow.operation';
import { unmute } from './unmute.operation';
import { updateDescription } from './updateDescription.operation';
import { updateName } from './updateName.operation';
import { updatePicture } from './updatePicture.operation';
import { updateSettings } from './updateSettings.operation';

/** WhatsApp channels, which Z-API's docs call newsletters (docs/newsletter/). */
export const channel: ZApiResource = {
	value: 'channel',
	name: 'Channel',
	description: 'Create and run WhatsApp channels (newsletters): name, description, picture, reactions, admins and owner; find, follow, mute or delete them',
	operations: [
		create,
		getMany,
		getMetadata,
		search,
		follow,
		unfollow,
		mute,
		unmute,
		updateName,
		updateDescription,
		updatePicture,
		updateSettings,
		acceptAdminInvite,
		removeAdmin,
		revokeAdminInvite,
		transferOwnership,
		deleteChannel,
	],
};
