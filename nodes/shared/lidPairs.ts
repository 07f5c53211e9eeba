import type { IDataObject } from 'n8n-workflow';

import { fieldOf, isObject, isTrue, textOf } from './delivery/readers';

/*
 * Who a LID is. WhatsApp is replacing phone numbers by LIDs (`<digits>@lid`) in deliveries,
 * and a LID cannot be turned into a phone. Many deliveries carry both forms of the same
 * person (docs/webhooks/on-message-received.md: `phone` with `chatLid` or `senderLid`,
 * `participantPhone` with `participantLid`), so the trigger learns the pairs it sees and
 * puts both forms on every item once a pair is known; Contact → Resolve reads the same pairs.
 *
 * Where they are kept: in the workflow's static data (the `global` part, under
 * LID_PAIRS_KEY), in n8n's own database, shared by every node of that one workflow and by no
 * other workflow. Nothing leaves n8n. How many and how long: the MAX_LID_PAIRS pairs seen
 * most recently, each forgotten LID_PAIR_DAYS after it was last seen. n8n loads and saves the
 * static data whole on each delivery, so the bound keeps that small (about 45 bytes a pair).
 */

/** The key of the pairs in the workflow's static data. */
export const LID_PAIRS_KEY = 'zApiLidPairs';
export const MAX_LID_PAIRS = 2_000;
export const LID_PAIR_DAYS = 90;

const DAY_MS = 86_400_000;
const LID = /^\d{1,30}@lid$/;
const PHONE = /^\d{8,15}$/;

/** LID -> [phone, day it was last seen (days since the epoch)]. */
export type LidPairs = Record<string, [string, number]>;

export const isLid = (value: unknown): value is string => typeof value === 'string' && LID.test(value);
export const isPhoneNumber = (value: unknown): value is string => typeof value === 'string' && PHONE.test(value);

/**
 * Where a delivery carries both forms of the same person. `phone` is the chat: in a private
 * chat the contact, whether the message is theirs or mine; `senderLid` is the writer, so only
 * a contact's message pairs it with `phone` (in mine it is my own LID). In groups `phone` is
 * the group: the member's own fields pair.
 */
export const PAIR_SOURCES: Array<{ chat: 'private' | 'group'; from: 'anyone' | 'contact'; phone: string; lid: string }> = [
	{ chat: 'private', from: 'anyone', phone: 'phone', lid: 'chatLid' },
	{ chat: 'private', from: 'contact', phone: 'phone', lid: 'senderLid' },
	{ chat: 'group', from: 'contact', phone: 'participantPhone', lid: 'participantLid' },
];

/** The phone–LID pairs one item (or delivery) carries, as [phone, lid]. */
export function pairsIn(item: IDataObject): Array<[string, string]> {
	const chat = isTrue(fieldOf(item, 'isGroup')) ? 'group' : 'private';
	const fromMe = isTrue(fieldOf(item, 'fromMe'));
	const pairs: Array<[string, string]> = [];
	for (const source of PAIR_SOURCES) {
		if (source.chat !== chat || (source.from === 'contact' && fromMe)) continue;
		const phone = fieldOf(item, source.phone);
		const lid = fieldOf(item, source.lid);
		if (isPhoneNumber(phone) && isLid(lid)) pairs.push([phone, lid]);
	}
	return pairs;
}

/** The pairs kept, without entries of the wrong shape (hand-edited, another version). */
export function readPairs(stored: unknown): LidPairs {
	if (!isObject(stored)) return {};
	const pairs: LidPairs = {};
	for (const [lid, entry] of Object.entries(stored)) {
		if (isLid(lid) && Array.isArray(entry) && isPhoneNumber(entry[0]) && typeof entry[1] === 'number') {
			pairs[lid] = [entry[0], entry[1]];
		}
	}
	return pairs;
}

const dayOf = (now: number) => Math.floor(now / DAY_MS);

/**
 * The pairs with `learned` added, those older than LID_PAIR_DAYS dropped and only the newest
 * MAX_LID_PAIRS kept; undefined when nothing changed (a pair already seen today is not
 * written again, so a delivery changes the static data only when it teaches something).
 * A LID seen with another phone takes the newer phone.
 */
export function withLearnedPairs(stored: unknown, learned: Array<[string, string]>, now: number): LidPairs | undefined {
	const today = dayOf(now);
	const pairs = readPairs(stored);
	let changed = Object.keys(pairs).length !== (isObject(stored) ? Object.keys(stored).length : 0);
	for (const [phone, lid] of learned) {
		const known = pairs[lid];
		if (known && known[0] === phone && known[1] === today) continue;
		pairs[lid] = [phone, today];
		changed = true;
	}
	const kept = Object.entries(pairs).filter(([, [, day]]) => day > today - LID_PAIR_DAYS);
	if (kept.length !== Object.keys(pairs).length) changed = true;
	if (!changed) return undefined;
	kept.sort((a, b) => a[1][1] - b[1][1]);
	return Object.fromEntries(kept.slice(-MAX_LID_PAIRS));
}

/** The phone of a LID, if learned. */
export function phoneOfLid(pairs: LidPairs, lid: string): string | null {
	return pairs[lid]?.[0] ?? null;
}

/** The LID of a phone, if learned (the most recently seen one). */
export function lidOfPhone(pairs: LidPairs, phone: string): string | null {
	let found: [string, number] | null = null;
	let lid: string | null = null;
	for (const [key, entry] of Object.entries(pairs)) {
		if (entry[0] === phone && (!found || entry[1] >= found[1])) {
			found = entry;
			lid = key;
		}
	}
	return lid;
}

/**
 * The person a message item is about, in both forms: in a private chat the contact the chat
 * is with, in a group the member who wrote (nobody for my own group messages). Each form
 * from the item itself, else from the learned pairs; null when neither is known.
 */
export function contactFormsOf(item: IDataObject, pairs: LidPairs): { contactPhone: string | null; contactLid: string | null } {
	const group = isTrue(fieldOf(item, 'isGroup'));
	if (group && isTrue(fieldOf(item, 'fromMe'))) return { contactPhone: null, contactLid: null };
	const fields = group ? ['participantPhone', 'participantLid'] : ['phone', 'chatLid'];
	if (!group && !isTrue(fieldOf(item, 'fromMe'))) fields.push('senderLid');
	const values = fields.map((field) => textOf(fieldOf(item, field)));
	const phone = values.find(isPhoneNumber) ?? null;
	const lid = values.find(isLid) ?? null;
	return {
		contactPhone: phone ?? (lid ? phoneOfLid(pairs, lid) : null),
		contactLid: lid ?? (phone ? lidOfPhone(pairs, phone) : null),
	};
}

/** Static data the way n8n hands it to a node. */
export interface StaticDataHolder {
	getWorkflowStaticData(type: string): IDataObject;
}

/** The pairs this workflow has learned. */
export function learnedPairs(context: StaticDataHolder): LidPairs {
	return readPairs(context.getWorkflowStaticData('global')[LID_PAIRS_KEY]);
}

/**
 * Learns the pairs the items carry and returns the items with `contactPhone` and
 * `contactLid` (message items always, null when unknown; other items when one is known).
 * The pairs are assigned, not changed in place: n8n saves static data only when it sees a
 * change.
 */
export function learnAndAddContactForms(context: StaticDataHolder, items: IDataObject[], now = Date.now()): IDataObject[] {
	const global = context.getWorkflowStaticData('global');
	const updated = withLearnedPairs(global[LID_PAIRS_KEY], items.flatMap(pairsIn), now);
	if (updated) global[LID_PAIRS_KEY] = updated as unknown as IDataObject;
	return withContactForms(items, updated ?? readPairs(global[LID_PAIRS_KEY]));
}

/** The items with `contactPhone` and `contactLid` from `pairs`, learning nothing (see learnAndAddContactForms). */
export function withContactForms(items: IDataObject[], pairs: LidPairs): IDataObject[] {
	return items.map((item) => {
		const forms = contactFormsOf(item, pairs);
		if (item.event !== 'message' && !forms.contactPhone && !forms.contactLid) return item;
		return { ...item, ...forms };
	});
}
