import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireText } from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';
import { groupCall, groupIdProperty, readGroupId } from './helpers';

export const updateDescription: ZApiOperation = {
	value: 'updateDescription',
	name: 'Update Description',
	action: 'Update the description of a group',
	description: 'Change the description of a group',
	orderedBy: 'groupId',
	properties: [
		groupIdProperty,
		{
			displayName: 'Description',
			name: 'groupDescription',
			type: 'string',
			typeOptions: { rows: 3 },
			required: true,
			default: '',
			description: 'The new description of the group',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const groupId = readGroupId.call(this, itemIndex, read);
		// An empty one is refused: a mapping that came out empty would silently wipe the description.
		const groupDescription = requireText(
			this.getNodeParameter('groupDescription', itemIndex),
			'Description',
			'Give the new description of the group.',
		);
		await groupCall.call(this, itemIndex, {
			endpoint: '/update-group-description',
			body: { groupId, groupDescription },
			tried: `update the description of group ${groupId}`,
			hint: "The instance's phone must be an admin of the group.",
		});
		return [{ success: true, groupId, groupDescription }];
	},
};
