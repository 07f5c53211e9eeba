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
 * first arrival), whether `ownId` is its last message so far, and when the burst closes: its
 * messages are those that arrived from the first to the close (the claim takes them by those
 * times). Undefined when `ownId` is not among the arrivals.
 */
export function burstOf(
	arrivals: Arrival[],
	ownId: number,
	{ quietMs, maxWaitMs }: { quietMs: number; maxWaitMs: number },
): { firstArrivedAt: number; isLast: boolean; closesAt: number } | undefined {
	const ordered = [...arrivals].sort((a, b) => a.arrivedAt - b.arrivedAt || a.id - b.id);
	let first = ordered[0];
	let previous = ordered[0];
	for (const [index, arrival] of ordered.entries()) {
		if (index > 0 && (arrival.arrivedAt > previous.arrivedAt + quietMs || arrival.arrivedAt > first.arrivedAt + maxWaitMs)) {
			first = arrival;
		}
		previous = arrival;
		if (arrival.id !== ownId) continue;
		const next = ordered[index + 1];
		const closesAt = Math.min(arrival.arrivedAt + quietMs, first.arrivedAt + maxWaitMs);
		return { firstArrivedAt: first.arrivedAt, isLast: !next || next.arrivedAt > closesAt, closesAt };
	}
	return undefined;
}

/** Behind the person by less than this, n8n counts as keeping up: no look at the trigger's progress. */
const KEEPING_UP_MS = 250;
/**
 * How much later than a burst's close a recorded message must have been sent for the trigger
 * to count as past that close: deliveries reach n8n about in the order they were sent, and
 * this is the disorder allowed.
 */
export const PAST_CLOSE_MS = 1000;
/** The longest an execution follows the trigger's progress before it decides all the same. */
export const MOST_EXTRA_MS = 60_000;

/**
 * When a message's execution decides on its burst: Quiet Period after the message was sent and
 * after its row was written (a row written before the time sent, clocks a little apart: after
 * the later).
 */
export function decidesAt({ sentAt, writtenAt, quietMs }: { sentAt: number; writtenAt: number; quietMs: number }): number {
	return Math.max(sentAt, writtenAt) + quietMs;
}

/**
 * Whether n8n is behind: it recorded the message well after it was sent, or the execution woke
 * from its wait well after it meant to (n8n's process busy; both times of this process's own
 * clock). Then the chat's next message may still be waiting to be recorded when Quiet Period
 * ends, and the execution follows the trigger's progress before it reads the chat.
 */
export function isBehind({ sentAt, writtenAt, meantToWakeAt, wokeAt }: { sentAt: number; writtenAt: number; meantToWakeAt: number; wokeAt: number }): boolean {
	return writtenAt - sentAt > KEEPING_UP_MS || wokeAt - meantToWakeAt > KEEPING_UP_MS;
}

/** Nothing recorded for this long, the trigger counts as having nothing waiting to be recorded. */
export const IDLE_MS = 1500;

/** The newest message the trigger recorded, in any chat: its row id, when it was sent and when its row was written. */
export interface Newest {
	id: number;
	sentAt: number;
	writtenAt: number;
}

/**
 * Whether the trigger has recorded every message sent before `closesAt`, as looks at its newest
 * recorded message tell: it recorded one sent PAST_CLOSE_MS or more after the close (what was
 * sent before reached it first), or it recorded nothing for IDLE_MS (a busy n8n records
 * deliveries one after another), or nothing between two looks. No delivery then waits to be
 * recorded. No message recorded at all: nothing waits either.
 */
export function triggerIsPast(closesAt: number, newest: Newest | undefined, before: Newest | undefined | 'not yet', now: number): boolean {
	if (!newest) return true;
	if (newest.sentAt >= closesAt + PAST_CLOSE_MS) return true;
	if (now - newest.writtenAt >= IDLE_MS) return true;
	return before !== 'not yet' && before?.id === newest.id;
}

/** The pause between two looks at the trigger's progress: n8n's lag when recording the message, from 1 s to 5 s. */
export function progressPause({ sentAt, writtenAt }: { sentAt: number; writtenAt: number }): number {
	return Math.min(5000, Math.max(1000, writtenAt - sentAt));
}
