import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { fieldOf, isObject } from './readers';

/*
 * Repeated deliveries: the service may send the same delivery again (it heard no answer in
 * time, or its own retry), and a bot must not answer twice. A delivery is known by the
 * fields below; the trigger remembers the deliveries that started an execution for a while
 * and starts nothing for the same one again.
 *
 * Where the memory lives: in the workflow's static data, never in module memory. In queue
 * mode deliveries are received by webhook processes (several, behind a load balancer) and
 * executed by workers; module memory is per process and lost on restart. n8n (1.x and 2.x
 * alike) loads the workflow's static data from the database for each production delivery
 * and saves it, when webhook() changed it, as soon as the delivery is answered and before
 * the execution runs (LiveWebhooks: saveStaticData in the response callback of
 * executeWebhook). So every webhook process sees what the others saved. One condition: the
 * trigger answers the delivery itself (receive.ts). n8n 2.x answers an onReceived webhook
 * only after it started the execution, and starting it marks the static data unchanged, so
 * n8n's own answer would save nothing.
 *
 * The guarantee: a delivery repeated after the first one's memory was saved (n8n saves it a
 * moment after the answer), within the window, starts no second execution, whichever
 * webhook process receives it. Not covered:
 * - a repeat arriving before that save: two copies at the same moment, or a copy sent the
 *   instant the first was answered (on one process or two), both read the memory before it
 *   was saved, and both start;
 * - deliveries that race more generally: n8n saves the whole static data, so the last save
 *   wins and a key saved by a concurrent delivery can be lost (that delivery's repeat is
 *   then not recognised);
 * - more distinct deliveries within the window than MAX_REMEMBERED (the oldest are forgotten);
 * - test listening, whose static data n8n does not keep between deliveries;
 * - kinds without an identity (chat presence, unknown deliveries): nothing tells a repeat from a
 *   new event there, so they always start.
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

/** How many deliveries are remembered at most: the static data stays small (about 40 bytes each). */
export const MAX_REMEMBERED = 300;

export const DEFAULT_REPEAT_WINDOW_MINUTES = 10;

/** Delivery key -> when it first started an execution (ms since the epoch). */
export type RepeatMemory = Record<string, number>;

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
 * (hand-edited, or from another version) counts as empty.
 */
export function checkRepeat(
	memory: unknown,
	key: string,
	now: number,
	windowMs: number,
): { repeated: boolean; memory: RepeatMemory } {
	const entries = isObject(memory)
		? Object.entries(memory).filter(
				(entry): entry is [string, number] =>
					// A time ahead of this clock (another webhook process's) still counts.
					typeof entry[1] === 'number' && entry[1] > now - windowMs,
			)
		: [];
	const seen = entries.find(([known]) => known === key);
	if (seen) return { repeated: true, memory: Object.fromEntries(entries) };
	entries.push([key, now]);
	entries.sort((a, b) => a[1] - b[1]);
	return { repeated: false, memory: Object.fromEntries(entries.slice(-MAX_REMEMBERED)) };
}
