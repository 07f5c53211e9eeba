/**
 * The rules of a conversation, as pure functions of Z-API Trigger items: what a message is,
 * who wrote it, whether it ends a burst at once, and the one item a burst becomes.
 */
import type { IBinaryData, IBinaryKeyData, IDataObject } from 'n8n-workflow';

import type { IncomingMessage, KeptMessage } from '../../../../shared/conversationState/messages';
import { TYPING_STATUSES } from '../../../../shared/conversationState/table';

/** Why a burst went on: the `wentOnBecause` field of its item. */
export const WENT_ON_BECAUSE = {
	quietPeriod: 'quietPeriod',
	maximumWait: 'maximumWait',
	maxMessages: 'maxMessages',
	typingEnded: 'typingEnded',
	keyword: 'keyword',
	buttonReply: 'buttonReply',
	firstMessage: 'firstMessage',
	stateStoreUnavailable: 'stateStoreUnavailable',
} as const;

export type WentOnBecause = (typeof WENT_ON_BECAUSE)[keyof typeof WENT_ON_BECAUSE];

/** Ready-made rules that end a burst with the message that meets one, without waiting for quiet. */
export const SEND_AT_ONCE_RULES: Record<string, { name: string; description: string; reason: WentOnBecause; test: (message: IncomingMessage) => boolean }> = {
	question: {
		name: 'Ends With a Question Mark',
		description: 'A text ending with ? (or ？) ends the burst',
		reason: WENT_ON_BECAUSE.keyword,
		test: (message) => /[?？]\s*$/.test(message.text ?? ''),
	},
	buttonReply: {
		name: 'Is a Button or List Reply',
		description: 'A button or option list answer ends the burst',
		reason: WENT_ON_BECAUSE.buttonReply,
		test: (message) => ['buttonsResponse', 'listResponse'].includes(message.kind),
	},
};

/** What makes a message go on at once, as the user set it: ready-made rules, words, a pattern. */
export interface GoOnAtOnce {
	rules: string[];
	/** As wordsOf gives them: lower case, no accents, one space between words. */
	words: string[];
	pattern?: RegExp;
}

/**
 * The text a pattern is tried on is cut to this length: a pattern that backtracks badly then
 * costs milliseconds, not the process, on a customer's very long message.
 */
const PATTERN_TEXT_LIMIT = 4096;

/** Why this message ends its burst at once, or undefined when it waits for quiet like the others. */
export function goesOnAtOnce(message: IncomingMessage, goOn: GoOnAtOnce): WentOnBecause | undefined {
	for (const rule of goOn.rules) {
		if (SEND_AT_ONCE_RULES[rule]?.test(message)) return SEND_AT_ONCE_RULES[rule].reason;
	}
	const text = message.text ?? '';
	if (!text) return undefined;
	if (goOn.words.length) {
		const said = ` ${spaced(text)} `;
		if (goOn.words.some((word) => said.includes(` ${word} `))) return WENT_ON_BECAUSE.keyword;
	}
	if (goOn.pattern?.test(text.slice(0, PATTERN_TEXT_LIMIT))) return WENT_ON_BECAUSE.keyword;
	return undefined;
}

/** The words and phrases of a comma-separated list as goesOnAtOnce compares them with a text. */
export function wordsOf(raw: unknown): string[] {
	return wordList(raw).map(spaced).filter(Boolean);
}

/** Lower case, accents off, one space for any run of what is not a letter or a digit: "Atendente!" and "atendente" match. */
function spaced(text: string): string {
	return text
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		.replace(/[^\p{L}\p{N}]+/gu, ' ')
		.trim();
}

/**
 * The user's pattern: `atendente|humano`, or in slashes with flags (`/^\d{3}$/`). Case never
 * matters. Throws a SyntaxError saying what is wrong with it.
 */
export function patternOf(raw: unknown): RegExp | undefined {
	const source = String(raw ?? '').trim();
	if (!source) return undefined;
	const slashed = /^\/(.+)\/([a-z]*)$/s.exec(source);
	// g and y would make test() remember where it stopped, from one message to the next.
	const flags = new Set([...(slashed?.[2] ?? '').replace(/[gy]/g, ''), 'i', 'u']);
	return new RegExp(slashed ? slashed[1] : source, [...flags].join(''));
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
		.sort((a, b) => a.sentAt - b.sentAt);
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
		messages: ordered.map(({ json: one, sentAt }) => ({
			messageId: one.messageId,
			kind: one.kind,
			text: one.text ?? null,
			timestamp: new Date(sentAt).toISOString(),
		})),
		messageIds: ordered.map((message) => message.json.messageId),
		kinds: ordered.map((message) => message.json.kind),
		count: ordered.length,
		firstTimestamp: new Date(ordered[0].sentAt).toISOString(),
		lastTimestamp: new Date(last.sentAt).toISOString(),
		paused: false,
	};
	return Object.keys(binary).length ? { json, binary } : { json };
}

/** A recorded message as the burst rule reads it: its row and when the person sent it. */
export interface Arrival {
	id: number;
	sentAt: number;
}

/** How a chat's messages are cut into bursts (Combine Quick Messages' settings). */
export interface BurstRules {
	quietMs: number;
	maxWaitMs: number;
	/** A burst holding this many messages closes with the last (0: no limit). */
	maxMessages?: number;
}

/**
 * Which burst a message belongs to, from the arrival times alone, so every execution of the
 * chat draws the same lines whenever it runs: in arrival order, a message joins the burst
 * before it when it arrived within Quiet Period of the burst's previous message, within
 * Maximum Wait of its first, and that burst is not full (Max Messages); otherwise it starts a
 * burst. Returns the burst of `ownId` (its first arrival), whether `ownId` is its last message
 * so far, whether it filled the burst, and when the burst closes: its messages are those that
 * arrived from the first to the close (the claim takes them by those times). Undefined when
 * `ownId` is not among the arrivals.
 */
export function burstOf(
	arrivals: Arrival[],
	ownId: number,
	{ quietMs, maxWaitMs, maxMessages = 0 }: BurstRules,
): { firstSentAt: number; isLast: boolean; closesAt: number; full: boolean } | undefined {
	const ordered = [...arrivals].sort((a, b) => a.sentAt - b.sentAt || a.id - b.id);
	let first = ordered[0];
	let previous = ordered[0];
	let count = 0;
	for (const [index, arrival] of ordered.entries()) {
		const full = maxMessages > 0 && count >= maxMessages;
		if (index > 0 && (full || arrival.sentAt > previous.sentAt + quietMs || arrival.sentAt > first.sentAt + maxWaitMs)) {
			first = arrival;
			count = 0;
		}
		count++;
		previous = arrival;
		if (arrival.id !== ownId) continue;
		const next = ordered[index + 1];
		if (maxMessages > 0 && count >= maxMessages) return { firstSentAt: first.sentAt, isLast: true, closesAt: arrival.sentAt, full: true };
		const closesAt = Math.min(arrival.sentAt + quietMs, first.sentAt + maxWaitMs);
		return { firstSentAt: first.sentAt, isLast: !next || next.sentAt > closesAt, closesAt, full: false };
	}
	return undefined;
}

/**
 * When Maximum Wait cut the burst of `ownId`, if it did: its messages so far run on past
 * Maximum Wait less Quiet Period, so it closes at its first message plus Maximum Wait, not
 * Quiet Period after its last. Any execution of the burst that reads the chat after that time
 * decides for it then (its last message's execution would wake only Quiet Period after it).
 * Undefined when the burst closes by quiet or by Max Messages.
 */
export function cutByMaximumWait(arrivals: Arrival[], ownId: number, rules: BurstRules): number | undefined {
	const own = burstOf(arrivals, ownId, rules);
	if (!own || own.full) return undefined;
	const members = arrivals.filter((arrival) => burstOf(arrivals, arrival.id, rules)?.firstSentAt === own.firstSentAt);
	if (rules.maxMessages && members.length >= rules.maxMessages) return undefined;
	const cutAt = own.firstSentAt + rules.maxWaitMs;
	return Math.max(...members.map((member) => member.sentAt)) + rules.quietMs > cutAt ? cutAt : undefined;
}

/**
 * Why a burst that waited for quiet went on, from its messages' times: it reached Max
 * Messages, Maximum Wait came before quiet, or the chat was quiet.
 */
export function closedBecause(times: number[], { quietMs, maxWaitMs, maxMessages = 0 }: BurstRules): WentOnBecause {
	if (maxMessages > 0 && times.length >= maxMessages) return WENT_ON_BECAUSE.maxMessages;
	return Math.max(...times) + quietMs > Math.min(...times) + maxWaitMs ? WENT_ON_BECAUSE.maximumWait : WENT_ON_BECAUSE.quietPeriod;
}

/** A typing presence with no news for this long no longer holds a burst open: its end went unseen. */
export const TYPING_STALE_MS = 10_000;
/** While a person types, the chat is looked at this often. */
export const TYPING_LOOK_MS = 1000;
/**
 * After a person stops typing, the chat must stay quiet this long (Quiet Period when shorter)
 * before the burst goes on: the message they were typing, sent as they stop, reaches n8n
 * after the presence saying they stopped.
 */
export const AFTER_TYPING_MS = 2000;

/**
 * When to look at the chat again because the person is typing, or undefined when typing does
 * not hold the burst open: the chat's latest presence (trigger time) came after the burst's last
 * message was sent and says typing or recording, with news in the last TYPING_STALE_MS, or says
 * they stopped less than AFTER_TYPING_MS ago.
 */
export function typingHold(
	typing: { status: string; at: number } | undefined,
	{ lastSentAt, now, quietMs }: { lastSentAt: number; now: number; quietMs: number },
): number | undefined {
	if (!typing || !(typing.at > lastSentAt)) return undefined;
	if ((TYPING_STATUSES as readonly string[]).includes(typing.status)) return now - typing.at < TYPING_STALE_MS ? now + TYPING_LOOK_MS : undefined;
	const quietUntil = typing.at + Math.min(quietMs, AFTER_TYPING_MS);
	return quietUntil > now ? quietUntil : undefined;
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
