import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ItemRead, ZApiOperation } from '../types';
import { groupIdProperty, readGroupId, groupPath, groupReadField, INVITE_LINK_HINT } from './helpers';

export const getInviteLink: ZApiOperation = {
	value: 'getInviteLink',
	name: 'Get Invite Link',
	action: 'Get the invite link of a group',
	description: 'Read the link that lets people join a group',
	orderedBy: 'groupId',
	properties: [groupIdProperty],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const groupId = readGroupId.call(this, itemIndex, read);
		const { value: invitationLink } = await groupReadField.call(this, itemIndex, {
			// GET, as the page has it (the request sample uses POST).
			method: 'GET',
			path: groupPath('/group-invitation-link', groupId),
			tried: `read the invite link of group ${groupId}`,
			hint: INVITE_LINK_HINT,
			field: 'invitationLink',
		});
		return [{ groupId, invitationLink }];
	},
};
