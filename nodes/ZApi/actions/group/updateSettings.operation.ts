import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import type { ItemRead, ZApiOperation } from '../types';
import { groupCall, groupIdProperty, readGroupId } from './groupCall';

/** One setting: how the user picks it, the body field it sets and the choice that means true. */
interface GroupSetting {
	property: INodeProperties;
	field: string;
	trueWhen: string;
}

const whoCan = (displayName: string, name: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'options',
	options: [
		{ name: 'All Participants', value: 'all', description: 'Every participant of the group' },
		{ name: 'Only Admins', value: 'admins', description: 'Only the admins of the group' },
	],
	default: 'admins',
	description,
});

/** The four settings of /update-group-settings, in the order the page lists them. */
const SETTINGS: GroupSetting[] = [
	{ property: whoCan('Who Can Send Messages', 'whoCanSend', 'Who may send messages to the group'), field: 'adminOnlyMessage', trueWhen: 'admins' },
	{
		property: whoCan('Who Can Edit Group Info', 'whoCanEdit', "Who may change the group's name, description, photo and settings"),
		field: 'adminOnlySettings',
		trueWhen: 'admins',
	},
	{
		property: {
			displayName: 'Require Admin Approval to Join',
			name: 'requireApproval',
			type: 'boolean',
			default: true,
			description: 'Whether people joining by invite link wait for an admin to approve them (see Approve Participants)',
		},
		field: 'requireAdminApproval',
		trueWhen: 'true',
	},
	{ property: whoCan('Who Can Add Participants', 'whoCanAdd', 'Who may add participants to the group'), field: 'adminOnlyAddMember', trueWhen: 'admins' },
];

export const updateSettings: ZApiOperation = {
	value: 'updateSettings',
	name: 'Update Settings',
	action: 'Update the settings of a group',
	description: 'Choose who can send messages, edit group info and add participants, and whether joining needs approval',
	orderedBy: 'groupId',
	properties: [
		groupIdProperty,
		{
			displayName: 'Settings to Change',
			name: 'settings',
			type: 'collection',
			placeholder: 'Add setting',
			default: {},
			description: 'The settings to change; those not added stay as they are',
			options: SETTINGS.map(({ property }) => property),
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const groupId = readGroupId.call(this, itemIndex, read);
		const chosen = this.getNodeParameter('settings', itemIndex, {}) as IDataObject;
		const settings: IDataObject = {};
		for (const { property, field, trueWhen } of SETTINGS) {
			const value = chosen[property.name];
			if (value === undefined || value === '') continue;
			if (property.type === 'options' && !['all', 'admins'].includes(String(value))) {
				throw new InputError(
					`${property.displayName} must be 'all' or 'admins' (got ${JSON.stringify(value)})`,
					`Choose All Participants or Only Admins for ${property.displayName}.`,
				);
			}
			settings[field] = String(value) === trueWhen;
		}
		if (!Object.keys(settings).length) {
			throw new InputError('No setting to change', 'Add at least one setting under Settings to Change.');
		}
		await groupCall.call(this, itemIndex, {
			endpoint: '/update-group-settings',
			// The page names the group `phone`, the request sample `groupId`: both are sent. Only the
			// chosen settings go: the sample sends a single one, though the page marks all four required.
			body: { phone: groupId, groupId, ...settings },
			tried: `update the settings of group ${groupId}`,
			hint: "The instance's phone must be an admin of the group.",
		});
		return [{ success: true, groupId, ...settings }];
	},
};
