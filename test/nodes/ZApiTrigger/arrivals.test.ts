/**
 * Arrivals: followed by Combine Quick Messages, the trigger records each message another
 * person writes in the conversation table before the execution starts, so the message's place
 * in its burst is fixed when it arrived, however late n8n starts its execution. Run through
 * n8n-core: the trigger's activation and webhook(), then the Combine node's executions, against
 * n8n's data-table API caught by nock.
 */
import type { IDataObject, INode } from 'n8n-workflow';
import nock from 'nock';

import { CONTENT_KINDS } from '../../../nodes/shared/delivery/kinds';
import { NEEDS_STATE_CREDENTIAL, NEEDS_SWITCH } from '../../../nodes/ZApiTrigger/arrivals';
import { FakeDataTables } from '../../helpers/dataTables';
import { ACTION_TYPE, N8N_API_CREDENTIALS, TEST_CREDENTIALS, TRIGGER_TYPE, TestCredentialsHelper, makeNode, runAction } from '../../helpers/engine';
import { echoedForms, holdsSecret } from '../../helpers/secrets';
import { activateAgainstService, contentFixture, deliverTo, instanceCallbackFixture, listening, watchLog } from './fixtures';

const text = CONTENT_KINDS.find((kind) => kind.kind === 'text')!;
const ANA = '5511911111111';
const BRUNO = '5521922222222';
const TABLE = 'Z-API Conversations';
const QUIET_SECONDS = 1;

const combineNode = (parameters: IDataObject = {}): INode => ({
	...makeNode(ACTION_TYPE, { resource: 'conversation', operation: 'combineMessages', quietSeconds: QUIET_SECONDS, maxWaitSeconds: 10, ...parameters }),
	name: 'Combine',
});
let numbered = 0;
// Sent now, as a person types them: bursts are drawn from the times messages were sent.
const received = (phone: string, message: string) => contentFixture(text, { phone, momment: Date.now(), messageId: `ARRIVAL-${++numbered}`, text: { message } });
const fromPhone = (phone: string, message: string) =>
	contentFixture(text, { phone, momment: Date.now(), messageId: `ARRIVAL-${++numbered}`, fromMe: true, fromApi: false, text: { message } });

/** The trigger's own part of the workflow's static data. */
const triggerRecord = (target: { setup: { staticData?: IDataObject } }) => (target.setup.staticData?.['node:Z-API Trigger'] ?? {}) as IDataObject;

const after = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));
let run = 0;
/** The Combine node's execution of one trigger item, as n8n starts it. */
const combine = async (item: IDataObject) =>
	await runAction({ resource: 'conversation', operation: 'combineMessages', quietSeconds: QUIET_SECONDS, maxWaitSeconds: 10 }, [{ json: item }], {
		executionId: `exec-${++run}`,
		mode: 'webhook',
	});

describe('a trigger followed by Combine Quick Messages records arrivals', () => {
	const log = watchLog();
	let tables: FakeDataTables;
	beforeEach(() => {
		tables = new FakeDataTables();
	});

	it('finds (here: creates) the conversation table at activation and keeps its id', async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
		expect(tables.requests).toEqual(['GET /data-tables', 'POST /data-tables']);
		expect(triggerRecord(target).burstTable).toEqual({ id: 'dt1', name: TABLE, typing: true });
	});

	it("uses the Combine node's Data Table Name", async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode({ options: { tableName: 'Loja Centro' } })] });
		expect(triggerRecord(target).burstTable).toEqual({ id: 'dt1', name: 'Loja Centro', typing: true });
	});

	it("records a contact's message in one call before the execution starts; the item says where and when", async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
		const before = tables.requests.length;
		const sentAt = Date.now();
		const { items } = await deliverTo(target, received(ANA, 'oi'));
		expect(tables.requests.slice(before)).toEqual(['POST /data-tables/dt1/rows/upsert']);
		expect(items).toHaveLength(1);
		const recorded = items![0].recorded as IDataObject;
		expect(recorded).toEqual({ table: 'dt1', row: expect.any(Number), sentAt: expect.any(Number), writtenAt: expect.any(Number) });
		// When the person sent it (the delivery's momment).
		expect(recorded.sentAt).toBeGreaterThanOrEqual(sentAt);
		const [row] = tables.rowsOf(TABLE);
		// When it was sent, and when its row was written, by the database's clock.
		expect(row).toMatchObject({ id: recorded.row, chatId: ANA, kind: 'message', messageId: items![0].messageId, arrivedAt: recorded.sentAt });
		expect(recorded.writtenAt).toBe(Date.parse(String(row.createdAt)));
		expect(JSON.parse(String(row.item)).json).toMatchObject({ chatId: ANA, text: 'oi' });
	});

	it('reads the Conversation State credential once per recorded message: the record call takes the credential just read', async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
		const reads = jest.spyOn(TestCredentialsHelper.prototype, 'getDecrypted');
		try {
			const { items } = await deliverTo(target, received(ANA, 'oi'));
			expect(items![0].recorded).toMatchObject({ table: 'dt1' });
			// In a delivery, n8n builds an expression isolate per credential read (no run data to resolve against).
			expect(reads.mock.calls.map((call) => call[2])).toEqual(['zApiConversationStateApi']);
		} finally {
			reads.mockRestore();
		}
	});

	it("records nothing for a person's answer from the phone (Combine reads it from its item)", async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
		const before = tables.requests.length;
		const { items } = await deliverTo(target, fromPhone(ANA, 'Oi, aqui é a Carla'));
		expect(items).toHaveLength(1);
		expect(items![0].recorded).toBeUndefined();
		expect(tables.requests.slice(before)).toEqual([]);
	});

	it('without a Combine node, neither the table nor the messages are touched', async () => {
		const target = await listening({ events: ['messageReceived'] });
		const { items } = await deliverTo(target, received(ANA, 'oi'));
		expect(items![0].recorded).toBeUndefined();
		expect(tables.requests).toEqual([]);
	});

	it('n8n API down at a delivery: the execution starts all the same, the message unrecorded (Combine records it itself)', async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
		nock.cleanAll();
		nock(new URL(N8N_API_CREDENTIALS.baseUrl).origin).post(/rows\/upsert/).replyWithError('connect ECONNREFUSED 127.0.0.1:5678');
		const { items, response } = await deliverTo(target, received(ANA, 'oi'));
		expect(response.status).toBe(200);
		expect(items).toHaveLength(1);
		expect(items![0].recorded).toBeUndefined();
	});

	it("n8n's API (or a proxy before it) echoing the instance token in its error: the warning logged holds it in no form", async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
		nock.cleanAll();
		const echoed = `bad gateway for ${echoedForms(TEST_CREDENTIALS.instanceToken).join(' ')} and ${echoedForms(N8N_API_CREDENTIALS.apiKey).join(' ')}`;
		nock(new URL(N8N_API_CREDENTIALS.baseUrl).origin).post(/rows\/upsert/).reply(502, { message: echoed });
		const { items } = await deliverTo(target, received(ANA, 'oi'));
		expect(items).toHaveLength(1);
		const warnings = log.warn.mock.calls.map((call) => String(call[0]));
		expect(warnings).toEqual([expect.stringMatching(/^Z-API Trigger: could not record a message for Combine Quick Messages \(it records it itself\): n8n's API answered 502 .*\[redacted\]/)]);
		expect(holdsSecret(warnings.join('\n'), TEST_CREDENTIALS.instanceToken)).toBe(false);
		expect(holdsSecret(warnings.join('\n'), N8N_API_CREDENTIALS.apiKey)).toBe(false);
	});

	it('refuses the activation, before any webhook is set, when the trigger lacks the Conversation State credential', async () => {
		const setup = {
			parameters: { events: ['messageReceived'] },
			staticData: {},
			after: [combineNode()],
			node: { credentials: { zApiApi: { id: 'cred-1', name: 'Z-API account' } } } as Partial<INode>,
		};
		const { failure, puts } = await activateAgainstService(setup);
		// What to do follows the message, as every activation error of the trigger says it.
		expect(failure?.message).toBe(`${NEEDS_STATE_CREDENTIAL.message}. ${NEEDS_STATE_CREDENTIAL.description}`);
		expect(puts).toEqual([]);
		expect(triggerRecord({ setup })).toEqual({});
		expect(makeNode(TRIGGER_TYPE, {}).credentials?.zApiConversationStateApi).toBeDefined();
	});
});

describe('a trigger of version 1.2: Followed by Combine or Send and Wait for Reply', () => {
	let tables: FakeDataTables;
	beforeEach(() => {
		tables = new FakeDataTables();
	});

	/** Activates a trigger of version 1.2 followed by Combine; the activation's error, the PUTs sent, the trigger's record. */
	const activate = async (parameters: IDataObject, node: Partial<INode> = {}) => {
		const setup = { parameters: { events: ['messageReceived'], ...parameters }, staticData: {}, after: [combineNode()], node: { typeVersion: 1.2, ...node } as Partial<INode> };
		const { failure, puts } = await activateAgainstService(setup);
		return { failure, puts, record: triggerRecord({ setup }) };
	};

	it('switched off with Combine after it: the activation is refused, naming the switch and the credential to choose, before any webhook is set', async () => {
		const { failure, puts, record } = await activate({});
		expect(failure?.message).toBe(`${NEEDS_SWITCH.message}. ${NEEDS_SWITCH.description}`);
		expect(failure?.message).toMatch(/turn on Followed by Combine or Send and Wait for Reply and choose in Credential for Z-API Conversation State API the same credential as in Combine Quick Messages/);
		expect(puts).toEqual([]);
		expect(record).toEqual({});
		expect(tables.requests).toEqual([]);
	});

	it('switched on without the Conversation State credential: refused, naming the field', async () => {
		const { failure, puts } = await activate({ followedByCombine: true }, { credentials: { zApiApi: { id: 'cred-1', name: 'Z-API account' } } });
		expect(failure?.message).toBe(`${NEEDS_STATE_CREDENTIAL.message}. ${NEEDS_STATE_CREDENTIAL.description}`);
		expect(failure?.message).toMatch(/choose in Credential for Z-API Conversation State API the same credential as in Combine Quick Messages/);
		expect(puts).toEqual([]);
	});

	it('switched on with the credential: the table is found at activation and arrivals are recorded', async () => {
		const { failure, puts, record } = await activate({ followedByCombine: true });
		expect(failure).toBeUndefined();
		expect(puts.length).toBeGreaterThan(0);
		expect(record.burstTable).toEqual({ id: 'dt1', name: TABLE, typing: true });
	});
});

describe("a message's place in its burst is fixed when the trigger received it", () => {
	let tables: FakeDataTables;
	beforeEach(() => {
		tables = new FakeDataTables();
	});

	it("the chat's second message arrives within the quiet period but its execution starts late: still one burst, answered once", async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
		const first = (await deliverTo(target, received(ANA, 'oi'))).items![0];
		await after(300);
		const second = (await deliverTo(target, received(ANA, 'queria saber do pedido'))).items![0];
		// n8n is busy: the first message's execution decides before the second one's even starts.
		const firstRun = await combine(first);
		const secondRun = await combine(second);
		expect(firstRun.json).toEqual([]);
		expect(secondRun.json).toHaveLength(1);
		expect(secondRun.json[0]).toMatchObject({ text: 'oi\nqueria saber do pedido', count: 2, combined: true });
	});

	it('every execution starts after both of the chat’s bursts arrived, and after Maximum Wait: two items, each its own burst', async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
		const items: IDataObject[] = [];
		for (const [words, pause] of [
			['oi', 200],
			['tudo bem?', QUIET_SECONDS * 1000 + 300],
			['outra coisa', 200],
			['sobre a entrega', 0],
		] as const) {
			items.push((await deliverTo(target, received(ANA, words))).items![0]);
			await after(pause);
		}
		await after(QUIET_SECONDS * 1000 + 100);
		// Started late and in the reverse order, with Maximum Wait (2 s) long past.
		const runs = [];
		for (const item of [...items].reverse()) {
			runs.push(
				await runAction({ resource: 'conversation', operation: 'combineMessages', quietSeconds: QUIET_SECONDS, maxWaitSeconds: 2 }, [{ json: item }], {
					executionId: `exec-${++run}`,
					mode: 'webhook',
				}),
			);
		}
		expect(runs.flatMap((one) => one.json).map((burst) => burst.text)).toEqual(['outra coisa\nsobre a entrega', 'oi\ntudo bem?']);
	});

	describe('n8n behind the person: the execution follows the trigger before it decides', () => {
		/** A message the person sent `msAgo` ms ago, reaching the trigger now. */
		const sentEarlier = (phone: string, message: string, msAgo: number) =>
			contentFixture(text, { phone, momment: Date.now() - msAgo, messageId: `ARRIVAL-${++numbered}`, text: { message } });

		it("the chat's next message is recorded after Quiet Period, behind others sent before it: the first waits for it and takes it, one burst", async () => {
			const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
			const start = Date.now();
			// Sent 2 s before n8n recorded it: n8n is 2 s behind.
			const first = (await deliverTo(target, sentEarlier(ANA, 'oi', 2000))).items![0];
			const firstRun = combine(first);
			// The backlog: other chats' messages, sent after Ana's first, recorded in the order sent.
			for (let n = 1; n <= 4; n++) {
				await after(400);
				await deliverTo(target, sentEarlier(`55219000000${n}0`, `mensagem ${n}`, 2000 - n * 100 + (Date.now() - start)));
			}
			// Ana's second message, sent 500 ms after her first, recorded only now: past her first's Quiet Period.
			const second = (await deliverTo(target, sentEarlier(ANA, 'tudo bem?', 1500 + (Date.now() - start)))).items![0];
			// Then the trigger reaches what was sent after her burst could close.
			await deliverTo(target, received(BRUNO, 'bom dia'));
			// Her first's execution claimed the second with its burst once the trigger was past, and
			// went on after Quiet Period following the second; the second's execution finds it taken.
			const burst = (await firstRun).json;
			expect(burst).toHaveLength(1);
			expect(burst[0]).toMatchObject({ chatId: ANA, text: 'oi\ntudo bem?', count: 2, combined: true });
			expect(Date.now() - Number(burst[0].momment)).toBeGreaterThanOrEqual(QUIET_SECONDS * 1000);
			expect((await combine(second)).json).toEqual([]);
		}, 20_000);

		it("a burst's earlier messages stop at the chat's read, without following the trigger: only its last looks", async () => {
			const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
			const items: IDataObject[] = [];
			// n8n 3 s behind: three messages sent 300 ms apart, recorded as quickly.
			for (const words of ['oi', 'tudo bem?', 'queria saber do pedido']) {
				items.push((await deliverTo(target, sentEarlier(ANA, words, 3000))).items![0]);
				await after(300);
			}
			// The trigger past the burst's close: a message sent now.
			await deliverTo(target, received(BRUNO, 'bom dia'));
			const before = tables.requests.length;
			const runs = await Promise.all(items.map(async (item) => await combine(item)));
			expect(runs.map((one) => one.json.length)).toEqual([0, 0, 1]);
			expect(runs[2].json[0]).toMatchObject({ chatId: ANA, text: 'oi\ntudo bem?\nqueria saber do pedido', count: 3 });
			// Three reads of the chat, one look at the trigger's progress (the last message's), one claim.
			const made = tables.requests.slice(before);
			expect(made.filter((request) => request === 'GET /data-tables/dt1/rows')).toHaveLength(4);
			expect(made.filter((request) => request.endsWith('/rows/update'))).toHaveLength(1);
			expect(made).toHaveLength(5);
		}, 20_000);

		it('the trigger has recorded a message sent after the burst could close: the execution decides on its first look, however far behind n8n was', async () => {
			const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
			// n8n 20 s behind when it recorded Ana's message.
			const late = (await deliverTo(target, sentEarlier(ANA, 'oi', 20_000))).items![0];
			await deliverTo(target, received(BRUNO, 'bom dia'));
			const before = tables.requests.length;
			const run = await combine(late);
			expect(run.json).toHaveLength(1);
			expect(run.json[0]).toMatchObject({ chatId: ANA, text: 'oi', combined: true });
			// The chat's read, one look at the trigger's progress, the claim.
			expect(tables.requests.slice(before)).toEqual(['GET /data-tables/dt1/rows', 'GET /data-tables/dt1/rows', 'PATCH /data-tables/dt1/rows/update']);
		});

		it('nothing recorded between two looks: nothing is waiting, the execution decides', async () => {
			const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
			const late = (await deliverTo(target, sentEarlier(ANA, 'oi', 1500))).items![0];
			const before = tables.requests.length;
			const run = await combine(late);
			expect(run.json[0]).toMatchObject({ chatId: ANA, text: 'oi', combined: true });
			// The read, two looks (its own row the newest both times), the claim.
			expect(tables.requests.slice(before)).toEqual(['GET /data-tables/dt1/rows', 'GET /data-tables/dt1/rows', 'GET /data-tables/dt1/rows', 'PATCH /data-tables/dt1/rows/update']);
		});
	});

	it("the burst's last execution reads the chat before the close: only the claim is between the close and the answer", async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
		const item = (await deliverTo(target, received(ANA, 'oi'))).items![0];
		const recorded = item.recorded as { sentAt: number; writtenAt: number };
		const closesAt = Math.max(recorded.sentAt, recorded.writtenAt) + QUIET_SECONDS * 1000;
		const before = tables.requests.length;
		const run = await combine(item);
		expect(run.json[0]).toMatchObject({ text: 'oi', combined: true });
		const made = tables.requests.slice(before).map((request, index) => [request, tables.requestTimes[before + index] >= closesAt ? 'after the close' : 'before']);
		expect(made).toEqual([
			['GET /data-tables/dt1/rows', 'before'],
			['PATCH /data-tables/dt1/rows/update', 'after the close'],
		]);
	});

	it('a message of the burst written after the last execution read the chat: the claim takes it, and the burst goes on after quiet following it', async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
		const first = (await deliverTo(target, received(ANA, 'oi'))).items![0];
		const firstRun = combine(first);
		// Written between the first's read (250 ms before its close) and its claim.
		await after(QUIET_SECONDS * 1000 - 120);
		const second = (await deliverTo(target, received(ANA, 'tudo bem?'))).items![0];
		const burst = (await firstRun).json;
		expect(burst.map((one) => [one.text, one.count])).toEqual([['oi\ntudo bem?', 2]]);
		// Not before Quiet Period after the second.
		expect(Date.now() - Number((second.recorded as { sentAt: number }).sentAt)).toBeGreaterThanOrEqual(QUIET_SECONDS * 1000);
		expect((await combine(second)).json).toEqual([]);
	});

	it("an earlier burst's message recorded late, between a later burst's messages, stays with its own burst", async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
		const first = (await deliverTo(target, received(ANA, 'oi'))).items![0];
		// Sent 10 s ago (a burst of its own), reaching n8n only now: its row's id falls within the new burst's.
		const old = (await deliverTo(target, contentFixture(text, { phone: ANA, momment: Date.now() - 10_000, messageId: `ARRIVAL-${++numbered}`, text: { message: 'mensagem antiga' } }))).items![0];
		const second = (await deliverTo(target, received(ANA, 'tudo bem?'))).items![0];
		const runs = await Promise.all([first, second].map(async (item) => await combine(item)));
		expect(runs.flatMap((one) => one.json).map((burst) => burst.text)).toEqual(['oi\ntudo bem?']);
		const alone = await combine(old);
		expect(alone.json.map((burst) => [burst.text, burst.count])).toEqual([['mensagem antiga', 1]]);
	}, 20_000);

	it('two calls to n8n per message and one per burst: the record, one read, the claim', async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
		const before = tables.requests.length;
		const items: IDataObject[] = [];
		for (const [phone, words] of [
			[ANA, 'oi'],
			[BRUNO, 'bom dia'],
			[ANA, 'tudo bem?'],
			[ANA, 'queria saber do pedido'],
			[BRUNO, 'preciso de ajuda'],
		]) {
			items.push((await deliverTo(target, received(phone, words))).items![0]);
			await after(100);
		}
		const runs = await Promise.all(items.map(async (item) => await combine(item)));
		const bursts = runs.flatMap((one) => one.json);
		expect(bursts.map((burst) => [burst.chatId, burst.text])).toEqual(
			expect.arrayContaining([
				[ANA, 'oi\ntudo bem?\nqueria saber do pedido'],
				[BRUNO, 'bom dia\npreciso de ajuda'],
			]),
		);
		expect(bursts).toHaveLength(2);
		const made = tables.requests.slice(before);
		expect(made.filter((request) => request.endsWith('/rows/upsert'))).toHaveLength(5);
		expect(made.filter((request) => request === 'GET /data-tables/dt1/rows')).toHaveLength(5);
		expect(made.filter((request) => request.endsWith('/rows/update'))).toHaveLength(2);
		// No lookup of the table by name: the trigger passed the one it found at activation.
		expect(made.filter((request) => request === 'GET /data-tables')).toEqual([]);
		expect(made.length).toBeLessThanOrEqual(5 * 2 + 2);
	});

	it('a copy of a message whose burst went on is marked by the trigger and starts no second answer', async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
		const body = received(ANA, 'oi');
		const first = (await deliverTo(target, body)).items![0];
		expect((await combine(first)).json).toHaveLength(1);
		// The service sends it again (the trigger's own repeat memory off, or past its window).
		const again = (await deliverTo({ ...target, setup: { ...target.setup, parameters: { events: ['messageReceived'], options: { ignoreRepeats: false } } } }, body)).items![0];
		expect(again.recorded).toMatchObject({ copy: true });
		expect((await combine(again)).json).toEqual([]);
		expect(tables.rowsOf(TABLE).filter((row) => row.kind === 'message')).toHaveLength(1);
	});
});

describe('Wait While Typing: the trigger records chat presence for Combine Quick Messages, starting nothing', () => {
	const log = watchLog();
	let tables: FakeDataTables;
	beforeEach(() => {
		tables = new FakeDataTables();
	});
	const presence = (phone: string, status: string) => instanceCallbackFixture('PresenceChatCallback', { phone, status });
	const typingRowOf = (phone: string) => tables.rowsOf(TABLE).find((row) => row.kind === 'typing' && row.chatId === phone);

	it('typing and recording: one call each, the chat’s typing row says so; no execution', async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
		const before = tables.requests.length;
		const typing = await deliverTo(target, presence(ANA, 'COMPOSING'));
		expect(typing.items).toBeUndefined();
		expect(typing.result.webhookResponse).toEqual({ received: true, started: false });
		expect(typingRowOf(ANA)).toMatchObject({ pausedBy: 'COMPOSING' });
		const recording = await deliverTo(target, presence(ANA, 'RECORDING'));
		expect(recording.items).toBeUndefined();
		expect(typingRowOf(ANA)).toMatchObject({ pausedBy: 'RECORDING' });
		expect(tables.requests.slice(before)).toEqual(['POST /data-tables/dt1/rows/upsert', 'POST /data-tables/dt1/rows/upsert']);
		expect(tables.rowsOf(TABLE).filter((row) => row.kind === 'typing')).toHaveLength(1);
	});

	it('stopping changes the typing row only if the chat has one; AVAILABLE costs no call', async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
		const before = tables.requests.length;
		await deliverTo(target, presence(BRUNO, 'UNAVAILABLE'));
		expect(typingRowOf(BRUNO)).toBeUndefined();
		await deliverTo(target, presence(ANA, 'AVAILABLE'));
		await deliverTo(target, presence(ANA, 'COMPOSING'));
		await deliverTo(target, presence(ANA, 'PAUSED'));
		expect(typingRowOf(ANA)).toMatchObject({ pausedBy: 'PAUSED' });
		expect(tables.requests.slice(before)).toEqual(['PATCH /data-tables/dt1/rows/update', 'POST /data-tables/dt1/rows/upsert', 'PATCH /data-tables/dt1/rows/update']);
	});

	it('with Chat Presence chosen too, the delivery is recorded and starts its execution as before', async () => {
		const target = await listening({ events: ['messageReceived', 'chatPresence'] }, { after: [combineNode()] });
		const { items } = await deliverTo(target, presence(ANA, 'COMPOSING'));
		expect(items).toEqual([expect.objectContaining({ event: 'chatPresence', kind: 'COMPOSING' })]);
		expect(typingRowOf(ANA)).toMatchObject({ pausedBy: 'COMPOSING' });
	});

	it('Wait While Typing off: chat presence is neither registered nor recorded', async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode({ options: { waitWhileTyping: false } })] });
		expect(target.endpoints).not.toContain('/update-webhook-chat-presence');
		expect(triggerRecord(target).burstTable).toEqual({ id: 'dt1', name: TABLE });
		const before = tables.requests.length;
		await deliverTo(target, presence(ANA, 'COMPOSING'));
		expect(tables.requests.slice(before)).toEqual([]);
	});

	it("n8n's API down: the presence is answered 200 all the same, and the warning says what was lost", async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
		nock.cleanAll();
		nock(new URL(N8N_API_CREDENTIALS.baseUrl).origin).post(/rows\/upsert/).replyWithError('connect ECONNREFUSED 127.0.0.1:5678');
		const { items, result } = await deliverTo(target, presence(ANA, 'COMPOSING'));
		expect(result.webhookResponse).toEqual({ received: true, started: false });
		expect(items).toBeUndefined();
		expect(log.warn.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringMatching(/^Z-API Trigger: could not record that a person is typing, for Combine Quick Messages: /)]);
	});

	it('a person typing between two messages makes one burst of both, which says typingEnded', async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
		// Quiet Period 1 s: the second message comes 2.5 s after the first, the person typing meanwhile.
		const first = (await deliverTo(target, received(ANA, 'queria um bolo'))).items![0];
		const firstRun = combine(first);
		await after(300);
		await deliverTo(target, presence(ANA, 'COMPOSING'));
		await after(1200);
		await deliverTo(target, presence(ANA, 'COMPOSING'));
		await after(1000);
		await deliverTo(target, presence(ANA, 'PAUSED'));
		const second = (await deliverTo(target, received(ANA, 'de chocolate, para sábado'))).items![0];
		const secondRun = combine(second);
		const runs = await Promise.all([firstRun, secondRun]);
		const bursts = runs.flatMap((one) => one.json);
		expect(bursts).toEqual([expect.objectContaining({ text: 'queria um bolo\nde chocolate, para sábado', count: 2 })]);
		expect(['typingEnded', 'quietPeriod']).toContain(bursts[0].wentOnBecause);
	});

	it('a person typing who never sends: the burst goes on once they stop, saying typingEnded', async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
		const started = Date.now();
		const first = (await deliverTo(target, received(ANA, 'oi'))).items![0];
		const waiting = combine(first);
		await after(200);
		await deliverTo(target, presence(ANA, 'COMPOSING'));
		await after(2500);
		await deliverTo(target, presence(ANA, 'PAUSED'));
		const result = await waiting;
		expect(result.json).toEqual([expect.objectContaining({ text: 'oi', count: 1, wentOnBecause: 'typingEnded' })]);
		// Not at Quiet Period (1 s) after the message: after they stopped, 2.7 s in, and the 1 s after it.
		expect(Date.now() - started).toBeGreaterThanOrEqual(3500);
	});

	it('typing never stopping is cut at Maximum Wait, which the burst says', async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combineNode()] });
		const started = Date.now();
		const first = (await deliverTo(target, received(ANA, 'oi'))).items![0];
		const cut = runAction({ resource: 'conversation', operation: 'combineMessages', quietSeconds: QUIET_SECONDS, maxWaitSeconds: 3 }, [{ json: first }], { executionId: 'exec-typing-on', mode: 'webhook' });
		for (let n = 0; n < 8; n++) {
			await after(500);
			await deliverTo(target, presence(ANA, 'COMPOSING'));
		}
		const result = await cut;
		expect(result.json).toEqual([expect.objectContaining({ text: 'oi', wentOnBecause: 'maximumWait' })]);
		// Maximum Wait is 3 s after the message; a look a second at most after it.
		expect(Date.now() - started).toBeLessThan(5000);
	});
});
