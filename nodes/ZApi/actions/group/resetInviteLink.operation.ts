import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ItemRead, ZApiOperation } from '../types';
import { groupIdProperty, readGroupId, groupPath, groupReadField, INVITE_LINK_HINT } from './helpers';

export const resetInviteLink: ZApiOperation = {
	value: 'resetInviteLink',
	name: 'Reset Invite Link',
	action: 'Reset the invite link of a group',
	description: 'Make a new invite link for a group; the old one stops working',
	orderedBy: 'groupId',
	properties: [groupIdProperty],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const groupId = readGroupId.call(this, itemIndex, read);
		const { value: invitationLink } = await groupReadField.call(this, itemIndex, {
			method: 'POST',
			path: groupPath('/redefine-invitation-link', groupId),
			// The page shows no body. n8n sends {} as an empty body, with the JSON Content-Type
			// the service wants on every POST.
			body: {},
			tried: `reset the invite link of group ${groupId}`,
			hint: INVITE_LINK_HINT,
			field: 'invitationLink',
		});
		return [{ groupId, invitationLink }];
	},
};
