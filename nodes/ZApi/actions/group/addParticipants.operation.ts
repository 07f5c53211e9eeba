import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ItemRead, ZApiOperation } from '../types';
import { autoInviteProperty, groupCall, groupIdProperty, phonesProperty, readGroupId, readPhones } from './helpers';

export const addParticipants: ZApiOperation = {
	value: 'addParticipants',
	name: 'Add Participants',
	action: 'Add group participants',
	description: 'Add one or more phones to a group',
	orderedBy: 'groupId',
	properties: [
		groupIdProperty,
		{ ...phonesProperty, description: `Phones to add. ${phonesProperty.description}` },
		autoInviteProperty,
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const groupId = readGroupId.call(this, itemIndex, read);
		const phones = readPhones.call(this, itemIndex);
		const autoInvite = this.getNodeParameter('autoInvite', itemIndex, false) as boolean;
		await groupCall.call(this, itemIndex, {
			endpoint: '/add-participant',
			// docs/group/add-participant.md lists autoInvite as required: always sent.
			body: { autoInvite, groupId, phones },
			tried: `add ${phones.join(', ')} to group ${groupId}`,
			hint: "Otherwise the instance's phone must be an admin of the group, and the phones must be WhatsApp numbers. Z-API gives no per-phone result: when some phones cannot be added, turn on Send Invite Link If Needed.",
		});
		return [{ success: true, groupId, phones }];
	},
};
