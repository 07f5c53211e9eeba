import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ItemRead, ZApiOperation } from '../types';
import { groupCall, groupIdProperty, readGroupId } from './helpers';

export const leave: ZApiOperation = {
	value: 'leave',
	name: 'Leave',
	action: 'Leave a group chat',
	description: "Take the instance's phone out of a group",
	orderedBy: 'groupId',
	properties: [groupIdProperty],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const groupId = readGroupId.call(this, itemIndex, read);
		await groupCall.call(this, itemIndex, {
			endpoint: '/leave-group',
			body: { groupId },
			tried: `leave group ${groupId}`,
			hint: "Check the group ID and that the instance's phone is still a participant of the group.",
		});
		return [{ success: true, groupId }];
	},
};
