'use strict';
/** The stand-in's queue: cursor pages of at most 30, count, deleting one and all. */
const { createStandIn } = require('./server');

const ID = 'QUEUEINSTANCE';
const TOKEN = 'tok/en with space';

let standIn;
let base;

async function api(method, path, body) {
	const res = await fetch(`${base}/instances/${ID}/token/${encodeURIComponent(TOKEN)}${path}`, {
		method,
		headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	return { status: res.status, json: text ? JSON.parse(text) : undefined, reason: res.headers.get('x-stand-in-reason') };
}

beforeEach(async () => {
	standIn = createStandIn({ instances: [{ id: ID, token: TOKEN }] });
	base = (await standIn.start()).url;
});
afterEach(async () => {
	await standIn.stop();
});

describe('stand-in: queue', () => {
	it('pages with the cursor, 20 by default and 30 at most, oldest first, hasMore false at the end', async () => {
		standIn.enqueue(ID, Array.from({ length: 45 }, (_, i) => ({ message: `m${i}` })));
		const first = (await api('POST', '/queue', {})).json;
		expect(first.messages.map((m) => m.Message)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));
		expect(first.hasMore).toBe(true);
		const second = (await api('POST', '/queue', { pageSize: 100, pagingState: first.pagingState })).json;
		expect(second.messages).toHaveLength(25);
		expect(second.hasMore).toBe(false);
		expect(second.messages[0]).toMatchObject({ Message: 'm20', InstanceId: ID, DelayMessage: -1 });
		expect(second.messages[0].ZaapId).toBe(second.messages[0]._id);
	});

	it('refuses a cursor it never gave', async () => {
		expect(await api('POST', '/queue', { pagingState: 'bm9wZQ==' })).toMatchObject({ status: 400, json: { error: 'Invalid pagingState' } });
	});

	it('counts, deletes one by zaapId (an unknown one is refused), then all', async () => {
		const [first] = standIn.enqueue(ID, [{}, {}, {}]);
		expect((await api('GET', '/queue/count')).json).toEqual({ count: 3 });
		expect((await api('DELETE', `/queue/${first}`)).status).toBe(200);
		expect(standIn.queue(ID).messages.map((m) => m.ZaapId)).not.toContain(first);
		expect(await api('DELETE', `/queue/${first}`)).toMatchObject({ json: { value: false }, reason: 'no such message in the queue' });
		expect((await api('DELETE', '/queue')).status).toBe(200);
		expect((await api('GET', '/queue/count')).json).toEqual({ count: 0 });
	});

	it('is seeded through the control route', async () => {
		const res = await fetch(`${base}/_control/queue`, { method: 'POST', body: JSON.stringify({ instanceId: ID, count: 2 }) });
		expect(res.status).toBe(201);
		expect((await res.json()).queued).toHaveLength(2);
		expect(standIn.queue(ID).messages).toHaveLength(2);
	});
});
