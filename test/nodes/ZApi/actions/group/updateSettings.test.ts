import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { GROUP } from './examples';

const api = () => nock('https://api.z-api.io');
const ENDPOINT = `${INSTANCE_PATH}/update-group-settings`;
const updateSettings = (settings: IDataObject) => ({ resource: 'group', operation: 'updateSettings', groupId: GROUP, settings });

const METADATA = `${INSTANCE_PATH}/light-group-metadata/${GROUP}`;
/** The group as it is now: the flags as the metadata page types them (strings) and as its example shows them. */
const NOW = {
	phone: GROUP,
	subject: 'Shop',
	adminOnlyMessage: 'false',
	adminOnlySettings: true,
	requireAdminApproval: 'true',
	adminOnlyAddMember: false,
};

describe('Group > Update Settings', () => {
	it.each([
		[
			'who can send: only admins',
			{ whoCanSend: 'admins' },
			{ adminOnlyMessage: true },
			{ adminOnlyMessage: true, adminOnlySettings: true, requireAdminApproval: true, adminOnlyAddMember: false },
		],
		[
			'approval off',
			{ requireApproval: false },
			{ requireAdminApproval: false },
			{ adminOnlyMessage: false, adminOnlySettings: true, requireAdminApproval: false, adminOnlyAddMember: false },
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
		const withoutAdd: IDataObject = { ...NOW };
		delete withoutAdd.adminOnlyAddMember;
		const read = api().get(METADATA).reply(200, withoutAdd);
		const change = api().post(ENDPOINT).reply(200, { value: true });
		const result = await runAction(updateSettings({ whoCanSend: 'admins' }));
		expect(result.error?.message).toBe(`The metadata of group ${GROUP} does not say its current Who Can Add Participants`);
		expect(result.error?.description).toMatch(/add Who Can Add Participants under Settings to Change/);
		expect(read.isDone()).toBe(true);
		expect(change.isDone()).toBe(false);
		nock.cleanAll();
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
