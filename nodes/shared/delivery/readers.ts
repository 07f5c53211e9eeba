import type { IDataObject } from 'n8n-workflow';

/*
 * Safe readers of a delivery. Deliveries come from outside and may hold anything JSON can:
 * objects with their own `toString`/`valueOf`/`__proto__` keys, arrays nested thousands
 * deep. These read only own fields, turn only strings, numbers and booleans into text, and
 * never write to what they read.
 */

export function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A string, number or boolean as text; anything else (objects, arrays, null) is not text
 * and gives null. `String()` on a delivery's object would call its own `toString` key, or
 * walk a nested array to the bottom; this never does.
 */
export function textOf(value: unknown): string | null {
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	return null;
}

/**
 * A chat as a delivery names it (a phone, a group ID, a LID), the one reader of it for the
 * trigger's items and the conversation state alike: text without the spaces around it, or null
 * (a list or an object names no one chat). Two readers would file one message under two chats.
 */
export function chatTextOf(value: unknown): string | null {
	return textOf(value)?.trim() || null;
}

/**
 * A yes/no field of what the service sends: a delivery's (`fromMe`, `isGroup`, `fromApi`, …)
 * or a response's (`value`, `connected`, `isMuted`, …), read the same everywhere. The webhook
 * pages show booleans (docs/webhooks/on-message-received.md); other pages write the strings
 * 'true' and 'false' (docs/chats/get-chats.md: `archived`, `pinned`) and '0' (the same page:
 * `isMuted`), so those are read too, '1' with '0'. A number (1, 0) is not read as one: no
 * page writes a flag so. Undefined when it is none of these.
 */
export function flagOf(value: unknown): boolean | undefined {
	return FLAG_SPELLINGS.get(value);
}

const FLAG_SPELLINGS: ReadonlyMap<unknown, boolean> = new Map<unknown, boolean>([
	[true, true],
	['true', true],
	['1', true],
	[false, false],
	['false', false],
	['0', false],
]);

/** Whether a yes/no field says yes (flagOf). */
export function isTrue(value: unknown): boolean {
	return flagOf(value) === true;
}

/** A field the object itself carries; what its prototype offers is not part of a delivery. */
export function fieldOf(source: IDataObject, name: string): unknown {
	return Object.prototype.hasOwnProperty.call(source, name) ? source[name] : undefined;
}

/**
 * The value at a dotted path of own fields (`header.image.imageUrl`), or undefined when a
 * step is missing or not an object. Paths come from the node's own tables, never from a
 * delivery, so their length is bounded by the code.
 */
export function pathOf(source: IDataObject, path: string): unknown {
	let current: unknown = source;
	for (const step of path.split('.')) {
		if (!isObject(current)) return undefined;
		current = fieldOf(current, step);
	}
	return current;
}
