/**
 * A seeded generator of hostile deliveries for the receive path: real deliveries of every
 * kind of the trigger's tables with fields replaced by what JSON can carry and the node must
 * survive (objects with their own toString/valueOf/__proto__/constructor keys, arrays nested
 * 10,000 deep, odd numbers and strings), plus bodies that are not deliveries at all. The
 * same seed gives the same cases.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	CONTENT_KINDS,
	MESSAGE_FIELDS,
	NESTED_FIELDS,
	NOTIFICATION_KINDS,
	STATUS_FIELDS,
	STATUS_KINDS,
} from '../../../nodes/shared/delivery/kinds';
import { EVENT_CHOICES } from '../../../nodes/ZApiTrigger/eventChoices';
import type { FilterChoices } from '../../../nodes/ZApiTrigger/filters';
import {
	contentFixture,
	INSTANCE_CALLBACK_TYPES,
	INSTANCE_ID,
	instanceCallbackFixture,
	notificationFixture,
	PEOPLE,
	statusFixture,
	UNKNOWN_CALLBACKS,
} from './fixtures';

/** mulberry32: small, fast, and good enough to spread cases; not for secrets. */
export function seeded(seed: number) {
	let state = seed >>> 0;
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const int = (n: number) => Math.floor(next() * n);
	const pick = <T>(list: readonly T[]): T => list[int(list.length)];
	const chance = (p: number) => next() < p;
	return { next, int, pick, chance };
}
export type Random = ReturnType<typeof seeded>;

/** A JSON object key the way JSON.parse makes it: own data, even for `__proto__`. */
export function setOwn(target: object, key: string, value: unknown): void {
	Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Keys with a meaning in JavaScript that a JSON body can carry as plain data. */
export const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'toJSON'];

export const DEEP = 10_000;

/** Arrays nested `depth` deep, frozen: shared by the cases, and no code may change them. */
export function deepArray(depth: number, leaf: unknown = 'bottom'): unknown[] {
	let value: unknown[] = Object.freeze([leaf]) as unknown[];
	for (let level = 1; level < depth; level++) value = Object.freeze([value]) as unknown[];
	return value;
}

/** Objects nested `depth` deep under the key `a`. */
export function deepObject(depth: number): IDataObject {
	let value: IDataObject = { a: 'bottom' };
	for (let level = 1; level < depth; level++) value = { a: value };
	return value;
}

const DEEP_ARRAY = deepArray(DEEP);
const DEEP_ARRAY_OF_OBJECT = deepArray(DEEP, { toString: 1 });

/** A value JSON can carry that is hostile to naive code. */
function hostileValue(random: Random, depth = 0): unknown {
	const makers: Array<() => unknown> = [
		() => DEEP_ARRAY,
		() => DEEP_ARRAY_OF_OBJECT,
		() => ({ toString: 1 }),
		() => ({ valueOf: {}, toString: 'x' }),
		() => ({ toJSON: 'no' }),
		() => {
			const value = {};
			setOwn(value, '__proto__', { polluted: true, toString: 1 });
			return value;
		},
		() => ({ constructor: { prototype: { polluted: true } } }),
		() => [{ toString: 1 }, null, 7, 'x'],
		() => Array.from({ length: 1 + random.int(4) }, () => (depth < 2 ? hostileValue(random, depth + 1) : { toString: 1 })),
		() => Array.from({ length: 1 + random.int(4) }, () => (depth < 2 ? hostileValue(random, depth + 1) : { toString: 1 })),
		() => [],
		() => ({}),
		() => null,
		() => random.pick([0, -1, 1.5, 1e11 - 1, 99999999999, 1e11, 1e308, -1e308, 1700000000, 1700000000000, 2 ** 53]),
		() => random.pick(['', ' ', 'true', 'false', '1e400', '-0', 'NaN', '__proto__', '5511988887777', 'é\u0000\ud800']),
		() => random.chance(0.5),
		() => 'x'.repeat(random.int(3) * 5000),
		() => (depth < 2 ? hostileObject(random, depth + 1) : 'leaf'),
	];
	return random.pick(makers)();
}

/** An object with a few hostile keys and values. */
function hostileObject(random: Random, depth = 0): IDataObject {
	const out: IDataObject = {};
	const count = 1 + random.int(4);
	for (let i = 0; i < count; i++) {
		setOwn(out, random.chance(0.6) ? random.pick(HOSTILE_KEYS) : `k${random.int(5)}`, hostileValue(random, depth));
	}
	return out;
}

const FIXED = { messageId: '3EB0F00D', momment: 1700000000000 };

/** One real delivery of each kind of the tables (and the kinds the node does not know). */
function baseDeliveries(): IDataObject[] {
	return [
		...CONTENT_KINDS.flatMap((kind) => [
			contentFixture(kind, FIXED),
			contentFixture(kind, { ...FIXED, isGroup: true, fromMe: true }),
		]),
		...NOTIFICATION_KINDS.map(({ code }) => notificationFixture(code, FIXED)),
		...STATUS_KINDS.map(({ status }) => statusFixture(status, ['3EB0A', '3EB0B'], { momment: FIXED.momment })),
		...INSTANCE_CALLBACK_TYPES.map((type) => instanceCallbackFixture(type, { momment: FIXED.momment })),
		...Object.values(UNKNOWN_CALLBACKS),
	];
}

/** Every field name the tables read, at the top level and inside content objects. */
const TOP_FIELDS = [
	...new Set([
		...Object.keys(MESSAGE_FIELDS),
		...Object.keys(STATUS_FIELDS),
		'type',
		'ids',
		'notification',
		'notificationParameters',
		...CONTENT_KINDS.map(({ key }) => key),
	]),
];

/** A hostile delivery: usually a real one with fields replaced, sometimes any JSON at all. */
export function deliveryGenerator(seed: number) {
	const random = seeded(seed);
	const bases = baseDeliveries();
	return (): unknown => {
		if (random.chance(0.05)) return hostileValue(random);
		const delivery = structuredClone(random.pick(bases));
		const changes = 1 + random.int(4);
		for (let i = 0; i < changes; i++) {
			const where = random.int(4);
			if (where === 0) {
				// Half the time a field this delivery has (ids of a status change, say), so each is hit often.
				const fields = random.chance(0.5) ? Object.keys(delivery) : TOP_FIELDS;
				setOwn(delivery, random.pick(fields), hostileValue(random));
			} else if (where === 1) {
				setOwn(delivery, random.pick(HOSTILE_KEYS), hostileValue(random));
			} else {
				// Inside whichever content object (or nested object) the delivery has.
				const kind = CONTENT_KINDS.find(({ key }) => typeof delivery[key] === 'object' && delivery[key] !== null);
				const content = kind ? (delivery[kind.key] as IDataObject) : delivery;
				const fields = kind
					? [...Object.keys(kind.fields), ...Object.keys(NESTED_FIELDS).flatMap((name) => Object.keys(NESTED_FIELDS[name]))]
					: TOP_FIELDS;
				if (typeof content === 'object' && content !== null && !Array.isArray(content)) {
					setOwn(content, random.pick(fields), hostileValue(random));
				}
			}
		}
		// A second content object now and then: recognition must not depend on table order.
		if (random.chance(0.1)) {
			const other = random.pick(bases.filter((base) => CONTENT_KINDS.some(({ key }) => key in base)));
			const kind = CONTENT_KINDS.find(({ key }) => key in other)!;
			setOwn(delivery, kind.key, structuredClone(other[kind.key]));
		}
		if (random.chance(0.7)) delivery.instanceId = INSTANCE_ID;
		return delivery;
	};
}

/** The user's choices, Only These Phones included (valid lists only: activation refuses others). */
export function choicesGenerator(seed: number) {
	const random = seeded(seed);
	const events = EVENT_CHOICES.map(({ value }) => value);
	const some = <T>(list: readonly T[]) => list.filter(() => random.chance(0.3));
	return (): FilterChoices => ({
		events: random.chance(0.5) ? events : some(events),
		contentKinds: random.chance(0.7) ? [] : some(CONTENT_KINDS.map(({ kind }) => kind)),
		notificationKinds: random.chance(0.7) ? [] : some(NOTIFICATION_KINDS.map(({ code }) => code)),
		options: {
			chatType: random.pick(['all', 'groups', 'private', undefined]),
			phones: random.pick(['', PEOPLE.contactPhone, `${PEOPLE.groupId}, +55 (11) 97777-6666`, '2123456789012345@lid', undefined]),
			splitStatusIds: random.chance(0.5),
			unknownEvents: random.pick(['emit', 'drop', undefined]),
		},
	});
}

/**
 * A record of a value's whole shape, built without recursion (deliveries may nest 10,000
 * deep): two values with the same record are equal as JSON sees them.
 */
export function shapeOf(value: unknown): string {
	const parts: string[] = [];
	const stack: unknown[] = [value];
	while (stack.length) {
		const current = stack.pop();
		if (Array.isArray(current)) {
			parts.push(`[${current.length}`);
			for (let index = current.length - 1; index >= 0; index--) stack.push(current[index]);
		} else if (typeof current === 'object' && current !== null) {
			const keys = Object.keys(current);
			parts.push(`{${JSON.stringify(keys)}`);
			for (let index = keys.length - 1; index >= 0; index--) {
				stack.push((current as Record<string, unknown>)[keys[index]]);
			}
		} else {
			parts.push(`${typeof current}:${String(current)}`);
		}
	}
	return parts.join('|');
}

/** Freezes a delivery through and through, so strict-mode code that writes to it throws. */
export function deepFreeze(value: unknown): void {
	const stack: unknown[] = [value];
	while (stack.length) {
		const current = stack.pop();
		if (typeof current !== 'object' || current === null || Object.isFrozen(current)) continue;
		Object.freeze(current);
		for (const key of Object.keys(current)) stack.push((current as Record<string, unknown>)[key]);
	}
}

/**
 * The test harness writes the body to rawBody with JSON.stringify, which runs out of stack
 * on 10,000 levels (n8n's server keeps the bytes it received instead). A toJSON the node
 * cannot see (not enumerable) keeps the harness from walking the body.
 */
export function harnessCanWrite<T extends object>(delivery: T): T {
	Object.defineProperty(delivery, 'toJSON', { value: () => ({ large: true }), enumerable: false });
	return delivery;
}
