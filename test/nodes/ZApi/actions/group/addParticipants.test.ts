import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';

const api = () => nock('https://api.z-api.io');
const ENDPOINT = `${INSTANCE_PATH}/add-participant`;
const GROUP = '120363019502650977-group';

const addParticipants = (extra: IDataObject = {}) => ({
	resource: 'group',
	operation: 'addParticipants',
	groupId: GROUP,
	phones: '5511999999999',
	...extra,
});

describe('Group > Add Participants: request', () => {
	it('POSTs {autoInvite: false, groupId, phones} as JSON to /add-participant by default (the page marks autoInvite required)', async () => {
		const scope = api()
			.post(ENDPOINT, { autoInvite: false, groupId: GROUP, phones: ['5511999999999', '5511888888888'] })
			.matchHeader('content-type', /^application\/json/)
			.reply(200, { value: true });
		const result = await runAction(addParticipants({ phones: '5511999999999, 5511888888888' }));
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ success: true, groupId: GROUP, phones: ['5511999999999', '5511888888888'] }]);
		expect(scope.isDone()).toBe(true);
	});

	it('sends autoInvite: true when Send Invite Link If Needed is on', async () => {
		const scope = api()
			.post(ENDPOINT, { autoInvite: true, groupId: GROUP, phones: ['5511999999999'] })
			.reply(200, { value: true });
		const result = await runAction(addParticipants({ autoInvite: true }));
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('sends autoInvite: false when the option is explicitly off', async () => {
		const scope = api()
			.post(ENDPOINT, { autoInvite: false, groupId: GROUP, phones: ['5511999999999'] })
			.reply(200, { value: true });
		const result = await runAction(addParticipants({ autoInvite: false }));
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it.each([
		['new form', '120363019502650977-group'],
		['old form', '5511999999999-1623281429'],
		['new form with spaces around', ' 120363019502650977-group '],
	])('accepts a group id in the %s', async (_label, groupId) => {
		const scope = api()
			.post(ENDPOINT, { autoInvite: false, groupId: groupId.trim(), phones: ['5511999999999'] })
			.reply(200, { value: true });
		const result = await runAction(addParticipants({ groupId }));
		expect(result.error).toBeUndefined();
		expect(result.json[0].groupId).toBe(groupId.trim());
		expect(scope.isDone()).toBe(true);
	});

	it.each(['12345', 'abc-group', '120363@g.us', '5511999999999', '120363019502650977-group-x', '5511-999'])(
		'refuses the malformed group id %j before any request',
		async (groupId) => {
			const scope = api().post(/.*/).reply(200, { value: true });
			const result = await runAction(addParticipants({ groupId }));
			expect(result.error?.message).toBe(`'${groupId}' is not a Z-API group ID`);
			expect(result.error?.description).toMatch(/-group.*older groups/);
			expect(scope.isDone()).toBe(false);
		},
	);
});

describe('Group > Add Participants: phones', () => {
	it.each([
		['a comma-separated string with masks', '+55 (11) 99999-9999, 55 11 88888-8888', ['5511999999999', '5511888888888']],
		['semicolons and new lines', '5511999999999;5511888888888\n5511777777777', ['5511999999999', '5511888888888', '5511777777777']],
		['duplicates in several spellings', '5511999999999, +55 11 99999-9999,5511999999999', ['5511999999999']],
		['empty entries between commas', '5511999999999,, ,5511888888888,', ['5511999999999', '5511888888888']],
		['a LID id', '5511999999999, 195893014196369@lid', ['5511999999999', '195893014196369@lid']],
	])('reads %s', async (_label, phones, expected) => {
		const scope = api().post(ENDPOINT, { autoInvite: false, groupId: GROUP, phones: expected }).reply(200, { value: true });
		const result = await runAction(addParticipants({ phones }));
		expect(result.error).toBeUndefined();
		expect(result.json[0].phones).toEqual(expected);
		expect(scope.isDone()).toBe(true);
	});

	it('reads a list from an expression, per item, with numbers and duplicates', async () => {
		const scope = api()
			.post(ENDPOINT, { autoInvite: false, groupId: GROUP, phones: ['5511999999999', '5511888888888'] })
			.reply(200, { value: true })
			.post(ENDPOINT, { autoInvite: false, groupId: GROUP, phones: ['5521777777777'] })
			.reply(200, { value: true });
		const result = await runAction(addParticipants({ phones: '={{ $json.list }}' }), [
			{ json: { list: ['5511999999999', 5511888888888, '+55 11 99999-9999'] } },
			{ json: { list: [5521777777777] } },
		]);
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([
			{ success: true, groupId: GROUP, phones: ['5511999999999', '5511888888888'] },
			{ success: true, groupId: GROUP, phones: ['5521777777777'] },
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(scope.isDone()).toBe(true);
	});

	it('reads a comma-separated string from an expression', async () => {
		const scope = api()
			.post(ENDPOINT, { autoInvite: false, groupId: GROUP, phones: ['5511999999999', '5511888888888'] })
			.reply(200, { value: true });
		const result = await runAction(addParticipants({ phones: '={{ $json.list }}' }), [
			{ json: { list: '5511999999999,5511888888888' } },
		]);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it.each([
		['an empty list', []],
		['a list of blanks', ['', '  ']],
		['an empty string', ''],
		['only commas', ' , ,'],
	])('refuses %s before any request', async (_label, list) => {
		const scope = api().post(/.*/).reply(200, { value: true });
		const result = await runAction(addParticipants({ phones: '={{ $json.list }}' }), [{ json: { list } }]);
		expect(result.error?.message).toBe('Phones is empty');
		expect(result.error?.description).toMatch(/separated by commas/);
		expect(scope.isDone()).toBe(false);
	});

	it('refuses a list with one bad phone before any request, naming it', async () => {
		const scope = api().post(/.*/).reply(200, { value: true });
		const result = await runAction(addParticipants({ phones: '5511999999999, joão' }));
		expect(result.error?.message).toBe("Phones entry 'joão' is not a phone number");
		expect(scope.isDone()).toBe(false);
	});
});

describe('Group > Add Participants: answers', () => {
	it('fails the item on {value: false}, naming the operation, the phones and the group', async () => {
		api().post(ENDPOINT).reply(200, { value: false });
		const result = await runAction(addParticipants({ phones: '5511999999999,5511888888888' }));
		expect(result.error?.message).toBe(
			`Z-API could not add 5511999999999, 5511888888888 to group ${GROUP} (it answered {"value":false})`,
		);
		expect(result.error?.description).toMatch(/admin of the group/);
		expect(result.error?.description).toMatch(/Send Invite Link If Needed/);
		expect(result.error?.context?.itemIndex).toBe(0);
		expect(result.json).toEqual([]);
	});

	it('takes {"value":"true"} for a success, as the docs\' examples write it', async () => {
		api().post(ENDPOINT).reply(200, { value: 'true' });
		const result = await runAction(addParticipants());
		expect(result.error).toBeUndefined();
	});

	it.each([[{}], [{ value: 'yes' }], ['']])('does not take %j for a success', async (answer) => {
		api().post(ENDPOINT).reply(200, answer as IDataObject);
		const result = await runAction(addParticipants());
		expect(result.error?.message).toMatch(/^Z-API could not add 5511999999999 to group/);
	});

	it('with Continue On Fail, a refused item becomes an error item and the others go on', async () => {
		const scope = api()
			.post(ENDPOINT, { autoInvite: false, groupId: GROUP, phones: ['5511111111111'] })
			.reply(200, { value: true })
			.post(ENDPOINT, { autoInvite: false, groupId: GROUP, phones: ['5522222222222'] })
			.reply(200, { value: false })
			.post(ENDPOINT, { autoInvite: false, groupId: GROUP, phones: ['5533333333333'] })
			.reply(200, { value: true });
		const result = await runAction(
			addParticipants({ phones: '={{ $json.phone }}' }),
			[{ json: { phone: '5511111111111' } }, { json: { phone: '5522222222222' } }, { json: { phone: '5533333333333' } }],
			{ continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([
			{ success: true, groupId: GROUP, phones: ['5511111111111'] },
			{
				error: `Z-API could not add 5522222222222 to group ${GROUP} (it answered {"value":false})`,
				details: expect.stringMatching(/admin of the group/),
			},
			{ success: true, groupId: GROUP, phones: ['5533333333333'] },
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(scope.isDone()).toBe(true);
	});
});
