/**
 * Several workflows with a Z-API Trigger on one instance, through n8n-core, against the
 * stand-in of the service (one address per webhook, whoever sets it last wins). n8n's
 * webhook server is played here: a request to a workflow's address is a delivery (POST) or a
 * control request (PUT) through n8n-core's WebhookContext to that workflow, and one to a
 * workflow that is not active is answered 404, as n8n does. Used by sharing.test.ts,
 * relay.test.ts and controlRequests.test.ts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'http';

import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { CONTENT_KINDS } from '../../../nodes/shared/delivery/kinds';
import { webhookAddressesIn, type WebhookAddresses } from '../../../nodes/shared/webhooks';
import { ENCODED_TOKEN } from '../../helpers/encodedToken';
import { deliver, TEST_CREDENTIALS, triggerLifecycle, type TriggerSetup } from '../../helpers/engine';
import * as relay from '../../../nodes/ZApiTrigger/relay';
import { contentFixture, createStandIn, instanceCallbackFixture, n8nDelete, statusFixture } from './fixtures';

export const INSTANCE = { id: TEST_CREDENTIALS.instanceId, token: ENCODED_TOKEN };
export const standIn = createStandIn({ instances: [INSTANCE] });
export const N8N = 'https://n8n.example.com';
export const OTHER_PROGRAM = 'https://crm.example.com/zapi/inbound?key=crm-secret';

export interface Workflow {
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

export let workflows: Workflow[] = [];
/** Requests n8n got from anyone but the service (passed-on deliveries, control requests). */
export const fromTriggers = { count: 0 };
/** The control requests sent to n8n, as they went (address with its query, body). */
export let controlsSent: Array<{ path: string; body: IDataObject; op: string; method: 'POST' | 'PUT' }> = [];
export let log: { info: jest.SpyInstance; warn: jest.SpyInstance; error: jest.SpyInstance };

export function workflow(index: number, events: string[]): Workflow {
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
export async function serve(target: Workflow, delivery: { body: unknown; query: IDataObject; headers: IDataObject; method?: 'POST' | 'PUT' }) {
	const working = JSON.parse(JSON.stringify(target.setup.staticData ?? {})) as IDataObject;
	const result = await deliver({ ...target.setup, staticData: working }, delivery);
	target.setup.staticData = JSON.parse(JSON.stringify(working)) as IDataObject;
	return result;
}

/** The deliveries heads are passing on, each until its tries ended and its report was sent. */
let passing: Array<Promise<void>> = [];
export async function settle(): Promise<void> {
	while (passing.length) {
		const now = passing;
		passing = [];
		await Promise.all(now);
	}
}

/** n8n's answer to a request to one of its webhook addresses. */
export async function n8nServes(path: string, body: unknown, headers: IDataObject, method: 'POST' | 'PUT' = 'POST'): Promise<[number, IDataObject]> {
	const url = new URL(path, N8N);
	const target = workflows.find((candidate) => candidate.active && url.pathname === `/webhook/${candidate.webhookId}/webhook`);
	if (!target || (method === 'PUT' && target.olderActivation)) return [404, { message: 'The requested webhook is not registered.' }];
	const result = await serve(target, { body, query: Object.fromEntries(url.searchParams), headers, method });
	if (result.items) target.started.push(...result.items);
	if (result.response.status !== undefined) return [result.response.status, result.response.body as IDataObject];
	return [200, (result.result.webhookResponse as IDataObject | undefined) ?? { message: 'Webhook call received' }];
}

/** n8n's webhook server, the stand-in and the log, fresh for each test of the file that calls it. */
export function useSharedInstance(): void {
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
				fromTriggers.count++;
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
}

/**
 * A member's n8n staged at a real local server on 127.0.0.1: requests to that workflow's
 * https address are sent on to it, and it answers as its fault says (else as n8n does).
 */
export type Fault = 'none' | 'notFoundOnce' | 'cutTwice' | 'stalls' | 'down' | 'redirectsElsewhere' | 'held';
export interface Station {
	server: Server;
	port: number;
	requests: number;
	fault: Fault;
	/** 'held': requests received and not answered yet; release() answers them as n8n would. */
	held: Array<() => void>;
	answered: number;
}
export const staged = new Map<string, Station>();

export async function stage(target: Workflow, fault: Fault): Promise<Station> {
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
export const elsewhere = { base: '', received: [] as Array<{ path: string; headers: IDataObject; body: string }>, server: undefined as unknown as Server };

async function unstageAll(): Promise<void> {
	for (const station of staged.values()) {
		station.server.closeAllConnections();
		await new Promise((resolve) => station.server.close(() => resolve(undefined)));
	}
	staged.clear();
}

export async function control(path: string, body: IDataObject): Promise<void> {
	const response = await fetch(`${standIn.url}/_control/${path}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ instanceId: INSTANCE.id, ...body }),
	});
	expect(response.status).toBe(200);
}

export async function settings(): Promise<{ addresses: WebhookAddresses; sentByMe: unknown }> {
	const answer = (await (await fetch(`${standIn.instanceUrl(INSTANCE.id)}/me`)).json()) as IDataObject;
	return { addresses: webhookAddressesIn(answer), sentByMe: answer.receiveCallbackSentByMe };
}

export async function activate(target: Workflow): Promise<void> {
	await triggerLifecycle(target.setup).activate();
	target.active = true;
}

export async function deactivate(target: Workflow): Promise<void> {
	// n8n stops serving the workflow's address, then runs the clean-up.
	target.active = false;
	await n8nDelete(target.setup);
}

/** The service sends one delivery to the address it holds for that webhook; who started, how often? */
export async function serviceSends(webhook: keyof WebhookAddresses, body: IDataObject): Promise<string[]> {
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
export const newId = () => `3EB0${String(++sequence).padStart(16, '0')}`;

/** One delivery of each kind the workflows below choose, and which event each is. */
export const KINDS: Array<{ what: string; webhook: keyof WebhookAddresses; event: string; body: () => IDataObject }> = [
	{ what: 'a message received', webhook: 'receivedAndSent', event: 'messageReceived', body: () => contentFixture(CONTENT_KINDS[0], { messageId: newId() }) },
	{ what: 'a message sent by me', webhook: 'receivedAndSent', event: 'messageSent', body: () => contentFixture(CONTENT_KINDS[0], { fromMe: true, messageId: newId() }) },
	{ what: 'a status change', webhook: 'messageStatus', event: 'messageStatus', body: () => statusFixture('READ', [newId()]) },
	{ what: 'instance connected', webhook: 'connected', event: 'connected', body: () => instanceCallbackFixture('ConnectedCallback', { momment: 1700000000000 + ++sequence }) },
];

export const EVENTS = [['messageReceived'], ['messageReceived', 'messageStatus'], ['messageStatus', 'messageSent', 'connected']];

/** After each step: every kind reaches exactly the active workflows that chose it. */
export async function expectEachReceivesWhatItChose(step: string): Promise<void> {
	for (const kind of KINDS) {
		const expected = workflows.filter((each) => each.active && (each.setup.parameters.events as string[]).includes(kind.event)).map((each) => each.name);
		const reached = await serviceSends(kind.webhook, kind.body());
		expect({ step, kind: kind.what, reached }).toEqual({ step, kind: kind.what, reached: expected });
	}
}
