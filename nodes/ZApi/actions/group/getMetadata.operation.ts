import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { GROUP, outputRecords, withSimplify } from '../outputs';
import type { ItemRead, ZApiOperation } from '../types';
import { groupIdProperty, readGroupId, groupPath, groupReadField } from './helpers';

export const getMetadata: ZApiOperation = {
	value: 'getMetadata',
	name: 'Get Metadata',
	action: 'Get the data of a group',
	description: 'Read the name, description, settings, participants and admins of a group',
	orderedBy: 'groupId',
	properties: withSimplify([
		groupIdProperty,
		{
			displayName: 'Include Invite Link',
			name: 'includeInviteLink',
			type: 'boolean',
			default: true,
			description:
				"Whether to read the group's invite link too. Turn off for a faster answer (Z-API's light metadata, where invitationLink is null).",
		},
	]),
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const groupId = readGroupId.call(this, itemIndex, read);
		const includeInviteLink = this.getNodeParameter('includeInviteLink', itemIndex, true) as boolean;
		const { response } = await groupReadField.call(this, itemIndex, {
			// GET, as the Portuguese page and the request sample have it (the English page also shows POST).
			method: 'GET',
			path: groupPath(includeInviteLink ? '/group-metadata' : '/light-group-metadata', groupId),
			tried: `read the data of group ${groupId}`,
			hint: "Check the group ID and that the instance's phone is still a participant of the group.",
			field: 'phone',
		});
		return outputRecords.call(this, itemIndex, [response], GROUP);
	},
};
