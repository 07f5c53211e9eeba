import nock from 'nock';
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { group } from '../../../../../nodes/ZApi/actions/group';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { GROUP } from './examples';

const api = () => nock('https://api.z-api.io');
const ENDPOINT = `${INSTANCE_PATH}/update-group-settings`;
const updateSettings = (settings: IDataObject) => ({ resource: 'group', operation: 'updateSettings', groupId: GROUP, settings });

const METADATA = `${INSTANCE_PATH}/light-group-metadata/${GROUP}`;
/**
 * The group as it is now, in the fields of docs/group/light-metadata-group.md (no
 * adminOnlyAddMember there): the flags as the page types them (strings) and as its example shows them.
 */
const NOW = {
	phone: GROUP,
	subject: 'Shop',
	adminOnlyMessage: 'false',
	adminOnlySettings: true,
	requireAdminApproval: 'true',
};

describe('Group > Update Settings', () => {
	it.each([
		[
			'who can send: only admins',
			{ whoCanSend: 'admins', whoCanAdd: 'all' },
			{ adminOnlyMessage: true, adminOnlyAddMember: false },
			{ adminOnlyMessage: true, adminOnlySettings: true, requireAdminApproval: true, adminOnlyAddMember: false },
		],
		[
			'approval off',
			{ requireApproval: false, whoCanAdd: 'admins' },
			{ requireAdminApproval: false, adminOnlyAddMember: true },
			{ adminOnlyMessage: false, adminOnlySettings: true, requireAdminApproval: false, adminOnlyAddMember: true },
		],
		[
			'who can add: only admins',
			{ whoCanAdd: 'admins' },
			{ adminOnlyAddMember: true },
			{ adminOnlyMessage: false, adminOnlySettings: true, requireAdminApproval: true, adminOnlyAddMember: true },
		],
	])('%s sends all four, the others as the group has them now', async (_label, settings, changed, sent) => {
		const scope = api()
			.get(METADATA)
			.reply(200, NOW)
			.post(ENDPOINT, { phone: GROUP, groupId: GROUP, ...sent })
			.reply(200, { value: true });
		const result = await runAction(updateSettings(settings));
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ success: true, groupId: GROUP, ...changed }]);
		expect(scope.isDone()).toBe(true);
	});

	it('all four chosen: no metadata read', async () => {
		const scope = api()
			.post(ENDPOINT, {
				phone: GROUP,
				groupId: GROUP,
				adminOnlyMessage: false,
				adminOnlySettings: true,
				requireAdminApproval: true,
				adminOnlyAddMember: true,
			})
			.reply(200, { value: true });
		const result = await runAction(
			updateSettings({ whoCanSend: 'all', whoCanEdit: 'admins', requireApproval: true, whoCanAdd: 'admins' }),
		);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('refuses, changing nothing, when the metadata does not state a setting not chosen', async () => {
		const withoutEdit: IDataObject = { ...NOW };
		delete withoutEdit.adminOnlySettings;
		const read = api().get(METADATA).reply(200, withoutEdit);
		const change = api().post(ENDPOINT).reply(200, { value: true });
		const result = await runAction(updateSettings({ whoCanSend: 'admins', whoCanAdd: 'all' }));
		expect(result.error?.message).toBe(`The metadata of group ${GROUP} does not say its current Who Can Edit Group Info`);
		expect(result.error?.description).toMatch(/add Who Can Edit Group Info under Settings to Change/);
		expect(read.isDone()).toBe(true);
		expect(change.isDone()).toBe(false);
		nock.cleanAll();
	});

	it.each([{ whoCanSend: 'admins' }, { requireApproval: false }, { whoCanSend: 'all', whoCanEdit: 'admins', requireApproval: true }])(
		'refuses %j before any request: Who Can Add Participants is in no metadata page, so it must be chosen',
		async (settings) => {
			const scope = api().get(/.*/).reply(200, { ...NOW, adminOnlyAddMember: false }).post(/.*/).reply(200, { value: true });
			const result = await runAction(updateSettings(settings));
			expect(result.error?.message).toBe(`Who Can Add Participants must be set to update the settings of group ${GROUP}`);
			expect(result.error?.description).toBe(
				"Z-API sets all four settings in one call, and the group's metadata does not say its current Who Can Add Participants, so the node will not guess it: add Who Can Add Participants under Settings to Change with the value the group should have (its current one, to keep it). Nothing was sent.",
			);
			expect(scope.pendingMocks()).toHaveLength(2);
			nock.cleanAll();
		},
	);

	it('says in the editor that Who Can Add Participants must always be added', () => {
		const properties = group.operations.find((operation) => operation.value === 'updateSettings')?.properties ?? [];
		const notice = properties.find((property) => property.type === 'notice');
		expect(notice?.displayName).toBe(
			"Always add Who Can Add Participants under Settings to Change, with the value the group should have: Z-API sets all four settings at once, and the group's metadata does not say its current value.",
		);
		const settings = properties.find((property) => property.name === 'settings');
		const whoCanAdd = (settings?.options as INodeProperties[]).find((option) => option.name === 'whoCanAdd');
		expect(whoCanAdd?.description).toMatch(/^Who may add participants to the group\. Always add this setting/);
	});

	it('refuses an update with no setting before any request', async () => {
		const scope = api().post(/.*/).reply(200, { value: true });
		const result = await runAction(updateSettings({}));
		expect(result.error?.message).toBe('No setting to change');
		expect(result.error?.description).toMatch(/Settings to Change/);
		expect(scope.isDone()).toBe(false);
	});

	it('refuses a choice from an expression that is neither all nor admins', async () => {
		const scope = api().post(/.*/).reply(200, { value: true });
		const result = await runAction(updateSettings({ whoCanSend: '={{ $json.who }}' }), [{ json: { who: 'owners' } }]);
		expect(result.error?.message).toBe(`Who Can Send Messages must be 'all' or 'admins' (got "owners")`);
		expect(scope.isDone()).toBe(false);
	});

	it('fails the item on {value: false}, saying the instance must be an admin', async () => {
		api().get(METADATA).reply(200, NOW).post(ENDPOINT).reply(200, { value: false });
		const result = await runAction(updateSettings({ whoCanAdd: 'admins' }));
		expect(result.error?.message).toBe(`Z-API could not update the settings of group ${GROUP} (it answered {"value":false})`);
		expect(result.error?.description).toMatch(/must be an admin/);
	});
});
