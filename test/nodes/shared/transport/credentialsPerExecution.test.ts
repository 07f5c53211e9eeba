import nock from 'nock';
import type { INodeExecutionData } from 'n8n-workflow';

import { INSTANCE_PATH, TestCredentialsHelper, runAction } from '../../../helpers/engine';

const GROUP = '120363019502650977-group';
const PHONES = ['5511911111111', '5511922222222', '5511933333333', '5511944444444'];
const items: INodeExecutionData[] = PHONES.map((phone) => ({ json: { phone } }));
const addParticipants = { resource: 'group', operation: 'addParticipants', groupId: GROUP, phones: '={{ $json.phone }}' };

/** Counts n8n's credential reads (load + decrypt + resolve) during fn. */
async function countingReads<T>(fn: () => Promise<T>): Promise<{ reads: number; result: T }> {
	const spy = jest.spyOn(TestCredentialsHelper.prototype, 'getDecrypted');
	try {
		const result = await fn();
		return { reads: spy.mock.calls.length, result };
	} finally {
		spy.mockRestore();
	}
}

describe('transport: credentials per execution', () => {
	it('reads the credentials once for a run over many items, and still sends one request per item', async () => {
		const scope = nock('https://api.z-api.io');
		for (const phone of PHONES) scope.post(`${INSTANCE_PATH}/add-participant`, { autoInvite: false, groupId: GROUP, phones: [phone] }).reply(200, { value: true });
		const { reads, result } = await countingReads(() => runAction(addParticipants, items));
		expect(result.error).toBeUndefined();
		expect(result.json.map((json) => json.phones)).toEqual(PHONES.map((phone) => [phone]));
		expect(scope.isDone()).toBe(true);
		expect(reads).toBe(1);
	});

	it('sends the Client-Token of the credentials read once on every request', async () => {
		const scope = nock('https://api.z-api.io')
			.matchHeader('client-token', 'acct-SECURITY-token-1')
			.post(`${INSTANCE_PATH}/add-participant`)
			.times(PHONES.length)
			.reply(200, { value: true });
		const { reads, result } = await countingReads(() =>
			runAction(addParticipants, items, { credentials: { clientToken: 'acct-SECURITY-token-1' } }),
		);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(reads).toBe(1);
	});

	it('reads them again in the next execution, which sees changed credentials', async () => {
		const first = nock('https://api.z-api.io').post('/instances/INSTANCE123/token/first-TOKEN-1/add-participant').reply(200, { value: true });
		const second = nock('https://api.z-api.io').post('/instances/INSTANCE123/token/second-TOKEN-2/add-participant').reply(200, { value: true });
		const { reads } = await countingReads(async () => {
			expect((await runAction(addParticipants, items.slice(0, 1), { credentials: { instanceToken: 'first-TOKEN-1' } })).error).toBeUndefined();
			expect((await runAction(addParticipants, items.slice(0, 1), { credentials: { instanceToken: 'second-TOKEN-2' } })).error).toBeUndefined();
		});
		expect(first.isDone()).toBe(true);
		expect(second.isDone()).toBe(true);
		expect(reads).toBe(2);
	});

	it('keeps failing every item with the same clear error when the credentials are incomplete', async () => {
		const scope = nock('https://api.z-api.io').post(/.*/).reply(200, { value: true });
		const result = await runAction(addParticipants, items, { continueOnFail: true, credentials: { instanceToken: '' } });
		expect(result.json).toHaveLength(PHONES.length);
		for (const json of result.json) expect(json.error).toBe('The Z-API credentials are incomplete');
		expect(scope.isDone()).toBe(false);
	});
});
