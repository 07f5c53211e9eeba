/**
 * One workflow's life, end to end through n8n-core, against the stand-in of the service
 * (test/stand-in/server.js: one address per webhook, whoever sets it last wins): activate,
 * receive, listen for a test event while active, stop listening, receive again, deactivate;
 * and the same life while the settings read (GET /me) is down, where nothing may be
 * cleared or overwritten blind.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import type { IDataObject } from 'n8n-workflow';

import { CONTENT_KINDS } from '../../../nodes/shared/delivery/kinds';
import { EVENT_CHOICES } from '../../../nodes/ZApiTrigger/eventChoices';
import { WEBHOOK_NAMES, webhookAddressesIn, type WebhookAddresses } from '../../../nodes/shared/webhooks';
import { ENCODED_TOKEN } from '../../helpers/encodedToken';
import { deliver, TEST_CREDENTIALS, triggerLifecycle, type TriggerSetup } from '../../helpers/engine';
import { contentFixture, createStandIn, n8nDelete, PRODUCTION_URL, statusFixture, TEST_URL } from './fixtures';

const INSTANCE = { id: TEST_CREDENTIALS.instanceId, token: ENCODED_TOKEN };
const ALL_EVENTS = EVENT_CHOICES.map((choice) => choice.value);
const standIn = createStandIn({ instances: [INSTANCE] });

beforeAll(async () => {
	await standIn.start(0);
});

afterAll(async () => {
	await standIn.stop();
});

let warn: jest.SpyInstance;

beforeEach(() => {
	standIn.reset();
	warn = jest.spyOn(Container.get(Logger), 'warn').mockImplementation(() => {});
	jest.spyOn(Container.get(Logger), 'info').mockImplementation(() => {});
});

afterEach(() => {
	jest.restoreAllMocks();
});

function workflow(events: string[], extra: Partial<TriggerSetup> = {}): TriggerSetup {
	return { parameters: { events }, staticData: {}, ...extra, options: { credentials: { instanceToken: ENCODED_TOKEN, baseUrl: standIn.url } } };
}

/** What the service's settings show now, read as any client reads them. */
async function addresses(): Promise<WebhookAddresses> {
	const response = await fetch(`${standIn.instanceUrl(INSTANCE.id)}/me`);
	expect(response.status).toBe(200);
	return webhookAddressesIn(await response.json());
}
const everyWebhook = (address: string) => Object.fromEntries(WEBHOOK_NAMES.map((name) => [name, address]));
const queryOf = (url: string): IDataObject => Object.fromEntries(new URL(url).searchParams);
const text = () => contentFixture(CONTENT_KINDS[0], { text: { message: 'Olá' } });
/** Nothing of the activation stays but its id among the retired ones. */
const ENDED = { 'node:Z-API Trigger': { retired: [expect.stringMatching(/^[0-9a-f]{32}$/)] } };
const OTHER_PROGRAM = 'https://crm.example.com/zapi/inbound';

async function control(path: string, body: IDataObject): Promise<IDataObject> {
	const response = await fetch(`${standIn.url}/_control/${path}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ instanceId: INSTANCE.id, ...body }),
	});
	expect(response.status).toBe(200);
	return (await response.json()) as IDataObject;
}
async function sentByMe(): Promise<unknown> {
	return ((await (await fetch(`${standIn.instanceUrl(INSTANCE.id)}/me`)).json()) as IDataObject).receiveCallbackSentByMe;
}

it('activate, receive, listen for a test event, stop, receive again, deactivate', async () => {
	const production = workflow(ALL_EVENTS);

	// Activation points every webhook at the production address.
	await triggerLifecycle(production).activate();
	const productionUrl = (await addresses())[WEBHOOK_NAMES[0]];
	expect(productionUrl.startsWith(`${PRODUCTION_URL}?activation=`)).toBe(true);
	expect(await addresses()).toEqual(everyWebhook(productionUrl));

	// Deliveries to it start the workflow.
	const first = await deliver(production, { body: text(), query: queryOf(productionUrl) });
	expect(first.items).toEqual([expect.objectContaining({ event: 'message', kind: 'text', content: { message: 'Olá' } })]);

	// n8n restarts: activation finds its registration in place (checkExists answers true).
	expect(await triggerLifecycle(production).activate()).toBe(true);
	expect(await addresses()).toEqual(everyWebhook(productionUrl));

	// Listening for a test event while active: the test address takes over...
	const session = workflow(ALL_EVENTS, { active: false });
	await triggerLifecycle(session).activate(true);
	const testUrl = (await addresses())[WEBHOOK_NAMES[0]];
	expect(testUrl.startsWith(`${TEST_URL}?activation=`)).toBe(true);
	expect(await addresses()).toEqual(everyWebhook(testUrl));
	const tested = await deliver(session, { body: statusFixture('READ'), query: queryOf(testUrl), isTest: true });
	expect(tested.items).toEqual([expect.objectContaining({ event: 'status', kind: 'READ' })]);

	// ...and when listening stops, the production address is back, exactly.
	await n8nDelete(session, true);
	expect(await addresses()).toEqual(everyWebhook(productionUrl));
	const again = await deliver(production, { body: text(), query: queryOf(productionUrl) });
	expect(again.items).toHaveLength(1);

	// Deactivation clears every webhook; nothing of the registration stays behind.
	await n8nDelete(production);
	expect(await addresses()).toEqual(everyWebhook(''));
	// The workflow's shared part stays empty: no phone–LID pair from a text without a LID (questions wait in the conversation table).
	expect(production.staticData).toEqual({ ...ENDED, global: {} });
	expect(warn).not.toHaveBeenCalled();
});

it('while /me is down nothing is cleared or overwritten blind, and activating again repairs', async () => {
	const production = workflow(ALL_EVENTS);
	await triggerLifecycle(production).activate();
	const productionUrl = (await addresses())[WEBHOOK_NAMES[0]];

	// Listening cannot know what to put back: it does not start, production keeps receiving.
	standIn.failMe(INSTANCE.id, 500);
	const session = workflow(ALL_EVENTS, { active: false });
	await expect(triggerLifecycle(session).activate(true)).rejects.toThrow(/^Listening did not start/);
	await n8nDelete(session, true);
	standIn.failMe(INSTANCE.id, null);
	expect(await addresses()).toEqual(everyWebhook(productionUrl));
	expect((await deliver(production, { body: text(), query: queryOf(productionUrl) })).items).toHaveLength(1);

	// /me goes down during a session: its end leaves the test address, neither clearing nor
	// overwriting what it cannot see.
	const second = workflow(ALL_EVENTS, { active: false });
	await triggerLifecycle(second).activate(true);
	const testUrl = (await addresses())[WEBHOOK_NAMES[0]];
	standIn.failMe(INSTANCE.id, 500);
	await n8nDelete(second, true);
	standIn.failMe(INSTANCE.id, null);
	expect(await addresses()).toEqual(everyWebhook(testUrl));
	expect(warn).toHaveBeenCalledWith(expect.stringContaining('activate the production workflow again'));

	// What the log says to do: deactivate (with /me down: left as it is) and activate again.
	standIn.failMe(INSTANCE.id, 500);
	await n8nDelete(production);
	expect(await addressesWhileDown()).toEqual(everyWebhook(testUrl));
	await triggerLifecycle(production).activate();
	standIn.failMe(INSTANCE.id, null);
	const repaired = (await addresses())[WEBHOOK_NAMES[0]];
	expect(repaired.startsWith(`${PRODUCTION_URL}?activation=`)).toBe(true);
	expect(await addresses()).toEqual(everyWebhook(repaired));
	expect((await deliver(production, { body: text(), query: queryOf(repaired) })).items).toHaveLength(1);
});

it('a deactivation while /me is down leaves a webhook another workflow took over since', async () => {
	const first = workflow(ALL_EVENTS);
	await triggerLifecycle(first).activate();
	const later = workflow(ALL_EVENTS);
	await triggerLifecycle(later).activate();
	const laterUrl = (await addresses())[WEBHOOK_NAMES[0]];

	standIn.failMe(INSTANCE.id, 404);
	await n8nDelete(first);
	standIn.failMe(INSTANCE.id, null);

	expect(await addresses()).toEqual(everyWebhook(laterUrl));
	expect((await deliver(later, { body: text(), query: queryOf(laterUrl) })).items).toHaveLength(1);
	// Activation writes nothing into the workflow's shared part (questions wait in the conversation table).
	expect(first.staticData).toEqual(ENDED);
});

it('a bot that only listens to received messages never starts on its own replies', async () => {
	const events = ['messageReceived'];
	const bot = workflow(events);
	await triggerLifecycle(bot).activate();
	const registered = await addresses();
	const needed = new Set(EVENT_CHOICES.filter((choice) => events.includes(choice.value)).map((choice) => choice.webhook));
	// Only the webhooks the events need were set.
	for (const name of WEBHOOK_NAMES) expect(Boolean(registered[name])).toBe(needed.has(name));
	const query = queryOf(registered[[...needed][0]]);

	const question = await deliver(bot, { body: contentFixture(CONTENT_KINDS[0]), query });
	const reply = await deliver(bot, { body: contentFixture(CONTENT_KINDS[0], { fromMe: true }), query });
	expect(question.items).toHaveLength(1);
	expect(reply.items).toBeUndefined();
	expect(reply.result.webhookResponse).toEqual({ received: true, started: false });
});

/** The addresses while /me fails for the node: the test lifts the failure for its own look. */
async function addressesWhileDown(): Promise<WebhookAddresses> {
	standIn.failMe(INSTANCE.id, null);
	const seen = await addresses();
	standIn.failMe(INSTANCE.id, 500);
	return seen;
}

describe('registration changes nothing the user did not ask for', () => {
	it('without Message Sent by Me, notify sent by me stays off, and deactivation puts back the other program', async () => {
		await control('webhooks', { received: OTHER_PROGRAM, sentByMe: false });
		const bot = workflow(['messageReceived']);
		await triggerLifecycle(bot).activate();
		expect((await addresses()).receivedAndSent.startsWith(`${PRODUCTION_URL}?activation=`)).toBe(true);
		expect(await sentByMe()).toBe(false);

		await n8nDelete(bot);
		expect((await addresses()).receivedAndSent).toBe(OTHER_PROGRAM);
		expect(await sentByMe()).toBe(false);
		expect(warn).not.toHaveBeenCalled();
	});

	it('with Message Sent by Me, it is on while active and off again after deactivation, as it was', async () => {
		await control('webhooks', { sentByMe: false });
		const mirror = workflow(['messageSent']);
		await triggerLifecycle(mirror).activate();
		expect(await sentByMe()).toBe(true);

		await n8nDelete(mirror);
		expect((await addresses()).receivedAndSent).toBe('');
		expect(await sentByMe()).toBe(false);
	});

	it('listening with Message Sent by Me over a production bot without it: both put back as they were', async () => {
		await control('webhooks', { sentByMe: false });
		const bot = workflow(['messageReceived']);
		await triggerLifecycle(bot).activate();
		const productionUrl = (await addresses()).receivedAndSent;
		const session = workflow(['messageReceived', 'messageSent'], { active: false });
		await triggerLifecycle(session).activate(true);
		expect(await sentByMe()).toBe(true);

		await n8nDelete(session, true);
		expect((await addresses()).receivedAndSent).toBe(productionUrl);
		expect(await sentByMe()).toBe(false);
	});

	it('an activation that fails midway puts every webhook back and says where things are', async () => {
		await control('webhooks', { received: OTHER_PROGRAM, status: OTHER_PROGRAM });
		// The chat presence webhook never answers (three tries): the activation fails after the others landed.
		await control('drop-after', { path: '/update-webhook-chat-presence', count: 3 });
		const production = workflow(ALL_EVENTS);
		const error = await triggerLifecycle(production)
			.activate()
			.catch((caught: Error) => caught);

		expect((error as Error).message).toMatch(/^Could not reach Z-API at 127\.0\.0\.1:\d+ \(ECONNRESET\): the connection was cut before an answer came\. Nothing was left registered: /);
		expect((error as Error).message).toContain('the received/sent messages webhook points at crm.example.com again');
		expect((error as Error).message).toContain('the connected webhook is cleared again'.replace('connected', 'instance connected'));
		expect(await addresses()).toEqual({ ...everyWebhook(''), receivedAndSent: OTHER_PROGRAM, messageStatus: OTHER_PROGRAM });
		expect(production.staticData).toEqual(ENDED);
	}, 20_000);
});

describe('a delivery is checked without reading the credentials', () => {
	const node = 'node:Z-API Trigger';
	/** The same workflow, with credentials n8n cannot serve whole (no instance ID). */
	const unreadable = (setup: TriggerSetup): TriggerSetup => ({ ...setup, options: { credentials: { instanceId: '', instanceToken: ENCODED_TOKEN, baseUrl: standIn.url } } });

	it('an activated trigger starts on its address while its credentials cannot be read, and refuses a forged one', async () => {
		const production = workflow(['messageReceived']);
		await triggerLifecycle(production).activate();
		const url = (await addresses()).receivedAndSent;
		const saved = (production.staticData as IDataObject)[node] as IDataObject;
		// The digest of the signature, not the signature itself.
		expect(saved.deliveryCheck).toEqual({ instanceId: INSTANCE.id, signatureDigest: expect.stringMatching(/^[0-9a-f]{64}$/) });
		expect(JSON.stringify(production.staticData)).not.toContain(queryOf(url).signature as string);

		const started = await deliver(unreadable(production), { body: text(), query: queryOf(url) });
		expect(started.items).toEqual([expect.objectContaining({ event: 'message', kind: 'text' })]);

		const signature = queryOf(url).signature as string;
		const forged = { ...queryOf(url), signature: `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}` };
		const refused = await deliver(unreadable(production), { body: text(), query: forged });
		expect(refused.items).toBeUndefined();
		expect(refused.response).toEqual({ status: 403, body: { error: 'Invalid signature' } });
		const unsigned = await deliver(unreadable(production), { body: text(), query: {} });
		expect(unsigned.response).toEqual({ status: 401, body: { error: 'Unsigned delivery' } });
	});

	it('an address of an earlier activation stays refused, and another instance is refused', async () => {
		const production = workflow(['messageReceived']);
		await triggerLifecycle(production).activate();
		const earlier = (await addresses()).receivedAndSent;
		await n8nDelete(production);
		await triggerLifecycle(production).activate();
		const current = (await addresses()).receivedAndSent;
		expect(current).not.toBe(earlier);

		const old = await deliver(unreadable(production), { body: text(), query: queryOf(earlier) });
		expect(old.response).toEqual({ status: 403, body: { error: 'Invalid signature' } });
		const elsewhere = await deliver(unreadable(production), { body: { ...text(), instanceId: 'ANOTHER' }, query: queryOf(current) });
		expect(elsewhere.response).toEqual({ status: 403, body: { error: 'Delivery for another instance' } });
		const now = await deliver(unreadable(production), { body: text(), query: queryOf(current) });
		expect(now.items).toHaveLength(1);
	});

	it('after the token changes, the registered address keeps receiving until the next activation', async () => {
		const production = workflow(['messageReceived']);
		await triggerLifecycle(production).activate();
		const url = (await addresses()).receivedAndSent;
		const rotated: TriggerSetup = { ...production, options: { credentials: { instanceToken: 'A-NEW-TOKEN+/=', baseUrl: standIn.url } } };
		const started = await deliver(rotated, { body: text(), query: queryOf(url) });
		expect(started.items).toHaveLength(1);
	});

	it('a record saved without the check (an earlier version) is checked with the token', async () => {
		const production = workflow(['messageReceived']);
		await triggerLifecycle(production).activate();
		const url = (await addresses()).receivedAndSent;
		delete ((production.staticData as IDataObject)[node] as IDataObject).deliveryCheck;
		expect((await deliver(production, { body: text(), query: queryOf(url) })).items).toHaveLength(1);
		// With no check saved, the credentials are needed: unreadable, the delivery is answered 500 to come again.
		const waiting = await deliver(unreadable(production), { body: text(), query: queryOf(url) });
		expect(waiting.response.status).toBe(500);
	});
});
