import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ItemRead, ZApiOperation } from '../types';
import { groupCall, groupIdProperty, phonesProperty, readGroupId, readPhones } from './helpers';

export const promoteToAdmin: ZApiOperation = {
	value: 'promoteToAdmin',
	name: 'Promote to Admin',
	action: 'Promote to group admin',
	description: 'Make one or more participants of a group its admins',
	orderedBy: 'groupId',
	properties: [groupIdProperty, { ...phonesProperty, description: `Participants to promote. ${phonesProperty.description}` }],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const groupId = readGroupId.call(this, itemIndex, read);
		const phones = readPhones.call(this, itemIndex);
		await groupCall.call(this, itemIndex, {
			endpoint: '/add-admin',
			body: { groupId, phones },
			tried: `promote ${phones.join(', ')} to admin in group ${groupId}`,
			hint: "Otherwise the instance's phone must be an admin of the group, and each phone must already be a participant.",
		});
		return [{ success: true, groupId, phones }];
	},
};
