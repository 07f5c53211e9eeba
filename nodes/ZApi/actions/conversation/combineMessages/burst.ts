/**
 * The rules of a conversation, as pure functions of Z-API Trigger items: what a message is,
 * who wrote it, whether it ends a burst at once, and the one item a burst becomes.
 */
import type { IBinaryData, IBinaryKeyData, IDataObject } from 'n8n-workflow';

import type { IncomingMessage, KeptMessage } from '../../../../shared/conversationState/messages';

/** Rules that end a burst with the message that meets one, without waiting for quiet. */
export const SEND_AT_ONCE_RULES: Record<string, { name: string; description: string; test: (message: IncomingMessage) => boolean }> = {
	question: {
		name: 'Ends With a Question Mark',
		description: 'A text ending with ? (or ？) ends the burst',
		test: (message) => /[?？]\s*$/.test(message.text ?? ''),
	},
	buttonReply: {
		name: 'Is a Button or List Reply',
		description: 'A button or option list answer ends the burst',
		test: (message) => ['buttonsResponse', 'listResponse'].includes(message.kind),
	},
};

export function endsBurstAtOnce(message: IncomingMessage, rules: string[]): boolean {
	return rules.some((rule) => SEND_AT_ONCE_RULES[rule]?.test(message) ?? false);
}

/** Words written from the phone that pause or resume the bot in that chat. */
export function commandOf(text: string | null, pauseWords: string[], resumeWords: string[]): 'pause' | 'resume' | undefined {
	const said = (text ?? '').trim().toLowerCase();
	if (!said) return undefined;
	if (pauseWords.some((word) => word.trim().toLowerCase() === said)) return 'pause';
	if (resumeWords.some((word) => word.trim().toLowerCase() === said)) return 'resume';
	return undefined;
}

export function wordList(raw: unknown): string[] {
	return String(raw ?? '')
		.split(/[,\n]/)
		.map((word) => word.trim())
		.filter(Boolean);
}

/**
 * The one item of a burst: the last message's fields (phone, chatId, senderName…), the texts
 * joined in order, every message's id and kind, the count, the first and last time, and every
 * message's files (a second `data` becomes `data_2`). Two copies of one message count once.
 */
export function combine(messages: KeptMessage[]): { json: IDataObject; binary?: IBinaryKeyData } {
	const seen = new Set<string>();
	const ordered = messages
		.filter((message) => {
			const id = String(message.json.messageId);
			if (seen.has(id)) return false;
			seen.add(id);
			return true;
		})
		.sort((a, b) => a.time - b.time);
	const last = ordered[ordered.length - 1];
	const binary: IBinaryKeyData = {};
	for (const message of ordered) {
		for (const [key, file] of Object.entries(message.binary ?? {})) {
			let name = key;
			for (let n = 2; binary[name]; n++) name = `${key}_${n}`;
			binary[name] = file as IBinaryData;
		}
	}
	const json: IDataObject = {
		...last.json,
		text: ordered
			.map((message) => message.json.text)
			.filter((text): text is string => typeof text === 'string' && text.trim() !== '')
			.join('\n'),
		messages: ordered.map(({ json: one, time }) => ({
			messageId: one.messageId,
			kind: one.kind,
			text: one.text ?? null,
			timestamp: new Date(time).toISOString(),
		})),
		messageIds: ordered.map((message) => message.json.messageId),
		kinds: ordered.map((message) => message.json.kind),
		count: ordered.length,
		firstTimestamp: new Date(ordered[0].time).toISOString(),
		lastTimestamp: new Date(last.time).toISOString(),
		paused: false,
	};
	return Object.keys(binary).length ? { json, binary } : { json };
}

/** A recorded message as the burst rule reads it: its row and when it arrived. */
export interface Arrival {
	id: number;
	arrivedAt: number;
}

/**
 * Which burst a message belongs to, from the arrival times alone, so every execution of the
 * chat draws the same lines whenever it runs: in arrival order, a message joins the burst
 * before it when it arrived within Quiet Period of the burst's previous message and within
 * Maximum Wait of its first; otherwise it starts a burst. Returns the burst of `ownId` (its
 * first arrival), whether `ownId` is its last message so far, when the burst closes, and the
 * rows of the burst up to `ownId`.
 * Undefined when `ownId` is not among the arrivals.
 */
export function burstOf(
	arrivals: Arrival[],
	ownId: number,
	{ quietMs, maxWaitMs }: { quietMs: number; maxWaitMs: number },
): { firstArrivedAt: number; isLast: boolean; closesAt: number; ids: number[] } | undefined {
	const ordered = [...arrivals].sort((a, b) => a.arrivedAt - b.arrivedAt || a.id - b.id);
	let first = ordered[0];
	let previous = ordered[0];
	let ids: number[] = [];
	for (const [index, arrival] of ordered.entries()) {
		if (index > 0 && (arrival.arrivedAt > previous.arrivedAt + quietMs || arrival.arrivedAt > first.arrivedAt + maxWaitMs)) {
			first = arrival;
			ids = [];
		}
		previous = arrival;
		ids.push(arrival.id);
		if (arrival.id !== ownId) continue;
		const next = ordered[index + 1];
		const closesAt = Math.min(arrival.arrivedAt + quietMs, first.arrivedAt + maxWaitMs);
		return { firstArrivedAt: first.arrivedAt, isLast: !next || next.arrivedAt > closesAt, closesAt, ids };
	}
	return undefined;
}

/** Behind the person by less than this, n8n counts as keeping up: no wait beyond Quiet Period. */
const KEEPING_UP_MS = 250;
/** How many times n8n's lag a busy n8n's execution waits beyond Quiet Period, at most MOST_EXTRA_MS. */
const LAG_FACTOR = 3;
const MOST_EXTRA_MS = 60_000;

/**
 * When a message's execution decides on its burst: Quiet Period after the message was sent and
 * after its row was written, and later still while n8n is behind the person (its row written
 * well after the message was sent): a busy n8n receives and writes the chat's next message late
 * too, often later still as its backlog grows, and the decision must see it. A lag that makes no
 * sense (negative, or a clock set wrong) adds nothing beyond MOST_EXTRA_MS.
 */
export function decidesAt({ sentAt, writtenAt, quietMs }: { sentAt: number; writtenAt: number; quietMs: number }): number {
	const lag = writtenAt - sentAt;
	const extra = lag > KEEPING_UP_MS ? Math.min(MOST_EXTRA_MS, LAG_FACTOR * lag) : 0;
	return Math.max(sentAt, writtenAt) + quietMs + extra;
}

/**
 * How long a busy n8n's execution that found itself last waits before it looks once more (0
 * when n8n keeps up): as a backlog builds, the chat's next message may be written later than
 * any lag seen so far foretold. Another Quiet Period, or n8n's lag when longer, at most
 * MOST_EXTRA_MS.
 */
export function secondLookAfter({ sentAt, writtenAt, quietMs }: { sentAt: number; writtenAt: number; quietMs: number }): number {
	const lag = writtenAt - sentAt;
	return lag > KEEPING_UP_MS ? Math.min(MOST_EXTRA_MS, Math.max(quietMs, lag)) : 0;
}
