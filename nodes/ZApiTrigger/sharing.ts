import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { sendControlRequest } from './control';
import { deliveryScope, secretsOfAddress, signedUrl } from '../shared/signedAddress';
import { getInstance, messageOf, redactSecrets, type ZApiInstance } from '../shared/transport';
import { readWebhookSettings, setSentByMe, setWebhookAddress, WEBHOOKS, type WebhookName, type WebhookSettings } from '../shared/webhooks';
import { arrivalOf, departureOf, holderOf, inheritedBy, membersIn, successorOf, webhookNamesIn, type Member } from './sharingRules';
import type { Before, TriggerStaticData } from './staticData';

/*
 * Several workflows on one instance (sharingRules.ts holds the decisions). Workflows share
 * nothing in n8n but their signed addresses, so the triggers talk to each other over them.
 * The first to register a webhook is its head; the others join it and receive through it:
 *
 * - here: joining at activation, leaving or handing over at deactivation;
 * - relay.ts: the head passing each delivery on to its members, the last stage of receiving;
 * - controlRequests.ts: the `setup` webhook, where a head answers joins, leaves, hand-overs
 *   and its own relay reports. Each is a control request (control.ts), proven with an
 *   HMAC keyed by the instance token, which every trigger of the instance holds. The head keeps its members in its workflow's static data.
 *
 * Not guaranteed: static data is saved whole, last write wins, so a join or leave arriving
 * at the very moment the head saves something else (a delivery's repeat memory, another
 * join) can be lost: activating the member again repairs it. A head whose n8n is down
 * leaves its members deaf until it is back or they are activated again.
 */

/** At most this many other workflows receive through one head; a join beyond is refused. */
export const MAX_MEMBERS = 20;
/** The status of a join refused because the head has MAX_MEMBERS members. */
export const SHARING_FULL = 507;

export interface SharingData extends IDataObject {
	/** Head: the other triggers receiving through it. */
	members?: Member[];
	/**
	 * Head: notify sent by me before the first of ours turned it on, reported by a member that
	 * turned it on or handed over by the previous head; put back by the last one out. It serves
	 * one case: a member with Message Sent by Me joins a head registered without it, and when
	 * all have left, the instance must not keep sending the user's own messages to nobody.
	 */
	sharedSentByMeBefore?: boolean;
	/** Member: the webhooks it joined a head for at activation. */
	joined?: WebhookName[];
	/** The nonces of the control requests received lately, with until when each is remembered. */
	controlNonces?: Record<string, number>;
}

export type ControlRequest =
	| { op: 'join'; at: number; member: Member; sentByMeBefore?: boolean }
	| { op: 'leave'; at: number; scope: string; activation?: string; webhooks: WebhookName[] }
	| { op: 'handOver'; at: number; webhooks: WebhookName[]; members: Member[]; before: Before; sentByMeBefore?: boolean }
	| { op: 'relayed'; at: number; outcomes: Array<{ scope: string; activation: string; took: boolean }> };

type Context = IHookFunctions | IWebhookFunctions;

/** A member's signed address, made again from its record and the instance token. */
export function addressOf(member: Member, instanceToken: string): string {
	return signedUrl(member.url, instanceToken, member.scope, member.activation);
}

/** Names another workflow in the log: by its id, never by its address. */
export function workflowOf(scope: string): string {
	return `workflow ${scope.split(':')[0] || '(unknown)'}`;
}

/** "the message status webhook", "the received/sent messages and message status webhooks". */
export function webhooksNamed(names: WebhookName[]): string {
	const labels = names.map((name) => WEBHOOKS[name].label);
	return labels.length > 1 ? `the ${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]} webhooks` : `the ${labels[0] ?? ''} webhook`;
}

/** A control request to another trigger (or to itself): true when taken, else why not. */
export async function sendControl(context: Context, address: string, request: ControlRequest, instanceToken: string): Promise<boolean | string> {
	const answer = await sendControlRequest(context, address, request, instanceToken);
	if ('error' in answer) return answer.error;
	return answer.status >= 200 && answer.status < 300 ? true : `HTTP ${answer.status}`;
}

export function sharingOf(data: TriggerStaticData): SharingData {
	return data as SharingData;
}

/* ---------------------------------------------------------------- arrival */

export interface Arriving {
	needed: WebhookName[];
	/** What /me showed before the activation. */
	now: WebhookSettings | { unreadable: string };
	/** This trigger's n8n address, without query. */
	webhookUrl: string;
	activation: string;
	instance: ZApiInstance;
	/** Message Sent by Me is chosen. */
	sentByMe: boolean;
	test: boolean;
}

/**
 * Joins the head of every webhook another trigger of this n8n holds. Returns the webhooks
 * joined (not to be registered) and those whose head did not answer (taken over, with
 * nothing to put back: the head's own record of what was there before is out of reach).
 */
export async function joinHeads(
	context: IHookFunctions,
	data: TriggerStaticData,
	arriving: Arriving,
): Promise<{ joined: WebhookName[]; orphaned: WebhookName[] }> {
	const joined: WebhookName[] = [];
	const orphaned: WebhookName[] = [];
	const sharing = sharingOf(data);
	delete sharing.joined;
	// A new activation starts with no members: those of an activation that failed are not ours.
	if (data.activation !== arriving.activation) {
		delete sharing.members;
		delete sharing.sharedSentByMeBefore;
	}
	if ('unreadable' in arriving.now) return { joined, orphaned };
	const settings = arriving.now;
	const heads = new Map<string, WebhookName[]>();
	for (const name of arriving.needed) {
		const current = settings.addresses[name];
		if (arrivalOf({ holder: holderOf(current, arriving.webhookUrl), test: arriving.test }) !== 'join') continue;
		heads.set(current, [...(heads.get(current) ?? []), name]);
	}
	const { instanceToken } = arriving.instance;
	for (const [head, webhooks] of heads) {
		const turnsOnSentByMe = arriving.sentByMe && webhooks.includes('receivedAndSent') && settings.sentByMe === false;
		const member: Member = { url: arriving.webhookUrl, scope: deliveryScope(context), activation: arriving.activation, webhooks };
		const answer = await sendControl(
			context,
			head,
			{ op: 'join', at: Date.now(), member, ...(turnsOnSentByMe ? { sentByMeBefore: false } : {}) },
			instanceToken,
		);
		const labels = webhooksNamed(webhooks);
		if (answer === `HTTP ${SHARING_FULL}`) {
			throw new NodeOperationError(context.getNode(), `Too many workflows share this Z-API instance: the workflow holding ${labels} passes them on to ${MAX_MEMBERS} others already, at most ${MAX_MEMBERS}`, {
				description: `Deactivate a workflow with a Z-API Trigger on this instance, or let fewer workflows react to it (one workflow can branch with a Switch node), then activate this one again.`,
			});
		}
		if (answer === true) {
			joined.push(...webhooks);
			context.logger.info(`Z-API Trigger: receives ${labels} through the workflow of this n8n that holds them for this instance`);
			// The head registered it without notify sent by me; the setting is the instance's.
			if (turnsOnSentByMe) await setSentByMe.call(context, true, 'Check notify sent by me in the Z-API panel, then activate the workflow again.', [head]);
		} else {
			orphaned.push(...webhooks);
			context.logger.warn(
				`Z-API Trigger: the workflow holding ${labels} did not answer (${answer}); this one takes them over, and its members receive nothing until they are activated again`,
			);
		}
	}
	if (joined.length) sharing.joined = joined;
	return { joined, orphaned };
}

/* ---------------------------------------------------------------- departure */

/**
 * Before the registration's clean-up: leaves the heads this trigger receives through, and
 * hands the webhooks it holds for members over to one of them. The webhooks so dealt with
 * are taken out of `registered`, so the clean-up puts back (or clears) only what this
 * trigger held alone. Never throws.
 */
export async function leaveSharing(context: IHookFunctions, data: TriggerStaticData): Promise<void> {
	const members = membersIn(sharingOf(data).members);
	const registered = Object.keys(data.registered ?? {}) as WebhookName[];
	const test = data.testSession === true;
	const joined = webhookNamesIn(sharingOf(data).joined);
	// Nobody to tell (neither a member nor a head with members): the registration's rules alone.
	if (!data.activation || test || (!members.length && !joined.length)) return endSharing(data, registered);
	let instance: ZApiInstance;
	let reading: WebhookSettings;
	try {
		instance = await getInstance.call(context);
		reading = await readWebhookSettings.call(context);
	} catch {
		// The clean-up reads them again, says why it cannot, and leaves every webhook as it is.
		return endSharing(data, registered);
	}
	const webhookUrl = context.getNodeWebhookUrl('default') ?? '';
	const handled = new Set<WebhookName>();
	const heads = new Map<string, WebhookName[]>();
	const handing: WebhookName[] = [];
	for (const name of registered) {
		const current = reading.addresses[name];
		const step = departureOf({
			holder: holderOf(current, webhookUrl),
			members: members.filter((member) => member.webhooks.includes(name)).length,
			test,
		});
		if (step === 'leave') heads.set(current, [...(heads.get(current) ?? []), name]);
		if (step === 'handOver') handing.push(name);
	}
	const { instanceToken } = instance;
	const scope = deliveryScope(context);
	for (const [head, webhooks] of heads) {
		const answer = await sendControl(context, head, { op: 'leave', at: Date.now(), scope, activation: data.activation, webhooks }, instanceToken);
		if (answer !== true) {
			context.logger.info(`Z-API Trigger: the workflow holding ${webhooksNamed(webhooks)} did not answer its leave (${answer}); it drops this one at its next delivery`);
		}
		for (const name of webhooks) handled.add(name);
	}
	await handOver(context, data, handing, members, instanceToken, handled);
	// Handed over or left: the head now in place puts notify sent by me back, not this one.
	if (handled.has('receivedAndSent')) delete data.sentByMeBefore;
	endSharing(data, registered, handled);
}

/**
 * It serves one case: the head's workflow is deactivated while others still receive through
 * it; without it, those would go deaf until each is activated again.
 */
async function handOver(
	context: IHookFunctions,
	data: TriggerStaticData,
	handing: WebhookName[],
	members: Member[],
	instanceToken: string,
	handled: Set<WebhookName>,
): Promise<void> {
	const sharing = sharingOf(data);
	let candidates = members;
	let left = handing;
	while (left.length) {
		const next = successorOf(candidates, left);
		if (!next) break;
		const { successor, takes } = next;
		const sentByMeBefore = takes.includes('receivedAndSent') ? (data.sentByMeBefore ?? sharing.sharedSentByMeBefore) : undefined;
		const before: Before = Object.fromEntries(takes.map((name) => [name, data.before?.[name] ?? null]));
		const answer = await sendControl(
			context,
			addressOf(successor, instanceToken),
			{
				op: 'handOver',
				at: Date.now(),
				webhooks: takes,
				members: inheritedBy(candidates, successor, takes),
				before,
				...(typeof sentByMeBefore === 'boolean' ? { sentByMeBefore } : {}),
			},
			instanceToken,
		);
		if (answer !== true) {
			context.logger.info(`Z-API Trigger: ${workflowOf(successor.scope)} did not take the webhooks over (${answer}); asking the next one`);
			candidates = candidates.filter((member) => member.scope !== successor.scope);
			continue;
		}
		const address = addressOf(successor, instanceToken);
		for (const name of takes) {
			try {
				await setWebhookAddress.call(context, {
					name,
					address,
					shownAs: `the address of ${workflowOf(successor.scope)}`,
					whatToDo: `Deactivate and activate ${workflowOf(successor.scope)} again.`,
					secrets: [address],
					leaveSentByMe: true,
				});
				context.logger.info(`Z-API Trigger: handed the ${WEBHOOKS[name].label} webhook over to ${workflowOf(successor.scope)}`);
			} catch (error) {
				context.logger.warn(
					`Z-API Trigger: could not point the ${WEBHOOKS[name].label} webhook at ${workflowOf(successor.scope)} (${redactSecrets(messageOf(error), [...secretsOfAddress(address), instanceToken])}); deactivate and activate that workflow again`,
				);
			}
			handled.add(name);
		}
		left = left.filter((name) => !takes.includes(name));
	}
}

/**
 * Ends this trigger's part: the webhooks dealt with leave `registered`. When it put back
 * what was there before the first of ours (the last one out), notify sent by me goes back
 * too, as a member recorded it.
 */
function endSharing(data: TriggerStaticData, registered: WebhookName[], handled = new Set<WebhookName>()): void {
	const sharing = sharingOf(data);
	if (handled.size) {
		data.registered = Object.fromEntries(Object.entries(data.registered ?? {}).filter(([name]) => !handled.has(name as WebhookName)));
	}
	if (registered.includes('receivedAndSent') && !handled.has('receivedAndSent') && data.sentByMeBefore === undefined && sharing.sharedSentByMeBefore === false) {
		data.sentByMeBefore = false;
	}
	delete sharing.members;
	delete sharing.sharedSentByMeBefore;
	delete sharing.joined;
	// Bound to the activation that ends: a request naming it is refused from now on anyway.
	delete sharing.controlNonces;
}

