import type { IDataObject } from 'n8n-workflow';

import { WEBHOOK_NAMES, type WebhookName } from '../shared/webhooks';
import { ACTIVATION_PARAM, SIGNATURE_PARAM } from '../shared/signedAddress';
import { eventOf } from '../shared/delivery/items';
import { EVENT_CHOICES } from './eventChoices';

/*
 * Several workflows on one instance, the decisions only (pure; sharing.ts carries them out).
 * The service keeps one address per webhook (docs/webhooks/webhooksConf/update-webhook-receive.md:
 * an update replaces the address). So per webhook one trigger of this n8n is the head: its
 * address is the one the service holds, and it passes each delivery on to the members, the
 * other triggers that need that webhook.
 */

/** Another trigger of this n8n sharing a webhook through the head; kept in the head's static data. */
export interface Member {
	/** That trigger's n8n address, without its query (its signature is made again when needed). */
	url: string;
	/** Workflow and node its signature is bound to. */
	scope: string;
	activation: string;
	/** The webhooks it receives through this head. */
	webhooks: WebhookName[];
	/** Deliveries in a row it did not take (after every try), and since when; absent while it takes them. */
	failures?: number;
	failingSince?: number;
	/** When the last failure counted was reported (the head's clock); a report not later than it counts nothing. */
	failedAt?: number;
}

/** What one webhook's address is, seen from the trigger that reads it. */
export type Holder = 'unreadable' | 'self' | 'sibling' | 'outside';

/**
 * `sibling`: an address of another Z-API Trigger of this same n8n, recognised by its shape:
 * this n8n's origin and webhook path prefix, `<webhook id>/webhook`, and an activation id and
 * signature in the query. Another n8n's trigger counts as outside: its n8n may be stopped
 * for good, and what was there before is put back when the last of ours leaves.
 */
export function holderOf(current: string | undefined, ownUrl: string): Holder {
	if (current === undefined) return 'unreadable';
	if (!current) return 'outside';
	let address: URL;
	let own: URL;
	try {
		address = new URL(current);
		own = new URL(ownUrl);
	} catch {
		return 'outside';
	}
	if (address.origin === own.origin && address.pathname === own.pathname) return 'self';
	const prefix = (path: string) => path.replace(/\/[^/]+\/webhook$/, '');
	const activation = address.searchParams.get(ACTIVATION_PARAM) ?? '';
	const signature = address.searchParams.get(SIGNATURE_PARAM) ?? '';
	const sibling =
		address.origin === own.origin &&
		/\/[^/]+\/webhook$/.test(address.pathname) &&
		prefix(address.pathname) === prefix(own.pathname) &&
		/^[0-9a-f]{32}$/.test(activation) &&
		/^[0-9a-f]{64}$/.test(signature);
	return sibling ? 'sibling' : 'outside';
}

export interface ArrivalFacts {
	holder: Holder;
	/** Listening for a test event: it takes the webhooks over, as it always did. */
	test: boolean;
}

/** `join`: ask the head to pass deliveries on; `take`: point the webhook at this trigger. */
export type Arrival = 'join' | 'take';

/** Tried in order; the first that matches decides. */
export const ARRIVAL_RULES: Array<{ name: string; matches: (facts: ArrivalFacts) => boolean; then: Arrival }> = [
	{ name: 'testListening', matches: (facts) => facts.test, then: 'take' },
	{ name: 'siblingHolds', matches: (facts) => facts.holder === 'sibling', then: 'join' },
	// Unreadable, this trigger's own, another program's, nothing: today's registration rules.
	{ name: 'otherwise', matches: () => true, then: 'take' },
];

export function arrivalOf(facts: ArrivalFacts): Arrival {
	return ARRIVAL_RULES.find((rule) => rule.matches(facts))!.then;
}

export interface DepartureFacts {
	holder: Holder;
	/** Members of this webhook in this trigger's static data. */
	members: number;
	test: boolean;
}

/**
 * `leave`: ask the head to drop this trigger; `handOver`: make a member the head, then point
 * the service at it; `cleanUp`: the registration rules (put back what was there before, or
 * leave what is not provably ours).
 */
export type Departure = 'leave' | 'handOver' | 'cleanUp';

export const DEPARTURE_RULES: Array<{ name: string; matches: (facts: DepartureFacts) => boolean; then: Departure }> = [
	{ name: 'testListening', matches: (facts) => facts.test, then: 'cleanUp' },
	{ name: 'headWithMembers', matches: (facts) => facts.holder === 'self' && facts.members > 0, then: 'handOver' },
	// The head may have changed since this trigger joined: the one the service holds now is asked.
	{ name: 'member', matches: (facts) => facts.holder === 'sibling', then: 'leave' },
	{ name: 'otherwise', matches: () => true, then: 'cleanUp' },
];

export function departureOf(facts: DepartureFacts): Departure {
	return DEPARTURE_RULES.find((rule) => rule.matches(facts))!.then;
}

/**
 * Which webhook a delivery came through, from its type (the head's one address is
 * registered for every webhook it holds): the webhook of each event choice that accepts
 * it. A delivery of a type not known goes to the members of every webhook: each decides
 * for itself with its own events.
 */
export function webhooksOfDelivery(body: IDataObject): WebhookName[] {
	const item = { event: eventOf(body), fromMe: body.fromMe === true };
	const through = EVENT_CHOICES.filter((choice) => choice.accepts(item)).map((choice) => choice.webhook);
	return through.length ? [...new Set(through)] : WEBHOOK_NAMES;
}

/** The members a delivery is passed on to: those of its webhooks, each once. */
export function relayTargets(members: Member[], through: WebhookName[]): Member[] {
	return members.filter((member) => member.webhooks.some((name) => through.includes(name)));
}

/** Adds or replaces a member by its workflow and node; the webhooks add up. */
export function withMember(members: Member[], joining: Member): Member[] {
	const known = members.find((member) => member.scope === joining.scope);
	const webhooks = [...new Set([...(known && known.activation === joining.activation ? known.webhooks : []), ...joining.webhooks])];
	return [...members.filter((member) => member.scope !== joining.scope), { ...joining, webhooks }];
}

/** Drops webhooks from a member; a member left with none is dropped. */
export function withoutMember(members: Member[], scope: string, webhooks: WebhookName[]): Member[] {
	return members
		.map((member) => (member.scope === scope ? { ...member, webhooks: member.webhooks.filter((name) => !webhooks.includes(name)) } : member))
		.filter((member) => member.webhooks.length > 0);
}

/**
 * Who takes over the webhooks a leaving head holds: for each webhook, its earliest member
 * still there. Returns the successor and what it takes, or undefined when no member needs
 * any of them.
 */
export function successorOf(members: Member[], webhooks: WebhookName[]): { successor: Member; takes: WebhookName[] } | undefined {
	for (const member of members) {
		const takes = webhooks.filter((name) => member.webhooks.includes(name) && members.find((other) => other.webhooks.includes(name)) === member);
		if (takes.length) return { successor: member, takes };
	}
	return undefined;
}

/** The members a successor inherits for the webhooks it takes: the others, for those webhooks only. */
export function inheritedBy(members: Member[], successor: Member, takes: WebhookName[]): Member[] {
	return members
		.filter((member) => member.scope !== successor.scope)
		.map((member) => ({ ...member, webhooks: member.webhooks.filter((name) => takes.includes(name)) }))
		.filter((member) => member.webhooks.length > 0);
}

/** The webhook names in a list read from static data or a control request. */
export function webhookNamesIn(value: unknown): WebhookName[] {
	return Array.isArray(value) ? [...new Set(value.filter((name): name is WebhookName => WEBHOOK_NAMES.includes(name as WebhookName)))] : [];
}

/** A member record read from static data or a control request; undefined when malformed. */
export function memberOf(value: unknown): Member | undefined {
	if (!value || typeof value !== 'object') return undefined;
	const record = value as IDataObject;
	const webhooks = webhookNamesIn(record.webhooks);
	if (typeof record.url !== 'string' || typeof record.scope !== 'string' || typeof record.activation !== 'string' || !webhooks.length) {
		return undefined;
	}
	try {
		if (new URL(record.url).protocol !== 'https:') return undefined;
	} catch {
		return undefined;
	}
	const failing =
		typeof record.failures === 'number' && typeof record.failingSince === 'number'
			? { failures: record.failures, failingSince: record.failingSince, ...(typeof record.failedAt === 'number' ? { failedAt: record.failedAt } : {}) }
			: {};
	return { url: record.url, scope: record.scope, activation: record.activation, webhooks, ...failing };
}

/** Drop a member only after this many deliveries in a row it did not take, over at least DROP_AFTER_MS. */
export const DROP_AFTER_FAILURES = 5;
export const DROP_AFTER_MS = 10 * 60_000;

/**
 * A member after one delivery passed on, as the head's report of it says (`at`: when its
 * tries ended). `took` clears its failures; otherwise they add up, and it is dropped
 * (undefined) once it failed DROP_AFTER_FAILURES times in a row over at least DROP_AFTER_MS.
 * One 404 is not enough: n8n answers it too while it registers a workflow's webhooks again.
 *
 * The same member object comes back when the report changes nothing: a success while it has
 * no failures, or any report not later than the last failure counted (`failedAt`). So a
 * report sent again, or overtaken by a later one, counts nothing: failures are counted at
 * most once each, never more (a late report can make the count lower, never higher).
 */
export function afterRelay(member: Member, took: boolean, at: number): Member | undefined {
	if (member.failedAt !== undefined && at <= member.failedAt) return member;
	if (took) return member.failures === undefined ? member : { url: member.url, scope: member.scope, activation: member.activation, webhooks: member.webhooks };
	const failures = (member.failures ?? 0) + 1;
	const failingSince = member.failingSince ?? at;
	return failures >= DROP_AFTER_FAILURES && at - failingSince >= DROP_AFTER_MS ? undefined : { ...member, failures, failingSince, failedAt: at };
}

export function membersIn(value: unknown): Member[] {
	return Array.isArray(value) ? value.map(memberOf).filter((member): member is Member => member !== undefined) : [];
}
