import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { groupPath, groupReadField } from '../group/helpers';
import type { ZApiOperation } from '../types';
import { COMMUNITY_HINT, communityIdProperty, readCommunityId } from './helpers';

// docs/communities/redefine-invitation-link.md: POST /redefine-invitation-link/{communityId}, {invitationLink}.
export const resetInviteLink: ZApiOperation = {
	value: 'resetInviteLink',
	name: 'Reset Invite Link',
	action: 'Reset the invite link of a community',
	description: 'Make a new invite link for a community; the old one stops working',
	properties: [communityIdProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const communityId = readCommunityId.call(this, itemIndex);
		const { value: invitationLink } = await groupReadField.call(this, itemIndex, {
			method: 'POST',
			path: groupPath('/redefine-invitation-link', communityId),
			// The page shows no body: {} goes, as for a group, with the JSON Content-Type the service wants on every POST.
			body: {},
			tried: `reset the invite link of community ${communityId}`,
			hint: COMMUNITY_HINT,
			field: 'invitationLink',
		});
		return [{ communityId, invitationLink }];
	},
};
