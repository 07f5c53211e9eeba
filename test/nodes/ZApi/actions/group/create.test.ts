import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { GROUP, LINK, OLD_GROUP } from './examples';

const api = () => nock('https://api.z-api.io');
const ENDPOINT = `${INSTANCE_PATH}/create-group`;
const create = (extra: IDataObject = {}) => ({ resource: 'group', operation: 'create', groupName: 'Shop', phones: '5511888888888', ...extra });

describe('Group > Create', () => {
	it('sends autoInvite: true when Send Invite Link If Needed is on, and every phone of the list', async () => {
		const scope = api()
			.post(ENDPOINT, { groupName: 'Shop', phones: ['5511888888888', '5511777777777'], autoInvite: true })
			.reply(200, { phone: GROUP, invitationLink: LINK });
		const result = await runAction(create({ phones: '={{ $json.list }}', autoInvite: true }), [
			{ json: { list: ['+55 11 88888-8888', 5511777777777] } },
		]);
		expect(result.error).toBeUndefined();
		expect(result.json[0].phones).toEqual(['5511888888888', '5511777777777']);
		expect(scope.isDone()).toBe(true);
	});

	it('outputs a group ID of the old form, and a null link when the answer has none', async () => {
		api().post(ENDPOINT).reply(200, { phone: OLD_GROUP });
		const result = await runAction(create());
		expect(result.json).toEqual([{ groupId: OLD_GROUP, name: 'Shop', invitationLink: null, phones: ['5511888888888'] }]);
	});

	it.each([
		['no group ID', { invitationLink: LINK }],
		['an empty group ID', { phone: '', invitationLink: LINK }],
		['an error', { error: 'phones is required' }],
	])('fails the item when the answer has %s, saying what to check', async (_label, answer) => {
		api().post(ENDPOINT).reply(200, answer);
		const result = await runAction(create());
		expect(result.error?.message).toMatch(/^Z-API could not create group 'Shop' \(it answered /);
		expect(result.error?.description).toMatch(/Send Invite Link If Needed/);
	});

	it('refuses an empty list of phones before any request', async () => {
		const scope = api().post(/.*/).reply(200, { phone: GROUP });
		const result = await runAction(create({ phones: '={{ $json.list }}' }), [{ json: { list: [] } }]);
		expect(result.error?.message).toBe('Phones is empty');
		expect(scope.isDone()).toBe(false);
	});
});
