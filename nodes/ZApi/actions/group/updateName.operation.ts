import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireText } from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';
import { groupCall, groupIdProperty, readGroupId } from './helpers';

export const updateName: ZApiOperation = {
	value: 'updateName',
	name: 'Update Name',
	action: 'Update the name of a group',
	description: 'Change the name of a group',
	orderedBy: 'groupId',
	properties: [
		groupIdProperty,
		{
			displayName: 'Group Name',
			name: 'groupName',
			type: 'string',
			required: true,
			default: '',
			description: 'The new name of the group',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const groupId = readGroupId.call(this, itemIndex, read);
		const groupName = requireText(this.getNodeParameter('groupName', itemIndex), 'Group Name', 'Give the new name of the group.');
		await groupCall.call(this, itemIndex, {
			endpoint: '/update-group-name',
			body: { groupId, groupName },
			tried: `rename group ${groupId}`,
			hint: "The instance's phone must be an admin of the group, unless the group lets every participant edit its info (Update Settings).",
		});
		return [{ success: true, groupId, groupName }];
	},
};
