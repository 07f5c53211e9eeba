/**
 * Repeated deliveries (repeats.ts): which deliveries are the same, the bounded memory as a
 * pure function, and through n8n's WebhookContext that a delivery sent again starts one
 * execution, with the memory in the workflow's static data.
 */
import type { IDataObject } from 'n8n-workflow';

import { CONTENT_KINDS, INSTANCE_CALLBACKS } from '../../../nodes/shared/delivery/kinds';
import { toItems } from '../../../nodes/shared/delivery/items';
import {
	checkRepeat,
	MAX_REMEMBERED,
	repeatKeyOf,
	REPEAT_IDENTITY,
	type RepeatMemory,
} from '../../../nodes/ZApiTrigger/repeats';
import {
	ALL_EVENTS,
	contentFixture,
	deliverTo,
	INSTANCE_CALLBACK_TYPES,
	instanceCallbackFixture,
	listening,
	notificationFixture,
	registrationIn,
	statusFixture,
} from './fixtures';

const text = CONTENT_KINDS[0];
const keyOf = (body: IDataObject, splitStatusIds = false) => repeatKeyOf(toItems(body, { splitStatusIds }));
const MINUTE = 60_000;
const NOW = 1_700_000_000_000;

describe('repeatKeyOf: the same delivery has the same key, another delivery another', () => {
	const message = contentFixture(text, { messageId: 'AAA111' });
	const status = statusFixture('READ', ['3EB0A', '3EB0B']);

	it.each([
		['a message sent again', message, { ...message }],
		['a status sent again', status, { ...status }],
		['a notification sent again', notificationFixture('REVOKE', { messageId: 'N1' }), notificationFixture('REVOKE', { messageId: 'N1' })],
		['a send result sent again', instanceCallbackFixture('DeliveryCallback', { zaapId: 'Z1', messageId: 'M1' }), instanceCallbackFixture('DeliveryCallback', { zaapId: 'Z1', messageId: 'M1' })],
	])('%s: same key', (_name, first, again) => {
		expect(keyOf(first as IDataObject)).not.toBeNull();
		expect(keyOf(first as IDataObject)).toBe(keyOf(again as IDataObject));
	});

	it.each([
		['another message id', message, { ...message, messageId: 'AAA222' }],
		['an edit of the message (same id, later time)', message, { ...message, momment: (message.momment as number) + 5000, isEdit: true }],
		['another status of the same messages', status, { ...status, status: 'PLAYED' }],
		['the same status of other messages', status, { ...status, ids: ['3EB0C'] }],
		['a send that failed and one that went', instanceCallbackFixture('DeliveryCallback', { zaapId: 'Z1' }), instanceCallbackFixture('DeliveryCallback', { zaapId: 'Z1', error: 'x' })],
		['a message and a status about it', message, statusFixture('READ', ['AAA111'])],
	])('%s: another key', (_name, first, other) => {
		expect(keyOf(first as IDataObject)).not.toBe(keyOf(other as IDataObject));
	});

	it('one item per message id: the key of the delivery, all ids counted', () => {
		expect(keyOf(status, true)).toBe(keyOf({ ...status }, true));
		expect(keyOf(status, true)).not.toBe(keyOf({ ...status, ids: ['3EB0A'] }, true));
	});

	it('chat presence and unknown deliveries have no identity, so they always start', () => {
		expect(keyOf(instanceCallbackFixture('PresenceChatCallback'))).toBeNull();
		expect(keyOf({ type: 'SomethingNew', instanceId: 'X' })).toBeNull();
		expect(keyOf({ ...message, messageId: undefined } as IDataObject)).toBeNull();
	});

	it('every event of the further webhooks is either in the identity table or has no identity on purpose', () => {
		const without = INSTANCE_CALLBACKS.map(({ event }) => event).filter((event) => !REPEAT_IDENTITY[event]);
		expect(without).toEqual(['chatPresence']);
		for (const type of INSTANCE_CALLBACK_TYPES) {
			const body = instanceCallbackFixture(type);
			const event = toItems(body)[0].event as string;
			expect(keyOf(body) === null).toBe(!REPEAT_IDENTITY[event]);
		}
	});

	it('keys are short whatever the delivery', () => {
		const many = statusFixture('READ', Array.from({ length: 500 }, (_, n) => `3EB0${n}`));
		expect(keyOf(many)!.length).toBeLessThanOrEqual(22);
	});
});

describe('checkRepeat: a bounded memory with a time window', () => {
	/** A memory as the trigger keeps it, from key -> time. */
	const memoryOf = (entries: Record<string, number>): RepeatMemory =>
		Object.entries(entries)
			.map(([key, at]) => `${key}.${at.toString(36)}`)
			.join(' ');
	/** What a memory holds, as key -> time. */
	const read = (memory: RepeatMemory): Record<string, number> =>
		Object.fromEntries(memory ? memory.split(' ').map((entry) => [entry.split('.')[0], parseInt(entry.split('.')[1], 36)]) : []);

	it.each([
		['empty memory', undefined, 'k', false],
		['an empty string', '', 'k', false],
		['seen within the window', memoryOf({ k: NOW - 9 * MINUTE }), 'k', true],
		['seen before the window', memoryOf({ k: NOW - 11 * MINUTE }), 'k', false],
		['seen by a webhook process whose clock is ahead', memoryOf({ k: NOW + 2000 }), 'k', true],
		['another key seen', memoryOf({ j: NOW - MINUTE }), 'k', false],
		['a key that only begins like it', memoryOf({ kk: NOW - MINUTE }), 'k', false],
		['a key that only ends like it', memoryOf({ xk: NOW - MINUTE }), 'k', false],
		['the object an earlier version kept, seen within the window', { k: NOW - 9 * MINUTE }, 'k', true],
		['the object an earlier version kept, seen before the window', { k: NOW - 11 * MINUTE }, 'k', false],
		['a memory of the wrong shape', ['k'], 'k', false],
		['an entry of the wrong shape (object)', { k: 'yesterday' }, 'k', false],
		['an entry of the wrong shape (text)', 'k.yesterday!', 'k', false],
		['an entry without a time', 'k', 'k', false],
	] as Array<[string, unknown, string, boolean]>)('%s: repeated %s', (_name, memory, key, repeated) => {
		expect(checkRepeat(memory, key, NOW, 10 * MINUTE).repeated).toBe(repeated);
	});

	it('remembers a new key, forgets what is past the window, keeps one short string', () => {
		const { memory } = checkRepeat(memoryOf({ old: NOW - 20 * MINUTE, recent: NOW - MINUTE }), 'k', NOW, 10 * MINUTE);
		expect(typeof memory).toBe('string');
		expect(read(memory)).toEqual({ recent: NOW - MINUTE, k: NOW });
		expect(memory).toBe(`recent.${(NOW - MINUTE).toString(36)} k.${NOW.toString(36)}`);
	});

	it('the object an earlier version kept is carried over into the string', () => {
		const { memory } = checkRepeat({ recent: NOW - MINUTE, old: NOW - 20 * MINUTE }, 'k', NOW, 10 * MINUTE);
		expect(read(memory)).toEqual({ recent: NOW - MINUTE, k: NOW });
	});

	it('a repeat leaves the memory as it was (nothing new to save)', () => {
		const kept = memoryOf({ a: NOW - 2 * MINUTE, k: NOW - MINUTE });
		expect(checkRepeat(kept, 'k', NOW, 10 * MINUTE)).toEqual({ repeated: true, memory: kept });
	});

	it('an entry dated ahead of the clock is kept as dated now: it expires with the window', () => {
		const { memory } = checkRepeat(memoryOf({ ahead: NOW + 365 * 24 * 60 * MINUTE }), 'k', NOW, 10 * MINUTE);
		expect(read(memory)).toEqual({ ahead: NOW, k: NOW });
		expect(checkRepeat(memory, 'ahead', NOW + 11 * MINUTE, 10 * MINUTE).repeated).toBe(false);
	});

	it('a memory full of entries dated ahead of the clock does not push out a fresh one', () => {
		const ahead = memoryOf(Object.fromEntries(Array.from({ length: MAX_REMEMBERED }, (_, n) => [`f${n}`, NOW + 60 * MINUTE + n])));
		let { memory } = checkRepeat(ahead, 'fresh', NOW, 10 * MINUTE);
		memory = checkRepeat(memory, 'next', NOW + 1000, 10 * MINUTE).memory;
		expect(Object.keys(read(memory))).toHaveLength(MAX_REMEMBERED);
		expect(checkRepeat(memory, 'fresh', NOW + 2000, 10 * MINUTE).repeated).toBe(true);
	});

	it(`keeps at most ${MAX_REMEMBERED} keys, forgetting the oldest, in about 32 bytes each`, () => {
		let memory: RepeatMemory = '';
		const keys = Array.from({ length: MAX_REMEMBERED + 50 }, (_, n) => repeatKeyOf([{ event: 'message', messageId: `M${n}`, kind: 'text', momment: n }])!);
		keys.forEach((key, n) => (memory = checkRepeat(memory, key, NOW + n, 60 * MINUTE).memory));
		const held = read(memory);
		expect(Object.keys(held)).toHaveLength(MAX_REMEMBERED);
		expect(held[keys[0]]).toBeUndefined();
		expect(held[keys[MAX_REMEMBERED + 49]]).toBe(NOW + MAX_REMEMBERED + 49);
		expect(checkRepeat(memory, keys[0], NOW + 400, 60 * MINUTE).repeated).toBe(false);
		expect(checkRepeat(memory, keys[MAX_REMEMBERED], NOW + 400, 60 * MINUTE).repeated).toBe(true);
		expect(memory.length).toBeLessThanOrEqual(MAX_REMEMBERED * 32);
	});
});

describe('through n8n: a repeated delivery starts one execution', () => {
	it('the same message twice: one execution, the second answered 200 without one', async () => {
		const target = await listening({ events: ALL_EVENTS });
		const body = contentFixture(text, { text: { message: 'Oi' } });
		const first = await deliverTo(target, body);
		expect(first.items).toHaveLength(1);
		// Answered by the trigger before n8n starts the execution, so n8n saves the memory.
		expect(first.response).toEqual({ status: 200, body: { received: true, started: true } });
		expect(first.result.noWebhookResponse).toBe(true);
		const again = await deliverTo(target, JSON.parse(JSON.stringify(body)));
		expect(again.items).toBeUndefined();
		expect(again.result.webhookResponse).toEqual({ received: true, started: false });
		// Another message still starts.
		expect((await deliverTo(target, contentFixture(text))).items).toHaveLength(1);
		// The memory is in the workflow's static data, which n8n saves.
		expect((registrationIn(target.setup.staticData!)?.recentDeliveries as string).split(' ')).toHaveLength(2);
	});

	it('with Ignore Repeated Deliveries off, both start', async () => {
		const target = await listening({ events: ALL_EVENTS, options: { ignoreRepeats: false } });
		const body = statusFixture('READ');
		const first = await deliverTo(target, body);
		expect(first.items).toHaveLength(1);
		// Nothing to save, so n8n answers as for any trigger.
		expect(first.response).toEqual({});
		expect(first.result.noWebhookResponse).toBeUndefined();
		expect((await deliverTo(target, body)).items).toHaveLength(1);
		expect(registrationIn(target.setup.staticData!)?.recentDeliveries).toBeUndefined();
	});

	it('a delivery filtered out is not remembered: choosing its event later lets it start', async () => {
		const target = await listening({ events: ['messageStatus'] });
		const body = contentFixture(text);
		expect((await deliverTo(target, body)).items).toBeUndefined();
		target.setup.parameters = { events: ALL_EVENTS };
		expect((await deliverTo(target, body)).items).toHaveLength(1);
	});
});
