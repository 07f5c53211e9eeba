import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { GROUP } from './examples';

const api = () => nock('https://api.z-api.io');
const ENDPOINT = `${INSTANCE_PATH}/update-group-settings`;
const updateSettings = (settings: IDataObject) => ({ resource: 'group', operation: 'updateSettings', groupId: GROUP, settings });

describe('Group > Update Settings', () => {
	it.each([
		['who can send: only admins', { whoCanSend: 'admins' }, { adminOnlyMessage: true }],
		['who can send: everyone', { whoCanSend: 'all' }, { adminOnlyMessage: false }],
		['who can edit: only admins', { whoCanEdit: 'admins' }, { adminOnlySettings: true }],
		['approval on', { requireApproval: true }, { requireAdminApproval: true }],
		['approval off', { requireApproval: false }, { requireAdminApproval: false }],
		['who can add: everyone', { whoCanAdd: 'all' }, { adminOnlyAddMember: false }],
		[
			'all four',
			{ whoCanSend: 'all', whoCanEdit: 'admins', requireApproval: true, whoCanAdd: 'admins' },
			{ adminOnlyMessage: false, adminOnlySettings: true, requireAdminApproval: true, adminOnlyAddMember: true },
		],
	])('%s sends only that, with the group as phone and groupId', async (_label, settings, fields) => {
		const scope = api()
			.post(ENDPOINT, { phone: GROUP, groupId: GROUP, ...fields })
			.reply(200, { value: true });
		const result = await runAction(updateSettings(settings));
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ success: true, groupId: GROUP, ...fields }]);
		expect(scope.isDone()).toBe(true);
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
		api().post(ENDPOINT).reply(200, { value: false });
		const result = await runAction(updateSettings({ whoCanAdd: 'admins' }));
		expect(result.error?.message).toBe(`Z-API could not update the settings of group ${GROUP} (it answered {"value":false})`);
		expect(result.error?.description).toMatch(/must be an admin/);
	});
});
