import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { storablePayload, timeOf, toItems } from '../../shared/delivery/items';
import { flagOf, textOf } from '../../shared/delivery/readers';

/*
 * The records the read operations output, in one vocabulary: the same word for the same
 * thing whatever call it came from, flags as booleans, times as an ISO date beside the
 * number the service sent, a message as the Z-API Trigger shapes it. One table per record
 * type says where each output field comes from; Simplify off gives the service's response
 * as it came.
 */

/**
 * How one output field is read from a record:
 * - text: the first of the `from` fields that holds text; null when none does.
 * - flag: true/false, "true"/"false" and 1/0 (the pages disagree on which); null otherwise.
 * - count: a number written as a number or as text ("0").
 * - time: the output field holds an ISO date, and the field it came from keeps the number
 *   (seconds or milliseconds: chats send seconds, groups milliseconds). The date is null
 *   when there is no plausible one (-1 is "muted for ever").
 * - list: a list of records of the shape `of`.
 */
export interface FieldRule {
	kind: 'text' | 'flag' | 'count' | 'time' | 'list';
	/** The response's fields read: said in the output's words only, not again in theirs. */
	from: string[];
	of?: RecordShape;
}

export interface RecordShape {
	/** Output fields in order. */
	fields: Record<string, FieldRule>;
	/** Further fields of the response left out: discontinued ones. */
	drop?: string[];
}

const text = (...from: string[]): FieldRule => ({ kind: 'text', from });
const flag = (from: string): FieldRule => ({ kind: 'flag', from: [from] });
const count = (from: string): FieldRule => ({ kind: 'count', from: [from] });
const time = (from: string): FieldRule => ({ kind: 'time', from: [from] });
const list = (from: string, of: RecordShape): FieldRule => ({ kind: 'list', from: [from], of });

/**
 * A person's names as the contact calls give them (docs/contacts/get-contacts.md,
 * get-metadata-contact.md), and group participants where the metadata carries them.
 * `name` is the one to show: the saved name, else the WhatsApp name.
 */
const PERSON_NAMES: Record<string, FieldRule> = {
	name: text('name', 'short', 'notify', 'vname'),
	savedName: text('name'),
	savedShortName: text('short'),
	whatsappName: text('notify'),
	contactCardName: text('vname'),
};

export const CONTACT: RecordShape = {
	fields: {
		phone: text('phone'),
		...PERSON_NAMES,
		photo: text('imgUrl'),
		about: text('about'),
	},
};

/** What a chat record says beside its ID (docs/chats/get-chats.md, get-metadata-chat.md). */
const CHAT_DETAILS: Record<string, FieldRule> = {
	name: text('name'),
	isGroup: flag('isGroup'),
	unread: count('unread'),
	lastMessageAt: time('lastMessageTime'),
	isMuted: flag('isMuted'),
	mutedUntil: time('muteEndTime'),
	archived: flag('archived'),
	pinned: flag('pinned'),
	isMarkedSpam: flag('isMarkedSpam'),
	isGroupAnnouncement: flag('isGroupAnnouncement'),
	// The trigger's word for the chat's picture.
	photo: text('profileThumbnail'),
};

/** messagesUnread is marked discontinued on both pages. */
const CHAT_DROPPED = ['messagesUnread'];

/** A chat of GET /chats and GET /chats/{phone}. */
export const CHAT: RecordShape = { fields: { phone: text('phone'), ...CHAT_DETAILS }, drop: CHAT_DROPPED };

/**
 * A group of the group list (docs/group/get-groups.md): a chat record, named by the group
 * ID every Group operation takes.
 */
export const GROUP_CHAT: RecordShape = { fields: { groupId: text('phone'), ...CHAT_DETAILS }, drop: CHAT_DROPPED };

const PARTICIPANT: RecordShape = {
	fields: { phone: text('phone'), isAdmin: flag('isAdmin'), isSuperAdmin: flag('isSuperAdmin'), ...PERSON_NAMES },
};

/**
 * A group of the metadata calls (docs/group/metadata-group.md, light-metadata-group.md).
 * The group's name is `name` here as in the group list and Create (the service says `subject`).
 */
export const GROUP: RecordShape = {
	fields: {
		groupId: text('phone'),
		name: text('subject', 'name'),
		description: text('description'),
		owner: text('owner'),
		createdAt: time('creation'),
		invitationLink: text('invitationLink'),
		communityId: text('communityId'),
		adminOnlyMessage: flag('adminOnlyMessage'),
		adminOnlySettings: flag('adminOnlySettings'),
		requireAdminApproval: flag('requireAdminApproval'),
		adminOnlyAddMember: flag('adminOnlyAddMember'),
		isGroupAnnouncement: flag('isGroupAnnouncement'),
		participants: list('participants', PARTICIPANT),
		nameChangedAt: time('subjectTime'),
		nameChangedBy: text('subjectOwner'),
	},
};

/**
 * The connected phone (docs/instance/device.md): its profile's picture is `photo`, as a
 * contact's; the device and session fields pass as they came.
 */
export const DEVICE: RecordShape = {
	fields: {
		phone: text('phone'),
		name: text('name'),
		about: text('about'),
		photo: text('imgUrl'),
		isBusiness: flag('isBusiness'),
	},
};

function countOf(value: unknown): number | null {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

const own = (record: IDataObject, name: string): unknown => (Object.prototype.hasOwnProperty.call(record, name) ? record[name] : undefined);

type Entry = [string, IDataObject[string]];

/** What each kind of rule writes for output field `name`, from the values of its `from` fields. */
const READERS: Record<FieldRule['kind'], (name: string, values: unknown[], rule: FieldRule) => Entry[]> = {
	text: (name, values) => [[name, values.map(textOf).find((value) => value) ?? null]],
	flag: (name, [value]) => [[name, flagOf(value) ?? null]],
	count: (name, [value]) => [[name, countOf(value)]],
	// The number as sent, -1 included; text that is no number stays as it came.
	time: (name, [value], rule) => [
		[name, timeOf(value).timestamp],
		[rule.from[0], countOf(value) ?? ((value ?? null) as IDataObject[string])],
	],
	// An entry that is text is taken as the phone: the metadata pages type participants as "array string" and show objects.
	list: (name, [value], rule) => [
		[name, Array.isArray(value) ? value.map((entry) => shapeRecord(typeof entry === 'string' ? { phone: entry } : (entry as IDataObject), rule.of ?? { fields: {} })) : []],
	],
};

/** One record in the shape's words; fields the table does not read pass as they came. */
export function shapeRecord(record: IDataObject, shape: RecordShape): IDataObject {
	const source = record && typeof record === 'object' && !Array.isArray(record) ? record : {};
	const read = new Set(shape.drop ?? []);
	const entries: Entry[] = [];
	for (const [name, rule] of Object.entries(shape.fields)) {
		rule.from.forEach((field) => read.add(field));
		entries.push(...READERS[rule.kind](name, rule.from.map((field) => own(source, field)), rule));
	}
	const rest = Object.entries(source).filter(([field]) => !read.has(field) && !Object.hasOwn(shape.fields, field)) as Entry[];
	// fromEntries defines own properties: a `__proto__` key of a response stays data.
	return Object.fromEntries([...entries, ...rest]) as IDataObject;
}

/**
 * A stored message as the Z-API Trigger gives a delivered one: the records of
 * GET /chat-messages carry the fields and content objects of a received-message delivery
 * (docs/chats/get-message-chats.md beside docs/webhooks/on-message-received.md), so the
 * trigger's own reading applies and a workflow reads both alike. The page's records carry
 * no `isGroup`; the chat read says whether it is a group, which decides who the sender is
 * (`participantPhone` in a group). `payload` stays the record as it came.
 */
export function messageShaper(chatIsGroup: boolean): (record: IDataObject) => IDataObject {
	return (given) => {
		const record = given && typeof given === 'object' && !Array.isArray(given) ? given : {};
		const known = Object.prototype.hasOwnProperty.call(record, 'isGroup') ? record : { ...record, isGroup: chatIsGroup };
		return { ...toItems(known)[0], payload: storablePayload(record) };
	};
}

/** n8n's Simplify switch, with its usual name, default and wording. */
export const simplifyProperty: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		"Whether to return a simplified version of the response instead of the raw data: the same field names as the other operations, flags as true/false, times as ISO dates. Off: Z-API's response as it came.",
};

/** The records as the item's Simplify asks: shaped by `shape`, or as they came. */
export function outputRecords(
	this: IExecuteFunctions,
	itemIndex: number,
	records: IDataObject[],
	shape: RecordShape | ((record: IDataObject) => IDataObject),
): IDataObject[] {
	if (!(this.getNodeParameter('simplify', itemIndex, true) as boolean)) return records;
	return records.map((record) => (typeof shape === 'function' ? shape(record) : shapeRecord(record, shape)));
}

/** The operation's parameters with Simplify added before its Options, where n8n's nodes show it. */
export function withSimplify(properties: INodeProperties[]): INodeProperties[] {
	const options = properties.findIndex((property) => property.name === 'options');
	if (options === -1) return [...properties, simplifyProperty];
	return [...properties.slice(0, options), simplifyProperty, ...properties.slice(options)];
}
