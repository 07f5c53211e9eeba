import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireText } from '../parameters';
import type { ZApiOperation } from '../types';
import { phonesProperty, readPhones, groupReadField } from './helpers';

export const create: ZApiOperation = {
	value: 'create',
	name: 'Create',
	action: 'Create a new group',
	description: 'Create a group with participants; outputs its group ID and invite link',
	properties: [
		{
			displayName: 'Group Name',
			name: 'groupName',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'Customers 2026',
			description: 'Name of the new group',
		},
		{
			...phonesProperty,
			description: `Participants of the new group: at least one, not the instance's own phone. ${phonesProperty.description}`,
		},
		{
			displayName: 'Send Invite Link If Needed',
			name: 'autoInvite',
			type: 'boolean',
			default: false,
			description:
				'Whether Z-API should send a private invite link to the phones WhatsApp does not let it add directly (it only adds phones that have the instance as a contact)',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const groupName = requireText(this.getNodeParameter('groupName', itemIndex), 'Group Name', 'Give the name of the new group.');
		const phones = readPhones.call(this, itemIndex);
		const autoInvite = this.getNodeParameter('autoInvite', itemIndex, false) as boolean;
		const { response, value: groupId } = await groupReadField.call(this, itemIndex, {
			method: 'POST',
			path: '/create-group',
			// The page lists autoInvite as required: it is always sent. No photo: the page says
			// none can be set at creation (its request sample's profileImage aside); Update Photo does it.
			body: { groupName, phones, autoInvite },
			tried: `create group '${groupName}'`,
			hint: "Check that the instance is connected and that the phones are WhatsApp numbers other than the instance's own. WhatsApp may refuse phones that do not have the instance as a contact: turn on Send Invite Link If Needed.",
			// The new group's id comes back as `phone`, in either of the two id forms.
			field: 'phone',
		});
		// `name`, as every Group output calls the group's name.
		return [{ groupId, name: groupName, invitationLink: response.invitationLink ?? null, phones }];
	},
};
