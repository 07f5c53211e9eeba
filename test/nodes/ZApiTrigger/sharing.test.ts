/**
 * Several workflows with a Z-API Trigger on one instance, through n8n-core, against the
 * stand-in of the service (one address per webhook, whoever sets it last wins). n8n's
 * webhook server is played here: a request to a workflow's address is a delivery through
 * n8n-core's WebhookContext to that workflow, and one to a workflow that is not active is
 * answered 404, as n8n does.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'http';

import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { CONTROL_FIELD, CONTROL_MAX_AGE_MS } from '../../../nodes/shared/control';
import { CONTENT_KINDS } from '../../../nodes/shared/delivery/kinds';
import { webhookAddressesIn, type WebhookAddresses } from '../../../nodes/shared/webhooks';
import { ENCODED_TOKEN } from '../../helpers/encodedToken';
import { deliver, TEST_CREDENTIALS, triggerLifecycle, type TriggerSetup } from '../../helpers/engine';
import { EXECUTION_ID, runWaitingAction } from '../../helpers/waiting';
import { verifyHandOff, WAITING_REPLIES_KEY } from '../../../nodes/shared/waitingReplies';
import * as relay from '../../../nodes/ZApiTrigger/relay';
import { contentFixture, createStandIn, instanceCallbackFixture, n8nDelete, statusFixture } from './fixtures';

const INSTANCE = { id: TEST_CREDENTIALS.instanceId, token: ENCODED_TOKEN };
const standIn = createStandIn({ instances: [INSTANCE] });
const N8N = 'https://n8n.example.com';
const OTHER_PROGRAM = 'https://crm.example.com/zapi/inbound?key=crm-secret';

interface Workflow {
	name: string;
	setup: TriggerSetup;
	webhookId: string;
	active: boolean;
	/**
	 * Activated by a version without the `setup` webhook and not activated again since: n8n 2.x
	 * registered its POST webhook only, and answers 404 to a PUT.
	 */
	olderActivation?: boolean;
	/** Items of every execution started, in order. */
	started: IDataObject[];
}

let workflows: Workflow[] = [];
/** Requests n8n got from anyone but the service (passed-on deliveries, control requests). */
let fromTriggers = 0;
/** The control requests sent to n8n, as they went (address with its query, body). */
let controlsSent: Array<{ path: string; body: IDataObject; op: string; method: 'POST' | 'PUT' }> = [];
let log: { info: jest.SpyInstance; warn: jest.SpyInstance; error: jest.SpyInstance };

function workflow(index: number, events: string[]): Workflow {
	const webhookId = `c0ffee00-0000-4000-8000-00000000010${index}`;
	const made: Workflow = {
		name: `W${index}`,
		webhookId,
		active: false,
		started: [],
		setup: {
			parameters: { events },
			staticData: {},
			workflowId: `wf-${index}`,
			node: { id: `trigger-${index}`, webhookId },
			options: { credentials: { instanceToken: ENCODED_TOKEN, baseUrl: standIn.url } },
		},
	};
	workflows.push(made);
	return made;
}

/**
 * One request to a workflow's address, as n8n runs it: webhook() works on the static data
 * loaded for it, and n8n saves what webhook() left there when it returns. What is written
 * after that (by work webhook() did not wait for) is not saved.
 */
async function serve(target: Workflow, delivery: { body: unknown; query: IDataObject; headers: IDataObject; method?: 'POST' | 'PUT' }) {
	const working = JSON.parse(JSON.stringify(target.setup.staticData ?? {})) as IDataObject;
	const result = await deliver({ ...target.setup, staticData: working }, delivery);
	target.setup.staticData = JSON.parse(JSON.stringify(working)) as IDataObject;
	return result;
}

/** The deliveries heads are passing on, each until its tries ended and its report was sent. */
let passing: Array<Promise<void>> = [];
async function settle(): Promise<void> {
	while (passing.length) {
		const now = passing;
		passing = [];
		await Promise.all(now);
	}
}

/** n8n's answer to a request to one of its webhook addresses. */
async function n8nServes(path: string, body: unknown, headers: IDataObject, method: 'POST' | 'PUT' = 'POST'): Promise<[number, IDataObject]> {
	const url = new URL(path, N8N);
	const target = workflows.find((candidate) => candidate.active && url.pathname === `/webhook/${candidate.webhookId}/webhook`);
	if (!target || (method === 'PUT' && target.olderActivation)) return [404, { message: 'The requested webhook is not registered.' }];
	const result = await serve(target, { body, query: Object.fromEntries(url.searchParams), headers, method });
	if (result.items) target.started.push(...result.items);
	if (result.response.status !== undefined) return [result.response.status, result.response.body as IDataObject];
	return [200, (result.result.webhookResponse as IDataObject | undefined) ?? { message: 'Webhook call received' }];
}

beforeAll(async () => {
	await standIn.start(0);
	nock.enableNetConnect('127.0.0.1');
	elsewhere.server = createServer((req: IncomingMessage, res: ServerResponse) => {
		let body = '';
		req.on('data', (chunk: Buffer) => (body += chunk.toString()));
		req.on('end', () => {
			elsewhere.received.push({ path: req.url ?? '', headers: req.headers as IDataObject, body });
			res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
		});
	});
	await new Promise<void>((resolve) => elsewhere.server.listen(0, '127.0.0.1', resolve));
	elsewhere.base = `http://127.0.0.1:${(elsewhere.server.address() as { port: number }).port}`;
});

afterAll(async () => {
	await new Promise((resolve) => elsewhere.server.close(resolve));
	await standIn.stop();
	nock.cleanAll();
});

beforeEach(async () => {
	standIn.reset();
	workflows = [];
	controlsSent = [];
	passing = [];
	// Watched, not changed: each passing-on runs as it does in n8n; a test can wait for it to end.
	const relayToMembers = relay.relayToMembers;
	jest.spyOn(relay, 'relayToMembers').mockImplementation((...args) => {
		const passingOn = relayToMembers(...args);
		passing.push(passingOn.settled);
		return passingOn;
	});
	// Deliveries (POST) and control requests (PUT) to a workflow's address.
	const n8nAnswers = function (this: nock.ReplyFnContext, path: string, body: nock.Body, callback: (error: NodeJS.ErrnoException | null, result: nock.ReplyFnResult) => void) {
			const method = this.req.method as 'POST' | 'PUT';
			fromTriggers++;
			const station = staged.get(new URL(path, N8N).pathname.split('/')[2]);
			if (station) {
				// The member's connection failing fails the request the head made.
				const request = this.req as unknown as { destroy(error: Error): void };
				forward(station, method, path, body, this.req.headers as IDataObject).then(
					(answer) => callback(null, answer),
					(error: Error) => request.destroy(Object.assign(new Error(`${error.message}: ${String((error.cause as Error | undefined)?.message ?? '')}`), { code: (error.cause as { code?: string } | undefined)?.code })),
				);
				return;
			}
			const text = (body as IDataObject).zApiTriggerControl;
			if (typeof text === 'string') controlsSent.push({ path, body: body as IDataObject, op: String((JSON.parse(text) as IDataObject).op), method });
			n8nServes(path, body, this.req.headers as IDataObject, method).then(
				(answer) => callback(null, answer),
				(error: Error) => callback(error, [500, {}]),
			);
	};
	nock(N8N).persist().post(/^\/webhook\//).reply(n8nAnswers);
	nock(N8N).persist().put(/^\/webhook\//).reply(n8nAnswers);
	const logger = Container.get(Logger);
	log = {
		info: jest.spyOn(logger, 'info').mockImplementation(() => {}),
		warn: jest.spyOn(logger, 'warn').mockImplementation(() => {}),
		error: jest.spyOn(logger, 'error').mockImplementation(() => {}),
	};
	await control('webhooks', { received: OTHER_PROGRAM, status: OTHER_PROGRAM, sentByMe: false });
});

afterEach(async () => {
	await unstageAll();
	nock.cleanAll();
	jest.restoreAllMocks();
});

/**
 * A member's n8n staged at a real local server on 127.0.0.1: requests to that workflow's
 * https address are sent on to it, and it answers as its fault says (else as n8n does).
 */
type Fault = 'none' | 'notFoundOnce' | 'cutTwice' | 'stalls' | 'down' | 'redirectsElsewhere' | 'held';
interface Station {
	server: Server;
	port: number;
	requests: number;
	fault: Fault;
	/** 'held': requests received and not answered yet; release() answers them as n8n would. */
	held: Array<() => void>;
	answered: number;
}
const staged = new Map<string, Station>();

async function stage(target: Workflow, fault: Fault): Promise<Station> {
	const station: Station = { server: undefined as unknown as Server, port: 0, requests: 0, fault, held: [], answered: 0 };
	station.server = createServer((req: IncomingMessage, res: ServerResponse) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			station.requests++;
			if (station.fault === 'stalls') return;
			if (station.fault === 'cutTwice' && station.requests <= 2) return void req.socket.destroy();
			if (station.fault === 'redirectsElsewhere') {
				res.writeHead(307, { 'content-type': 'application/json', location: `${elsewhere.base}/taken${req.url ?? '/'}` }).end('{}');
				return;
			}
			if (station.fault === 'notFoundOnce' && station.requests === 1) {
				res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'The requested webhook is not registered.' }));
				return;
			}
			const body = JSON.parse(Buffer.concat(chunks).toString() || 'null') as unknown;
			const serveIt = () =>
				void n8nServes(req.url ?? '/', body, req.headers as IDataObject, req.method as 'POST' | 'PUT').then(([status, answer]) => {
					station.answered++;
					res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer ?? {}));
				});
			if (station.fault === 'held') station.held.push(serveIt);
			else serveIt();
		});
	});
	await new Promise<void>((resolve) => station.server.listen(0, '127.0.0.1', resolve));
	station.port = (station.server.address() as { port: number }).port;
	if (fault === 'down') await new Promise((resolve) => station.server.close(resolve));
	staged.set(target.webhookId, station);
	return station;
}

async function forward(station: Station, method: string, path: string, body: unknown, headers: IDataObject): Promise<[number, IDataObject, Record<string, string>]> {
	const relayed = Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('x-zapi-')).map(([name, value]) => [name, String(value)]));
	const response = await fetch(`http://127.0.0.1:${station.port}${path}`, {
		method,
		headers: { 'content-type': 'application/json', ...relayed },
		body: JSON.stringify(body),
		// The head's own client decides whether to follow a redirect the member's n8n answers.
		redirect: 'manual',
	});
	const location = response.headers.get('location');
	return [response.status, (await response.json()) as IDataObject, location ? { location } : {}];
}

/** Another origin a member's address may redirect to: it must never be sent anything. */
const elsewhere = { base: '', received: [] as Array<{ path: string; headers: IDataObject; body: string }>, server: undefined as unknown as Server };

async function unstageAll(): Promise<void> {
	for (const station of staged.values()) {
		station.server.closeAllConnections();
		await new Promise((resolve) => station.server.close(() => resolve(undefined)));
	}
	staged.clear();
}

async function control(path: string, body: IDataObject): Promise<void> {
	const response = await fetch(`${standIn.url}/_control/${path}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ instanceId: INSTANCE.id, ...body }),
	});
	expect(response.status).toBe(200);
}

async function settings(): Promise<{ addresses: WebhookAddresses; sentByMe: unknown }> {
	const answer = (await (await fetch(`${standIn.instanceUrl(INSTANCE.id)}/me`)).json()) as IDataObject;
	return { addresses: webhookAddressesIn(answer), sentByMe: answer.receiveCallbackSentByMe };
}

async function activate(target: Workflow): Promise<void> {
	await triggerLifecycle(target.setup).activate();
	target.active = true;
}

async function deactivate(target: Workflow): Promise<void> {
	// n8n stops serving the workflow's address, then runs the clean-up.
	target.active = false;
	await n8nDelete(target.setup);
}

/** The service sends one delivery to the address it holds for that webhook; who started, how often? */
async function serviceSends(webhook: keyof WebhookAddresses, body: IDataObject): Promise<string[]> {
	for (const each of workflows) each.started = [];
	const address = (await settings()).addresses[webhook];
	if (address.startsWith(N8N)) {
		const [status] = await n8nServes(address.slice(N8N.length), body, { 'content-type': 'application/json' });
		expect(status).toBe(200);
		await settle();
	}
	// One name per item started: a workflow reached twice shows twice.
	return workflows.flatMap((each) => each.started.map(() => each.name));
}

/** A new message id each time: a delivery with the same id would be ignored as a repeat. */
let sequence = 0;
const newId = () => `3EB0${String(++sequence).padStart(16, '0')}`;

/** One delivery of each kind the workflows below choose, and which event each is. */
const KINDS: Array<{ what: string; webhook: keyof WebhookAddresses; event: string; body: () => IDataObject }> = [
	{ what: 'a message received', webhook: 'receivedAndSent', event: 'messageReceived', body: () => contentFixture(CONTENT_KINDS[0], { messageId: newId() }) },
	{ what: 'a message sent by me', webhook: 'receivedAndSent', event: 'messageSent', body: () => contentFixture(CONTENT_KINDS[0], { fromMe: true, messageId: newId() }) },
	{ what: 'a status change', webhook: 'messageStatus', event: 'messageStatus', body: () => statusFixture('READ', [newId()]) },
	{ what: 'instance connected', webhook: 'connected', event: 'connected', body: () => instanceCallbackFixture('ConnectedCallback', { momment: 1700000000000 + ++sequence }) },
];

const EVENTS = [['messageReceived'], ['messageReceived', 'messageStatus'], ['messageStatus', 'messageSent', 'connected']];

/** After each step: every kind reaches exactly the active workflows that chose it. */
async function expectEachReceivesWhatItChose(step: string): Promise<void> {
	for (const kind of KINDS) {
		const expected = workflows.filter((each) => each.active && (each.setup.parameters.events as string[]).includes(kind.event)).map((each) => each.name);
		const reached = await serviceSends(kind.webhook, kind.body());
		expect({ step, kind: kind.what, reached }).toEqual({ step, kind: kind.what, reached: expected });
	}
}

function permutations<T>(list: T[]): T[][] {
	if (list.length <= 1) return [list];
	return list.flatMap((first, index) => permutations([...list.slice(0, index), ...list.slice(index + 1)]).map((rest) => [first, ...rest]));
}

const ORDERS = permutations([0, 1, 2]);
const SEQUENCES = ORDERS.flatMap((up) => ORDERS.map((down) => ({ up, down })));

describe('three workflows, activated and deactivated in every order', () => {
	it.each(SEQUENCES)('activated $up, deactivated $down', async ({ up, down }) => {
		const all = EVENTS.map((events, index) => workflow(index + 1, events));
		for (const index of up) {
			await activate(all[index]);
			await expectEachReceivesWhatItChose(`after activating W${index + 1}`);
		}
		for (const index of down) {
			await deactivate(all[index]);
			await expectEachReceivesWhatItChose(`after deactivating W${index + 1}`);
		}
		// The other program's addresses and notify sent by me are back as they were.
		const end = await settings();
		expect(end.addresses).toEqual({ ...end.addresses, receivedAndSent: OTHER_PROGRAM, messageStatus: OTHER_PROGRAM, connected: '' });
		expect(end.sentByMe).toBe(false);
		expect(log.warn).not.toHaveBeenCalled();
		expect(log.error).not.toHaveBeenCalled();
		// The node's record ends; the workflow's shared part stays empty (no question waits, no LID learned).
		for (const each of all) {
			expect(each.setup.staticData).toEqual({ 'node:Z-API Trigger': { retired: [expect.stringMatching(/^[0-9a-f]{32}$/)] }, global: {} });
		}
	}, 60_000);
});

describe('Send and Wait for Reply in a workflow that is not the head', () => {
	it('its questions go through the head to its own trigger, and the reply reaches its run; the head’s workflow starts nothing for it', async () => {
		const head = workflow(0, ['messageReceived']);
		const asking = workflow(1, ['messageReceived']);
		await activate(head);
		await activate(asking);
		const phone = '5511944445555';
		const result = await runWaitingAction(
			{ resource: 'message', operation: 'sendAndWaitForReply', phone, message: 'Which day?', questionType: 'buttons', buttons: { button: [{ label: 'Monday', id: 'mon' }] }, answerRule: 'choice' },
			undefined,
			{ credentials: { instanceToken: ENCODED_TOKEN, baseUrl: standIn.url }, workflowId: 'wf-1' },
		);
		expect(result.error).toBeUndefined();
		expect(result.status).toBe('waiting');
		const waitsOf = (target: Workflow) => ((target.setup.staticData!.global as IDataObject | undefined)?.[WAITING_REPLIES_KEY] ?? {}) as IDataObject;
		expect(Object.keys(waitsOf(asking))).toEqual([`${EXECUTION_ID}#0`]);
		expect(waitsOf(head)).toEqual({});

		const posted: unknown[] = [];
		const resume = nock(N8N)
			.post(`/webhook-waiting/${EXECUTION_ID}/action-node-id`, (body) => posted.push(body) > 0)
			.query(true)
			.reply(200, { accepted: true });
		const reply = contentFixture(CONTENT_KINDS.find((kind) => kind.key === 'buttonsResponseMessage')!, {
			phone,
			messageId: newId(),
			buttonsResponseMessage: { buttonId: 'mon', message: 'Monday' },
		});
		expect(await serviceSends('receivedAndSent', reply)).toEqual([]);
		expect(resume.isDone()).toBe(true);
		expect(verifyHandOff(ENCODED_TOKEN, posted[0])).toMatchObject({ counted: true, reply: { kind: 'buttonsResponse', text: 'Monday' } });
		expect(waitsOf(asking)).toEqual({});

		// Each placement sent again as it went, after the answer: none makes the question wait again.
		const placements = controlsSent.filter((sent) => sent.op === 'await');
		expect(placements.length).toBeGreaterThanOrEqual(4);
		for (const sent of placements) {
			const [status, body] = await n8nServes(sent.path, sent.body, {}, 'PUT');
			expect([200, 403]).toContain(status);
			if (status === 403) expect(body).toEqual({ error: 'Already received' });
			else expect(body).toMatchObject({ ok: true, kept: [], waiting: 0 });
		}
		expect(waitsOf(asking)).toEqual({});
		expect(waitsOf(head)).toEqual({});
	});
});

describe('an answer to a waiting question starts no other workflow on the instance unless asked to', () => {
	const phone = '5511944445555';
	const asks = (workflowId: string) =>
		runWaitingAction(
			{ resource: 'message', operation: 'sendAndWaitForReply', phone, message: 'Which day?', questionType: 'buttons', buttons: { button: [{ label: 'Monday', id: 'mon' }] }, answerRule: 'choice' },
			undefined,
			{ credentials: { instanceToken: ENCODED_TOKEN, baseUrl: standIn.url }, workflowId },
		);
	const answer = () =>
		contentFixture(CONTENT_KINDS.find((kind) => kind.key === 'buttonsResponseMessage')!, { phone, messageId: newId(), buttonsResponseMessage: { buttonId: 'mon', message: 'Monday' } });
	const resumed = () => nock(N8N).post(`/webhook-waiting/${EXECUTION_ID}/action-node-id`).query(true).reply(200, { accepted: true });

	it.each([
		['the question waits in a member’s workflow; the head', 'wf-1', 0, [], ['W0']],
		['the question waits in the head’s workflow; a member', 'wf-0', 1, [], ['W1']],
	])('%s starts for it only with Start on Answers Elsewhere on', async (_name, askingWorkflow, other, off, on) => {
		for (const startOnAnswersElsewhere of [false, true]) {
			workflows = [];
			standIn.reset();
			const all = [workflow(0, ['messageReceived']), workflow(1, ['messageReceived'])];
			all[other].setup.parameters = { ...all[other].setup.parameters, options: { startOnAnswersElsewhere } };
			for (const each of all) await activate(each);
			expect((await asks(askingWorkflow)).status).toBe('waiting');
			const resume = resumed();
			expect(await serviceSends('receivedAndSent', answer())).toEqual(startOnAnswersElsewhere ? on : off);
			expect(resume.isDone()).toBe(true);
			// A message that answers nothing starts both.
			expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { phone, messageId: newId() }))).toEqual(['W0', 'W1']);
		}
	}, 60_000);
});

describe('a control request captured on its way is good for nothing else', () => {
	it('a join sent again to another workflow’s trigger is refused', async () => {
		const first = workflow(1, ['messageReceived']);
		const second = workflow(2, ['messageReceived']);
		const third = workflow(3, ['messageReceived']);
		for (const each of [first, second, third]) await activate(each);
		const joinOfThird = controlsSent.filter((sent) => sent.op === 'join')[1];
		// The first leaves: the second holds the webhook with the third as its member; then the third leaves too.
		await deactivate(first);
		await deactivate(third);
		const holder = (await settings()).addresses.receivedAndSent;
		expect(holder.startsWith(`${N8N}/webhook/${second.webhookId}/webhook?activation=`)).toBe(true);
		const [status, body] = await n8nServes(holder.slice(N8N.length), joinOfThird.body, {}, 'PUT');
		expect([status, body]).toEqual([403, { error: 'Sent to another trigger' }]);
		expect((second.setup.staticData!['node:Z-API Trigger'] as IDataObject).members ?? []).toEqual([]);
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W2']);
	});

	it('a leave sent again after the member joined again is refused; the member keeps receiving', async () => {
		const head = workflow(1, ['messageReceived']);
		const member = workflow(2, ['messageReceived']);
		await activate(head);
		await activate(member);
		await deactivate(member);
		const leave = controlsSent.find((sent) => sent.op === 'leave')!;
		await activate(member);
		const [status, body] = await n8nServes(leave.path, leave.body, {}, 'PUT');
		expect([status, body]).toEqual([403, { error: 'Already received' }]);
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W1', 'W2']);
	});

	it.each([
		['exactly when it expires', 0],
		['after it expires', 1],
	])('a join replayed %s is refused as expired, not taken again', async (_when, extraMs) => {
		const head = workflow(1, ['messageReceived']);
		const member = workflow(2, ['messageReceived']);
		await activate(head);
		await activate(member);
		const join = controlsSent.find((sent) => sent.op === 'join')!;
		const at = (JSON.parse(String(join.body[CONTROL_FIELD])) as IDataObject).at as number;
		const clock = jest.spyOn(Date, 'now').mockReturnValue(at + CONTROL_MAX_AGE_MS + extraMs);
		try {
			expect(await n8nServes(join.path, join.body, {}, 'PUT')).toEqual([403, { error: 'Expired' }]);
		} finally {
			clock.mockRestore();
		}
	});

	it('a join sent twice to the same trigger is taken once', async () => {
		const head = workflow(1, ['messageReceived']);
		const member = workflow(2, ['messageReceived']);
		await activate(head);
		await activate(member);
		const join = controlsSent.find((sent) => sent.op === 'join')!;
		expect(await n8nServes(join.path, join.body, {}, 'PUT')).toEqual([403, { error: 'Already received' }]);
	});
});

describe('joining, leaving, handing over', () => {
	it('a second workflow joins instead of taking the webhook: the service keeps the first one’s address', async () => {
		const first = workflow(1, ['messageReceived']);
		const second = workflow(2, ['messageReceived']);
		await activate(first);
		const held = (await settings()).addresses.receivedAndSent;
		await activate(second);
		expect((await settings()).addresses.receivedAndSent).toBe(held);
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { text: { message: 'Olá' } }))).toEqual(['W1', 'W2']);
		expect(second.started).toEqual([expect.objectContaining({ event: 'message', kind: 'text', content: { message: 'Olá' } })]);
	});

	it('the head leaving hands the webhook and its members over; the other program comes back after the last', async () => {
		const head = workflow(1, ['messageReceived']);
		const second = workflow(2, ['messageReceived']);
		const third = workflow(3, ['messageReceived']);
		for (const each of [head, second, third]) await activate(each);
		await deactivate(head);
		const now = (await settings()).addresses.receivedAndSent;
		expect(now.startsWith(`${N8N}/webhook/${second.webhookId}/webhook?activation=`)).toBe(true);
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W2', 'W3']);
		await deactivate(second);
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W3']);
		await deactivate(third);
		expect((await settings()).addresses.receivedAndSent).toBe(OTHER_PROGRAM);
	});

	it('n8n restarting activates every workflow again: each still receives once, nothing changes hands', async () => {
		const all = EVENTS.map((events, index) => workflow(index + 1, events));
		for (const each of all) await activate(each);
		const held = (await settings()).addresses;
		for (const each of all) await activate(each);
		expect((await settings()).addresses).toEqual(held);
		await expectEachReceivesWhatItChose('after a restart');
	});

	it('a head whose first member is gone hands over to the next one', async () => {
		const head = workflow(1, ['messageReceived']);
		const gone = workflow(2, ['messageReceived']);
		const next = workflow(3, ['messageReceived']);
		for (const each of [head, gone, next]) await activate(each);
		gone.active = false;
		await deactivate(head);
		expect((await settings()).addresses.receivedAndSent.startsWith(`${N8N}/webhook/${next.webhookId}/webhook?activation=`)).toBe(true);
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W3']);
		await deactivate(next);
		expect((await settings()).addresses.receivedAndSent).toBe(OTHER_PROGRAM);
	});

	it('a workflow of this n8n that holds the webhook but no longer answers is taken over; its address is not kept', async () => {
		const stale = `${N8N}/webhook/c0ffee00-0000-4000-8000-000000000199/webhook?activation=${'0'.repeat(12)}${'a'.repeat(20)}&signature=${'b'.repeat(64)}`;
		await control('webhooks', { received: stale });
		const arriving = workflow(1, ['messageReceived']);
		await activate(arriving);
		expect((await settings()).addresses.receivedAndSent.startsWith(`${N8N}/webhook/${arriving.webhookId}/webhook?activation=`)).toBe(true);
		expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('did not answer (HTTP 404); this one takes them over'));
		expect(JSON.stringify(arriving.setup.staticData)).not.toContain('b'.repeat(64));
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W1']);
		// Nothing known to put back: cleared.
		await deactivate(arriving);
		expect((await settings()).addresses.receivedAndSent).toBe('');
	});

	it('a member that is gone without leaving (answers 404) is tried three times a delivery, and dropped only after failing 5 deliveries over 10 minutes', async () => {
		const head = workflow(1, ['messageReceived']);
		const member = workflow(2, ['messageReceived']);
		await activate(head);
		await activate(member);
		// Its n8n stopped serving it and never ran the clean-up.
		member.active = false;
		const membersOf = () => (head.setup.staticData!['node:Z-API Trigger'] as IDataObject).members as IDataObject[];
		for (let delivery = 1; delivery <= 5; delivery++) {
			fromTriggers = 0;
			expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W1']);
			// Three tries, then the head's report of the failure to itself.
			expect(fromTriggers).toBe(4);
			expect(controlsSent.filter((each) => each.op === 'relayed')).toHaveLength(delivery);
			expect(membersOf()).toEqual([expect.objectContaining({ scope: 'wf-2:trigger-2', failures: delivery })]);
		}
		// Failing since 10 minutes ago: the next failure drops it, and the delivery after goes to nobody.
		(membersOf()[0] as IDataObject).failingSince = Date.now() - 10 * 60_000;
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W1']);
		expect(membersOf()).toEqual([]);
		fromTriggers = 0;
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W1']);
		expect(fromTriggers).toBe(0);
		expect(log.info).toHaveBeenCalledWith(expect.stringContaining('workflow wf-2 took no delivery 5 times in a row over 10 minutes; it is dropped'));
		expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('could not pass a delivery on to workflow wf-2 after 3 tries (HTTP 404)'));
	}, 60_000);

	it('Message Sent by Me in a member turns notify sent by me on; the last one out turns it off again', async () => {
		const head = workflow(1, ['messageReceived']);
		const mirror = workflow(2, ['messageSent']);
		await activate(head);
		expect((await settings()).sentByMe).toBe(false);
		await activate(mirror);
		expect((await settings()).sentByMe).toBe(true);
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { fromMe: true }))).toEqual(['W2']);
		await deactivate(head);
		expect((await settings()).sentByMe).toBe(true);
		await deactivate(mirror);
		expect(await settings()).toEqual({ addresses: expect.objectContaining({ receivedAndSent: OTHER_PROGRAM }), sentByMe: false });
	});

	it('listening for a test event takes the webhooks over and puts the head back; its members receive again', async () => {
		const head = workflow(1, ['messageReceived']);
		const member = workflow(2, ['messageReceived']);
		await activate(head);
		await activate(member);
		const held = (await settings()).addresses.receivedAndSent;
		const session: TriggerSetup = { ...head.setup, staticData: {}, active: false };
		await triggerLifecycle(session).activate(true);
		expect((await settings()).addresses.receivedAndSent).toMatch(/^https:\/\/n8n\.example\.com\/webhook-test\//);
		await n8nDelete(session, true);
		expect((await settings()).addresses.receivedAndSent).toBe(held);
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W1', 'W2']);
	});

	it('control requests come on the setup webhook only: one posted as a delivery is refused, a delivery sent to the setup webhook too', async () => {
		const head = workflow(1, ['messageReceived']);
		const member = workflow(2, ['messageReceived']);
		await activate(head);
		await activate(member);
		const join = controlsSent.find((sent) => sent.op === 'join')!;
		expect(controlsSent.map((sent) => sent.method)).toEqual(controlsSent.map(() => 'PUT'));
		const before = JSON.stringify(head.setup.staticData);
		// As a delivery it is not of this instance; nothing reads it for a request.
		expect(await n8nServes(join.path, join.body, {})).toEqual([403, { error: 'Delivery for another instance' }]);
		const address = (await settings()).addresses.receivedAndSent;
		expect(await n8nServes(address.slice(N8N.length), contentFixture(CONTENT_KINDS[0], { messageId: newId() }), {}, 'PUT')).toEqual([400, { error: 'Not a control request' }]);
		expect(JSON.stringify(head.setup.staticData)).toBe(before);
		expect(head.started).toEqual([]);
	});

	it('a head activated before the setup webhook existed still takes control requests: refused by PUT (n8n has no such webhook for it), they come by POST', async () => {
		const head = workflow(1, ['messageReceived']);
		await activate(head);
		// As an earlier version left it: no mark of the setup webhook, which n8n never registered.
		delete (head.setup.staticData!['node:Z-API Trigger'] as IDataObject).setupWebhook;
		head.olderActivation = true;
		const member = workflow(2, ['messageReceived']);
		await activate(member);
		const joins = controlsSent.filter((sent) => sent.op === 'join');
		expect(joins.map((sent) => sent.method)).toEqual(['PUT', 'POST']);
		expect(head.setup.staticData).toHaveProperty(['node:Z-API Trigger', 'members', 0, 'scope'], 'wf-2:trigger-2');
		// Sent again by POST, the same request is refused as already received: used once whichever way.
		expect(await n8nServes(joins[1].path, joins[1].body, {})).toEqual([403, { error: 'Already received' }]);
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W1', 'W2']);
	});

	it('a control request without the instance token’s proof changes nothing', async () => {
		const head = workflow(1, ['messageReceived']);
		await activate(head);
		const address = (await settings()).addresses.receivedAndSent;
		const forged = JSON.stringify({ op: 'join', at: Date.now(), member: { url: `${N8N}/webhook/x/webhook`, scope: 'wf-9:n', activation: 'a'.repeat(32), webhooks: ['receivedAndSent'] } });
		const [status, body] = await n8nServes(address.slice(N8N.length), { zApiTriggerControl: forged, proof: 'f'.repeat(64) }, {}, 'PUT');
		expect([status, body]).toEqual([403, { error: 'Invalid proof' }]);
		expect(head.setup.staticData).not.toHaveProperty(['node:Z-API Trigger', 'members']);
	});

	it('no secret reaches the log or the static data', async () => {
		const all = EVENTS.map((events, index) => workflow(index + 1, events));
		for (const each of all) await activate(each);
		const addresses = Object.values((await settings()).addresses).filter((address) => address.startsWith(N8N));
		const signatures = addresses.map((address) => new URL(address).searchParams.get('signature') as string);
		const stored = JSON.stringify(all.map((each) => each.setup.staticData));
		for (const secret of [ENCODED_TOKEN, encodeURIComponent(ENCODED_TOKEN), ...signatures]) {
			expect(stored).not.toContain(secret);
			for (const call of [...log.info.mock.calls, ...log.warn.mock.calls]) expect(JSON.stringify(call)).not.toContain(secret);
		}
		for (const each of [...all].reverse()) await deactivate(each);
		for (const call of [...log.info.mock.calls, ...log.warn.mock.calls]) {
			for (const secret of [ENCODED_TOKEN, ...signatures]) expect(JSON.stringify(call)).not.toContain(secret);
		}
	});
});

describe('passing deliveries on: nothing lost, the service never waits for a member', () => {
	/** The service sends one delivery to the head; how long until it had its answer, and who started. */
	async function timedSend(body: IDataObject): Promise<{ answeredAfterMs: number; status: number | undefined; reached: string[]; atReturn: string[]; requestsAtReturn: number[] }> {
		for (const each of workflows) each.started = [];
		const address = new URL((await settings()).addresses.receivedAndSent);
		const head = workflows.find((each) => address.pathname === `/webhook/${each.webhookId}/webhook`)!;
		const result = await serve(head, { body, query: Object.fromEntries(address.searchParams), headers: { 'content-type': 'application/json' } });
		if (result.items) head.started.push(...result.items);
		const atReturn = workflows.flatMap((each) => each.started.map(() => each.name));
		const requestsAtReturn = [...staged.values()].map((station) => station.requests);
		await settle();
		return {
			answeredAfterMs: result.answeredAfterMs,
			status: result.response.status,
			reached: workflows.flatMap((each) => each.started.map(() => each.name)),
			atReturn,
			requestsAtReturn,
		};
	}
	/** W1 holds the webhook, W2 receives through it. */
	async function headAndMember(): Promise<[Workflow, Workflow]> {
		const pair: [Workflow, Workflow] = [workflow(1, ['messageReceived']), workflow(2, ['messageReceived'])];
		for (const each of pair) await activate(each);
		return pair;
	}
	const membersOf = (head: Workflow) => ((head.setup.staticData!['node:Z-API Trigger'] as IDataObject).members ?? []) as IDataObject[];

	it('a member whose n8n answers 404 once gets the delivery on the next try and stays', async () => {
		const [head, member] = await headAndMember();
		const station = await stage(member, 'notFoundOnce');
		expect((await timedSend(contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).reached).toEqual(['W1', 'W2']);
		expect(station.requests).toBe(2);
		expect(membersOf(head)).toEqual([expect.not.objectContaining({ failures: expect.anything() })]);
		expect((await timedSend(contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).reached).toEqual(['W1', 'W2']);
	});

	it('a member whose address redirects to another origin is sent nothing there: no delivery, signature or header leaves for it', async () => {
		const [head, member] = await headAndMember();
		elsewhere.received.length = 0;
		const station = await stage(member, 'redirectsElsewhere');
		const sent = await timedSend(contentFixture(CONTENT_KINDS[0], { messageId: newId() }));
		expect(sent.status).toBe(200);
		expect(sent.reached).toEqual(['W1']);
		expect(station.requests).toBe(3);
		expect(elsewhere.received).toEqual([]);
		expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/redirected the request to http:\/\/127\.0\.0\.1:\d+ \(307\); it was not followed/));
		expect(membersOf(head)).toEqual([expect.objectContaining({ failures: 1 })]);
	}, 30_000);

	it('a member whose connection is cut twice gets the delivery on the third try', async () => {
		const [head, member] = await headAndMember();
		const station = await stage(member, 'cutTwice');
		const sent = await timedSend(contentFixture(CONTENT_KINDS[0], { messageId: newId() }));
		expect(sent.reached).toEqual(['W1', 'W2']);
		expect(station.requests).toBe(3);
		expect(sent.answeredAfterMs).toBeLessThan(500);
		expect(membersOf(head)).toHaveLength(1);
	});

	it.each([
		['down', 'ECONNREFUSED'],
		['stalls', 'timeout'],
	] as const)('a member that is %s: the service has its answer at once, the head still starts, the member is kept and its failure counted after the tries', async (fault, said) => {
		const [head, member] = await headAndMember();
		const station = await stage(member, fault);
		const sent = await timedSend(contentFixture(CONTENT_KINDS[0], { messageId: newId() }));
		expect(sent.status).toBe(200);
		// webhook() returned with the member's first try only (a message: a question of the member's might take it).
		expect(sent.atReturn).toEqual(['W1']);
		expect(sent.requestsAtReturn[0]).toBeLessThanOrEqual(1);
		// The tries went on after it; the head recorded the failure through its report to itself.
		expect(fault === 'down' || station.requests === 3).toBe(true);
		expect(sent.reached).toEqual(['W1']);
		expect(controlsSent.filter((each) => each.op === 'relayed')).toHaveLength(1);
		expect(membersOf(head)).toEqual([expect.objectContaining({ scope: 'wf-2:trigger-2', failures: 1 })]);
		expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`could not pass a delivery on to workflow wf-2 after 3 tries \\(.*${said}`, 'i')));
		// Back up: the next delivery reaches it and its failures are forgotten.
		staged.get(member.webhookId)!.fault = 'none';
		if (fault === 'down') await new Promise<void>((resolve) => staged.get(member.webhookId)!.server.listen(staged.get(member.webhookId)!.port, '127.0.0.1', resolve));
		expect((await timedSend(contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).reached).toEqual(['W1', 'W2']);
		expect(membersOf(head)).toEqual([expect.not.objectContaining({ failures: expect.anything() })]);
	}, 30_000);

	it('a slow member and a down member hold nobody up: the service is answered first, the head starts at once, the other members get it while the slow one still holds it, and the slow one gets it too', async () => {
		// Status changes: no question can take one, so the head's execution waits for no member at all.
		const all = [1, 2, 3, 4].map((index) => workflow(index, ['messageStatus']));
		for (const each of all) await activate(each);
		const [head, slow, down, healthy] = all;
		const held = await stage(slow, 'held');
		const gone = await stage(down, 'down');
		await stage(healthy, 'none');
		for (const each of workflows) each.started = [];
		const address = new URL((await settings()).addresses.messageStatus);
		expect(address.pathname).toBe(`/webhook/${head.webhookId}/webhook`);
		const result = await serve(head, { body: statusFixture('READ', [newId()]), query: Object.fromEntries(address.searchParams), headers: { 'content-type': 'application/json' } });
		// Answered by the head itself, before webhook() returned; its own execution starts on the return.
		expect(result.response).toEqual({ status: 200, body: { received: true } });
		expect(result.items).toHaveLength(1);
		expect(held.answered).toBe(0);
		expect(gone.requests).toBe(0);
		// In parallel: the healthy member receives while the slow one (asked first) still holds its request.
		for (let waited = 0; !healthy.started.length && waited < 200; waited++) await new Promise((resolve) => setTimeout(resolve, 10));
		expect(healthy.started).toHaveLength(1);
		expect(held.held).toHaveLength(1);
		expect(slow.started).toHaveLength(0);
		held.held.shift()!();
		await settle();
		expect(slow.started).toHaveLength(1);
		expect(held.requests).toBe(1);
		expect(gone.requests).toBe(0);
		// The down member: three tries, then counted once, through the head's report; the others are untouched.
		expect(membersOf(head)).toEqual([
			expect.not.objectContaining({ failures: expect.anything() }),
			expect.objectContaining({ scope: 'wf-3:trigger-3', failures: 1 }),
			expect.not.objectContaining({ failures: expect.anything() }),
		]);
		expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/could not pass a delivery on to workflow wf-3 after 3 tries \(.*ECONNREFUSED/));
	}, 30_000);

	it('the head’s report of a failure is written once: sent again, or after a later one, it counts nothing', async () => {
		const [head, member] = await headAndMember();
		await stage(member, 'down');
		await timedSend(contentFixture(CONTENT_KINDS[0], { messageId: newId() }));
		expect(membersOf(head)).toEqual([expect.objectContaining({ failures: 1 })]);
		const report = controlsSent.find((each) => each.op === 'relayed')!;
		const again = await n8nServes(report.path, report.body, {}, 'PUT');
		expect(again).toEqual([200, { ok: true, changed: false }]);
		await timedSend(contentFixture(CONTENT_KINDS[0], { messageId: newId() }));
		expect(membersOf(head)).toEqual([expect.objectContaining({ failures: 2 })]);
		expect(await n8nServes(report.path, report.body, {}, 'PUT')).toEqual([200, { ok: true, changed: false }]);
		expect(membersOf(head)).toEqual([expect.objectContaining({ failures: 2 })]);
		// Without the instance token's proof, a report changes nothing.
		expect(await n8nServes(report.path, { ...report.body, proof: 'f'.repeat(64) }, {}, 'PUT')).toEqual([403, { error: 'Invalid proof' }]);
	}, 30_000);

	it('the head’s answer to the service does not grow with its members: each adds at most 10 ms (median, members on local servers)', async () => {
		const deliveries = Number(process.env.SHARING_ANSWER_DELIVERIES ?? 30);
		const head = workflow(0, ['messageReceived']);
		await activate(head);
		const medians: Record<number, number> = {};
		let joined = 0;
		for (const size of [1, 3, 10]) {
			while (joined < size) {
				const member = workflow(++joined + 10, ['messageReceived']);
				await activate(member);
				await stage(member, 'none');
			}
			const times: number[] = [];
			for (let index = 0; index < deliveries; index++) {
				const sent = await timedSend(contentFixture(CONTENT_KINDS[0], { messageId: newId() }));
				expect(sent.reached).toHaveLength(size + 1);
				times.push(sent.answeredAfterMs);
			}
			times.sort((a, b) => a - b);
			medians[size] = times[Math.floor(times.length / 2)];
		}
		const perMember = { 'from 1 to 3': (medians[3] - medians[1]) / 2, 'from 1 to 10': (medians[10] - medians[1]) / 9 };
		process.stdout.write(
			`Head's answer to the service, median of ${deliveries} deliveries: ${Object.entries(medians)
				.map(([size, ms]) => `${size} member(s) ${ms.toFixed(2)} ms`)
				.join(', ')}; per extra member ${Object.entries(perMember)
				.map(([step, ms]) => `${step}: ${ms.toFixed(2)} ms`)
				.join(', ')}\n`,
		);
		for (const ms of Object.values(perMember)) expect(ms).toBeLessThanOrEqual(10);
	}, 600_000);

	it('at most 20 workflows receive through one head: the 21st activation fails saying so, and the head keeps its members', async () => {
		const head = workflow(0, ['messageReceived']);
		await activate(head);
		const members = Array.from({ length: 20 }, (_, index) => workflow(index + 10, ['messageReceived']));
		for (const each of members) await activate(each);
		expect(membersOf(head)).toHaveLength(20);
		const late = workflow(99, ['messageReceived']);
		await expect(activate(late)).rejects.toThrow(
			'Too many workflows share this Z-API instance: the workflow holding the received/sent messages webhook passes them on to 20 others already, at most 20',
		);
		expect(membersOf(head)).toHaveLength(20);
		expect(new URL((await settings()).addresses.receivedAndSent).pathname).toBe(`/webhook/${head.webhookId}/webhook`);
	}, 60_000);
});
