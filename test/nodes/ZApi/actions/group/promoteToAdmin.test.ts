import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';

const api = () => nock('https://api.z-api.io');
const ENDPOINT = `${INSTANCE_PATH}/add-admin`;
const GROUP = '120363019502650977-group';
const OLD_GROUP = '5511999999999-1623281429';

const promoteToAdmin = (extra: IDataObject = {}) => ({
	resource: 'group',
	operation: 'promoteToAdmin',
	groupId: GROUP,
	phones: '5511999999999',
	...extra,
});

describe('Group > Promote to Admin: request', () => {
	it('POSTs exactly {groupId, phones} as JSON to /add-admin', async () => {
		const scope = api()
			.post(ENDPOINT, { groupId: GROUP, phones: ['5511999999999', '5511888888888'] })
			.matchHeader('content-type', /^application\/json/)
			.reply(200, { value: true });
		const result = await runAction(promoteToAdmin({ phones: '+55 (11) 99999-9999, 5511888888888' }));
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ success: true, groupId: GROUP, phones: ['5511999999999', '5511888888888'] }]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(scope.isDone()).toBe(true);
	});

	it('accepts a group id in the old form', async () => {
		const scope = api().post(ENDPOINT, { groupId: OLD_GROUP, phones: ['5511999999999'] }).reply(200, { value: true });
		const result = await runAction(promoteToAdmin({ groupId: OLD_GROUP }));
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('never sends autoInvite, even when the parameter is around', async () => {
		const scope = api().post(ENDPOINT, { groupId: GROUP, phones: ['5511999999999'] }).reply(200, { value: true });
		const result = await runAction(promoteToAdmin({ autoInvite: true }));
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it.each(['12345', 'abc-group', '120363@g.us', ''])('refuses the group id %j before any request', async (groupId) => {
		const scope = api().post(/.*/).reply(200, { value: true });
		const result = await runAction(promoteToAdmin({ groupId: '={{ $json.group }}' }), [{ json: { group: groupId } }]);
		expect(result.error?.message).toBe(groupId ? `'${groupId}' is not a Z-API group ID` : 'Group ID is empty');
		expect(scope.isDone()).toBe(false);
	});

	it('reads phones per item from an expression giving a list', async () => {
		const scope = api()
			.post(ENDPOINT, { groupId: GROUP, phones: ['5511999999999', '5511888888888'] })
			.reply(200, { value: true })
			.post(ENDPOINT, { groupId: OLD_GROUP, phones: ['5521777777777'] })
			.reply(200, { value: true });
		const result = await runAction(promoteToAdmin({ groupId: '={{ $json.group }}', phones: '={{ $json.list }}' }), [
			{ json: { group: GROUP, list: [5511999999999, '5511888888888', 5511999999999] } },
			{ json: { group: OLD_GROUP, list: ['+55 21 77777-7777'] } },
		]);
		expect(result.error).toBeUndefined();
		expect(result.json.map((json) => json.phones)).toEqual([['5511999999999', '5511888888888'], ['5521777777777']]);
		expect(scope.isDone()).toBe(true);
	});

	it('refuses an empty phone list before any request', async () => {
		const scope = api().post(/.*/).reply(200, { value: true });
		const result = await runAction(promoteToAdmin({ phones: '={{ $json.list }}' }), [{ json: { list: [] } }]);
		expect(result.error?.message).toBe('Phones is empty');
		expect(scope.isDone()).toBe(false);
	});
});

describe('Group > Promote to Admin: answers', () => {
	it('fails the item on {value: false}, naming the operation and the group', async () => {
		api().post(ENDPOINT).reply(200, { value: false });
		const result = await runAction(promoteToAdmin());
		expect(result.error?.message).toBe(
			`Z-API could not promote 5511999999999 to admin in group ${GROUP} (it answered {"value":false})`,
		);
		expect(result.error?.description).toMatch(/already be a participant/);
		expect(result.json).toEqual([]);
	});

	it('with Continue On Fail, the refused item becomes an error item and the others go on', async () => {
		const scope = api()
			.post(ENDPOINT, { groupId: GROUP, phones: ['5511111111111'] })
			.reply(200, { value: false })
			.post(ENDPOINT, { groupId: GROUP, phones: ['5522222222222'] })
			.reply(200, { value: true });
		const result = await runAction(
			promoteToAdmin({ phones: '={{ $json.phone }}' }),
			[{ json: { phone: '5511111111111' } }, { json: { phone: '5522222222222' } }],
			{ continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([
			{
				error: `Z-API could not promote 5511111111111 to admin in group ${GROUP} (it answered {"value":false})`,
				details: expect.stringMatching(/admin of the group/),
			},
			{ success: true, groupId: GROUP, phones: ['5522222222222'] },
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(scope.isDone()).toBe(true);
	});
});
