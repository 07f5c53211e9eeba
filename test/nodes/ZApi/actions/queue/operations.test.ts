/** Queue: every operation's documented call; cursor paging of Get Many; the shapes Count reads. */
import { queue } from '../../../../../nodes/ZApi/actions/queue';
import { countIn } from '../../../../../nodes/ZApi/actions/queue/count.operation';
import { queuePageOf } from '../../../../../nodes/ZApi/actions/queue/getMany.operation';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { api, describeOperations } from '../../../../helpers/operationExamples';
import { EXAMPLES, queued } from './examples';

describeOperations(queue, EXAMPLES);

const QUEUE = `${INSTANCE_PATH}/queue`;
const getMany = (parameters: object) => runAction({ resource: 'queue', operation: 'getMany', ...parameters });

describe('Queue: Get Many', () => {
	it('follows the cursor page by page with Return All until hasMore is false', async () => {
		const scope = api()
			.post(QUEUE, { pageSize: 2 })
			.reply(200, { messages: [queued(1), queued(2)], pagingState: 'cursor-1', hasMore: true })
			.post(QUEUE, { pageSize: 2, pagingState: 'cursor-1' })
			.reply(200, { messages: [queued(3), queued(4)], pagingState: 'cursor-2', hasMore: true })
			.post(QUEUE, { pageSize: 2, pagingState: 'cursor-2' })
			.reply(200, { messages: [queued(5)], pagingState: 'cursor-3', hasMore: false });
		const result = await getMany({ returnAll: true, options: { pageSize: 2 } });
		expect(result.error).toBeUndefined();
		expect(result.json.map((message) => message.Message)).toEqual([1, 2, 3, 4, 5].map((n) => `Campaign message ${n}`));
		expect(scope.isDone()).toBe(true);
	});

	it('asks the last page for only what the Limit still needs', async () => {
		const scope = api()
			.post(QUEUE, { pageSize: 20 })
			.reply(200, { messages: Array.from({ length: 20 }, (_, i) => queued(i)), pagingState: 'cursor-1', hasMore: true })
			.post(QUEUE, { pageSize: 5, pagingState: 'cursor-1' })
			.reply(200, { messages: Array.from({ length: 5 }, (_, i) => queued(20 + i)), pagingState: 'cursor-2', hasMore: true });
		const result = await getMany({ returnAll: false, limit: 25 });
		expect(result.json).toHaveLength(25);
		expect(scope.isDone()).toBe(true);
	});

	it('stops when the service serves the same cursor again, never listing a message twice', async () => {
		const page = { messages: [queued(1), queued(2)], pagingState: 'same', hasMore: true };
		const scope = api().post(QUEUE, { pageSize: 30 }).reply(200, page).post(QUEUE, { pageSize: 30, pagingState: 'same' }).reply(200, page);
		const result = await getMany({ returnAll: true, options: { pageSize: 30 } });
		expect(result.json).toEqual([queued(1), queued(2)]);
		expect(scope.isDone()).toBe(true);
	});

	it('asks for 30 when Page Size is set higher (the most a page holds)', async () => {
		const scope = api().post(QUEUE, { pageSize: 30 }).reply(200, { messages: [], hasMore: false });
		const result = await getMany({ returnAll: true, options: { pageSize: 100 } });
		expect(result.json).toEqual([]);
		expect(scope.isDone()).toBe(true);
	});

	it('fails the item, saying what to check, when no list comes back', async () => {
		api().post(QUEUE).reply(200, { error: 'You are not connected.' });
		const result = await getMany({ returnAll: true });
		expect(result.error?.message).toBe('Z-API did not return the messages of the queue');
		expect(result.error?.description).toMatch(/connected/);
	});

	it.each([
		['the documented page', { messages: [queued(1)], pagingState: 'c', hasMore: true }, { messages: [queued(1)], pagingState: 'c', hasMore: true }],
		['the last page', { messages: [queued(1)], pagingState: 'c', hasMore: false }, { messages: [queued(1)], pagingState: 'c', hasMore: false }],
		['a page without hasMore but with a cursor', { messages: [], pagingState: 'c' }, { messages: [], pagingState: 'c', hasMore: true }],
		['the deprecated bare list', [queued(1)], { messages: [queued(1)], hasMore: false }],
		['hasMore as a string', { messages: [], pagingState: 'c', hasMore: 'false' }, { messages: [], pagingState: 'c', hasMore: false }],
	])('reads %s', (_shape, answer, page) => {
		expect(queuePageOf(answer)).toEqual(page);
	});

	it.each([[null], [{ error: 'x' }], ['text']])('finds no page in %j', (answer) => {
		expect(queuePageOf(answer)).toBeUndefined();
	});
});

describe('Queue: Count', () => {
	it.each([
		[{ count: 3 }, 3],
		[{ value: '12' }, 12],
		[{ total: 0 }, 0],
		[7, 7],
		['4', 4],
		[[{ count: 2 }], 2],
	])('reads %j as %d', (answer, expected) => {
		expect(countIn(answer)).toBe(expected);
	});

	it.each([[{}], [{ count: -1 }], [{ count: 'many' }], [null]])('finds no count in %j', (answer) => {
		expect(countIn(answer)).toBeUndefined();
	});
});

describe('Queue: Delete', () => {
	it.each(['  ', '../status', 'a/b'])('refuses Zaap ID %j before any request', async (zaapId) => {
		const scope = api().delete(/.*/).reply(200, {});
		const result = await runAction({ resource: 'queue', operation: 'delete', zaapId });
		expect(result.error?.message).toMatch(/^Zaap ID (is empty|'.*' is not an ID Z-API gives)$/);
		expect(scope.isDone()).toBe(false);
	});

	it('fails the item when Z-API refuses in a 200 answer', async () => {
		api().delete(`${QUEUE}/ABC`).reply(200, { value: false });
		const result = await runAction({ resource: 'queue', operation: 'delete', zaapId: 'ABC' });
		expect(result.error?.message).toBe('Z-API could not delete message ABC from the queue (it answered {"value":false})');
	});
});

describe('Queue: Count in the editor', () => {
	// docs/queue/get-queue.md, where GET /queue/count is, is titled deprecated and marked obsolete.
	it("says the call's page is marked obsolete", () => {
		expect(queue.operations.find((operation) => operation.value === 'count')?.description).toMatch(/Z-API's docs mark this call's page obsolete\.$/);
	});
});
