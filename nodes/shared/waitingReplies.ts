import { createHmac, timingSafeEqual } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { isGroupId } from './input';
import { fieldOf, isObject, isTrue, textOf } from './delivery/readers';
import { isLid, learnedPairs, type LidPairs, lidOfPhone, phoneOfLid, type StaticDataHolder } from './lidPairs';

/*
 * Questions waiting for their reply in the chat (Message → Send and Wait for Reply).
 *
 * The asking execution tells the Z-API Trigger of its workflow what it waits for, and n8n
 * puts the execution to wait (in n8n's database, not in memory). The trigger keeps one record
 * per question; on each message delivery it looks for a record of that chat, and when the
 * message counts as an answer it POSTs the message item to the record's resume address
 * (n8n's waiting-webhook address of that execution and node, with n8n's resume token), and
 * starts nothing itself.
 *
 * Where: the trigger's workflow's static data (`global` part, under WAITING_REPLIES_KEY), one
 * record per question (`<execution>#<item>`). Only the trigger writes it, in its webhook, as
 * a control request to its signed address (ZApiTrigger/sharing.ts, 'await'): the asking run
 * never saves static data. That is what makes it work in queue mode, where n8n 2.41.1 gives a
 * run on a worker none of the saved static data (the execution's workflow snapshot leaves it
 * out) and saving there would write an empty object over the trigger's records.
 *
 * What n8n guarantees and what it does not (2.41.1 and 1.123.81): static data is one JSON
 * object per workflow, loaded when a delivery comes in and saved whole after the trigger
 * handled it (the last save wins). A record written while another delivery of the same
 * workflow is being handled can be overwritten by that delivery's save, and runs that ask at
 * the same moment write at the same moment. So the asking node places its records before the
 * question goes out and confirms them: it places them again, after a random pause whose spread
 * doubles with each placement that had to write, until the trigger has found them saved as
 * they are twice in a row (placeWaitingReplies writes nothing then). Then it sends, and places
 * and confirms them again with the questions' message ids; a save overwriting those was loaded
 * after the first confirmation, so it keeps the records. A confirmed record can still be lost
 * to a delivery whose handling began before the record's save and ended after the second
 * finding (longer than two pauses).
 */

/** The key of the waiting questions in the workflow's static data. */
export const WAITING_REPLIES_KEY = 'zApiWaitingReplies';

/**
 * At most this many questions wait per workflow. A placement that would go beyond it is
 * refused whole (the asking node fails those items before sending anything); a question
 * already waiting is never dropped to make room: its answer would start the workflow instead
 * of resuming its execution.
 */
export const MAX_WAITING_REPLIES = 500;

/**
 * Questions that ended lately (answered, handed off, or withdrawn by their execution), by key,
 * with until when they are remembered. A placement naming one places nothing for it: a
 * captured placement sent again after its answer must not make the question wait again.
 * Remembered longer than a control request stays valid (shared/control.ts, CONTROL_MAX_AGE_MS),
 * and at most MAX_ENDED_KEPT of them (the newest).
 */
export const ENDED_QUESTIONS_KEY = 'zApiEndedQuestions';
export const ENDED_KEPT_MS = 10 * 60_000;
export const MAX_ENDED_KEPT = 2_000;

/** A choice offered with the question: a button, a list option or a poll answer. */
export interface ReplyChoice {
	label: string;
	id?: string;
}

export type ReplyRule =
	| { type: 'anyMessage' }
	| { type: 'choice'; choices: ReplyChoice[] }
	| { type: 'number'; min?: number; max?: number }
	| { type: 'pattern'; pattern: string; flags: string };

export interface WaitingReply {
	instanceId: string;
	/** The chat asked: digits of a phone, a group ID or a LID, as it was sent to. */
	chat: string;
	/** The other form of that chat when known at asking time (phone or LID). */
	chatOtherForm: string | null;
	/** In a group, only this member's answer counts (phone digits or LID); null for anyone. */
	from: string | null;
	/** n8n's waiting-webhook address of the execution and node, with its resume token. */
	resumeUrl: string;
	questionMessageId: string | null;
	askedAt: number;
	expiresAt: number;
	rule: ReplyRule;
	/** How many more times an answer that does not count is asked again. */
	reasksLeft: number;
	reaskMessage: string;
}

/** What a message is, for the rules: the trigger's message item. */
type Item = IDataObject;

const contentOf = (item: Item): IDataObject => (isObject(item.content) ? item.content : {});
const normalText = (value: unknown) => (textOf(value) ?? '').trim().toLowerCase();
/** Longer texts are not read further: a rule looks at what a person types. */
const MAX_TEXT = 4_096;

function choiceCounts(rule: Extract<ReplyRule, { type: 'choice' }>, item: Item, record: WaitingReply): boolean {
	const content = contentOf(item);
	const ids = rule.choices.map((choice) => choice.id).filter((id): id is string => !!id);
	const labels = rule.choices.map((choice) => normalText(choice.label));
	if (item.kind === 'buttonsResponse') {
		const id = textOf(fieldOf(content, 'buttonId'));
		return (id !== null && ids.includes(id)) || labels.includes(normalText(item.text));
	}
	if (item.kind === 'listResponse') {
		const id = textOf(fieldOf(content, 'selectedRowId'));
		return (id !== null && ids.includes(id)) || labels.includes(normalText(fieldOf(content, 'title')));
	}
	if (item.kind === 'pollVote') {
		// A vote counts for this poll only, and only when it chose something.
		if (record.questionMessageId && fieldOf(content, 'pollMessageId') !== record.questionMessageId) return false;
		const options = fieldOf(content, 'options');
		const names = Array.isArray(options) ? options.map((option) => normalText(isObject(option) ? option.name : option)) : [];
		return names.length > 0 && names.every((name) => labels.includes(name));
	}
	// Typed: a label, or its number in the order offered ("2" for the second).
	const typed = normalText(item.text);
	const position = /^\d{1,3}$/.test(typed) ? Number(typed) : 0;
	return labels.includes(typed) || (position >= 1 && position <= labels.length);
}

/** A choice an answer picked: as it was offered, with its place among the choices (1 for the first). */
export interface ChosenChoice extends ReplyChoice {
	position: number;
}

/**
 * The choice an answer that counts picked, when it names one: the button or list option
 * pressed (by its id, else its title), a poll vote for one option, or a choice typed by its
 * text or its number in the order offered. Null for other rules and for a poll vote for several.
 */
export function chosenChoice(record: WaitingReply, item: Item): ChosenChoice | null {
	if (record.rule.type !== 'choice') return null;
	const { choices } = record.rule;
	const chosen = pickedChoice(choices, item);
	return chosen ? { position: choices.indexOf(chosen) + 1, ...chosen } : null;
}

function pickedChoice(choices: ReplyChoice[], item: Item): ReplyChoice | null {
	const content = contentOf(item);
	const byId = (id: string | null) => (id ? choices.find((choice) => choice.id === id) : undefined);
	const byLabel = (text: unknown) => choices.find((choice) => normalText(choice.label) === normalText(text));
	if (item.kind === 'buttonsResponse') return byId(textOf(fieldOf(content, 'buttonId'))) ?? byLabel(item.text) ?? null;
	if (item.kind === 'listResponse') return byId(textOf(fieldOf(content, 'selectedRowId'))) ?? byLabel(fieldOf(content, 'title')) ?? null;
	if (item.kind === 'pollVote') {
		const options = fieldOf(content, 'options');
		return Array.isArray(options) && options.length === 1 ? (byLabel(isObject(options[0]) ? options[0].name : options[0]) ?? null) : null;
	}
	const typed = normalText(item.text);
	const position = /^\d{1,3}$/.test(typed) ? Number(typed) : 0;
	return byLabel(typed) ?? choices[position - 1] ?? null;
}

/** A number written in the answer ("3", "3,5", " 12 "), or null. */
export function numberIn(text: unknown): number | null {
	const typed = (textOf(text) ?? '').trim().replace(',', '.');
	return /^-?\d+(\.\d+)?$/.test(typed) ? Number(typed) : null;
}

/**
 * What counts as an answer, per rule. The rules are data the record carries, so the trigger
 * judges a reply without reading the asking node's parameters.
 */
export const REPLY_RULES: Record<ReplyRule['type'], { counts(rule: ReplyRule, item: Item, record: WaitingReply): boolean }> = {
	anyMessage: { counts: () => true },
	choice: { counts: (rule, item, record) => choiceCounts(rule as Extract<ReplyRule, { type: 'choice' }>, item, record) },
	number: {
		counts: (rule, item) => {
			const { min, max } = rule as Extract<ReplyRule, { type: 'number' }>;
			const value = numberIn(item.text);
			return value !== null && (min === undefined || value >= min) && (max === undefined || value <= max);
		},
	},
	pattern: {
		counts: (rule, item) => {
			const { pattern, flags } = rule as Extract<ReplyRule, { type: 'pattern' }>;
			const text = textOf(item.text);
			if (text === null) return false;
			try {
				return new RegExp(pattern, flags).test(text.slice(0, MAX_TEXT));
			} catch {
				return false;
			}
		},
	},
};

export function replyCounts(record: WaitingReply, item: Item): boolean {
	const rule = REPLY_RULES[record.rule.type];
	return rule ? rule.counts(record.rule, item, record) : false;
}

/** The forms a chat or person is known by: as given, and the other form when learned. */
function formsOf(value: string | null, other: string | null, pairs: LidPairs): string[] {
	if (!value) return [];
	const forms = new Set([value]);
	if (other) forms.add(other);
	for (const form of [...forms]) {
		const learned = isLid(form) ? phoneOfLid(pairs, form) : lidOfPhone(pairs, form);
		if (learned) forms.add(learned);
	}
	return [...forms];
}

/**
 * Whether a message item comes from the chat (and person) a record asked. Never a message
 * sent by me; in a private chat never a group message; in a group only that group, and only
 * the member asked when one was named.
 */
export function fromAskedChat(record: WaitingReply, item: Item, pairs: LidPairs): boolean {
	if (item.event !== 'message' || isTrue(item.fromMe)) return false;
	const chatForms = formsOf(record.chat, record.chatOtherForm, pairs);
	const group = isTrue(item.isGroup);
	if (group !== isGroupId(record.chat)) return false;
	if (group) {
		if (!chatForms.includes(String(item.phone))) return false;
		if (!record.from) return true;
		const member = [textOf(item.participantPhone), textOf(item.participantLid), textOf(item.contactPhone), textOf(item.contactLid)];
		return formsOf(record.from, null, pairs).some((form) => member.includes(form));
	}
	const forms = [textOf(item.phone), textOf(item.chatLid), textOf(item.contactPhone), textOf(item.contactLid)];
	return chatForms.some((form) => forms.includes(form));
}

function isRecord(value: unknown): value is WaitingReply {
	return (
		isObject(value) &&
		typeof value.instanceId === 'string' &&
		typeof value.chat === 'string' &&
		typeof value.resumeUrl === 'string' &&
		typeof value.expiresAt === 'number' &&
		isObject(value.rule) &&
		typeof (value.rule as IDataObject).type === 'string'
	);
}

/** The records kept, without expired ones or entries of the wrong shape. */
export function readWaiting(stored: unknown, now: number): Record<string, WaitingReply> {
	if (!isObject(stored)) return {};
	return Object.fromEntries(
		Object.entries(stored).filter((entry): entry is [string, WaitingReply] => isRecord(entry[1]) && entry[1].expiresAt > now),
	);
}

/**
 * The records of this instance waiting for this message's chat, newest question first: a
 * person answers the last thing asked. Pure.
 */
export function waitingFor(records: Record<string, WaitingReply>, instanceId: string, item: Item, pairs: LidPairs): Array<[string, WaitingReply]> {
	return Object.entries(records)
		.filter(([, record]) => record.instanceId === instanceId && fromAskedChat(record, item, pairs))
		.sort((a, b) => b[1].askedAt - a[1].askedAt);
}

export function waitingReplies(context: StaticDataHolder, now = Date.now()): Record<string, WaitingReply> {
	return readWaiting(context.getWorkflowStaticData('global')[WAITING_REPLIES_KEY], now);
}

/**
 * Keeps `records` (assigned, not changed in place: n8n saves static data only when it sees a
 * change). Every one is kept: the bound is enforced where questions are placed.
 */
export function keepWaitingReplies(context: StaticDataHolder, records: Record<string, WaitingReply>, now = Date.now()): void {
	const global = context.getWorkflowStaticData('global');
	const ended = Object.entries(readWaiting(global[WAITING_REPLIES_KEY], now)).filter(([key]) => !(key in records));
	if (ended.length) {
		const remembered = { ...endedQuestions(context, now), ...Object.fromEntries(ended.map(([key, record]) => [endedKeyOf(key, record), now + ENDED_KEPT_MS])) };
		global[ENDED_QUESTIONS_KEY] = Object.fromEntries(
			Object.entries(remembered)
				.sort((a, b) => b[1] - a[1])
				.slice(0, MAX_ENDED_KEPT),
		);
	}
	global[WAITING_REPLIES_KEY] = records as unknown as IDataObject;
}

/**
 * An ended question is remembered by its key and the time it was asked: one execution asks
 * again under the same key (`<execution>#<item>`) when a dialogue puts its next question, and
 * that new question must be placed.
 */
function endedKeyOf(key: string, record: WaitingReply): string {
	return `${key}@${record.askedAt}`;
}

/** The questions that ended lately (ENDED_QUESTIONS_KEY), without those no longer remembered. */
export function endedQuestions(context: StaticDataHolder, now = Date.now()): Record<string, number> {
	const stored = context.getWorkflowStaticData('global')[ENDED_QUESTIONS_KEY];
	if (!isObject(stored)) return {};
	return Object.fromEntries(Object.entries(stored).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > now));
}

/** The questions one asking execution sends the trigger: its records, keyed `<execution>#<item>`. */
export interface AskedQuestions {
	execution: string;
	records: Record<string, WaitingReply>;
}

/** The shape of AskedQuestions, checked where the trigger receives them. */
export function askedQuestionsIn(value: unknown): AskedQuestions | undefined {
	if (!isObject(value) || typeof value.execution !== 'string' || !value.execution || !isObject(value.records)) return undefined;
	const execution = value.execution;
	const records = Object.entries(value.records).filter(([key, record]) => key.startsWith(`${execution}#`) && isRecord(record));
	if (records.length !== Object.keys(value.records).length) return undefined;
	return { execution, records: Object.fromEntries(records) as Record<string, WaitingReply> };
}

/** Whether the records kept for an execution are those asked (same questions, same resume address and limit). */
function sameQuestions(kept: Record<string, WaitingReply>, asked: Record<string, WaitingReply>): boolean {
	const keys = Object.keys(asked);
	return (
		keys.length === Object.keys(kept).length &&
		keys.every((key) => {
			const [was, is] = [kept[key], asked[key]];
			return !!was && was.resumeUrl === is.resumeUrl && was.questionMessageId === is.questionMessageId && was.expiresAt === is.expiresAt;
		})
	);
}

/** What a placement did: the keys of this execution's questions kept, or why none was. */
export type Placement =
	/** `waiting`: how many of this execution's questions wait now; `kept`: their keys. */
	| { waiting: number; kept: string[]; changed: boolean }
	/** Nothing was written: `waiting` questions of other executions wait, `asked` more would pass `limit`. */
	| { full: true; limit: number; waiting: number; asked: number };

/**
 * The trigger's side: replaces the records of one asking execution with `asked` (none: the
 * execution waits for nothing any more). The other form of each chat (phone or LID) is added
 * from the pairs this trigger learned. When the saved records already are those asked,
 * nothing is written (`changed: false`): n8n then saves nothing, so a confirmation never
 * overwrites what another delivery wrote meanwhile. When the questions of other executions
 * and these would be more than MAX_WAITING_REPLIES, nothing is written (`full`).
 */
export function placeWaitingReplies(context: StaticDataHolder, asked: AskedQuestions, now = Date.now()): Placement {
	const all = waitingReplies(context, now);
	const mine = ([key]: [string, unknown]) => key.startsWith(`${asked.execution}#`);
	const ended = endedQuestions(context, now);
	const wanted = Object.fromEntries(Object.entries(readWaiting(asked.records, now)).filter(([key, record]) => !(endedKeyOf(key, record) in ended)));
	const kept = Object.keys(wanted);
	const pairs = learnedPairs(context);
	// A question's id once known stays: a placement without it (sent before the question went out) does not take it away.
	const placed = Object.entries(wanted).map(([key, record]): [string, WaitingReply] => [
		key,
		{
			...record,
			questionMessageId: record.questionMessageId ?? all[key]?.questionMessageId ?? null,
			chatOtherForm: record.chatOtherForm ?? (isLid(record.chat) ? phoneOfLid(pairs, record.chat) : lidOfPhone(pairs, record.chat)),
		},
	]);
	if (sameQuestions(Object.fromEntries(Object.entries(all).filter(mine)), Object.fromEntries(placed))) return { waiting: kept.length, kept, changed: false };
	const others = Object.entries(all).filter((entry) => !mine(entry));
	if (others.length + kept.length > MAX_WAITING_REPLIES) return { full: true, limit: MAX_WAITING_REPLIES, waiting: others.length, asked: kept.length };
	keepWaitingReplies(context, { ...Object.fromEntries(others), ...Object.fromEntries(placed) }, now);
	return { waiting: kept.length, kept, changed: true };
}

/*
 * The hand-off from the trigger to the waiting node. n8n 2.x lets only an address carrying
 * the execution's resume token in; n8n 1.x checks nothing for this kind of address. So the
 * message also travels signed with the instance token (HMAC-SHA256), which both nodes hold
 * through their credentials: the waiting node takes no answer it cannot verify.
 */

/** What the trigger hands to the waiting node: `payload` is the JSON of a ReplyHandOff. */
export interface SignedHandOff {
	payload: string;
	signature: string;
}

export interface ReplyHandOff {
	reply: IDataObject;
	/** False when the answer did not count and no re-ask was left. */
	counted: boolean;
	questionMessageId: string | null;
	askedAt: number;
	/** The trigger's Download Media settings, so the file comes as the trigger would give it. */
	media?: { binaryProperty: string; maxBytes: number };
	/** The choice the answer picked (chosenChoice), when it counts and names one. */
	choice?: ChosenChoice | null;
}

const signatureOf = (instanceToken: string, payload: string) => createHmac('sha256', instanceToken).update(`reply:${payload}`).digest('hex');

export function signHandOff(instanceToken: string, handOff: ReplyHandOff): SignedHandOff {
	const payload = JSON.stringify(handOff);
	return { payload, signature: signatureOf(instanceToken, payload) };
}

/** The hand-off when its signature holds, else undefined. */
export function verifyHandOff(instanceToken: string, body: unknown): ReplyHandOff | undefined {
	if (!isObject(body) || typeof body.payload !== 'string' || typeof body.signature !== 'string') return undefined;
	const expected = Buffer.from(signatureOf(instanceToken, body.payload));
	const given = Buffer.from(body.signature);
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
	try {
		const handOff = JSON.parse(body.payload) as unknown;
		return isObject(handOff) && isObject(handOff.reply) ? (handOff as unknown as ReplyHandOff) : undefined;
	} catch {
		return undefined;
	}
}
