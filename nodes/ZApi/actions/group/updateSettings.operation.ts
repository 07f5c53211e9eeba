import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { flagOf } from '../../../shared/delivery/readers';
import type { ItemRead, ZApiOperation } from '../types';
import { groupPath, groupRead, groupCall, groupIdProperty, readGroupId } from './helpers';

/** One setting: how the user picks it, the body field it sets and the choice that means true. */
interface GroupSetting {
	property: INodeProperties;
	field: string;
	trueWhen: string;
	/**
	 * False when no metadata page gives the setting's current value: the user must always
	 * choose it, as Z-API takes all four at once.
	 */
	readable: boolean;
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
	{ property: whoCan('Who Can Send Messages', 'whoCanSend', 'Who may send messages to the group'), field: 'adminOnlyMessage', trueWhen: 'admins', readable: true },
	{
		property: whoCan('Who Can Edit Group Info', 'whoCanEdit', "Who may change the group's name, description, photo and settings"),
		field: 'adminOnlySettings',
		trueWhen: 'admins',
		readable: true,
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
		readable: true,
	},
	{
		property: whoCan(
			'Who Can Add Participants',
			'whoCanAdd',
			"Who may add participants to the group. Always add this setting: the group's metadata does not say its current value, and Z-API sets all four at once.",
		),
		field: 'adminOnlyAddMember',
		trueWhen: 'admins',
		// docs/group/light-metadata-group.md and docs/group/metadata-group.md list the other three only.
		readable: false,
	},
];

/** The settings the user must always choose, by name. */
const ALWAYS_CHOSEN = SETTINGS.filter(({ readable }) => !readable).map(({ property }) => property.displayName);


export const updateSettings: ZApiOperation = {
	value: 'updateSettings',
	name: 'Update Settings',
	action: 'Update the settings of a group',
	description: 'Choose who can send messages, edit group info and add participants, and whether joining needs approval',
	orderedBy: 'groupId',
	properties: [
		groupIdProperty,
		{
			displayName: `Always add ${ALWAYS_CHOSEN.join(' and ')} under Settings to Change, with the value the group should have: Z-API sets all four settings at once, and the group's metadata does not say its current value.`,
			name: 'alwaysChosenNotice',
			type: 'notice',
			default: '',
			description: 'Why a setting must always be added',
		},
		{
			displayName: 'Settings to Change',
			name: 'settings',
			type: 'collection',
			placeholder: 'Add setting',
			default: {},
			description: `The settings to change, ${ALWAYS_CHOSEN.join(' and ')} always among them; the others not added stay as they are (the node reads them from the group's metadata and sends them unchanged)`,
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
		const missing = SETTINGS.filter(({ readable, field }) => !readable && !(field in settings)).map(({ property }) => property.displayName);
		if (missing.length) {
			throw new InputError(
				`${missing.join(' and ')} must be set to update the settings of group ${groupId}`,
				`Z-API sets all four settings in one call, and the group's metadata does not say its current ${missing.join(' and ')}, so the node will not guess it: add ${missing.join(' and ')} under Settings to Change with the value the group should have (its current one, to keep it). Nothing was sent.`,
			);
		}
		const changed = { ...settings };
		// docs/group/update-group-settings.md marks all four required: a service that read a
		// missing one as false would change it. Those not chosen are sent as they are now.
		const unchosen = SETTINGS.filter(({ field }) => !(field in settings));
		if (unchosen.length) Object.assign(settings, await currentSettings.call(this, itemIndex, groupId, unchosen));
		await groupCall.call(this, itemIndex, {
			endpoint: '/update-group-settings',
			// The page names the group `phone`, the request sample `groupId`: both are sent.
			body: { phone: groupId, groupId, ...settings },
			tried: `update the settings of group ${groupId}`,
			hint: "The instance's phone must be an admin of the group.",
		});
		return [{ success: true, groupId, ...changed }];
	},
};

/**
 * The current value of each setting in `wanted`, from the group's light metadata
 * (docs/group/light-metadata-group.md lists adminOnlyMessage, adminOnlySettings and
 * requireAdminApproval). A setting it does not state is refused before any change: guessing it
 * could change it.
 */
async function currentSettings(
	this: IExecuteFunctions,
	itemIndex: number,
	groupId: string,
	wanted: GroupSetting[],
): Promise<IDataObject> {
	const response = (await groupRead.call(this, itemIndex, {
		method: 'GET',
		path: groupPath('/light-group-metadata', groupId),
		tried: `read the current settings of group ${groupId}`,
		hint: "The group may not exist (check the Group ID), or the instance's phone may not be in it.",
	})) as IDataObject | undefined;
	const current: IDataObject = {};
	const unknown: string[] = [];
	for (const { property, field } of wanted) {
		const value = flagOf(response?.[field]);
		if (typeof value === 'boolean') current[field] = value;
		else unknown.push(property.displayName);
	}
	if (unknown.length) {
		throw new InputError(
			`The metadata of group ${groupId} does not say its current ${unknown.join(', ')}`,
			`Z-API needs all four settings in one call, and the node will not guess one: add ${unknown.join(' and ')} under Settings to Change with the value you want.`,
		);
	}
	return current;
}
