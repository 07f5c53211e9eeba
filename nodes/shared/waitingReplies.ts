import { createHmac, timingSafeEqual } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { isGroupId } from './input';
import { fieldOf, isObject, isTrue, textOf } from './delivery/readers';
import { isLid, type LidPairs, lidOfPhone, phoneOfLid } from './lidPairs';

/*
 * Questions waiting for their reply in the chat (Message → Send and Wait for Reply).
 *
 * The asking execution keeps one row per question in the conversation table (n8n's data table,
 * shared/conversationState/table.ts: kind 'question'), then sends it, and n8n puts the
 * execution to wait (in n8n's database, not in memory). On each message, the Z-API Trigger of
 * its workflow reads the questions waiting for that chat; when the message counts as an answer
 * it takes the question's row (one filtered update: two messages never both take it) and POSTs
 * the message item to the record's resume address (n8n's waiting-webhook address of that
 * execution and node, with n8n's resume token), and starts nothing itself.
 *
 * Why a data table and not the workflow's static data: static data is one object per workflow,
 * loaded when a delivery comes in and saved whole after it (the last save wins), so a question
 * placed while another delivery was being handled could be overwritten by that delivery's save.
 * A row is written by its own insert and taken by its own update: no interleaving of questions
 * asked and answers handed over loses one.
 */

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

/** A question's key in the table: one per question asked, whatever execution and item asked it. */
export function questionKeyOf(execution: string, item: number, askedAt: number): string {
	return `${execution}#${item}@${askedAt}`;
}

/** What a question's row keeps of it (its `item`). */
export function questionItemOf(record: WaitingReply): string {
	return JSON.stringify(record);
}

/** The questions of these rows still waiting, by row id, without expired ones or rows of the wrong shape. */
export function questionsIn(rows: Array<{ id: number; kind?: string; item?: string | null }>, now: number): Array<[number, WaitingReply]> {
	return rows.flatMap((row): Array<[number, WaitingReply]> => {
		if (row.kind !== 'question') return [];
		try {
			const record = JSON.parse(String(row.item)) as unknown;
			return isRecord(record) && record.expiresAt > now ? [[row.id, record]] : [];
		} catch {
			return [];
		}
	});
}

/**
 * The questions of this instance waiting for this message's chat, newest question first: a
 * person answers the last thing asked. Pure.
 */
export function waitingFor<Key>(questions: Array<[Key, WaitingReply]>, instanceId: string, item: Item, pairs: LidPairs): Array<[Key, WaitingReply]> {
	return questions.filter(([, record]) => record.instanceId === instanceId && fromAskedChat(record, item, pairs)).sort((a, b) => b[1].askedAt - a[1].askedAt);
}

/** The forms a message's chat is known by (phone, LID, group ID): where its questions are kept. */
export function chatFormsOf(item: Item, pairs: LidPairs): string[] {
	if (isTrue(item.isGroup)) return [textOf(item.phone)].filter((form): form is string => !!form);
	const given = [textOf(item.phone), textOf(item.chatLid), textOf(item.contactPhone), textOf(item.contactLid)].filter((form): form is string => !!form);
	return [...new Set(given.flatMap((form) => formsOf(form, null, pairs)))];
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
