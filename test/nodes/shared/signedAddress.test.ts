/**
 * The service signs nothing: only deliveries to the address this activation registered
 * (activation id + HMAC of it, keyed by the instance token and bound to this workflow and
 * node) are accepted. verifyDelivery is tested as a pure function on a table of queries;
 * a few runs through n8n's WebhookContext check what the sender and the log see.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import { CONTENT_KINDS } from '../../../nodes/shared/delivery/kinds';
import { activationTime, newActivationId, secretsOfAddress, secretsOfQuery, signedUrl, verifyDelivery, type Verdict } from '../../../nodes/shared/signedAddress';
import { WEBHOOK_NAMES, WEBHOOKS } from '../../../nodes/shared/webhooks';
import { deliver, INSTANCE_PATH, TEST_CREDENTIALS, triggerLifecycle, type DeliveryResult } from '../../helpers/engine';
import {
	clone,
	ALL_EVENTS,
	API,
	contentFixture,
	deliverTo,
	listening,
	n8nDelete,
	notificationFixture,
	registrationIn,
	SCOPE,
	signatureFor,
	statusFixture,
	type Listening,
	watchLog,
} from '../ZApiTrigger/fixtures';

describe('verifyDelivery', () => {
	const TOKEN = TEST_CREDENTIALS.instanceToken;
	const CURRENT = 'a'.repeat(32);
	const OTHER = 'f'.repeat(32);
	const SIGNED = { activation: CURRENT, signature: signatureFor(CURRENT) };
	const flip = (text: string) => text.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));

	const cases: Array<[string, IDataObject, string | undefined, Verdict]> = [
		['the registered pair', SIGNED, CURRENT, 'valid'],
		['no query at all', {}, CURRENT, 'missing'],
		['activation only', { activation: CURRENT }, CURRENT, 'missing'],
		['signature only', { signature: SIGNED.signature }, CURRENT, 'missing'],
		['empty values', { activation: '', signature: '' }, CURRENT, 'missing'],
		['values that are not strings', { activation: [CURRENT, CURRENT], signature: [SIGNED.signature] }, CURRENT, 'missing'],
		['objects with their own toString', { activation: { toString: 1 }, signature: { toString: 1 } }, CURRENT, 'missing'],
		['a wrong signature', { ...SIGNED, signature: flip(SIGNED.signature) }, CURRENT, 'invalid'],
		['a shorter signature', { ...SIGNED, signature: 'x' }, CURRENT, 'invalid'],
		['a longer signature', { ...SIGNED, signature: `${SIGNED.signature}00` }, CURRENT, 'invalid'],
		['a pair validly signed for another activation', { activation: OTHER, signature: signatureFor(OTHER) }, CURRENT, 'invalid'],
		['a pair signed for another workflow', { activation: CURRENT, signature: signatureFor(CURRENT, 'wf2:trigger-node-id') }, CURRENT, 'invalid'],
		['a pair signed for another node', { activation: CURRENT, signature: signatureFor(CURRENT, 'wf1:other-node') }, CURRENT, 'invalid'],
		['a pair signed with no scope', { activation: CURRENT, signature: signatureFor(CURRENT, '') }, CURRENT, 'invalid'],
		['a pair signed with another token', { activation: CURRENT, signature: signatureFor(CURRENT, SCOPE, 'other-token') }, CURRENT, 'invalid'],
		// Fail closed: without an activation record there is nothing to check the id against.
		['no activation record, a signed pair', SIGNED, undefined, 'unregistered'],
		['an empty activation record, a signed pair', SIGNED, '', 'unregistered'],
		['no activation record, a pair of another activation', { activation: OTHER, signature: signatureFor(OTHER) }, undefined, 'unregistered'],
		['no activation record, unsigned', {}, undefined, 'missing'],
		['no activation record, forged', { ...SIGNED, signature: flip(SIGNED.signature) }, undefined, 'invalid'],
	];
	it.each(cases)('%s: %s', (_name, query, current, verdict) => {
		expect(verifyDelivery(query, TOKEN, SCOPE, { current })).toBe(verdict);
	});

	describe('no activation record yet: an activation made moments ago is accepted, a retired one never', () => {
		const NOW = Date.UTC(2026, 0, 1);
		const madeAt = (ms: number) => newActivationId(ms);
		const pair = (activation: string) => ({ activation, signature: signatureFor(activation) });
		const JUST_MADE = madeAt(NOW - 5000);
		const pendingCases: Array<[string, IDataObject, string[] | undefined, Verdict]> = [
			['made 5 s ago', pair(JUST_MADE), undefined, 'pending'],
			['made 5 s ago, then retired (deactivated)', pair(JUST_MADE), [JUST_MADE], 'unregistered'],
			['made 59 s ago', pair(madeAt(NOW - 59_000)), undefined, 'pending'],
			['made 61 s ago', pair(madeAt(NOW - 61_000)), undefined, 'unregistered'],
			['made 5 s ago, an activation made after it retired since', pair(JUST_MADE), [madeAt(NOW - 2000)], 'unregistered'],
			['made 5 s ago, an earlier activation retired', pair(JUST_MADE), [madeAt(NOW - 60_000)], 'pending'],
			['made 3 minutes ago', pair(madeAt(NOW - 180_000)), undefined, 'unregistered'],
			['made 20 s ahead of this clock (another process)', pair(madeAt(NOW + 20_000)), undefined, 'pending'],
			['made an hour ahead of this clock', pair(madeAt(NOW + 3_600_000)), undefined, 'unregistered'],
			['made 5 s ago, forged', { ...pair(JUST_MADE), signature: flip(signatureFor(JUST_MADE)) }, undefined, 'invalid'],
		];
		it.each(pendingCases)('%s: %s', (_name, query, retired, verdict) => {
			expect(verifyDelivery(query, TOKEN, SCOPE, { current: undefined, retired, now: NOW })).toBe(verdict);
		});

		it('with a record, an activation made moments ago that is not the current one is refused', () => {
			expect(verifyDelivery(pair(JUST_MADE), TOKEN, SCOPE, { current: CURRENT, now: NOW })).toBe('invalid');
		});

		it('activation ids carry the time they were made, and stay 32 hex digits', () => {
			expect(JUST_MADE).toMatch(/^[0-9a-f]{32}$/);
			expect(activationTime(JUST_MADE)).toBe(NOW - 5000);
			expect(activationTime('not-an-id')).toBeUndefined();
		});
	});

	it('signedUrl puts the activation id and its HMAC in the query of the address', () => {
		const url = new URL(signedUrl('https://n8n.example.com/webhook/x/webhook?keep=1', TOKEN, SCOPE, CURRENT));
		expect(Object.fromEntries(url.searchParams)).toEqual({ keep: '1', ...SIGNED });
		expect(verifyDelivery(Object.fromEntries(url.searchParams), TOKEN, SCOPE, { current: CURRENT })).toBe('valid');
	});
});

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
		// Answered by the trigger itself, before the execution starts (receive.ts).
		expect(result.response).toEqual({ status: 200, body: { received: true, started: true } });
		expect(result.result.noWebhookResponse).toBe(true);
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
	it('no query at all', async () => {
		const result = await refused({});
		expect(result.response).toEqual({ status: 401, body: { error: 'Unsigned delivery' } });
	});
});

describe('forged or stale signatures: 403', () => {
	it('a wrong signature', async () => {
		const result = await refused({ activation, signature: signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) });
		expect(result.response).toEqual({ status: 403, body: { error: 'Invalid signature' } });
	});

	it('the address of a previous activation, after deactivation and a new activation', async () => {
		const previous = trigger.query;
		const setup = trigger.setup;
		// Put back through the endpoint that leaves notify sent by me alone; registered (Message
		// Sent by Me is among the events) through the one that turns it on.
		const others = WEBHOOK_NAMES.filter((name) => name !== 'receivedAndSent').map((name) => WEBHOOKS[name].endpoint);
		nock(API)
			.get(`${INSTANCE_PATH}/me`)
			.reply(200, Object.fromEntries(WEBHOOK_NAMES.map((name) => [WEBHOOKS[name].settingsField, trigger.url])));
		for (const endpoint of ['/update-webhook-received', ...others]) {
			nock(API).put(`${INSTANCE_PATH}${endpoint}`, { value: '' }).reply(200, { value: true });
		}
		await n8nDelete(setup);
		expect(nock.isDone()).toBe(true);
		expect(registrationIn(setup.staticData!)).toEqual({ retired: [previous.activation] });

		// Between the new registration and n8n saving it, the retired address stays refused.
		const beforeSave = await deliver({ ...setup, staticData: { 'node:Z-API Trigger': { retired: [previous.activation] } } }, { body: message(), query: previous });
		expect(beforeSave.response).toEqual({ status: 403, body: { error: 'Not registered' } });

		nock(API).get(`${INSTANCE_PATH}/me`).reply(200, {});
		const registered: string[] = [];
		for (const endpoint of ['/update-webhook-received-delivery', ...others]) {
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

	it('after the instance token changed in the credentials, the address registered keeps receiving until the next activation', async () => {
		// Deliveries are checked against the digest saved at activation, not the token.
		const result = await deliver(
			{ ...trigger.setup, options: { credentials: { instanceToken: 'rotated-token-0001' } } },
			{ body: message(), query: trigger.query },
		);
		expect(result.items).toHaveLength(1);
	});

	it('with a record saved before the digest existed, the token checks it: a changed token refuses the old address', async () => {
		const staticData = clone(trigger.setup.staticData!);
		delete (staticData['node:Z-API Trigger'] as IDataObject).deliveryCheck;
		const result = await deliver(
			{ ...trigger.setup, staticData, options: { credentials: { instanceToken: 'rotated-token-0001' } } },
			{ body: message(), query: trigger.query },
		);
		expect(result.items).toBeUndefined();
		expect(result.response).toEqual({ status: 403, body: { error: 'Invalid signature' } });
	});
});

describe('a delivery for another instance: 403', () => {
	it.each([
		['another instance id', { instanceId: 'ANOTHER-INSTANCE' }],
		['no instance id', { instanceId: undefined }],
	])('%s', async (_name, overrides) => {
		const result = await refused(trigger.query, contentFixture(CONTENT_KINDS[0], overrides));
		expect(result.response).toEqual({ status: 403, body: { error: 'Delivery for another instance' } });
	});

	it('the instance id in another case is the same instance', async () => {
		const result = await deliver(trigger.setup, {
			body: contentFixture(CONTENT_KINDS[0], { instanceId: TEST_CREDENTIALS.instanceId.toLowerCase() }),
			query: trigger.query,
		});
		expect(result.items).toHaveLength(1);
	});

	it('a status change for another instance', async () => {
		const result = await refused(trigger.query, statusFixture('READ', undefined, { instanceId: 'ANOTHER-INSTANCE' }));
		expect(result.response.status).toBe(403);
	});
});

describe('a delivery that comes before n8n saved the activation record', () => {
	const log = watchLog();

	it('is accepted within the first minutes, logged as such, and writes nothing to the static data', async () => {
		const info = jest.spyOn(Container.get(Logger), 'info').mockImplementation(() => {});
		const staticData: IDataObject = {};
		const result = await deliver({ ...trigger.setup, staticData }, { body: message(), query: trigger.query });
		expect(result.items).toHaveLength(1);
		expect(info).toHaveBeenCalledWith(expect.stringMatching(/came in while n8n was still saving this activation/));
		expect(log.warn).not.toHaveBeenCalled();
		// Saving a changed static data now could overwrite the record n8n is about to save:
		// nothing is written, and n8n sees no change (it saves only a changed one).
		expect(registrationIn(staticData)).toEqual({});
		// Nor the workflow's shared part: no question-mark, no phone–LID pair learned.
		expect(staticData.global ?? {}).toEqual({});
		expect((staticData as { __dataChanged?: boolean }).__dataChanged).toBe(false);
		expectNoSecrets(result);
	});
});

describe('a workflow with no activation record (its static data reset or lost)', () => {
	const log = watchLog();
	// Past the first minutes after the activation: the record should have been saved long ago.
	beforeEach(() => jest.useFakeTimers({ now: Date.now() + 3 * 60_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));
	afterEach(() => jest.useRealTimers());

	it('refuses even the registered address, 403, and the log says to activate again, without secrets', async () => {
		const setup = { ...trigger.setup, staticData: {} };
		const result = await deliver(setup, { body: message(), query: trigger.query });
		expect(result.items).toBeUndefined();
		expect(result.response).toEqual({ status: 403, body: { error: 'Not registered' } });
		expectNoSecrets(result);
		expect(log.warn).toHaveBeenCalledTimes(1);
		const line = String(log.warn.mock.calls[0][0]);
		expect(line).toMatch(/keeps no record of registering its webhooks/);
		expect(line).toMatch(/Deactivate and activate the workflow again/);
		for (const secret of [TEST_CREDENTIALS.instanceToken, activation, signature]) expect(line).not.toContain(secret);
	});

	it('an unsigned or forged delivery is refused as usual, and logs nothing', async () => {
		const setup = { ...trigger.setup, staticData: {} };
		expect((await deliver(setup, { body: message(), query: {} })).response.status).toBe(401);
		expect((await deliver(setup, { body: message(), query: { activation, signature: 'forged' } })).response.status).toBe(403);
		expect(log.warn).not.toHaveBeenCalled();
	});
});

it('the signature is checked before the body is read', async () => {
	const result = await refused({ activation, signature: 'forged' }, 'not json');
	expect(result.response).toEqual({ status: 403, body: { error: 'Invalid signature' } });
});

describe('secretsOfAddress', () => {
	it.each([
		['a signed address', 'https://n8n.example.com/webhook/x/webhook?activation=abc123&signature=def456', ['https://n8n.example.com/webhook/x/webhook?activation=abc123&signature=def456', 'abc123', 'def456']],
		['an address without a signature', 'https://other.example.com/hook', ['https://other.example.com/hook']],
		['text that is no URL', 'not a url', ['not a url']],
		['nothing', '', []],
		['null', null, []],
	])('%s', (_name, address, expected) => {
		expect(secretsOfAddress(address)).toEqual(expected);
	});
});

describe('secretsOfQuery', () => {
	it.each([
		['a signed delivery’s query', { activation: 'abc123', signature: 'def456', other: 'x' }, ['abc123', 'def456']],
		['the signature alone', { signature: 'def456' }, ['def456']],
		['empty values and values of another type', { activation: '', signature: ['def456'] }, []],
		['no query', undefined, []],
		['not an object', 'activation=abc123', []],
	])('%s', (_name, query, expected) => {
		expect(secretsOfQuery(query)).toEqual(expected);
	});
});
