/**
 * The service signs nothing: only deliveries to the address this activation registered
 * (activation id + HMAC of it, keyed by the instance token and bound to this workflow and
 * node) are accepted. Everything here goes through n8n's WebhookContext.
 */
import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import { CONTENT_KINDS } from '../../../nodes/ZApiTrigger/callbackKinds';
import { deliver, INSTANCE_PATH, TEST_CREDENTIALS, triggerLifecycle, type DeliveryResult } from '../../helpers/engine';
import {
	ALL_EVENTS,
	API,
	contentFixture,
	deliverTo,
	listening,
	n8nDelete,
	notificationFixture,
	RECEIVED_ENDPOINT,
	registrationIn,
	SCOPE,
	signatureFor,
	STATUS_ENDPOINT,
	statusFixture,
	type Listening,
} from './fixtures';

// nock 14 stays hooked into Node's http module after a file ends, and the next file in the
// same worker then gets no mocks: unhook it.
afterAll(() => nock.restore());

const message = () => contentFixture(CONTENT_KINDS[0]);

let trigger: Listening;
let activation: string;
let signature: string;

beforeEach(async () => {
	trigger = await listening({ events: ALL_EVENTS });
	activation = String(trigger.query.activation);
	signature = String(trigger.query.signature);
});

/** Nothing the node wrote or emitted carries a secret. */
function expectNoSecrets(result: DeliveryResult): void {
	const seen = JSON.stringify([result.items ?? null, result.response.body ?? null, result.result]);
	for (const secret of [TEST_CREDENTIALS.instanceToken, activation, signature]) {
		expect(seen).not.toContain(secret);
	}
}

async function refused(query: IDataObject, body: unknown = message()): Promise<DeliveryResult> {
	const result = await deliver(trigger.setup, { body, query });
	expect(result.items).toBeUndefined();
	expect(result.result).toEqual({ noWebhookResponse: true });
	expectNoSecrets(result);
	return result;
}

describe('accepted', () => {
	it('a delivery to the registered address starts the workflow', async () => {
		const result = await deliverTo(trigger, message());
		expect(result.items).toHaveLength(1);
		expect(result.response.status).toBeUndefined();
		expectNoSecrets(result);
	});

	it('the signature is the HMAC-SHA256 of workflow:node:activation keyed by the instance token', async () => {
		// Computed independently of the node: a pair made this way is accepted.
		const result = await deliver(trigger.setup, { body: message(), query: { activation, signature: signatureFor(activation) } });
		expect(signature).toBe(signatureFor(activation, SCOPE, TEST_CREDENTIALS.instanceToken));
		expect(result.items).toHaveLength(1);
	});

	it.each([
		['a status change', () => statusFixture('READ')],
		['a notification', () => notificationFixture('REVOKE')],
	])('%s, emitted without secrets', async (_name, build) => {
		const result = await deliverTo(trigger, build());
		expect(result.items).toHaveLength(1);
		expectNoSecrets(result);
	});

	it('a delivery filtered out is answered without secrets', async () => {
		const filtered = await listening({ events: ['messageStatus'] });
		const result = await deliverTo(filtered, message());
		expect(result.result).toEqual({ webhookResponse: { received: true, started: false } });
		const seen = JSON.stringify(result);
		for (const secret of [TEST_CREDENTIALS.instanceToken, String(filtered.query.activation), String(filtered.query.signature)]) {
			expect(seen).not.toContain(secret);
		}
	});

	it('items carry nothing of the query string', async () => {
		const item = (await deliverTo(trigger, message())).items![0];
		expect(Object.keys(item)).not.toEqual(expect.arrayContaining(['activation']));
		expect(Object.keys(item)).not.toEqual(expect.arrayContaining(['signature']));
		expect(Object.keys(item)).not.toEqual(expect.arrayContaining(['query']));
	});
});

describe('unsigned deliveries: 401', () => {
	it.each([
		['no query at all', () => ({})],
		['activation only', () => ({ activation })],
		['signature only', () => ({ signature })],
		['empty values', () => ({ activation: '', signature: '' })],
		['values that are not strings', () => ({ activation: [activation, activation], signature: [signature] })],
	])('%s', async (_name, query) => {
		const result = await refused(query());
		expect(result.response).toEqual({ status: 401, body: { error: 'Unsigned delivery' } });
	});
});

describe('forged or stale signatures: 403', () => {
	it('a wrong signature', async () => {
		const result = await refused({ activation, signature: signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) });
		expect(result.response).toEqual({ status: 403, body: { error: 'Invalid signature' } });
	});

	it('a signature of another length', async () => {
		expect((await refused({ activation, signature: 'x' })).response.status).toBe(403);
		expect((await refused({ activation, signature: `${signature}00` })).response.status).toBe(403);
	});

	it('a valid pair of another activation id (signed with the token, but not the current activation)', async () => {
		const other = 'f'.repeat(32);
		const result = await refused({ activation: other, signature: signatureFor(other) });
		expect(result.response).toEqual({ status: 403, body: { error: 'Invalid signature' } });
	});

	it('the address of a previous activation, after deactivation and a new activation', async () => {
		const previous = trigger.query;
		const setup = trigger.setup;
		nock(API)
			.get(`${INSTANCE_PATH}/me`)
			.reply(200, { receivedCallbackUrl: trigger.url, messageStatusCallbackUrl: trigger.url });
		for (const endpoint of [RECEIVED_ENDPOINT, STATUS_ENDPOINT]) {
			nock(API).put(`${INSTANCE_PATH}${endpoint}`, { value: '' }).reply(200, { value: true });
		}
		await n8nDelete(setup);
		expect(nock.isDone()).toBe(true);
		expect(registrationIn(setup.staticData!)).toEqual({});

		const registered: string[] = [];
		for (const endpoint of [RECEIVED_ENDPOINT, STATUS_ENDPOINT]) {
			nock(API)
				.put(`${INSTANCE_PATH}${endpoint}`, (body: { value: string }) => {
					registered.push(body.value);
					return true;
				})
				.reply(200, { value: true });
		}
		await triggerLifecycle(setup).activate();
		expect(nock.isDone()).toBe(true);
		const current = Object.fromEntries(new URL(registered[0]).searchParams);
		expect(current.activation).not.toBe(previous.activation);

		const stale = await refused(previous);
		expect(stale.response).toEqual({ status: 403, body: { error: 'Invalid signature' } });
		expect((await deliver(setup, { body: message(), query: current })).items).toHaveLength(1);
	});

	it.each([
		['another workflow', 'wf2:trigger-node-id'],
		['another node of this workflow', 'wf1:other-trigger-node'],
		['no scope', ''],
	])('a signature made for %s', async (_name, scope) => {
		const result = await refused({ activation, signature: signatureFor(activation, scope) });
		expect(result.response).toEqual({ status: 403, body: { error: 'Invalid signature' } });
	});

	it('a signature made with another instance’s token', async () => {
		const result = await refused({ activation, signature: signatureFor(activation, SCOPE, 'other-instance-token') });
		expect(result.response).toEqual({ status: 403, body: { error: 'Invalid signature' } });
	});

	it('after the instance token changed in the credentials, the old address is refused', async () => {
		const result = await deliver(
			{ ...trigger.setup, options: { credentials: { instanceToken: 'rotated-token-0001' } } },
			{ body: message(), query: trigger.query },
		);
		expect(result.items).toBeUndefined();
		expect(result.response.status).toBe(403);
	});
});

describe('a delivery for another instance: 403', () => {
	it.each([
		['another instance id', { instanceId: 'ANOTHER-INSTANCE' }],
		['the instance id in another case', { instanceId: TEST_CREDENTIALS.instanceId.toLowerCase() }],
		['no instance id', { instanceId: undefined }],
	])('%s', async (_name, overrides) => {
		const result = await refused(trigger.query, contentFixture(CONTENT_KINDS[0], overrides));
		expect(result.response).toEqual({ status: 403, body: { error: 'Delivery for another instance' } });
	});

	it('a status change for another instance', async () => {
		const result = await refused(trigger.query, statusFixture('READ', undefined, { instanceId: 'ANOTHER-INSTANCE' }));
		expect(result.response.status).toBe(403);
	});
});

it('the signature is checked before the body is read', async () => {
	const result = await refused({ activation, signature: 'forged' }, 'not json');
	expect(result.response).toEqual({ status: 403, body: { error: 'Invalid signature' } });
});
