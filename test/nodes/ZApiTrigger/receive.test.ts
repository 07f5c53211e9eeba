/**
 * Receiving one delivery (receive.ts): the decision as a pure function on a table of
 * deliveries, and through n8n's WebhookContext what the sender gets back and what the log
 * says, including for deliveries built to break naive code and for errors nobody expected.
 */
import type { IDataObject } from 'n8n-workflow';

import { CONTENT_KINDS } from '../../../nodes/shared/delivery/kinds';
import * as deliveryItems from '../../../nodes/shared/delivery/items';
import { answerDelivery, REFUSALS, type Answer, type Receiver } from '../../../nodes/ZApiTrigger/receive';
import type { FilterChoices } from '../../../nodes/ZApiTrigger/filters';
import { deliver, TEST_CREDENTIALS } from '../../helpers/engine';
import {
	clone,
	ALL_EVENTS,
	contentFixture,
	deliverTo,
	INSTANCE_ID,
	listening,
	notificationFixture,
	PEOPLE,
	SCOPE,
	signatureFor,
	statusFixture,
	type Listening,
	watchLog,
} from './fixtures';
import { deepArray, harnessCanWrite, setOwn } from './fuzzDeliveries';

const ACTIVATION = 'c'.repeat(32);
const RECEIVER: Receiver = {
	instanceId: INSTANCE_ID,
	instanceToken: TEST_CREDENTIALS.instanceToken,
	scope: SCOPE,
	activation: ACTIVATION,
};
const SIGNED = { activation: ACTIVATION, signature: signatureFor(ACTIVATION) };
const EVERYTHING: FilterChoices = { events: ALL_EVENTS, contentKinds: [], notificationKinds: [], options: {} };
const text = () => contentFixture(CONTENT_KINDS[0]);

describe('answerDelivery', () => {
	const cases: Array<[string, IDataObject, unknown, Partial<Receiver>, Answer]> = [
		['no signature', {}, text(), {}, REFUSALS.unsigned],
		['a forged signature', { ...SIGNED, signature: 'forged' }, text(), {}, REFUSALS.forged],
		['no activation record', SIGNED, text(), { activation: undefined }, REFUSALS.unregistered],
		['an array body', SIGNED, [text()], {}, REFUSALS.notAnObject],
		['a text body', SIGNED, 'hello', {}, REFUSALS.notAnObject],
		['a null body', SIGNED, null, {}, REFUSALS.notAnObject],
		['a number body', SIGNED, 42, {}, REFUSALS.notAnObject],
		['a body 10,000 arrays deep', SIGNED, deepArray(10_000), {}, REFUSALS.notAnObject],
		['{} (no instanceId)', SIGNED, {}, {}, REFUSALS.otherInstance],
		['another instance', SIGNED, contentFixture(CONTENT_KINDS[0], { instanceId: 'OTHER' }), {}, REFUSALS.otherInstance],
		['an instanceId with its own toString', SIGNED, { ...text(), instanceId: { toString: 1 } }, {}, REFUSALS.otherInstance],
		['a query that is not an object', 'activation=x' as unknown as IDataObject, text(), {}, REFUSALS.unsigned],
	];
	it.each(cases)('%s is refused', (_name, query, body, receiver, answer) => {
		expect(answerDelivery({ query, body }, { ...RECEIVER, ...receiver }, EVERYTHING)).toEqual(answer);
	});

	it('an instanceId in another case is the same instance', () => {
		const answer = answerDelivery({ query: SIGNED, body: contentFixture(CONTENT_KINDS[0], { instanceId: INSTANCE_ID.toLowerCase() }) }, RECEIVER, EVERYTHING);
		expect(answer).toMatchObject({ outcome: 'started', items: [expect.objectContaining({ kind: 'text' })] });
	});

	it('every refusal is a 4xx: a malformed or forged delivery would fail the same way if sent again', () => {
		for (const refusal of Object.values(REFUSALS)) {
			expect(refusal.status).toBeGreaterThanOrEqual(400);
			expect(refusal.status).toBeLessThan(500);
		}
	});

	it('a signed delivery of this instance starts the workflow with its items', () => {
		const body = text();
		expect(answerDelivery({ query: SIGNED, body }, RECEIVER, EVERYTHING)).toEqual({
			outcome: 'started',
			items: deliveryItems.toItems(body),
		});
	});

	it('a delivery the user did not choose is ignored (200, no execution), with nothing to log', () => {
		const choices = { ...EVERYTHING, events: ['messageStatus'] };
		expect(answerDelivery({ query: SIGNED, body: text() }, RECEIVER, choices)).toEqual({ outcome: 'ignored' });
	});

	it('One Item per Message ID comes from the options', () => {
		const body = statusFixture('READ', ['3EB0A', '3EB0B']);
		const split = answerDelivery({ query: SIGNED, body }, RECEIVER, { ...EVERYTHING, options: { splitStatusIds: true } });
		expect(split.outcome === 'started' && split.items.map((item) => item.messageId)).toEqual(['3EB0A', '3EB0B']);
	});

	it('an unreadable Only These Phones starts nothing (fail closed) and says why', () => {
		const choices = { ...EVERYTHING, options: { phones: 'maria' } };
		const answer = answerDelivery({ query: SIGNED, body: text() }, RECEIVER, choices);
		expect(answer).toEqual({
			outcome: 'ignored',
			log: "Z-API Trigger: started nothing, Only These Phones cannot be read (Phone 'maria' is not a phone number). Fix the list in the trigger's options.",
		});
	});
});

describe('through n8n', () => {
	let trigger: Listening;
	let phones: Listening;
	const log = watchLog();

	beforeAll(async () => {
		trigger = await listening({ events: ALL_EVENTS });
		phones = await listening({ events: ALL_EVENTS, options: { phones: `${PEOPLE.contactPhone}, ${PEOPLE.groupId}` } });
	});

	it.each([
		['an array', [text()], 400, 'The body is not a JSON object'],
		['a string', 'hello', 400, 'The body is not a JSON object'],
		['null', null, 400, 'The body is not a JSON object'],
		['{} (no instanceId)', {}, 403, 'Delivery for another instance'],
	])('%s is answered %d with no execution', async (_name, body, status, message) => {
		const { items, response, result } = await deliverTo(trigger, body);
		expect(items).toBeUndefined();
		expect(response).toEqual({ status, body: { error: message } });
		expect(result).toEqual({ noWebhookResponse: true });
	});

	const deep = () => deepArray(10_000, { toString: 1 });
	/** Deliveries with 10,000-deep arrays and toString/__proto__ keys where the node reads. */
	const hostile: Array<[string, () => IDataObject]> = [
		['status ids', () => ({ ...statusFixture('READ', ['3EB0A']), ids: ['3EB0A', deep(), { toString: 1 }] })],
		[
			'notification parameters',
			() => ({ ...notificationFixture('GROUP_PARTICIPANT_ADD'), notificationParameters: [deep(), { valueOf: 1 }] }),
		],
		[
			'contact phones',
			() => {
				const body = contentFixture(CONTENT_KINDS.find(({ kind }) => kind === 'contact')!);
				return { ...body, contact: { ...(body.contact as IDataObject), phones: deep(), toString: 1 } };
			},
		],
		['participantPhone', () => ({ ...contentFixture(CONTENT_KINDS[0], { isGroup: true }), participantPhone: deep() })],
		['another field', () => ({ ...text(), senderName: deep(), constructor: { prototype: { polluted: true } } })],
		[
			'a __proto__ key',
			() => {
				const body = text();
				setOwn(body, '__proto__', { polluted: true, toString: 1 });
				return body;
			},
		],
	];
	it.each(hostile)('%s nested 10,000 deep or keyed toString/__proto__: an execution with one item', async (_name, build) => {
		for (const target of [trigger, phones]) {
			const body = harnessCanWrite(build());
			const { items, response } = await deliverTo(target, body);
			expect(response).toEqual({ status: 200, body: { received: true, started: true } });
			expect(items).toHaveLength(1);
			const [item] = items!;
			expect(Object.keys(item)).toEqual(expect.arrayContaining(['event', 'kind', 'timestamp', 'payload']));
			expect(item.event).not.toBe('unknown');
			expect(typeof item.kind).toBe('string');
			expect(item.timestamp === null || typeof item.timestamp === 'string').toBe(true);
			// n8n can write the item down.
			expect(() => JSON.stringify(item)).not.toThrow();
			expect(({} as IDataObject).polluted).toBeUndefined();
		}
		expect(log.error).not.toHaveBeenCalled();
	});

	it('a phone nested 10,000 deep matches no entry of Only These Phones, and does not throw', async () => {
		const body = harnessCanWrite({ ...text(), phone: deepArray(10_000, PEOPLE.contactPhone) });
		const { items, result, response } = await deliverTo(phones, body);
		expect(items).toBeUndefined();
		expect(response.status).toBeUndefined();
		expect(result.webhookResponse).toEqual({ received: true, started: false });
		expect(log.error).not.toHaveBeenCalled();
	});

	it('an error nobody expected is answered 200 without an execution, and logged without secrets', async () => {
		jest.spyOn(deliveryItems, 'toItems').mockImplementation(() => {
			throw new Error(`broken near ${TEST_CREDENTIALS.instanceToken} / ${String(trigger.query.signature)}`);
		});
		const { items, result, response } = await deliverTo(trigger, text());
		expect(items).toBeUndefined();
		expect(response.status).toBeUndefined();
		expect(result).toEqual({ webhookResponse: { received: true, started: false } });
		expect(log.error).toHaveBeenCalledTimes(1);
		const line = String(log.error.mock.calls[0][0]);
		expect(line).toMatch(/^Z-API Trigger: a delivery could not be read and started nothing: broken near /);
		for (const secret of [TEST_CREDENTIALS.instanceToken, String(trigger.query.signature), String(trigger.query.activation)]) {
			expect(line).not.toContain(secret);
		}
	});

	it('credentials needed but unreadable (a record saved before the digest existed) are answered 500 (n8n’s side: worth sending again) and logged', async () => {
		const staticData = clone(trigger.setup.staticData!);
		delete (staticData['node:Z-API Trigger'] as IDataObject).deliveryCheck;
		const setup = { ...trigger.setup, staticData, options: { credentials: { instanceToken: '' } } };
		const { items, response, result } = await deliver(setup, { body: text(), query: trigger.query });
		expect(items).toBeUndefined();
		expect(response).toEqual({ status: 500, body: { error: 'The trigger could not read its credentials' } });
		expect(result).toEqual({ noWebhookResponse: true });
		expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/could not read its credentials: The Z-API credentials are incomplete/));
	});
});
