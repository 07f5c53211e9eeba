import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { storablePayload, textOf, timeOf, toItems } from '../../ZApiTrigger/deliveryItems';

/*
 * The records the read operations output, in one vocabulary: the same word for the same
 * thing whatever call it came from, flags as booleans, times as an ISO date beside the
 * number the service sent, a message as the Z-API Trigger shapes it. One table per record
 * type says where each output field comes from; Simplify off gives the service's answer
 * as it came.
 */

/** How one output field is read from a record. */
export type FieldRule =
	/** The first of these fields that holds text; null when none does. */
	| { text: string[] }
	/** A flag: true/false, "true"/"false" and 1/0 (the pages disagree on which); null when absent. */
	| { flag: string }
	/** A count written as a number or as text ("0"). */
	| { count: string }
	/**
	 * A time: the output field holds it as an ISO date, and the field it came from holds the
	 * number (seconds or milliseconds, the calls disagree: chats send seconds, groups
	 * milliseconds). Null when there is no plausible date (-1 for "muted for ever").
	 */
	| { time: string }
	/** A list of records of another shape. */
	| { list: string; of: RecordShape };

export interface RecordShape {
	/** Output fields in order. The answer's fields a rule reads are said in its words, not again in theirs. */
	fields: Record<string, FieldRule>;
	/** Further fields of the answer left out: discontinued ones. */
	drop?: string[];
}

const text = (...from: string[]): FieldRule => ({ text: from });

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
	isGroup: { flag: 'isGroup' },
	unread: { count: 'unread' },
	lastMessageAt: { time: 'lastMessageTime' },
	isMuted: { flag: 'isMuted' },
	mutedUntil: { time: 'muteEndTime' },
	archived: { flag: 'archived' },
	pinned: { flag: 'pinned' },
	isMarkedSpam: { flag: 'isMarkedSpam' },
	isGroupAnnouncement: { flag: 'isGroupAnnouncement' },
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
	fields: { phone: text('phone'), isAdmin: { flag: 'isAdmin' }, isSuperAdmin: { flag: 'isSuperAdmin' }, ...PERSON_NAMES },
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
		createdAt: { time: 'creation' },
		invitationLink: text('invitationLink'),
		communityId: text('communityId'),
		adminOnlyMessage: { flag: 'adminOnlyMessage' },
		adminOnlySettings: { flag: 'adminOnlySettings' },
		requireAdminApproval: { flag: 'requireAdminApproval' },
		adminOnlyAddMember: { flag: 'adminOnlyAddMember' },
		isGroupAnnouncement: { flag: 'isGroupAnnouncement' },
		participants: { list: 'participants', of: PARTICIPANT },
		nameChangedAt: { time: 'subjectTime' },
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
		isBusiness: { flag: 'isBusiness' },
	},
};

/** A flag as a boolean, or null when the record has none that reads as one. */
function flagOf(value: unknown): boolean | null {
	if (value === true || value === 'true' || value === 1 || value === '1') return true;
	if (value === false || value === 'false' || value === 0 || value === '0') return false;
	return null;
}

function countOf(value: unknown): number | null {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

const own = (record: IDataObject, name: string): unknown => (Object.prototype.hasOwnProperty.call(record, name) ? record[name] : undefined);

/** The answer's fields a rule reads. */
const sourcesOf = (rule: FieldRule): string[] =>
	'text' in rule ? rule.text : 'flag' in rule ? [rule.flag] : 'count' in rule ? [rule.count] : 'time' in rule ? [rule.time] : [rule.list];

/** One record in the shape's words; fields the table does not read pass as they came. */
export function shapeRecord(record: IDataObject, shape: RecordShape): IDataObject {
	const source = record && typeof record === 'object' && !Array.isArray(record) ? record : {};
	const out: IDataObject = {};
	const named = new Set(shape.drop ?? []);
	for (const [name, rule] of Object.entries(shape.fields)) {
		named.add(name);
		for (const field of sourcesOf(rule)) named.add(field);
		if ('text' in rule) {
			out[name] = rule.text.map((field) => textOf(own(source, field))).find((value) => value) ?? null;
		} else if ('flag' in rule) {
			out[name] = flagOf(own(source, rule.flag));
		} else if ('count' in rule) {
			out[name] = countOf(own(source, rule.count));
		} else if ('time' in rule) {
			const given = own(source, rule.time);
			out[name] = timeOf(given).timestamp;
			// The number as sent, -1 included; text that is no number stays as it came.
			out[rule.time] = countOf(given) ?? ((given ?? null) as IDataObject[string]);
		} else {
			const list = own(source, rule.list);
			// A list entry that is text is taken as the phone: the metadata pages type participants as "array string" and show objects.
			out[name] = Array.isArray(list) ? list.map((entry) => shapeRecord(typeof entry === 'string' ? { phone: entry } : (entry as IDataObject), rule.of)) : [];
		}
	}
	// fromEntries defines own properties: a `__proto__` key of an answer stays data.
	return Object.fromEntries([...Object.entries(out), ...Object.entries(source).filter(([field]) => !named.has(field))]) as IDataObject;
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
		"Whether to return a simplified version of the response instead of the raw data: the same field names as the other operations, flags as true/false, times as ISO dates. Off: Z-API's answer as it came.",
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
