import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { fieldOf, isObject } from '../shared/delivery/readers';

/*
 * Repeated deliveries: the service may send a delivery again, and a bot must not answer twice.
 * The deliveries that started an execution lately are remembered in the workflow's static
 * data (staticData.ts), which every webhook process reads and n8n saves once the trigger has
 * answered; a repeat that comes after that save, within the window, starts nothing.
 */

/**
 * The fields that make a delivery the same delivery, per event, read from its items.
 * `momment` is part of it so that an edit (same message id, a later time) is not taken
 * for a repeat; a repeat is the same delivery sent again, so its time is the same. A
 * delivery of an event not listed here, or whose first field is missing, has no identity.
 */
export const REPEAT_IDENTITY: Record<string, string[]> = {
	message: ['messageId', 'kind', 'momment'],
	notification: ['messageId', 'kind', 'momment'],
	status: ['ids', 'kind', 'momment', 'phone'],
	sendResult: ['zaapId', 'messageId', 'kind'],
	connected: ['momment', 'phone'],
	disconnected: ['momment', 'error'],
};

/** How many deliveries are remembered at most: the static data stays small (about 32 bytes each). */
export const MAX_REMEMBERED = 300;

export const DEFAULT_REPEAT_WINDOW_MINUTES = 10;

/**
 * The memory as kept in the static data: one string, "key.time key.time …", oldest first,
 * each time in milliseconds since the epoch written in base 36. One string rather than an
 * object of up to 300 keys: n8n walks every object of the static data each time it builds
 * the workflow (three times per delivery) and parses and saves it on every delivery, and
 * rebuilding an object that size was about half of the trigger's own work per delivery.
 * Keys are base64 (repeatKeyOf), so they hold neither the space nor the dot.
 */
export type RepeatMemory = string;

type Entry = [key: string, at: number];

/** The entries of a memory; an object (the shape earlier versions kept) is read too. */
function entriesOf(memory: unknown): Entry[] {
	if (typeof memory === 'string') {
		if (!memory) return [];
		return memory.split(' ').map((entry): Entry => {
			const dot = entry.lastIndexOf('.');
			const time = entry.slice(dot + 1);
			return [entry.slice(0, dot), dot > 0 && /^[0-9a-z]{1,11}$/.test(time) ? parseInt(time, 36) : NaN];
		});
	}
	if (isObject(memory)) return Object.entries(memory).map(([key, at]): Entry => [key, typeof at === 'number' ? at : NaN]);
	return [];
}

const written = (entries: Entry[]): RepeatMemory => entries.map(([key, at]) => `${key}.${at.toString(36)}`).join(' ');

/**
 * A short key for the delivery the items came from, or null when it has no identity. The
 * values of every item count (one item per message id gives several ids).
 */
export function repeatKeyOf(items: IDataObject[]): string | null {
	const event = items[0]?.event;
	const fields = typeof event === 'string' ? REPEAT_IDENTITY[event] : undefined;
	if (!fields) return null;
	const values = fields.map((field) => [...new Set(items.map((item) => JSON.stringify(fieldOf(item, field) ?? null)))]);
	const first = values[0];
	if (first.length === 1 && (first[0] === 'null' || first[0] === '[]' || first[0] === '""')) return null;
	// A digest keeps every key the same small size, however many ids a status carries.
	return createHash('sha256').update(JSON.stringify([event, ...values])).digest('base64').slice(0, 22);
}

/**
 * Whether `key` was seen within the window, and the memory to keep: entries older than the
 * window dropped, then the oldest beyond MAX_REMEMBERED. Pure; a memory of the wrong shape
 * (hand-edited, or from another version) counts as empty, an entry of the wrong shape as absent.
 */
export function checkRepeat(
	memory: unknown,
	key: string,
	now: number,
	windowMs: number,
): { repeated: boolean; memory: RepeatMemory } {
	// A time ahead of this clock (another webhook process's, or a wrong one) counts as now:
	// it still marks a repeat, but cannot outlive the window or outrank fresh entries.
	const entries = entriesOf(memory)
		.filter(([known, at]) => known && Number.isFinite(at) && at > now - windowMs)
		.map(([known, at]): Entry => [known, Math.min(at, now)]);
	if (entries.some(([known]) => known === key)) return { repeated: true, memory: written(entries) };
	entries.push([key, now]);
	// Stable, and the entries come nearly in order: cheap.
	entries.sort((a, b) => a[1] - b[1]);
	return { repeated: false, memory: written(entries.slice(-MAX_REMEMBERED)) };
}
