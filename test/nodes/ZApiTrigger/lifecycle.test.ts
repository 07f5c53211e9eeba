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

import { CONTENT_KINDS } from '../../../nodes/ZApiTrigger/callbackKinds';
import { EVENT_CHOICES } from '../../../nodes/ZApiTrigger/eventChoices';
import { WEBHOOK_NAMES, webhookAddressesIn, type WebhookAddresses } from '../../../nodes/shared/webhooks';
import { ENCODED_TOKEN } from '../../helpers/encodedToken';
import { deliver, TEST_CREDENTIALS, triggerLifecycle, type TriggerSetup } from '../../helpers/engine';
import { contentFixture, n8nDelete, PRODUCTION_URL, statusFixture, TEST_URL } from './fixtures';

// Plain CommonJS shared with the end-to-end suite; no type declarations of its own.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createStandIn } = require('../../stand-in/server') as {
	createStandIn(options: IDataObject): {
		url: string;
		start(port: number): Promise<unknown>;
		stop(): Promise<void>;
		reset(): void;
		failMe(instanceId: string, status: number | null): void;
		instanceUrl(instanceId: string): string;
	};
};

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
	// The workflow's shared part: no phone–LID pair from a text without a LID, no question waiting.
	expect(production.staticData).toEqual({ 'node:Z-API Trigger': {}, global: { zApiWaitingReplies: {} } });
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
	expect(first.staticData).toEqual({ 'node:Z-API Trigger': {} });
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
