/**
 * One workflow's life, end to end through n8n-core: activate, receive, listen for a test
 * event while active, stop listening, receive again, deactivate. The service is a small
 * in-test model of Z-API's settings: one address per webhook, whoever sets it last wins.
 */
import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import { CONTENT_KINDS } from '../../../nodes/ZApiTrigger/callbackKinds';
import { deliver, INSTANCE_PATH, triggerLifecycle, type TriggerSetup } from '../../helpers/engine';
import {
	ALL_EVENTS,
	API,
	contentFixture,
	n8nDelete,
	PRODUCTION_URL,
	RECEIVED_ENDPOINT,
	statusFixture,
	STATUS_ENDPOINT,
	TEST_URL,
	unexpectedRequests,
} from './fixtures';

// nock 14 stays hooked into Node's http module after a file ends, and the next file in the
// same worker then gets no mocks: unhook it.
afterAll(() => nock.restore());

/** Z-API's webhook settings: the two addresses, and every PUT in order. */
function fakeService() {
	const state = { receivedCallbackUrl: '', messageStatusCallbackUrl: '' };
	const puts: Array<[string, string]> = [];
	nock(API)
		.persist()
		.get(`${INSTANCE_PATH}/me`)
		.reply(() => [200, { ...state, id: 'INSTANCE123' }]);
	for (const [endpoint, field] of [
		[RECEIVED_ENDPOINT, 'receivedCallbackUrl'],
		[STATUS_ENDPOINT, 'messageStatusCallbackUrl'],
	] as const) {
		nock(API)
			.persist()
			.put(`${INSTANCE_PATH}${endpoint}`)
			.reply((_uri, body) => {
				state[field] = (body as { value: string }).value;
				puts.push([endpoint, state[field]]);
				return [200, { value: true }];
			});
	}
	return { state, puts };
}

const queryOf = (url: string): IDataObject => Object.fromEntries(new URL(url).searchParams);

it('activate, receive, listen for a test event, stop, receive again, deactivate', async () => {
	const unexpected = unexpectedRequests();
	const service = fakeService();
	const parameters = { events: ALL_EVENTS };
	const production: TriggerSetup = { parameters, staticData: {} };
	const text = () => contentFixture(CONTENT_KINDS[0], { text: { message: 'Olá' } });

	// Activation points both webhooks at the production address.
	await triggerLifecycle(production).activate();
	const productionUrl = service.state.receivedCallbackUrl;
	expect(productionUrl.startsWith(`${PRODUCTION_URL}?activation=`)).toBe(true);
	expect(service.state.messageStatusCallbackUrl).toBe(productionUrl);

	// Deliveries to it start the workflow.
	const first = await deliver(production, { body: text(), query: queryOf(productionUrl) });
	expect(first.items).toEqual([expect.objectContaining({ event: 'message', kind: 'text', content: { message: 'Olá' } })]);

	// n8n restarts: activation again finds its registration in place and sends nothing.
	const putsBefore = service.puts.length;
	expect(await triggerLifecycle(production).activate()).toBe(true);
	expect(service.puts.length).toBe(putsBefore);

	// Listening for a test event while active: the test address takes over...
	const session: TriggerSetup = { parameters, staticData: {}, active: false };
	await triggerLifecycle(session).activate(true);
	const testUrl = service.state.receivedCallbackUrl;
	expect(testUrl.startsWith(`${TEST_URL}?activation=`)).toBe(true);
	expect(service.state.messageStatusCallbackUrl).toBe(testUrl);
	const tested = await deliver(session, { body: statusFixture('READ'), query: queryOf(testUrl), isTest: true });
	expect(tested.items).toEqual([expect.objectContaining({ event: 'status', kind: 'READ' })]);

	// ...and when listening stops, the production address is back, exactly.
	await n8nDelete(session, true);
	expect(service.state).toEqual({ receivedCallbackUrl: productionUrl, messageStatusCallbackUrl: productionUrl });
	const again = await deliver(production, { body: text(), query: queryOf(productionUrl) });
	expect(again.items).toHaveLength(1);

	// Deactivation clears both webhooks; nothing of the registration stays behind.
	await n8nDelete(production);
	expect(service.state).toEqual({ receivedCallbackUrl: '', messageStatusCallbackUrl: '' });
	expect(production.staticData).toEqual({ 'node:Z-API Trigger': {} });

	expect(service.puts.map(([endpoint, value]) => [endpoint, value.split('?')[0]])).toEqual([
		[RECEIVED_ENDPOINT, PRODUCTION_URL],
		[STATUS_ENDPOINT, PRODUCTION_URL],
		[RECEIVED_ENDPOINT, TEST_URL],
		[STATUS_ENDPOINT, TEST_URL],
		[RECEIVED_ENDPOINT, PRODUCTION_URL],
		[STATUS_ENDPOINT, PRODUCTION_URL],
		[RECEIVED_ENDPOINT, ''],
		[STATUS_ENDPOINT, ''],
	]);
	expect(unexpected.list).toEqual([]);
	unexpected.stop();
});

it('a bot that only listens to received messages never starts on its own replies', async () => {
	const service = fakeService();
	const bot: TriggerSetup = { parameters: { events: ['messageReceived'] }, staticData: {} };
	await triggerLifecycle(bot).activate();
	const query = queryOf(service.state.receivedCallbackUrl);
	// Only the webhook the events need was set.
	expect(service.state.messageStatusCallbackUrl).toBe('');

	const question = await deliver(bot, { body: contentFixture(CONTENT_KINDS[0]), query });
	const reply = await deliver(bot, { body: contentFixture(CONTENT_KINDS[0], { fromMe: true }), query });
	expect(question.items).toHaveLength(1);
	expect(reply.items).toBeUndefined();
	expect(reply.result.webhookResponse).toEqual({ received: true, started: false });
});
