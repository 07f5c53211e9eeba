/**
 * The trigger's webhook lifecycle as n8n drives it: activation (checkExists, then create),
 * deactivation and "Listen for test event" (delete with mode 'internal'), against the
 * service's two webhook endpoints and its settings read (GET /me).
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import { ZApiTrigger } from '../../../nodes/ZApiTrigger/ZApiTrigger.node';
import { deliver, INSTANCE_PATH, TEST_CREDENTIALS, triggerLifecycle, type TriggerSetup } from '../../helpers/engine';
import {
	ALL_EVENTS,
	API,
	clone,
	contentFixture,
	n8nDelete,
	PRODUCTION_URL,
	RECEIVED_ENDPOINT,
	registrationIn,
	signatureFor,
	STATUS_ENDPOINT,
	TEST_URL,
	unexpectedRequests,
	WEBHOOK_ID,
} from './fixtures';
import { CONTENT_KINDS } from '../../../nodes/ZApiTrigger/callbackKinds';

// nock 14 stays hooked into Node's http module after a file ends, and the next file in the
// same worker then gets no mocks: unhook it.
afterAll(() => nock.restore());

const SIGNED = (base: string) =>
	new RegExp(`^${base.replace(/[.?/]/g, '\\$&')}\\?activation=([0-9a-f]{32})&signature=([0-9a-f]{64})$`);
const OTHER_URL = 'https://someone-else.example.com/zapi-hook';

let unexpected: ReturnType<typeof unexpectedRequests>;
let warn: jest.SpyInstance;
let info: jest.SpyInstance;

beforeEach(() => {
	unexpected = unexpectedRequests();
	const logger = Container.get(Logger);
	warn = jest.spyOn(logger, 'warn').mockImplementation(() => {});
	info = jest.spyOn(logger, 'info').mockImplementation(() => {});
});

afterEach(() => {
	unexpected.stop();
	jest.restoreAllMocks();
});

/** Every interceptor was used, and nothing else was called. */
function expectOnlyTheseCalls(): void {
	expect(unexpected.list).toEqual([]);
	expect(nock.pendingMocks()).toEqual([]);
	expect(nock.isDone()).toBe(true);
}

/** A PUT to one webhook endpoint, recording the bodies it receives. */
function expectPut(endpoint: string, bodies: unknown[], reply: { status: number; body: unknown } = { status: 200, body: { value: true } }) {
	return nock(API)
		.put(`${INSTANCE_PATH}${endpoint}`, (body) => {
			bodies.push(body);
			return true;
		})
		.matchHeader('content-type', 'application/json')
		.reply(reply.status, reply.body as nock.Body);
}

function settings(received: string | undefined, status: string | undefined) {
	return nock(API)
		.get(`${INSTANCE_PATH}/me`)
		.reply(200, { receivedCallbackUrl: received, messageStatusCallbackUrl: status, autoReadMessage: false });
}

/** A production activation against a service that accepts it; returns the registered address. */
async function activated(events: string[], options: TriggerSetup['options'] = undefined) {
	const setup: TriggerSetup = { parameters: { events }, staticData: {}, options };
	const bodies: Array<{ value: string }> = [];
	const needsReceived = events.some((event) => event !== 'messageStatus');
	if (needsReceived) expectPut(RECEIVED_ENDPOINT, bodies);
	if (events.includes('messageStatus')) expectPut(STATUS_ENDPOINT, bodies);
	expect(await triggerLifecycle(setup).activate()).toBe(false);
	expectOnlyTheseCalls();
	return { setup, url: bodies[0].value, lifecycle: triggerLifecycle(setup) };
}

function subsets<T>(values: T[]): T[][] {
	return values.reduce<T[][]>((all, value) => all.concat(all.map((subset) => [...subset, value])), [[]]).filter(
		(subset) => subset.length > 0,
	);
}

describe('activation registers only the webhooks the chosen events need', () => {
	it.each(subsets(ALL_EVENTS).map((events) => [events.join(' + '), events] as const))('%s', async (_name, events) => {
		const needsReceived = events.some((event) => event !== 'messageStatus');
		const needsStatus = events.includes('messageStatus');
		const received: unknown[] = [];
		const status: unknown[] = [];
		if (needsReceived) expectPut(RECEIVED_ENDPOINT, received);
		if (needsStatus) expectPut(STATUS_ENDPOINT, status);
		const staticData: IDataObject = {};

		expect(await triggerLifecycle({ parameters: { events: [...events] }, staticData }).activate()).toBe(false);

		expectOnlyTheseCalls();
		expect(received).toHaveLength(needsReceived ? 1 : 0);
		expect(status).toHaveLength(needsStatus ? 1 : 0);
		const bodies = [...received, ...status] as Array<{ value: string }>;
		for (const body of bodies) {
			expect(Object.keys(body)).toEqual(['value']);
			expect(body.value).toMatch(SIGNED(PRODUCTION_URL));
		}
		// One address for both webhooks: the same activation.
		expect(new Set(bodies.map((body) => body.value)).size).toBe(1);
		expect(registrationIn(staticData)).toEqual({
			activation: expect.stringMatching(/^[0-9a-f]{32}$/),
			// n8n's address only: the signature is never stored.
			registered: {
				...(needsReceived ? { receivedAndSent: PRODUCTION_URL } : {}),
				...(needsStatus ? { messageStatus: PRODUCTION_URL } : {}),
			},
		});
		expect(JSON.stringify(staticData)).not.toContain(new URL(bodies[0].value).searchParams.get('signature'));
	});

	it('no event chosen: activation fails and nothing is sent', async () => {
		await expect(triggerLifecycle({ parameters: { events: [] }, staticData: {} }).activate()).rejects.toMatchObject({
			message: 'No event is chosen',
			description: 'Choose at least one event in Events.',
		});
		expectOnlyTheseCalls();
	});

	it('the service answering {value: false}: activation fails naming the webhook', async () => {
		expectPut(RECEIVED_ENDPOINT, [], { status: 200, body: { value: false } });
		await expect(
			triggerLifecycle({ parameters: { events: ['messageReceived'] }, staticData: {} }).activate(),
		).rejects.toMatchObject({ message: 'Z-API could not set the received/sent messages webhook (it answered {"value":false})' });
		expectOnlyTheseCalls();
	});

	it('a refused registration: activation fails with the service’s reason and no token', async () => {
		expectPut(STATUS_ENDPOINT, [], { status: 400, body: { error: `Instance not found: ${TEST_CREDENTIALS.instanceToken}` } });
		const error = await triggerLifecycle({ parameters: { events: ['messageStatus'] }, staticData: {} })
			.activate()
			.catch((caught: Error) => caught);
		expect(error).toBeInstanceOf(Error);
		expect((error as Error).message).toBe('Z-API did not recognise the instance ID or instance token (400)');
		expect(JSON.stringify(error)).not.toContain(TEST_CREDENTIALS.instanceToken);
		expectOnlyTheseCalls();
	});
});

describe('the registered address', () => {
	it('is n8n’s production webhook URL with the activation id and its signature', async () => {
		const { url, setup } = await activated(['messageReceived']);
		const parsed = new URL(url);
		expect(`${parsed.origin}${parsed.pathname}`).toBe(PRODUCTION_URL);
		expect(parsed.pathname).toBe(`/webhook/${WEBHOOK_ID}/webhook`);
		expect([...parsed.searchParams.keys()]).toEqual(['activation', 'signature']);
		const activation = parsed.searchParams.get('activation')!;
		expect(activation).toBe(registrationIn(setup.staticData!)!.activation);
		expect(parsed.searchParams.get('signature')).toBe(signatureFor(activation));
		expect(url).not.toContain(TEST_CREDENTIALS.instanceToken);
	});

	it('follows n8n’s WEBHOOK_URL', async () => {
		const { url } = await activated(['messageReceived'], { webhookBaseUrl: 'https://hooks.example.org/n8n/' });
		expect(url).toMatch(SIGNED(`https://hooks.example.org/n8n/webhook/${WEBHOOK_ID}/webhook`));
	});

	it('each activation has its own activation id', async () => {
		const first = await activated(['messageReceived']);
		const second = await activated(['messageReceived']);
		expect(first.url).not.toBe(second.url);
	});
});

describe('re-activation is idempotent', () => {
	it('when /me shows our addresses, checkExists answers true and nothing is registered again', async () => {
		const { setup, url, lifecycle } = await activated(ALL_EVENTS);
		const before = clone(setup.staticData);
		settings(url, url);

		expect(await lifecycle.activate()).toBe(true);

		expectOnlyTheseCalls();
		expect(setup.staticData).toEqual(before);
	});

	it('when /me shows someone else’s address, both webhooks are put back with the same address', async () => {
		const { setup, url, lifecycle } = await activated(ALL_EVENTS);
		const before = clone(setup.staticData);
		settings(OTHER_URL, url);
		const bodies: unknown[] = [];
		expectPut(RECEIVED_ENDPOINT, bodies);
		expectPut(STATUS_ENDPOINT, bodies);

		expect(await lifecycle.activate()).toBe(false);

		expectOnlyTheseCalls();
		expect(bodies).toEqual([{ value: url }, { value: url }]);
		expect(setup.staticData).toEqual(before);
	});

	it('when /me cannot be read, registers again with the same address', async () => {
		const { url, lifecycle } = await activated(['messageReceived']);
		nock(API).get(`${INSTANCE_PATH}/me`).times(3).reply(500, { error: 'boom' });
		const bodies: unknown[] = [];
		expectPut(RECEIVED_ENDPOINT, bodies);

		expect(await lifecycle.activate()).toBe(false);

		expectOnlyTheseCalls();
		expect(bodies).toEqual([{ value: url }]);
	});

	it('after the events changed, registers the webhooks now needed', async () => {
		const { setup, url } = await activated(['messageReceived']);
		const changed = triggerLifecycle({ ...setup, parameters: { events: ['messageReceived', 'messageStatus'] } });
		const bodies: unknown[] = [];
		expectPut(RECEIVED_ENDPOINT, bodies);
		expectPut(STATUS_ENDPOINT, bodies);

		expect(await changed.activate()).toBe(false);

		expectOnlyTheseCalls();
		expect(bodies).toEqual([{ value: url }, { value: url }]);
		expect(registrationIn(setup.staticData!)!.registered).toEqual({
			receivedAndSent: PRODUCTION_URL,
			messageStatus: PRODUCTION_URL,
		});
	});

	it('after n8n’s address changed, registers the new address without asking /me', async () => {
		const { setup } = await activated(['messageStatus']);
		const activation = registrationIn(setup.staticData!)!.activation as string;
		const moved = triggerLifecycle({ ...setup, options: { webhookBaseUrl: 'https://new.example.com/' } });
		const bodies: Array<{ value: string }> = [];
		expectPut(STATUS_ENDPOINT, bodies);

		expect(await moved.activate()).toBe(false);

		expectOnlyTheseCalls();
		expect(bodies[0].value).toBe(
			`https://new.example.com/webhook/${WEBHOOK_ID}/webhook?activation=${activation}&signature=${signatureFor(activation)}`,
		);
	});
});

describe('deactivation clears only what this workflow registered', () => {
	it('clears both webhooks when /me still shows our address', async () => {
		const { setup, url } = await activated(ALL_EVENTS);
		settings(url, url);
		const received: unknown[] = [];
		const status: unknown[] = [];
		expectPut(RECEIVED_ENDPOINT, received);
		expectPut(STATUS_ENDPOINT, status);

		expect(await n8nDelete(setup)).toBe(true);

		expectOnlyTheseCalls();
		expect(received).toEqual([{ value: '' }]);
		expect(status).toEqual([{ value: '' }]);
		expect(registrationIn(setup.staticData!)).toEqual({});
	});

	it('leaves alone the webhook it did not register', async () => {
		const { setup, url } = await activated(['messageReceived', 'notification']);
		settings(url, OTHER_URL);
		const received: unknown[] = [];
		expectPut(RECEIVED_ENDPOINT, received);

		expect(await n8nDelete(setup)).toBe(true);

		expectOnlyTheseCalls();
		expect(received).toEqual([{ value: '' }]);
	});

	it('a webhook taken over by someone else is not touched', async () => {
		const { setup } = await activated(ALL_EVENTS);
		settings(OTHER_URL, 'https://another.example.com/status');

		expect(await n8nDelete(setup)).toBe(true);

		expectOnlyTheseCalls();
		expect(info).toHaveBeenCalledWith(expect.stringContaining('received/sent messages webhook now points elsewhere'));
		expect(info).toHaveBeenCalledWith(expect.stringContaining('message status webhook now points elsewhere'));
		expect(registrationIn(setup.staticData!)).toEqual({});
	});

	it('one taken over, the other still ours: only ours is cleared', async () => {
		const { setup, url } = await activated(ALL_EVENTS);
		settings(OTHER_URL, url);
		const status: unknown[] = [];
		expectPut(STATUS_ENDPOINT, status);

		expect(await n8nDelete(setup)).toBe(true);

		expectOnlyTheseCalls();
		expect(status).toEqual([{ value: '' }]);
	});

	it('when /me cannot be read, clears what static data says it registered', async () => {
		const { setup } = await activated(['messageStatus']);
		nock(API).get(`${INSTANCE_PATH}/me`).reply(404, { error: 'not found' });
		const status: unknown[] = [];
		expectPut(STATUS_ENDPOINT, status);

		expect(await n8nDelete(setup)).toBe(true);

		expectOnlyTheseCalls();
		expect(status).toEqual([{ value: '' }]);
	});

	it('with nothing registered, calls nothing', async () => {
		expect(await n8nDelete({ parameters: { events: ALL_EVENTS }, staticData: {} })).toBe(true);
		expectOnlyTheseCalls();
	});

	it('the next activation gets a new activation id', async () => {
		const { setup, url } = await activated(['messageReceived']);
		settings(url, '');
		expectPut(RECEIVED_ENDPOINT, []);
		await n8nDelete(setup);
		const bodies: Array<{ value: string }> = [];
		expectPut(RECEIVED_ENDPOINT, bodies);

		expect(await triggerLifecycle(setup).activate()).toBe(false);

		expectOnlyTheseCalls();
		expect(bodies[0].value).toMatch(SIGNED(PRODUCTION_URL));
		expect(bodies[0].value).not.toBe(url);
	});
});

describe('deactivation never fails', () => {
	/** A refused connection as Node reports it (a plain object passed to replyWithError hangs nock 14). */
	const refused = () => Object.assign(new Error('connect ECONNREFUSED 203.0.113.7:443'), { code: 'ECONNREFUSED' });
	const logged = () => JSON.stringify([...warn.mock.calls, ...info.mock.calls]);

	it('the service failing (500) is logged, not thrown', async () => {
		const { setup, url } = await activated(['messageReceived']);
		settings(url, '');
		nock(API)
			.put(`${INSTANCE_PATH}${RECEIVED_ENDPOINT}`)
			.times(3)
			.reply(500, { error: `internal error at /token/${TEST_CREDENTIALS.instanceToken}` });

		await expect(n8nDelete(setup)).resolves.toBe(true);

		expectOnlyTheseCalls();
		expect(warn).toHaveBeenCalledTimes(1);
		expect(warn.mock.calls[0][0]).toContain('could not clear the received/sent messages webhook');
		expect(warn.mock.calls[0][0]).toContain('server error (500');
		expect(logged()).not.toContain(TEST_CREDENTIALS.instanceToken);
		expect(registrationIn(setup.staticData!)).toEqual({});
	});

	it('a network error is logged, not thrown', async () => {
		const { setup } = await activated(['messageReceived', 'messageStatus']);
		nock(API).get(`${INSTANCE_PATH}/me`).replyWithError(refused());
		for (const endpoint of [RECEIVED_ENDPOINT, STATUS_ENDPOINT]) {
			nock(API).put(`${INSTANCE_PATH}${endpoint}`).replyWithError(refused());
		}

		await expect(n8nDelete(setup)).resolves.toBe(true);

		expectOnlyTheseCalls();
		expect(warn).toHaveBeenCalledTimes(2);
		expect(warn.mock.calls[0][0]).toContain('Could not reach Z-API at api.z-api.io (ECONNREFUSED)');
		expect(logged()).not.toContain(TEST_CREDENTIALS.instanceToken);
	});

	it('incomplete credentials are logged, not thrown', async () => {
		const { setup } = await activated(['messageReceived']);
		const broken = { ...setup, options: { credentials: { instanceToken: '' } } };

		await expect(n8nDelete(broken)).resolves.toBe(true);

		expectOnlyTheseCalls();
		expect(warn).toHaveBeenCalledWith(expect.stringContaining('The Z-API credentials are incomplete'));
	});
});

describe('n8n without https', () => {
	const local = { webhookBaseUrl: 'http://localhost:5678/' };

	it.each([
		['activation', false],
		['listening for a test event', true],
	])('%s fails before any request, saying how to get https', async (_name, isTest) => {
		const error = await triggerLifecycle({ parameters: { events: ALL_EVENTS }, staticData: {}, options: local })
			.activate(isTest)
			.catch((caught: Error & { description?: string }) => caught);

		expect(error).toBeInstanceOf(Error);
		const { message, description } = error as Error & { description: string };
		expect(message).toBe('Z-API only delivers webhooks to https addresses');
		expect(description).toContain(`http://localhost:5678/${isTest ? 'webhook-test' : 'webhook'}/${WEBHOOK_ID}/webhook`);
		expect(description).toContain('WEBHOOK_URL');
		expect(description).toContain('tunnel');
		expect(description).toContain('https');
		expectOnlyTheseCalls();
	});
});

describe('listening for a test event', () => {
	const TEST_EVENTS = ALL_EVENTS;

	/** n8n's test session: the workflow inactive, its own static data starting empty. */
	function testSession(events = TEST_EVENTS): TriggerSetup {
		return { parameters: { events }, staticData: {}, active: false };
	}

	it('registers the test address, remembering the production one; stopping puts it back exactly', async () => {
		const production = await activated(TEST_EVENTS);
		const productionStatic = clone(production.setup.staticData);
		const session = testSession();

		settings(production.url, production.url);
		const registered: Array<{ value: string }> = [];
		expectPut(RECEIVED_ENDPOINT, registered);
		expectPut(STATUS_ENDPOINT, registered);
		expect(await triggerLifecycle(session).activate(true)).toBe(false);
		expectOnlyTheseCalls();

		const testUrl = registered[0].value;
		expect(registered).toEqual([{ value: testUrl }, { value: testUrl }]);
		expect(testUrl).toMatch(SIGNED(TEST_URL));
		expect(new URL(testUrl).searchParams.get('activation')).not.toBe(new URL(production.url).searchParams.get('activation'));
		expect(registrationIn(session.staticData!)!.testSession).toEqual({
			previous: { receivedAndSent: production.url, messageStatus: production.url },
		});
		// The production workflow's own record is not touched.
		expect(production.setup.staticData).toEqual(productionStatic);

		settings(testUrl, testUrl);
		const restored: unknown[] = [];
		expectPut(RECEIVED_ENDPOINT, restored);
		expectPut(STATUS_ENDPOINT, restored);
		expect(await n8nDelete(session, true)).toBe(true);
		expectOnlyTheseCalls();
		expect(restored).toEqual([{ value: production.url }, { value: production.url }]);

		// The production workflow receives again, with the address it registered.
		const { items } = await deliver(production.setup, {
			body: contentFixture(CONTENT_KINDS[0], { instanceId: TEST_CREDENTIALS.instanceId }),
			query: Object.fromEntries(new URL(production.url).searchParams),
		});
		expect(items).toHaveLength(1);
	});

	it('when nothing was registered before, stopping clears', async () => {
		const session = testSession(['messageReceived']);
		nock(API).get(`${INSTANCE_PATH}/me`).reply(200, { receivedCallbackUrl: '' });
		const registered: Array<{ value: string }> = [];
		expectPut(RECEIVED_ENDPOINT, registered);
		await triggerLifecycle(session).activate(true);
		expect(registrationIn(session.staticData!)!.testSession).toEqual({ previous: { receivedAndSent: '' } });

		settings(registered[0].value, undefined);
		const restored: unknown[] = [];
		expectPut(RECEIVED_ENDPOINT, restored);
		await n8nDelete(session, true);

		expectOnlyTheseCalls();
		expect(restored).toEqual([{ value: '' }]);
	});

	it('an address set by someone else before is put back as it was', async () => {
		const session = testSession(['messageStatus']);
		settings('', OTHER_URL);
		const registered: Array<{ value: string }> = [];
		expectPut(STATUS_ENDPOINT, registered);
		await triggerLifecycle(session).activate(true);

		settings('', registered[0].value);
		const restored: unknown[] = [];
		expectPut(STATUS_ENDPOINT, restored);
		await n8nDelete(session, true);

		expectOnlyTheseCalls();
		expect(restored).toEqual([{ value: OTHER_URL }]);
	});

	it('a webhook taken over during the session is left alone when it ends', async () => {
		const session = testSession(['messageReceived']);
		settings(PRODUCTION_URL, '');
		expectPut(RECEIVED_ENDPOINT, []);
		await triggerLifecycle(session).activate(true);

		settings(OTHER_URL, '');
		await n8nDelete(session, true);

		expectOnlyTheseCalls();
		expect(info).toHaveBeenCalledWith(expect.stringContaining('now points elsewhere'));
	});

	it('never reports the test webhook as existing (n8n always calls create)', async () => {
		const session = testSession();
		expect(await triggerLifecycle(session).checkExists(true)).toBe(false);
		expectOnlyTheseCalls();
	});

	it('a registration that fails halfway is undone when n8n cleans up the session', async () => {
		const production = await activated(TEST_EVENTS);
		const session = testSession();
		settings(production.url, production.url);
		const registered: Array<{ value: string }> = [];
		expectPut(RECEIVED_ENDPOINT, registered);
		expectPut(STATUS_ENDPOINT, [], { status: 400, body: { error: 'Invalid value' } });

		await expect(triggerLifecycle(session).activate(true)).rejects.toThrow('Z-API rejected the call (400): Invalid value');

		// What n8n does when creating a test webhook fails: delete with the same static data.
		settings(registered[0].value, production.url);
		const restored: unknown[] = [];
		expectPut(RECEIVED_ENDPOINT, restored);
		await n8nDelete(session, true);

		expectOnlyTheseCalls();
		expect(restored).toEqual([{ value: production.url }]);
	});

	it('deliveries signed for the session are accepted by it, and only by it', async () => {
		const production = await activated(['messageReceived']);
		const session = testSession(['messageReceived']);
		settings(production.url, undefined);
		const registered: Array<{ value: string }> = [];
		expectPut(RECEIVED_ENDPOINT, registered);
		await triggerLifecycle(session).activate(true);
		const testQuery = Object.fromEntries(new URL(registered[0].value).searchParams);
		const productionQuery = Object.fromEntries(new URL(production.url).searchParams);
		const body = () => contentFixture(CONTENT_KINDS[0]);

		expect((await deliver(session, { body: body(), query: testQuery, isTest: true })).items).toHaveLength(1);
		expect((await deliver(session, { body: body(), query: productionQuery, isTest: true })).response.status).toBe(403);
		expect((await deliver(production.setup, { body: body(), query: testQuery })).response.status).toBe(403);
	});

	it('the node tells the user about it', () => {
		const notice = new ZApiTrigger().description.properties.find((property) => property.type === 'notice');
		expect(notice?.displayName).toMatch(/Listening for a test event points them at the test address/);
		expect(notice?.displayName).toMatch(/puts back what was there before/);
		expect(notice?.displayName).toMatch(/replacing what was set before/);
		expect(notice?.displayName).toMatch(/https/);
	});
});
