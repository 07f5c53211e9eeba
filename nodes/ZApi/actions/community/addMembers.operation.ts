import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { autoInviteProperty, participantChange } from '../group/helpers';
import { COMMUNITY_TARGET } from './helpers';

// docs/communities/add-community-participant.md: POST /add-participant {autoInvite, communityId, phones}.
export const addMembers = participantChange({
	value: 'addMembers',
	name: 'Add Members',
	action: 'Add members to a community',
	description: 'Add one or more phones to a community',
	phonesAre: 'Phones to add.',
	endpoint: '/add-participant',
	tried: (phones, communityId) => `add ${phones} to community ${communityId}`,
	hint: 'The phones must be WhatsApp numbers. Z-API gives no per-phone result: when some phones cannot be added, turn on Send Invite Link If Needed.',
	target: COMMUNITY_TARGET,
	properties: [autoInviteProperty],
	fields(this: IExecuteFunctions, itemIndex: number): IDataObject {
		return { autoInvite: this.getNodeParameter('autoInvite', itemIndex, false) === true };
	},
});
