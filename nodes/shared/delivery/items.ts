import type { IDataObject } from 'n8n-workflow';

import {
	CALLBACK_TYPES,
	CHAT_KEY_RULES,
	CONTENT_KINDS,
	type ContentKind,
	type FieldType,
	FLAG_KINDS,
	type FlagKind,
	INSTANCE_CALLBACKS,
	type InstanceCallback,
	MESSAGE_FIELDS,
	NESTED_FIELDS,
	NOTIFICATION_KINDS,
	SENDERS,
	type Sender,
	STATUS_FIELDS,
	STATUS_KINDS,
} from './kinds';
import { chatTextOf, fieldOf, flagOf, isObject, isTrue, pathOf, textOf } from './readers';

/*
 * One delivery in, the trigger's items out: `event` and `kind` say what it is, typed common
 * fields and content follow, an ISO `timestamp` sits beside the raw `momment`, and
 * `payload` keeps the delivery as it came.
 *
 * Deliveries come from outside and may hold anything JSON can (readers.ts). Fields are
 * read at the depths the kind tables name (four levels at most), only own fields are read,
 * values become text only through `textOf`, and the delivery itself is never written to.
 * The one walk over a whole delivery (storablePayload) keeps its own stack and stops at a
 * bound.
 */

/** What a delivery is, as the item's `event` says it (the further webhooks' events: INSTANCE_CALLBACKS). */
export type DeliveryEvent = 'message' | 'status' | 'notification' | 'unknown' | InstanceCallback['event'];

export const UNKNOWN_KIND = 'unknown';

export interface ToItemsOptions {
	/** One item per message id of a status callback instead of one per delivery. */
	splitStatusIds?: boolean;
}

/** Which event a delivery is: by `type` first, by shape when `type` is missing. */
export function eventOf(payload: IDataObject): DeliveryEvent {
	const rawType = fieldOf(payload, 'type');
	const type = typeof rawType === 'string' ? rawType.toLowerCase() : undefined;
	if (type === CALLBACK_TYPES.status || (!type && Array.isArray(fieldOf(payload, 'ids')))) return 'status';
	if (type === CALLBACK_TYPES.message || (!type && typeof fieldOf(payload, 'messageId') === 'string')) {
		const notification = fieldOf(payload, 'notification');
		return typeof notification === 'string' && notification ? 'notification' : 'message';
	}
	return instanceCallbackOf(type)?.event ?? 'unknown';
}

/** The further webhook's callback a `type` (in lower case) names, if any. */
export function instanceCallbackOf(type: string | undefined): InstanceCallback | undefined {
	return type === undefined ? undefined : INSTANCE_CALLBACKS.find((callback) => callback.type === type);
}

/**
 * How deep an item's payload may nest. n8n copies, saves and reads back items with
 * recursive code that runs out of stack a few thousand levels down (JSON.stringify does at
 * about 4,000 on Node 20): a delivery nested 10,000 deep, kept whole, leaves an execution
 * n8n 2.41 cannot even list (its executions API answers 500). Cutting it keeps the delivery
 * and its execution usable. No delivery of the service nests deeper than five levels, and
 * user code walking an item recursively is safe at this depth.
 */
export const MAX_PAYLOAD_DEPTH = 64;
export const CUT_MARK = `[cut: nested deeper than ${MAX_PAYLOAD_DEPTH} levels]`;

/** Whether objects or arrays sit `limit` or more levels below `value`. Keeps its own stack. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
	const stack: Array<[unknown, number]> = [[value, 0]];
	while (stack.length) {
		const [current, depth] = stack.pop()!;
		if (typeof current !== 'object' || current === null) continue;
		if (depth >= limit) return true;
		for (const child of Object.values(current)) stack.push([child, depth + 1]);
	}
	return false;
}

/** A copy in which every object or array `limit` levels down is CUT_MARK. Recursion stops at `limit`. */
function cutBelow(value: unknown, depth: number): unknown {
	if (typeof value !== 'object' || value === null) return value;
	if (depth >= MAX_PAYLOAD_DEPTH) return CUT_MARK;
	if (Array.isArray(value)) return value.map((entry) => cutBelow(entry, depth + 1));
	// fromEntries defines own properties: a `__proto__` key stays data.
	return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, cutBelow(entry, depth + 1)]));
}

/**
 * The delivery as it came when n8n can store it; otherwise a copy with what lies deeper
 * than MAX_PAYLOAD_DEPTH replaced by CUT_MARK, so the execution still runs and shows where
 * the delivery was cut.
 */
export function storablePayload(payload: IDataObject): IDataObject {
	return nestsDeeperThan(payload, MAX_PAYLOAD_DEPTH) ? (cutBelow(payload, 0) as IDataObject) : payload;
}

export function toItems(delivery: IDataObject, options: ToItemsOptions = {}): IDataObject[] {
	// Every field of the items is read from what will be stored, so no item nests deeper.
	const payload = storablePayload(delivery);
	const event = eventOf(payload);
	if (event === 'message') return [messageItem(payload)];
	if (event === 'notification') return [notificationItem(payload)];
	if (event === 'status') return statusItems(payload, options);
	const type = fieldOf(payload, 'type');
	const callback = instanceCallbackOf(typeof type === 'string' ? type.toLowerCase() : undefined);
	if (callback) return [instanceCallbackItem(payload, callback)];
	const instanceId = fieldOf(payload, 'instanceId');
	return [
		{
			event,
			kind: UNKNOWN_KIND,
			type: typeof type === 'string' ? type : null,
			instanceId: typeof instanceId === 'string' ? instanceId : null,
			...timeOf(momentOf(payload)),
			payload,
		},
	];
}

/**
 * The content kind of a message: the one content object of the table it carries. The
 * contract sends exactly one per message; a delivery with two or more is not one the table
 * can name, so it is kind unknown (content null, both kept in payload) whatever the order
 * of the table.
 */
export function contentKindOf(payload: IDataObject): ContentKind | undefined {
	const present = CONTENT_KINDS.filter(({ key }) => isObject(fieldOf(payload, key)));
	return present.length === 1 ? present[0] : undefined;
}

/**
 * The flag kind of a message without content object (FLAG_KINDS), if its flag is set. A
 * message that carries a content object is of that kind whatever its flags.
 */
function flagKindOf(payload: IDataObject): FlagKind | undefined {
	return FLAG_KINDS.find(({ flag }) => isTrue(fieldOf(payload, flag)));
}

/** `momment` as the docs spell it; the poll examples write `moment`, read when it is missing. */
function momentOf(payload: IDataObject): unknown {
	return fieldOf(payload, 'momment') ?? fieldOf(payload, 'moment');
}

function messageItem(payload: IDataObject): IDataObject {
	const content = contentKindOf(payload);
	// A flag kind only for a message without any content object (two make it unknown).
	const carriesContent = content !== undefined || CONTENT_KINDS.some(({ key }) => isObject(fieldOf(payload, key)));
	const flagged = carriesContent ? undefined : flagKindOf(payload);
	const typedContent = content
		? typedObject(fieldOf(payload, content.key) as IDataObject, content.fields)
		: flagged
			? typedFields(payload, flagged.fields)
			: null;
	return {
		event: 'message',
		kind: content?.kind ?? flagged?.kind ?? UNKNOWN_KIND,
		// What the person wrote or chose, whatever the kind: what the kind table names.
		text: (typedContent && content?.text && textIn(typedContent, content.text)) || null,
		sentBy: senderOf(payload).value,
		...chatKeysOf(payload),
		...typedFields(payload, MESSAGE_FIELDS),
		...timeOf(momentOf(payload)),
		content: typedContent,
		payload,
	};
}

/** The text a kind names: one field, or the named field of every entry of a list, joined. */
function textIn(content: IDataObject, where: NonNullable<ContentKind['text']>): string | null {
	if (typeof where === 'string') return textOf(fieldOf(content, where));
	const list = fieldOf(content, where.each);
	if (!Array.isArray(list)) return null;
	const parts = list.map((entry) => (isObject(entry) ? textOf(fieldOf(entry, where.field)) : null));
	return parts.filter((part): part is string => !!part).join(', ') || null;
}

/** Who wrote a message, by fromMe and fromApi (SENDERS). */
export function senderOf(payload: IDataObject): Sender {
	const fromMe = isTrue(fieldOf(payload, 'fromMe'));
	const fromApi = flagOf(fieldOf(payload, 'fromApi'));
	return SENDERS.find((sender) => sender.fromMe === fromMe && (!fromMe || sender.fromApi === fromApi))!;
}

/**
 * The file of a message of a kind that carries one: its address (the first path of the
 * kind's mediaUrl that holds text) and the object holding it, where the file's mimeType
 * and fileName are. Undefined when the kind carries no file.
 */
export function mediaFileOf(
	kind: ContentKind,
	content: IDataObject,
): { url: string | null; holder: IDataObject } | undefined {
	if (!kind.mediaUrl) return undefined;
	for (const path of kind.mediaUrl) {
		const url = textOf(pathOf(content, path));
		if (!url) continue;
		const parent = path.includes('.') ? pathOf(content, path.slice(0, path.lastIndexOf('.'))) : content;
		return { url, holder: isObject(parent) ? parent : content };
	}
	return { url: null, holder: content };
}

/** The first of these fields that names a chat (chatTextOf), or null. */
function firstChat(source: IDataObject, fields: string[]): string | null {
	for (const field of fields) {
		const chat = chatTextOf(fieldOf(source, field));
		if (chat) return chat;
	}
	return null;
}

const CHAT_KEY_CONDITIONS: Record<(typeof CHAT_KEY_RULES)[number]['when'], (payload: IDataObject) => boolean> = {
	group: (payload) => isTrue(fieldOf(payload, 'isGroup')),
	sentByMe: (payload) => isTrue(fieldOf(payload, 'fromMe')),
	private: () => true,
};

/** `chatId` and `senderId`, by the first rule of CHAT_KEY_RULES that holds. */
export function chatKeysOf(payload: IDataObject): { chatId: string | null; senderId: string | null } {
	const rule = CHAT_KEY_RULES.find(({ when }) => CHAT_KEY_CONDITIONS[when](payload))!;
	return { chatId: firstChat(payload, rule.chatId), senderId: firstChat(payload, rule.senderId) };
}

function instanceCallbackItem(payload: IDataObject, callback: InstanceCallback): IDataObject {
	return {
		event: callback.event,
		kind: instanceCallbackKind(payload, callback),
		...typedFields(payload, callback.fields),
		...timeOf(momentOf(payload)),
		payload,
	};
}

function instanceCallbackKind(payload: IDataObject, { kind }: InstanceCallback): string {
	if ('always' in kind) return kind.always;
	if ('whenSet' in kind) {
		const value = fieldOf(payload, kind.whenSet);
		return value === undefined || value === null || value === '' || value === false ? kind.otherwise : kind.then;
	}
	const value = textOf(fieldOf(payload, kind.field))?.toUpperCase();
	return value !== undefined && kind.values.includes(value) ? value : UNKNOWN_KIND;
}

function notificationItem(payload: IDataObject): IDataObject {
	// eventOf() only calls a delivery a notification when this is a non-empty string.
	const code = fieldOf(payload, 'notification') as string;
	const known = NOTIFICATION_KINDS.find((candidate) => candidate.code === code);
	const given = fieldOf(payload, 'notificationParameters');
	const list = Array.isArray(given) ? given : [];
	const objects = known?.parameterObjects;
	// Positions matter (they are named below), so an entry that is not text stays as null;
	// a code whose parameters are objects keeps them, typed.
	const parameters = objects
		? list.map((entry) => (isObject(entry) ? typedObject(entry, objects.fields) : null))
		: list.map(textOf);
	const details: IDataObject = {};
	known?.parameters.forEach((name, index) => {
		details[name] = (parameters[index] as string | null | undefined) ?? null;
	});
	if (objects) details[objects.name] = parameters.filter(isObject);
	if (known?.fields) Object.assign(details, typedFields(payload, known.fields));
	return {
		event: 'notification',
		kind: known ? code : UNKNOWN_KIND,
		notification: code,
		parameters,
		details,
		...chatKeysOf(payload),
		...typedFields(payload, MESSAGE_FIELDS),
		...timeOf(momentOf(payload)),
		payload,
	};
}

function statusItems(payload: IDataObject, { splitStatusIds }: ToItemsOptions): IDataObject[] {
	const given = fieldOf(payload, 'status');
	const raw = typeof given === 'string' ? given : '';
	const spelling = raw.toUpperCase();
	const known = STATUS_KINDS.find((candidate) => candidate.status === spelling || candidate.aliases.includes(spelling));
	// The docs' examples give `ids` (a list), their field table `id` (a string): either is
	// read, `ids` first (docs/webhooks/on-whatsapp-message-status-changes.md).
	const [list, single] = [fieldOf(payload, 'ids'), fieldOf(payload, 'id')];
	const listed = Array.isArray(list) ? list : Array.isArray(single) ? single : typeof single === 'string' ? [single] : [];
	// Only entries that are ids; anything else stays in payload.
	const ids = listed.map(textOf).filter((id): id is string => id !== null);
	const base: IDataObject = {
		event: 'status',
		kind: known?.status ?? UNKNOWN_KIND,
		// The contract's spelling; the spelling received stays in payload.
		status: known?.status ?? (raw || null),
		ids,
		...typedFields(payload, STATUS_FIELDS),
		...timeOf(momentOf(payload)),
		payload,
	};
	if (!splitStatusIds || ids.length === 0) return [base];
	return ids.map((messageId) => ({ ...base, ids: [messageId], messageId }));
}

/**
 * The dates a delivery can carry: WhatsApp began in 2009, so no message is older, and 2100
 * is beyond any clock that is right. Outside this range `momment` is a wrong value, or a
 * seconds/milliseconds mix-up (99999999999 read as seconds is the year 5138), and the item
 * says null rather than an absurd date. Fixed bounds keep the reading pure: the same
 * delivery gives the same item on any day.
 */
export const PLAUSIBLE_TIME_MS = { from: Date.UTC(2009, 0, 1), to: Date.UTC(2100, 0, 1) } as const;

/** Below this, `momment` is taken as seconds: in milliseconds it would be before March 1973. */
const SECONDS_BELOW = 1e11;

/** `momment` as a number and as an ISO date; seconds are accepted as well as milliseconds. */
export function timeOf(momment: unknown): { momment: number | null; timestamp: string | null } {
	const number = typeof momment === 'string' && momment.trim() !== '' ? Number(momment) : momment;
	if (typeof number !== 'number' || !Number.isFinite(number) || number <= 0) {
		return { momment: null, timestamp: null };
	}
	const ms = number < SECONDS_BELOW ? number * 1000 : number;
	const plausible = ms >= PLAUSIBLE_TIME_MS.from && ms < PLAUSIBLE_TIME_MS.to;
	return { momment: number, timestamp: plausible ? new Date(ms).toISOString() : null };
}

/** Every listed field, typed, null when absent. */
function typedFields(source: IDataObject, fields: Record<string, FieldType>): IDataObject {
	const out: IDataObject = {};
	for (const [name, type] of Object.entries(fields)) {
		const value = fieldOf(source, name);
		out[name] = value === undefined ? null : coerce(value, type, name);
	}
	return out;
}

/** A copy with the listed fields typed and every other field kept as it came. */
function typedObject(source: IDataObject, fields: Record<string, FieldType>): IDataObject {
	// Spreading defines own properties, so a `__proto__` key is copied as data, not followed.
	const out: IDataObject = { ...source };
	for (const [name, type] of Object.entries(fields)) {
		const value = fieldOf(source, name);
		if (value !== undefined) out[name] = coerce(value, type, name);
	}
	return out;
}

/** Brings a value to its contract type when it can; otherwise keeps it as it came. */
function coerce(value: unknown, type: FieldType, name: string): IDataObject[string] {
	if (value === null) return null;
	switch (type) {
		case 'string':
			return (typeof value === 'string' ? value : (textOf(value) ?? value)) as string;
		case 'number':
		case 'integer': {
			if (typeof value === 'number') return value;
			const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
			return Number.isFinite(number) ? number : (value as string);
		}
		case 'boolean':
			return flagOf(value) ?? (value as boolean);
		case 'strings':
			// Entries that are not text become null: a list keeps its positions.
			return Array.isArray(value) ? (value.map(textOf) as string[]) : (value as string);
		case 'object':
			return isObject(value) && NESTED_FIELDS[name] ? typedObject(value, NESTED_FIELDS[name]) : (value as IDataObject);
		case 'objects':
			return Array.isArray(value)
				? value.map((entry) => (isObject(entry) && NESTED_FIELDS[name] ? typedObject(entry, NESTED_FIELDS[name]) : entry))
				: (value as IDataObject);
	}
}
