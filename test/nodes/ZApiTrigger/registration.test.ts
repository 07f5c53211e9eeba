/**
 * The trigger's webhook lifecycle as n8n drives it: activation (checkExists, then create),
 * deactivation and "Listen for test event" (delete with mode 'internal'), against the
 * service's webhook endpoints and its settings read (GET /me), with an instance token that
 * needs encoding. The rule under test: never clear or overwrite an address the node cannot
 * prove is its own.
 */
import { createHash } from 'crypto';

import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import nock from 'nock';

import { CONTENT_KINDS } from '../../../nodes/shared/delivery/kinds';
import { EVENT_CHOICES } from '../../../nodes/ZApiTrigger/eventChoices';
import {
	cleanUpOf,
	withWhatToDo,
	type CleanUp,
	type CleanUpFacts,
} from '../../../nodes/ZApiTrigger/registration';
import { ZApiTrigger } from '../../../nodes/ZApiTrigger/ZApiTrigger.node';
import { WEBHOOK_NAMES, WEBHOOKS, type WebhookName } from '../../../nodes/shared/webhooks';
import { ENCODED_INSTANCE_PATH, ENCODED_TOKEN, WITH_ENCODED_TOKEN } from '../../helpers/encodedToken';
import { deliver, makeNode, TEST_CREDENTIALS, TRIGGER_TYPE, triggerLifecycle, type TriggerSetup } from '../../helpers/engine';
import {
	API,
	clone,
	contentFixture,
	n8nDelete,
	PRODUCTION_URL,
	registrationIn,
	SCOPE,
	signatureFor,
	TEST_URL,
	unexpectedRequests,
	WEBHOOK_ID,
} from './fixtures';

const ALL_EVENTS = EVENT_CHOICES.map((choice) => choice.value);
/** The webhooks a set of events needs, from the event table. */
const neededBy = (events: string[]): WebhookName[] =>
	WEBHOOK_NAMES.filter((name) => EVENT_CHOICES.some((choice) => events.includes(choice.value) && choice.webhook === name));
/** One event that needs exactly this webhook. */
const eventFor = (name: WebhookName) => EVENT_CHOICES.find((choice) => choice.webhook === name)!.value;

const SIGNED = (base: string) =>
	new RegExp(`^${base.replace(/[.?/]/g, '\\$&')}\\?activation=([0-9a-f]{32})&signature=([0-9a-f]{64})$`);
const OTHER_URL = 'https://someone-else.example.com/zapi-hook';
const sign = (activation: string) => signatureFor(activation, SCOPE, ENCODED_TOKEN);
const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

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

const logged = () => JSON.stringify([...warn.mock.calls, ...info.mock.calls]);

/** Neither the token nor any activation id or signature of these addresses, in any form. */
function expectNoSecretIn(text: string, addresses: string[] = []): void {
	const secrets = [ENCODED_TOKEN, ...addresses.flatMap((url) => Object.values(queryOf(url)))];
	for (const secret of secrets) {
		expect(text).not.toContain(secret);
		expect(text).not.toContain(encodeURIComponent(secret));
	}
}

/** Every part of an error n8n may show or store: message, description, details, stack. */
function everythingShownOf(error: unknown): string {
	const { message, description, errorResponse, messages, cause, stack } = error as Error & IDataObject;
	return JSON.stringify([message, description, errorResponse, messages, cause, stack, error]);
}

function setupFor(events: string[], extra: Partial<TriggerSetup> = {}): TriggerSetup {
	return { parameters: { events }, staticData: {}, ...extra, options: { ...WITH_ENCODED_TOKEN, ...extra.options } };
}

/**
 * The received webhook is set through /update-webhook-received, which leaves "notify sent by
 * me" as it is, unless Message Sent by Me is chosen: then /update-webhook-received-delivery,
 * which turns it on (docs/webhooks/webhooksConf/update-webhook-receive.md,
 * docs/webhooks/on-message-received-notify-fromme.md).
 */
const RECEIVED = '/update-webhook-received';
const RECEIVED_SENT_BY_ME = '/update-webhook-received-delivery';
const endpointOf = (name: WebhookName, sentByMe = false) =>
	name === 'receivedAndSent' ? (sentByMe ? RECEIVED_SENT_BY_ME : RECEIVED) : WEBHOOKS[name].endpoint;
const OK = { status: 200, body: { value: true } };

/** A PUT to one webhook, recording the bodies it receives. */
function expectPut(name: WebhookName, bodies: unknown[], reply: { status: number; body: unknown } = OK, sentByMe = false) {
	return nock(API)
		.put(`${ENCODED_INSTANCE_PATH}${endpointOf(name, sentByMe)}`, (body) => {
			bodies.push(body);
			return true;
		})
		.matchHeader('content-type', 'application/json')
		.reply(reply.status, reply.body as nock.Body);
}

/** GET /me showing these addresses (the others not set) and notify sent by me (docs/instance/me.md). */
function settings(addresses: Partial<Record<WebhookName, string>>, sentByMe = true) {
	const body: IDataObject = { id: TEST_CREDENTIALS.instanceId, autoReadMessage: false, receiveCallbackSentByMe: sentByMe };
	for (const name of WEBHOOK_NAMES) body[WEBHOOKS[name].settingsField] = addresses[name] ?? '';
	return nock(API).get(`${ENCODED_INSTANCE_PATH}/me`).reply(200, body);
}
const everyWebhook = (address: string) => Object.fromEntries(WEBHOOK_NAMES.map((name) => [name, address]));

/** GET /me failing: a server error (retried) or a server without this read (404). */
function meFails(status: 500 | 404 = 500) {
	return nock(API)
		.get(`${ENCODED_INSTANCE_PATH}/me`)
		.times(status >= 500 ? 3 : 1)
		.reply(status, { error: status >= 500 ? 'internal error' : 'Not found' });
}

const choosesSentByMe = (events: string[]) => events.includes('messageSent');

/** A production activation against a service that accepts it; returns the registered address. */
async function activated(events: string[], extra: Partial<TriggerSetup> = {}, before: Partial<Record<WebhookName, string>> = {}) {
	const setup = setupFor(events, extra);
	const bodies: Array<{ value: string }> = [];
	settings(before);
	for (const name of neededBy(events)) expectPut(name, bodies, OK, choosesSentByMe(events));
	expect(await triggerLifecycle(setup).activate()).toBe(false);
	expectOnlyTheseCalls();
	return { setup, url: bodies[0].value, lifecycle: triggerLifecycle(setup) };
}

/** n8n's test session: the workflow inactive, its own static data starting empty. */
const testSession = (events = ALL_EVENTS) => setupFor(events, { active: false });

/** Starts listening over what /me shows now; returns the test address. */
async function listeningOver(session: TriggerSetup, before: Partial<Record<WebhookName, string>>) {
	settings(before);
	const bodies: Array<{ value: string }> = [];
	const events = session.parameters.events as string[];
	for (const name of neededBy(events)) expectPut(name, bodies, OK, choosesSentByMe(events));
	await triggerLifecycle(session).activate(true);
	expectOnlyTheseCalls();
	return bodies[0].value;
}

/** The record of the activation is gone; its id is kept among the retired ones. */
function expectEnded(staticData: IDataObject): void {
	expect(registrationIn(staticData)).toEqual({ retired: [expect.stringMatching(/^[0-9a-f]{32}$/)] });
}

function subsets<T>(values: T[]): T[][] {
	return values.reduce<T[][]>((all, value) => all.concat(all.map((subset) => [...subset, value])), [[]]).filter(
		(subset) => subset.length > 0,
	);
}

describe('activation registers only the webhooks the chosen events need', () => {
	it.each(subsets(ALL_EVENTS).map((events) => [events.join(' + '), events] as const))('%s', async (_name, events) => {
		const bodies: Partial<Record<WebhookName, unknown[]>> = {};
		settings({});
		for (const name of neededBy([...events])) expectPut(name, (bodies[name] = []), OK, choosesSentByMe([...events]));
		const staticData: IDataObject = {};

		expect(await triggerLifecycle(setupFor([...events], { staticData })).activate()).toBe(false);

		expectOnlyTheseCalls();
		const sent = Object.values(bodies).flat() as Array<{ value: string }>;
		expect(Object.keys(bodies).sort()).toEqual([...neededBy([...events])].sort());
		for (const list of Object.values(bodies)) expect(list).toHaveLength(1);
		for (const body of sent) {
			expect(Object.keys(body)).toEqual(['value']);
			expect(body.value).toMatch(SIGNED(PRODUCTION_URL));
		}
		// One address for every webhook: the same activation.
		expect(new Set(sent.map((body) => body.value)).size).toBe(1);
		expect(registrationIn(staticData)).toEqual({
			activation: expect.stringMatching(/^[0-9a-f]{32}$/),
			// n8n's address only: the signature is never stored.
			registered: Object.fromEntries(neededBy([...events]).map((name) => [name, PRODUCTION_URL])),
			// Nothing was there before: deactivating clears.
			before: Object.fromEntries(neededBy([...events]).map((name) => [name, ''])),
			...(choosesSentByMe([...events]) ? { sentByMeBefore: true } : {}),
			// What deliveries are checked against without the token: the SHA-256 of the signature.
			deliveryCheck: {
				instanceId: TEST_CREDENTIALS.instanceId,
				signatureDigest: createHash('sha256').update(String(queryOf(sent[0].value).signature)).digest('hex'),
			},
			// n8n registered the setup webhook with it: control requests come there.
			setupWebhook: true,
		});
		expect(JSON.stringify(staticData)).not.toContain(queryOf(sent[0].value).signature);
	});
});

describe('an activation that fails says what to do in its message (n8n’s toast shows nothing else)', () => {
	type Case = [string, { events?: string[]; test?: boolean; options?: TriggerSetup['options']; arrange?: () => void }, RegExp, RegExp];
	const first = WEBHOOK_NAMES[0];
	const cases: Case[] = [
		['no event chosen', { events: [] }, /^No event is chosen/, /Choose at least one event in Events\.$/],
		['n8n without https', { options: { webhookBaseUrl: 'http://localhost:5678/' } }, /^Z-API only delivers webhooks to https addresses/, /WEBHOOK_URL.*activate the workflow again\.$/],
		['incomplete credentials', { options: { credentials: { instanceId: '' } } }, /^The Z-API credentials are incomplete/, /Fill in Instance ID/],
		[
			'the service answering {value: false}',
			{ arrange: () => (settings({}), expectPut(first, [], { status: 200, body: { value: false } })) },
			new RegExp(`^Z-API could not set the ${WEBHOOKS[first].label} webhook to the address of this workflow \\(it answered \\{"value":false\\}\\)`),
			/then activate the workflow again\.$/,
		],
		[
			'the service refusing the address (400)',
			{ arrange: () => (settings({}), expectPut(first, [], { status: 400, body: { error: 'Invalid value' } })) },
			/^Z-API refused the values sent \(400\): Invalid value\. No webhook was changed/,
			/Fix the value Z-API names/,
		],
		[
			'the service failing (500)',
			{
				arrange: () => {
					settings({});
					nock(API).put(`${ENCODED_INSTANCE_PATH}${endpointOf(first)}`).times(3).reply(500, {});
					// A 500 may come after the address landed: it is cleared again.
					expectPut(first, []);
				},
			},
			/^Z-API had a server error \(500, tried 3 times\)/,
			/Try again in a few minutes\.$/,
		],
		[
			'listening while /me cannot be read',
			{ test: true, arrange: () => meFails(500) },
			/^Listening did not start: Z-API’s current webhook addresses could not be read \(Z-API had a server error \(500, tried 3 times\)\)/,
			/Nothing was changed\. .*listen for a test event again/,
		],
		[
			'listening while /me cannot be reached: the words of the node, not n8n-workflow\'s generic text for the code',
			{
				test: true,
				arrange: () => nock(API).get(`${ENCODED_INSTANCE_PATH}/me`).replyWithError(Object.assign(new Error('connect refused'), { code: 'ECONNREFUSED' })),
			},
			/^Listening did not start: Z-API’s current webhook addresses could not be read \(Could not reach Z-API at api\.z-api\.io \(ECONNREFUSED\): nothing accepts connections at that address/,
			/Nothing was changed\. .*listen for a test event again/,
		],
	];

	it.each(cases)('%s', async (_name, { events = [eventFor(first)], test = false, options, arrange }, message, whatToDo) => {
		arrange?.();
		const error = await triggerLifecycle(setupFor(events, { options }))
			.activate(test)
			.catch((caught: Error & { description?: string }) => caught);

		expect(error).toBeInstanceOf(Error);
		const { message: shown, description } = error as Error & { description: string };
		expect(shown).toMatch(message);
		expect(shown).toMatch(whatToDo);
		// The description, where n8n shows one, stays as it was.
		expect(shown.endsWith(description)).toBe(true);
		expectOnlyTheseCalls();
	});
});

describe('an activation error quoting an option holds no secret', () => {
	it('the instance token pasted into Only These Phones is redacted', async () => {
		const error = await triggerLifecycle(setupFor([eventFor('receivedAndSent')], { parameters: { events: ['messageReceived'], options: { phones: ENCODED_TOKEN } } }))
			.activate()
			.catch((caught: Error) => caught);
		expect((error as Error).message).toMatch(/^Only These Phones: Phone '\[redacted\]' is not a phone number/);
		expectNoSecretIn(everythingShownOf(error));
		expectOnlyTheseCalls();
	});
});

describe('withWhatToDo', () => {
	const node = makeNode(TRIGGER_TYPE, {});
	const context = { getNode: () => node };
	const withDescription = (message: string, description?: string) =>
		new NodeOperationError(node, message, description === undefined ? {} : { description });

	it.each([
		['adds the description', withDescription('Something failed', 'Do this.'), 'Something failed. Do this.'],
		['after a message ending in a period', withDescription('Something failed.', 'Do this.'), 'Something failed. Do this.'],
		['only once', withDescription('Something failed. Do this.', 'Do this.'), 'Something failed. Do this.'],
		['a general what-to-do without a description', withDescription('Something failed'), /^Something failed\. Check the Z-API credentials .* then try again\.$/],
		['to a plain error too', new TypeError('x is not a function'), /^x is not a function\. Check the Z-API credentials/],
		['to something thrown that is no error', 'a string', /^a string\. Check the Z-API credentials/],
	])('%s', (_name, thrown, expected) => {
		const error = withWhatToDo(thrown, context);
		expect(error).toBeInstanceOf(Error);
		if (typeof expected === 'string') expect(error.message).toBe(expected);
		else expect(error.message).toMatch(expected);
	});
});

describe('the delivery signature and activation id never appear in an activation error', () => {
	// What a service could echo of the request: the address as sent, URL-encoded, JSON-escaped,
	// or only its parts.
	const echoes: Array<[string, (url: string) => string]> = [
		['the address', (url) => `Invalid value: ${url}`],
		['the address URL-encoded', (url) => `Invalid value ${encodeURIComponent(url)}`],
		['the address with its query escaped', (url) => `value=${url.replace('&', '\\u0026')}`],
		['the signature alone', (url) => `bad signature ${queryOf(url).signature}`],
		['the activation id alone', (url) => `activation ${queryOf(url).activation} refused`],
	];
	const answers: Array<[string, number, (echo: string) => unknown]> = [
		['400', 400, (echo) => ({ error: echo })],
		['422', 422, (echo) => ({ message: echo })],
		['500', 500, (echo) => ({ error: echo })],
		['{value: false}', 200, (echo) => ({ value: false, error: echo })],
	];
	const cases = answers.flatMap(([answer, status, body]) =>
		echoes.flatMap(([echo, make]) => [false, true].map((test) => [`${test ? 'listening' : 'activation'}: ${answer} echoing ${echo}`, status, body, make, test] as const)),
	);

	it.each(cases)('%s', async (_name, status, body, make, test) => {
		const name = WEBHOOK_NAMES[0];
		const sent: string[] = [];
		settings({});
		nock(API)
			.put(`${ENCODED_INSTANCE_PATH}${endpointOf(name)}`, (request: { value: string }) => Boolean(sent.push(request.value)))
			.times(status >= 500 ? 3 : 1)
			.reply(status, () => body(make(sent[sent.length - 1])) as nock.Body);
		// A 5xx may come after the address landed: what was there (nothing) is put back.
		if (status >= 500) nock(API).put(`${ENCODED_INSTANCE_PATH}${endpointOf(name)}`, { value: '' }).reply(200, { value: true });

		const error = await triggerLifecycle(setupFor([eventFor(name)]))
			.activate(test)
			.catch((caught: Error & { description?: string }) => caught);

		expect(error).toBeInstanceOf(Error);
		expectOnlyTheseCalls();
		expectNoSecretIn(everythingShownOf(error), sent);
	});
});

describe('the registered address', () => {
	it('is n8n’s production webhook URL with the activation id and its signature', async () => {
		const { url, setup } = await activated([eventFor('receivedAndSent')]);
		const parsed = new URL(url);
		expect(`${parsed.origin}${parsed.pathname}`).toBe(PRODUCTION_URL);
		expect(parsed.pathname).toBe(`/webhook/${WEBHOOK_ID}/webhook`);
		expect([...parsed.searchParams.keys()]).toEqual(['activation', 'signature']);
		const activation = parsed.searchParams.get('activation')!;
		expect(activation).toBe(registrationIn(setup.staticData!)!.activation);
		expect(parsed.searchParams.get('signature')).toBe(sign(activation));
		expectNoSecretIn(url);
	});

	it('follows n8n’s WEBHOOK_URL', async () => {
		const { url } = await activated([eventFor('receivedAndSent')], { options: { webhookBaseUrl: 'https://hooks.example.org/n8n/' } });
		expect(url).toMatch(SIGNED(`https://hooks.example.org/n8n/webhook/${WEBHOOK_ID}/webhook`));
	});

	it('each activation has its own activation id', async () => {
		const first = await activated([eventFor('receivedAndSent')]);
		const second = await activated([eventFor('receivedAndSent')]);
		expect(first.url).not.toBe(second.url);
	});
});

describe('re-activation is idempotent', () => {
	it('when /me shows our addresses, checkExists answers true and nothing is registered again', async () => {
		const { setup, url, lifecycle } = await activated(ALL_EVENTS);
		const before = clone(setup.staticData);
		settings(everyWebhook(url));

		expect(await lifecycle.activate()).toBe(true);

		expectOnlyTheseCalls();
		expect(setup.staticData).toEqual(before);
	});

	it('when /me shows someone else’s address, every webhook is put back with the same address', async () => {
		const { setup, url, lifecycle } = await activated(ALL_EVENTS);
		const before = clone(setup.staticData);
		settings({ ...everyWebhook(url), [WEBHOOK_NAMES[0]]: OTHER_URL });
		settings({ ...everyWebhook(url), [WEBHOOK_NAMES[0]]: OTHER_URL });
		const bodies: unknown[] = [];
		for (const name of WEBHOOK_NAMES) expectPut(name, bodies, OK, true);

		expect(await lifecycle.activate()).toBe(false);

		expectOnlyTheseCalls();
		expect(bodies).toEqual(WEBHOOK_NAMES.map(() => ({ value: url })));
		expect(setup.staticData).toEqual(before);
	});

	it('when /me cannot be read, activating claims the webhooks again with the same address', async () => {
		const { url, lifecycle } = await activated([eventFor('receivedAndSent')]);
		meFails(500);
		meFails(500);
		const bodies: unknown[] = [];
		expectPut('receivedAndSent', bodies);

		expect(await lifecycle.activate()).toBe(false);

		expectOnlyTheseCalls();
		expect(bodies).toEqual([{ value: url }]);
	});

	it('after the events changed, registers the webhooks now needed', async () => {
		const { setup, url } = await activated([eventFor('receivedAndSent')]);
		const changed = triggerLifecycle({ ...setup, parameters: { events: ALL_EVENTS } });
		settings({ receivedAndSent: url });
		const bodies: unknown[] = [];
		for (const name of WEBHOOK_NAMES) expectPut(name, bodies, OK, true);

		expect(await changed.activate()).toBe(false);

		expectOnlyTheseCalls();
		expect(bodies).toEqual(WEBHOOK_NAMES.map(() => ({ value: url })));
		expect(registrationIn(setup.staticData!)!.registered).toEqual(everyWebhook(PRODUCTION_URL));
	});

	it('after n8n’s address changed, registers the new address (checkExists does not ask /me)', async () => {
		const { setup } = await activated([eventFor('messageStatus')]);
		const activation = registrationIn(setup.staticData!)!.activation as string;
		const moved = triggerLifecycle({ ...setup, options: { ...setup.options, webhookBaseUrl: 'https://new.example.com/' } });
		settings({});
		const bodies: Array<{ value: string }> = [];
		expectPut('messageStatus', bodies);

		expect(await moved.activate()).toBe(false);

		expectOnlyTheseCalls();
		expect(bodies[0].value).toBe(
			`https://new.example.com/webhook/${WEBHOOK_ID}/webhook?activation=${activation}&signature=${sign(activation)}`,
		);
	});
});

describe('clean-up rules', () => {
	const OURS = 'https://n8n.example.com/webhook-test/x/webhook?activation=a&signature=s';
	const PRODUCTION = 'https://n8n.example.com/webhook/x/webhook?activation=b&signature=t';
	const cases: Array<[string, CleanUpFacts, CleanUp | RegExp]> = [
		['production, still ours, nothing before: cleared', { current: OURS, ours: OURS, previous: '' }, { put: '' }],
		['production, still ours, another program before: put back', { current: OURS, ours: OURS, previous: OTHER_URL }, { put: OTHER_URL }],
		['production, still ours, before unknown: cleared', { current: OURS, ours: OURS, previous: null }, { put: '' }],
		['production, still ours, no record of before: cleared', { current: OURS, ours: OURS, previous: undefined }, { put: '' }],
		['production, taken over: left', { current: OTHER_URL, ours: OURS, previous: '' }, /now points elsewhere/],
		['production, cleared by someone: left', { current: '', ours: OURS, previous: OTHER_URL }, /now points elsewhere/],
		['production, /me unreadable: left', { current: undefined, ours: OURS, previous: '' }, /could not be read.*may belong to another workflow/],
		['test, still ours: the production address put back', { current: OURS, ours: OURS, test: true, previous: PRODUCTION }, { put: PRODUCTION }],
		['test, still ours, nothing before: cleared', { current: OURS, ours: OURS, test: true, previous: '' }, { put: '' }],
		['test, still ours, before unknown: left', { current: OURS, ours: OURS, test: true, previous: null }, /before listening is not known/],
		['test, no record of before: left', { current: OURS, ours: OURS, test: true, previous: undefined }, /before listening is not known/],
		['test, taken over: left', { current: OTHER_URL, ours: OURS, test: true, previous: PRODUCTION }, /now points elsewhere/],
		['test, /me unreadable: left, not cleared', { current: undefined, ours: OURS, test: true, previous: '' }, /could not be read.*deactivate and activate the production workflow again/],
		['test, /me unreadable: left, not restored', { current: undefined, ours: OURS, test: true, previous: PRODUCTION }, /could not be read/],
	];

	it.each(cases)('%s', (_name, facts, expected) => {
		const step = cleanUpOf(facts);
		if (expected instanceof RegExp) {
			expect(step).toEqual({ leave: expect.stringMatching(expected), level: expect.stringMatching(/^(info|warn)$/) });
		} else {
			expect(step).toEqual(expected);
		}
	});
});

describe('deactivation clears only what this workflow registered', () => {
	it('clears every webhook when /me still shows our address', async () => {
		const { setup, url } = await activated(ALL_EVENTS);
		settings(everyWebhook(url));
		const bodies: Partial<Record<WebhookName, unknown[]>> = {};
		for (const name of WEBHOOK_NAMES) expectPut(name, (bodies[name] = []));

		expect(await n8nDelete(setup)).toBe(true);

		expectOnlyTheseCalls();
		expect(bodies).toEqual(Object.fromEntries(WEBHOOK_NAMES.map((name) => [name, [{ value: '' }]])));
		expectEnded(setup.staticData!);
	});

	it('a webhook taken over by someone else is not touched', async () => {
		const { setup } = await activated(ALL_EVENTS);
		settings(Object.fromEntries(WEBHOOK_NAMES.map((name) => [name, `${OTHER_URL}/${name}`])));

		expect(await n8nDelete(setup)).toBe(true);

		expectOnlyTheseCalls();
		for (const name of WEBHOOK_NAMES) {
			expect(info).toHaveBeenCalledWith(expect.stringContaining(`left the ${WEBHOOKS[name].label} webhook as it is: it now points elsewhere`));
		}
		expectEnded(setup.staticData!);
	});

	it.each(WEBHOOK_NAMES)('only %s still ours: only it is cleared', async (ours) => {
		const { setup, url } = await activated(ALL_EVENTS);
		settings({ ...everyWebhook(OTHER_URL), [ours]: url });
		const bodies: unknown[] = [];
		expectPut(ours, bodies);

		expect(await n8nDelete(setup)).toBe(true);

		expectOnlyTheseCalls();
		expect(bodies).toEqual([{ value: '' }]);
	});

	it.each([500, 404] as const)('when /me cannot be read (%s), every webhook is left as it is and that is logged', async (status) => {
		const { setup, url } = await activated(ALL_EVENTS);
		meFails(status);

		expect(await n8nDelete(setup)).toBe(true);

		// No PUT: an address it cannot see may belong to another workflow by now.
		expectOnlyTheseCalls();
		for (const name of WEBHOOK_NAMES) {
			expect(warn).toHaveBeenCalledWith(
				expect.stringMatching(new RegExp(`left the ${WEBHOOKS[name].label} webhook as it is: its current address could not be read.*\\(Z-API`)),
			);
		}
		expectNoSecretIn(logged(), [url]);
		expectEnded(setup.staticData!);
	});

	it('a webhook name it does not know in its record does not stop the others being cleared', async () => {
		const { setup, url } = await activated(ALL_EVENTS);
		const record = registrationIn(setup.staticData!)!;
		// Unknown names first: a clean-up that stops at them never reaches the real ones.
		record.registered = { presenceChat: PRODUCTION_URL, toString: PRODUCTION_URL, ...(record.registered as IDataObject) };
		settings(everyWebhook(url));
		const bodies: unknown[] = [];
		for (const name of WEBHOOK_NAMES) expectPut(name, bodies);

		expect(await n8nDelete(setup)).toBe(true);

		expectOnlyTheseCalls();
		expect(bodies).toEqual(WEBHOOK_NAMES.map(() => ({ value: '' })));
		expect(warn).toHaveBeenCalledWith(expect.stringContaining('its record names a webhook it does not know ("presenceChat")'));
		expect(warn).toHaveBeenCalledWith(expect.stringContaining('its record names a webhook it does not know ("toString")'));
		expectEnded(setup.staticData!);
	});

	it('a record holding no usable address for one webhook does not stop the others', async () => {
		const { setup, url } = await activated(ALL_EVENTS);
		const [broken, ...others] = WEBHOOK_NAMES;
		(registrationIn(setup.staticData!)!.registered as IDataObject)[broken] = 'not a url';
		settings(everyWebhook(url));
		const bodies: unknown[] = [];
		for (const name of others) expectPut(name, bodies);

		expect(await n8nDelete(setup)).toBe(true);

		expectOnlyTheseCalls();
		expect(bodies).toEqual(others.map(() => ({ value: '' })));
		expect(warn).toHaveBeenCalledWith(expect.stringContaining(`no address for the ${WEBHOOKS[broken].label} webhook`));
	});

	it.each([
		['400', { status: 400, body: { error: 'Invalid webhook value: only https URLs are accepted' } }],
		['{value: false}', { status: 200, body: { value: false } }],
	])('Z-API refusing the empty address (%s): logged, saying the old address accepts nothing any more', async (_name, reply) => {
		const { setup, url } = await activated([eventFor('messageStatus')]);
		settings({ messageStatus: url });
		expectPut('messageStatus', [], reply);

		expect(await n8nDelete(setup)).toBe(true);

		expectOnlyTheseCalls();
		expect(warn).toHaveBeenCalledWith(
			expect.stringMatching(/could not clear the message status webhook \(.*\): it still points at this workflow’s old address, where nothing is accepted any more/),
		);
		expectNoSecretIn(logged(), [url]);
		expectEnded(setup.staticData!);
	});

	it('puts back the address another program had before the activation, and says whose', async () => {
		const { setup, url } = await activated([eventFor('messageStatus')], {}, { messageStatus: OTHER_URL });
		expect(info).toHaveBeenCalledWith(
			'Z-API Trigger: takes the message status webhook over from someone-else.example.com until the workflow is deactivated, then puts it back',
		);
		settings({ messageStatus: url });
		const restored: unknown[] = [];
		expectPut('messageStatus', restored);

		expect(await n8nDelete(setup)).toBe(true);

		expectOnlyTheseCalls();
		expect(restored).toEqual([{ value: OTHER_URL }]);
		expect(info).toHaveBeenCalledWith('Z-API Trigger: put the message status webhook back to someone-else.example.com');
		expect(logged()).not.toContain('/zapi-hook');
	});

	it('with nothing registered, calls nothing', async () => {
		expect(await n8nDelete(setupFor(ALL_EVENTS))).toBe(true);
		expectOnlyTheseCalls();
	});

	it('the next activation gets a new activation id', async () => {
		const { setup, url } = await activated([eventFor('receivedAndSent')]);
		settings({ receivedAndSent: url });
		expectPut('receivedAndSent', []);
		await n8nDelete(setup);
		settings({});
		const bodies: Array<{ value: string }> = [];
		expectPut('receivedAndSent', bodies);

		expect(await triggerLifecycle(setup).activate()).toBe(false);

		expectOnlyTheseCalls();
		expect(bodies[0].value).toMatch(SIGNED(PRODUCTION_URL));
		expect(bodies[0].value).not.toBe(url);
	});
});

describe('deactivation never fails', () => {
	/** A refused connection as Node reports it (a plain object passed to replyWithError hangs nock 14). */
	const refused = () => Object.assign(new Error('connect ECONNREFUSED 203.0.113.7:443'), { code: 'ECONNREFUSED' });

	it('the service failing (500) is logged, not thrown, without a secret', async () => {
		const { setup, url } = await activated([eventFor('receivedAndSent')]);
		settings({ receivedAndSent: url });
		nock(API)
			.put(`${ENCODED_INSTANCE_PATH}${RECEIVED}`)
			.times(3)
			.reply(500, { error: `internal error at /token/${encodeURIComponent(ENCODED_TOKEN)} for ${url}` });

		await expect(n8nDelete(setup)).resolves.toBe(true);

		expectOnlyTheseCalls();
		expect(warn).toHaveBeenCalledTimes(1);
		expect(warn.mock.calls[0][0]).toContain(`could not clear the ${WEBHOOKS.receivedAndSent.label} webhook`);
		expect(warn.mock.calls[0][0]).toContain('server error (500');
		expectNoSecretIn(logged(), [url]);
		expectEnded(setup.staticData!);
	});

	it('a network error is logged, not thrown, and nothing is cleared blind', async () => {
		const { setup, url } = await activated(ALL_EVENTS);
		nock(API).get(`${ENCODED_INSTANCE_PATH}/me`).replyWithError(refused());

		await expect(n8nDelete(setup)).resolves.toBe(true);

		expectOnlyTheseCalls();
		expect(warn).toHaveBeenCalledTimes(WEBHOOK_NAMES.length);
		expect(warn.mock.calls[0][0]).toContain('Could not reach Z-API at api.z-api.io (ECONNREFUSED)');
		expectNoSecretIn(logged(), [url]);
	});

	it('incomplete credentials are logged, not thrown', async () => {
		const { setup } = await activated([eventFor('receivedAndSent')]);
		const broken = { ...setup, options: { credentials: { instanceToken: '' } } };

		await expect(n8nDelete(broken)).resolves.toBe(true);

		expectOnlyTheseCalls();
		expect(warn).toHaveBeenCalledWith(expect.stringContaining('The Z-API credentials are incomplete'));
	});
});

describe('listening for a test event', () => {
	it('registers the test address, remembering the production one; stopping puts it back exactly', async () => {
		const production = await activated(ALL_EVENTS);
		const productionStatic = clone(production.setup.staticData);
		const session = testSession();

		const testUrl = await listeningOver(session, everyWebhook(production.url));

		expect(testUrl).toMatch(SIGNED(TEST_URL));
		expect(queryOf(testUrl).activation).not.toBe(queryOf(production.url).activation);
		expect(registrationIn(session.staticData!)).toMatchObject({ testSession: true, before: everyWebhook(production.url) });
		// The production workflow's own record is not touched.
		expect(production.setup.staticData).toEqual(productionStatic);

		settings(everyWebhook(testUrl));
		const restored: unknown[] = [];
		for (const name of WEBHOOK_NAMES) expectPut(name, restored);
		expect(await n8nDelete(session, true)).toBe(true);
		expectOnlyTheseCalls();
		expect(restored).toEqual(WEBHOOK_NAMES.map(() => ({ value: production.url })));

		// The production workflow receives again, with the address it registered.
		const { items } = await deliver(production.setup, {
			body: contentFixture(CONTENT_KINDS[0], { instanceId: TEST_CREDENTIALS.instanceId }),
			query: queryOf(production.url),
		});
		expect(items).toHaveLength(1);
	});

	it('when nothing was registered before, stopping clears', async () => {
		const session = testSession([eventFor('receivedAndSent')]);
		const testUrl = await listeningOver(session, {});
		expect(registrationIn(session.staticData!)).toMatchObject({ testSession: true, before: { receivedAndSent: '' } });

		settings({ receivedAndSent: testUrl });
		const restored: unknown[] = [];
		expectPut('receivedAndSent', restored);
		await n8nDelete(session, true);

		expectOnlyTheseCalls();
		expect(restored).toEqual([{ value: '' }]);
	});

	it('an address set by someone else before is put back as it was', async () => {
		const session = testSession([eventFor('messageStatus')]);
		const testUrl = await listeningOver(session, { messageStatus: OTHER_URL });

		settings({ messageStatus: testUrl });
		const restored: unknown[] = [];
		expectPut('messageStatus', restored);
		await n8nDelete(session, true);

		expectOnlyTheseCalls();
		expect(restored).toEqual([{ value: OTHER_URL }]);
	});

	it('a webhook taken over during the session is left alone when it ends', async () => {
		const session = testSession([eventFor('receivedAndSent')]);
		await listeningOver(session, { receivedAndSent: PRODUCTION_URL });

		settings({ receivedAndSent: OTHER_URL });
		await n8nDelete(session, true);

		expectOnlyTheseCalls();
		expect(info).toHaveBeenCalledWith(expect.stringContaining('now points elsewhere'));
	});

	it.each([500, 404] as const)(
		'when /me cannot be read (%s) at the start, listening does not start and nothing changes, then or at its end',
		async (status) => {
			const production = await activated(ALL_EVENTS);
			const session = testSession();
			meFails(status);

			const error = await triggerLifecycle(session)
				.activate(true)
				.catch((caught: Error) => caught);

			expect(error).toBeInstanceOf(Error);
			expect((error as Error).message).toMatch(/^Listening did not start: .* could not be read/);
			expect((error as Error).message).toMatch(/Nothing was changed/);
			expectOnlyTheseCalls();
			expect(registrationIn(session.staticData!)).toEqual({});

			// What n8n does when creating a test webhook fails: delete with the session's static
			// data. Production's addresses must survive it.
			expect(await n8nDelete(session, true)).toBe(true);
			expectOnlyTheseCalls();
			expectNoSecretIn(everythingShownOf(error) + logged(), [production.url]);
		},
	);

	it.each([500, 404] as const)(
		'when /me cannot be read (%s) at the end, the webhooks are left as they are (neither cleared nor overwritten) and that is logged',
		async (status) => {
			const production = await activated(ALL_EVENTS);
			const session = testSession();
			const testUrl = await listeningOver(session, everyWebhook(production.url));
			meFails(status);

			expect(await n8nDelete(session, true)).toBe(true);

			expectOnlyTheseCalls();
			for (const name of WEBHOOK_NAMES) {
				expect(warn).toHaveBeenCalledWith(
					expect.stringMatching(new RegExp(`left the ${WEBHOOKS[name].label} webhook as it is: .*could not be read.*activate the production workflow again`)),
				);
			}
			expectNoSecretIn(logged(), [production.url, testUrl]);
			expectEnded(session.staticData!);
		},
	);

	it('restoring the production address that fails is logged without its secrets', async () => {
		const production = await activated([eventFor('receivedAndSent')]);
		const session = testSession([eventFor('receivedAndSent')]);
		const testUrl = await listeningOver(session, { receivedAndSent: production.url });
		settings({ receivedAndSent: testUrl });
		nock(API)
			.put(`${ENCODED_INSTANCE_PATH}${RECEIVED}`)
			.reply(400, (_uri, body) => ({ error: `Invalid value ${(body as { value: string }).value}` }));

		expect(await n8nDelete(session, true)).toBe(true);

		expectOnlyTheseCalls();
		expect(warn).toHaveBeenCalledWith(expect.stringContaining(`could not restore the ${WEBHOOKS.receivedAndSent.label} webhook`));
		expectNoSecretIn(logged(), [production.url, testUrl]);
	});

	it('never reports the test webhook as existing (n8n always calls create)', async () => {
		expect(await triggerLifecycle(testSession()).checkExists(true)).toBe(false);
		expectOnlyTheseCalls();
	});

	it('a registration that fails halfway puts back what landed, and says so', async () => {
		const production = await activated(ALL_EVENTS);
		const session = testSession();
		const [lands, refused] = WEBHOOK_NAMES;
		settings(everyWebhook(production.url));
		const registered: Array<{ value: string }> = [];
		expectPut(lands, registered, OK, true);
		expectPut(refused, [], { status: 400, body: { error: 'Invalid value' } });
		const restored: unknown[] = [];
		expectPut(lands, restored);

		const error = await triggerLifecycle(session)
			.activate(true)
			.catch((caught: Error) => caught);

		expect((error as Error).message).toMatch(
			/^Z-API refused the values sent \(400\): Invalid value\. Nothing was left registered: the received\/sent messages webhook points at an n8n webhook at n8n\.example\.com again\./,
		);
		expect(restored).toEqual([{ value: production.url }]);
		expect(info).toHaveBeenCalledWith(expect.stringContaining('the activation failed. Nothing was left registered'));
		// What n8n does when creating a test webhook fails: delete with the same static data.
		// Nothing is left to undo.
		await n8nDelete(session, true);
		expectOnlyTheseCalls();
		expectNoSecretIn(everythingShownOf(error) + logged(), [production.url, registered[0].value]);
	});

	it('deliveries signed for the session are accepted by it, and only by it', async () => {
		const production = await activated([eventFor('receivedAndSent')]);
		const session = testSession([eventFor('receivedAndSent')]);
		const testUrl = await listeningOver(session, { receivedAndSent: production.url });
		const body = () => contentFixture(CONTENT_KINDS[0]);

		expect((await deliver(session, { body: body(), query: queryOf(testUrl), isTest: true })).items).toHaveLength(1);
		expect((await deliver(session, { body: body(), query: queryOf(production.url), isTest: true })).response.status).toBe(403);
		expect((await deliver(production.setup, { body: body(), query: queryOf(testUrl) })).response.status).toBe(403);
	});

	it('the node tells the user about it', () => {
		const notice = new ZApiTrigger().getNodeType().description.properties.find((property) => property.type === 'notice');
		// What listening does to the webhooks: another program's address comes back after it.
		expect(notice?.displayName).toMatch(/another program’s address is put back when the last one stops, and after test listening/);
	});
});
