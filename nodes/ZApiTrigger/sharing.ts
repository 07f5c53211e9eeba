import { timingSafeEqual } from 'crypto';
import type { IDataObject, IExecuteFunctions, IHookFunctions, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { CONTROL_FIELD, CONTROL_MAX_AGE_MS, controlBody, postToTrigger, proofOf } from '../shared/control';
import { isObject } from '../shared/delivery/readers';
import { ACTIVATION_PARAM, deliveryScope, secretsOfAddress, signedUrl, verifyDelivery } from '../shared/signedAddress';
import { getInstance, messageOf, redactSecrets, type ZApiInstance } from '../shared/transport';
import { askedQuestionsIn, placeWaitingReplies, type AskedQuestions } from '../shared/waitingReplies';
import { readWebhookSettings, setSentByMe, setWebhookAddress, WEBHOOKS, type WebhookName, type WebhookSettings } from '../shared/webhooks';
import {
	afterRelay,
	arrivalOf,
	departureOf,
	DROP_AFTER_FAILURES,
	DROP_AFTER_MS,
	holderOf,
	inheritedBy,
	membersIn,
	memberOf,
	relayTargets,
	successorOf,
	webhookNamesIn,
	webhooksOfDelivery,
	withMember,
	withoutMember,
	type Member,
} from './sharingRules';
import type { Before, TriggerStaticData } from './staticData';

/*
 * Several workflows on one instance (sharingRules.ts holds the decisions). Workflows share
 * nothing in n8n but their signed addresses, so the triggers talk to each other over them:
 *
 * - A head answers the service first, then passes every delivery on to its members' signed
 *   addresses, all at once, marked as passed on (a member never passes one on again).
 *   webhook() does not wait for the members (relayToMembers): the service's answer and the
 *   head's own execution cost nothing per member, but for a message a member's waiting
 *   question may take, whose execution waits for each member's first try. The members'
 *   failures are recorded through a report the head sends itself once the tries ended
 *   (static data written after webhook() returned is not saved).
 * - Joining, leaving and handing over are control requests to a trigger's signed address,
 *   proven with an HMAC keyed by the instance token, which every trigger of the instance
 *   holds. The head keeps its members in its workflow's static data.
 * - Send and Wait for Reply places its questions the same way ('await', sent by the Z-API
 *   node to the address the service holds for received messages): the head keeps those of
 *   its own workflow and passes the others on to the member of the asking workflow.
 *
 * Not guaranteed: static data is saved whole, last write wins, so a join or leave arriving
 * at the very moment the head saves something else (a delivery's repeat memory, another
 * join) can be lost: activating the member again repairs it. A head whose n8n is down
 * leaves its members deaf until it is back or they are activated again.
 */

/** The header a passed-on delivery carries. */
export const RELAYED_HEADER = 'x-zapi-trigger-relayed';
/** The header of a passed-on message that answered a question waiting in the head's workflow. */
export const ANSWERED_HEADER = 'x-zapi-trigger-answered';
/**
 * Passing a delivery on: tries per member, the pauses between them, and how long each try
 * waits. The service has its answer already, and the head's execution does not wait for
 * them, so they are patient: a member's n8n busy with a burst (in single mode, the head's own
 * process) still gets the delivery. They bound how long a delivery is in flight for a member
 * that never answers (about 3 × 5 s + 2.5 s).
 */
const RELAY_TRIES = 3;
const RELAY_PAUSES_MS = [500, 2_000];
const RELAY_TIMEOUT_MS = 5_000;
/**
 * How long the head's execution waits at most for its members' first tries (receive.ts): as
 * long as a try may take, so a member whose question takes the message while its n8n is busy
 * still keeps the head from starting on it.
 */
const FIRST_TRIES_WAIT_MS = RELAY_TIMEOUT_MS;
/** At most this many other workflows receive through one head; a join beyond is refused. */
export const MAX_MEMBERS = 20;
/** The status of a join refused because the head has MAX_MEMBERS members. */
const SHARING_FULL = 507;
/**
 * How many control requests' nonces a trigger remembers at once (each for CONTROL_MAX_AGE_MS):
 * beyond, a request is refused (429) until older ones are forgotten. Joins, leaves and
 * placements come by the few per minute.
 */
export const MAX_CONTROL_NONCES = 1_000;

export interface SharingData extends IDataObject {
	/** Head: the other triggers receiving through it. */
	members?: Member[];
	/**
	 * Head: notify sent by me before the first of ours turned it on, reported by a member that
	 * turned it on or handed over by the previous head; put back by the last one out.
	 */
	sharedSentByMeBefore?: boolean;
	/** Member: the webhooks it joined a head for at activation. */
	joined?: WebhookName[];
	/** The nonces of the control requests received lately, with until when each is remembered. */
	controlNonces?: Record<string, number>;
}

type ControlRequest =
	| { op: 'join'; at: number; member: Member; sentByMeBefore?: boolean }
	| { op: 'leave'; at: number; scope: string; activation?: string; webhooks: WebhookName[] }
	| { op: 'handOver'; at: number; webhooks: WebhookName[]; members: Member[]; before: Before; sentByMeBefore?: boolean }
	| { op: 'await'; at: number; workflowId: string; questions: AskedQuestions }
	| { op: 'relayed'; at: number; outcomes: Array<{ scope: string; activation: string; took: boolean }> };

type Context = IHookFunctions | IWebhookFunctions | IExecuteFunctions;

/** A member's signed address, made again from its record and the instance token. */
function addressOf(member: Member, instanceToken: string): string {
	return signedUrl(member.url, instanceToken, member.scope, member.activation);
}

/** Names another workflow in the log: by its id, never by its address. */
function workflowOf(scope: string): string {
	return `workflow ${scope.split(':')[0] || '(unknown)'}`;
}

/** "the message status webhook", "the received/sent messages and message status webhooks". */
function webhooksNamed(names: WebhookName[]): string {
	const labels = names.map((name) => WEBHOOKS[name].label);
	return labels.length > 1 ? `the ${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]} webhooks` : `the ${labels[0] ?? ''} webhook`;
}

async function sendControl(context: Context, address: string, request: ControlRequest, instanceToken: string): Promise<boolean | string> {
	const answer = await postToTrigger(context, address, controlBody(request, instanceToken, address), {}, [instanceToken]);
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

/* ---------------------------------------------------------------- deliveries */

/**
 * Whether a delivery needs the instance token before its answer: a control request (its
 * proof is keyed by the token). A head reads it for its members' addresses only after it
 * answered the service (receive.ts), so members cost the service's answer nothing.
 */
export function needsInstanceToken(body: unknown): boolean {
	return isObject(body) && Object.prototype.hasOwnProperty.call(body, CONTROL_FIELD);
}

/** The members a delivery the service sent to this head goes on to; none for one passed on already. */
export function relayTargetsOf(context: IWebhookFunctions, data: TriggerStaticData, body: unknown): Member[] {
	const members = sharingOf(data).members;
	if (!Array.isArray(members) || !members.length || !isObject(body)) return [];
	if ((context.getHeaderData() as IDataObject)[RELAYED_HEADER] !== undefined) return [];
	return relayTargets(membersIn(members), webhooksOfDelivery(body));
}

/** What the members said: whether one of them handed the message to a question waiting there. */
export interface RelayOutcome {
	answeredElsewhere: boolean;
}

/**
 * A delivery being passed on. `firstTries`: settles once every member answered its first try
 * or that try failed (what the head needs to decide whether its own workflow starts on a
 * message a member's question took). `settled`: once every member took it or had all its
 * tries and the head's report of them was sent. Neither rejects.
 */
export interface Relay {
	firstTries: Promise<RelayOutcome>;
	settled: Promise<void>;
}

/** Nothing to pass on. */
export const NO_RELAY: Relay = { firstTries: Promise.resolve({ answeredElsewhere: false }), settled: Promise.resolve() };

/**
 * What the members' first tries said, waiting FIRST_TRIES_WAIT_MS at most: a member slower
 * than that counts as not answering the message (its tries go on).
 */
export async function firstAnswersOf(relay: Relay): Promise<RelayOutcome> {
	return await Promise.race([relay.firstTries, sleep(FIRST_TRIES_WAIT_MS).then(() => ({ answeredElsewhere: false }))]);
}

/**
 * Passes a delivery on to `targets`, all at once, once the head answered the service (so no
 * member makes the service wait). Returns at once: webhook() does not wait for the members,
 * so the head's own execution starts without them (receive.ts waits for the first tries only
 * when a member's waiting question may take the message). Each member gets RELAY_TRIES tries,
 * each limited to RELAY_TIMEOUT_MS, with the pauses of RELAY_PAUSES_MS between.
 *
 * The tries end after webhook() returned, when n8n has saved the static data already: what
 * they changed there would be lost. So the head reports the members' outcomes to itself,
 * a control request to its own signed address ('relayed'), whose webhook() writes them and
 * n8n saves them (answerControl; sharingRules.ts, afterRelay, drops a member that failed
 * repeatedly over a while). Sent only when a member's record changes: one that failed, or
 * took a delivery after failures.
 *
 * If the head's process stops in the middle (n8n stopped, crashed, or a queue-mode webhook
 * process ended), the members not reached yet miss that delivery: the service has had its
 * answer and does not send it again. Chosen that way so that no member makes the service
 * wait; the tries start right after the answer, all at once, so that window is one request
 * long for members that answer. Nothing is counted against a member then: a failure counts
 * only once all its tries have ended and the report arrived, so a head stopping never drops
 * a member. `answeredHere`: the message went to a question waiting in this workflow; members
 * then start nothing unless their trigger's Start on Answers Elsewhere is on. Never throws.
 */
export function relayToMembers(
	context: IWebhookFunctions,
	instance: ZApiInstance,
	data: TriggerStaticData,
	body: unknown,
	targets: Member[],
	answeredHere: boolean,
): Relay {
	if (!targets.length) return NO_RELAY;
	const headers: Record<string, string> = { [RELAYED_HEADER]: '1', ...(answeredHere ? { [ANSWERED_HEADER]: '1' } : {}) };
	// The head's own signed address, for the report: made now, from the record webhook() read.
	const activation = typeof data.activation === 'string' ? data.activation : undefined;
	const own = activation ? signedUrl(context.getNodeWebhookUrl('default') ?? '', instance.instanceToken, deliveryScope(context), activation) : undefined;
	const firsts: Array<Promise<boolean>> = [];
	const runs = targets.map((member) => {
		let firstAnswered: (answered: boolean) => void = () => {};
		firsts.push(new Promise<boolean>((resolve) => (firstAnswered = resolve)));
		return (async () => {
			const address = addressOf(member, instance.instanceToken);
			let last = '';
			try {
				for (let attempt = 0; attempt < RELAY_TRIES; attempt++) {
					if (attempt > 0) await sleep(RELAY_PAUSES_MS[attempt - 1]);
					const answer = await postToTrigger(context, address, body, headers, [instance.instanceToken], RELAY_TIMEOUT_MS);
					if ('status' in answer && answer.status >= 200 && answer.status < 300) {
						const answered = isObject(answer.body) && answer.body.answered === true;
						firstAnswered(answered);
						return { member, took: true };
					}
					firstAnswered(false);
					last = 'error' in answer ? answer.error : `HTTP ${answer.status}`;
				}
			} catch (error) {
				last = redactSecrets(messageOf(error), [...secretsOfAddress(address), instance.instanceToken]);
			}
			firstAnswered(false);
			context.logger.warn(`Z-API Trigger: could not pass a delivery on to ${workflowOf(member.scope)} after ${RELAY_TRIES} tries (${last})`);
			return { member, took: false };
		})();
	});
	const firstTries = Promise.all(firsts).then((answers) => ({ answeredElsewhere: answers.some((answered) => answered) }));
	const settled = Promise.all(runs)
		.then(async (results) => await reportRelay(context, instance, own, results))
		.catch((error: unknown) => {
			context.logger.warn(`Z-API Trigger: could not finish passing a delivery on (${redactSecrets(messageOf(error), [instance.instanceToken])})`);
		});
	return { firstTries, settled };
}

/** Sends the head the outcomes that change its members' records (see relayToMembers). */
async function reportRelay(context: IWebhookFunctions, instance: ZApiInstance, own: string | undefined, results: Array<{ member: Member; took: boolean }>): Promise<void> {
	const at = Date.now();
	// As the static data read for this delivery shows them; the head applies them to what it holds then.
	const outcomes = results
		.filter(({ member, took }) => afterRelay(member, took, at) !== member)
		.map(({ member, took }) => ({ scope: member.scope, activation: member.activation, took }));
	if (!outcomes.length) return;
	if (!own) return;
	const answer = await sendControl(context, own, { op: 'relayed', at, outcomes }, instance.instanceToken);
	if (answer !== true) {
		context.logger.warn(`Z-API Trigger: could not record which workflows took a delivery passed on (${answer}); a member that failed is counted on its next failure`);
	}
}

/* ---------------------------------------------------------------- control requests */

/**
 * Answers a control request (join, leave, hand over) sent to this trigger's signed address;
 * undefined when the body is not one. Never throws.
 */
export async function answerControl(
	context: IWebhookFunctions,
	instance: ZApiInstance,
	data: TriggerStaticData,
	query: unknown,
	body: unknown,
	now = Date.now(),
): Promise<IWebhookResponseData | undefined> {
	if (!isObject(body) || !Object.prototype.hasOwnProperty.call(body, CONTROL_FIELD)) return undefined;
	const refuse = (status: number, error: string): IWebhookResponseData => {
		context.getResponseObject().status(status).json({ error });
		return { noWebhookResponse: true };
	};
	if (context.getMode() === 'manual') return refuse(409, 'Listening for a test event');
	const verdict = verifyDelivery(isObject(query) ? query : {}, instance.instanceToken, deliveryScope(context), {
		current: typeof data.activation === 'string' ? data.activation : undefined,
		retired: Array.isArray(data.retired) ? data.retired : undefined,
		now,
	});
	// Not 'pending': before its activation is saved, a trigger must not write its static data.
	if (verdict !== 'valid') return refuse(verdict === 'missing' ? 401 : 403, 'Invalid signature');
	const text = body[CONTROL_FIELD];
	const proof = body.proof;
	if (typeof text !== 'string' || typeof proof !== 'string' || !sameText(proof, proofOf(instance.instanceToken, text))) {
		return refuse(403, 'Invalid proof');
	}
	let request: IDataObject;
	try {
		request = JSON.parse(text) as IDataObject;
	} catch {
		return refuse(400, 'Not JSON');
	}
	// `>=`: a nonce is remembered while now < at + CONTROL_MAX_AGE_MS (noncesIn), so the bound that
	// refuses by age must start exactly where that memory ends, or a replay at that instant passes.
	if (!isObject(request) || typeof request.at !== 'number' || Math.abs(now - request.at) >= CONTROL_MAX_AGE_MS) return refuse(403, 'Expired');
	// Bound to this trigger's current activation, which the address's signature binds to this workflow and node.
	if (request.to !== (query as IDataObject)[ACTIVATION_PARAM]) return refuse(403, 'Sent to another trigger');
	const sharing = sharingOf(data);
	// Needs no nonce: sent again, or after a later one, it counts nothing (sharingRules.ts, afterRelay).
	if (request.op === 'relayed') return recordRelay(context, sharing, request);
	const nonce = request.nonce;
	if (typeof nonce !== 'string' || !/^[0-9a-f]{32}$/.test(nonce)) return refuse(400, 'No nonce');
	const seen = noncesIn(sharing.controlNonces, now);
	if (nonce in seen) return refuse(403, 'Already received');
	if (Object.keys(seen).length >= MAX_CONTROL_NONCES) return refuse(429, 'Too many control requests; try again in a few minutes');
	// Assigned, not changed in place: n8n saves static data only when it sees a change.
	const remember = () => {
		sharing.controlNonces = { ...seen, [nonce]: (request.at as number) + CONTROL_MAX_AGE_MS };
	};
	const members = membersIn(sharing.members);
	if (request.op === 'join') {
		const member = memberOf(request.member);
		if (!member) return refuse(400, 'No member');
		if (!members.some((known) => known.scope === member.scope) && members.length >= MAX_MEMBERS) {
			context.logger.warn(`Z-API Trigger: refused ${workflowOf(member.scope)}: ${MAX_MEMBERS} workflows receive through this one already, at most ${MAX_MEMBERS}`);
			return refuse(SHARING_FULL, `At most ${MAX_MEMBERS} other workflows receive through one Z-API Trigger`);
		}
		remember();
		sharing.members = withMember(members, member);
		if (request.sentByMeBefore === false && data.sentByMeBefore === undefined && sharing.sharedSentByMeBefore === undefined) {
			sharing.sharedSentByMeBefore = false;
		}
		context.logger.info(`Z-API Trigger: ${workflowOf(member.scope)} receives ${webhooksNamed(member.webhooks)} through this one`);
	} else if (request.op === 'leave') {
		if (typeof request.scope !== 'string') return refuse(400, 'No scope');
		remember();
		// Only the activation that left: the same workflow activated again since stays.
		const leaving = typeof request.activation === 'string' ? members.find((member) => member.scope === request.scope && member.activation !== request.activation) : undefined;
		if (!leaving) sharing.members = withoutMember(members, request.scope, webhookNamesIn(request.webhooks));
	} else if (request.op === 'handOver') {
		remember();
		const takes = webhookNamesIn(request.webhooks);
		const inherited = membersIn(request.members);
		let merged = members;
		for (const member of inherited) merged = withMember(merged, member);
		sharing.members = merged;
		const before = isObject(request.before) ? request.before : {};
		data.before = {
			...(data.before ?? {}),
			...Object.fromEntries(takes.map((name) => [name, typeof before[name] === 'string' ? before[name] : null])),
		};
		// The previous head's record is older than this trigger's own, so it is the one put back.
		if (typeof request.sentByMeBefore === 'boolean') {
			if (data.sentByMeBefore === undefined) sharing.sharedSentByMeBefore = request.sentByMeBefore;
			else data.sentByMeBefore = request.sentByMeBefore;
		}
		context.logger.info(`Z-API Trigger: holds ${webhooksNamed(takes)} for this instance from now on`);
	} else if (request.op === 'await') {
		return await answerAwait(context, instance, members, request, remember, refuse);
	} else {
		return refuse(400, 'Unknown request');
	}
	return { webhookResponse: { ok: true } };
}

/**
 * The head's own report of a delivery it passed on (relayToMembers): each member's outcome
 * applied to the record held now. Written only when it changes something.
 */
function recordRelay(context: IWebhookFunctions, sharing: SharingData, request: IDataObject): IWebhookResponseData {
	const at = request.at as number;
	const outcomes = Array.isArray(request.outcomes) ? request.outcomes.filter(isObject) : [];
	let changed = false;
	const members = membersIn(sharing.members).flatMap((member) => {
		const outcome = outcomes.find((each) => each.scope === member.scope && each.activation === member.activation && typeof each.took === 'boolean');
		if (!outcome) return [member];
		const after = afterRelay(member, outcome.took === true, at);
		if (after === member) return [member];
		changed = true;
		if (!after) {
			context.logger.info(
				`Z-API Trigger: ${workflowOf(member.scope)} took no delivery ${DROP_AFTER_FAILURES} times in a row over ${DROP_AFTER_MS / 60_000} minutes; it is dropped from the workflows sharing this instance (activating it again brings it back)`,
			);
			return [];
		}
		return [after];
	});
	// Assigned, not changed in place: n8n saves static data only when it sees a change.
	if (changed) sharing.members = members;
	return { webhookResponse: { ok: true, changed } };
}

/** The nonces still remembered. */
function noncesIn(value: unknown, now: number): Record<string, number> {
	if (!isObject(value)) return {};
	return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > now));
}

function sameText(a: string, b: string): boolean {
	const left = Buffer.from(a);
	const right = Buffer.from(b);
	return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Questions of Send and Wait for Reply: kept when they are this workflow's, else passed on to
 * the member of the asking workflow that receives messages (asked again by this trigger,
 * bound to that member's address), whose answer is given back. The answer says which
 * questions wait (`kept`), or that the workflow's store is full. The nonce is remembered only
 * when something was written: a confirmation that finds the questions saved writes nothing,
 * so it never overwrites what another delivery wrote meanwhile (shared/waitingReplies.ts);
 * sent again, it changes nothing either.
 */
async function answerAwait(
	context: IWebhookFunctions,
	instance: ZApiInstance,
	members: Member[],
	request: IDataObject,
	remember: () => void,
	refuse: (status: number, error: string) => IWebhookResponseData,
): Promise<IWebhookResponseData> {
	const questions = askedQuestionsIn(request.questions);
	if (typeof request.workflowId !== 'string' || !questions) return refuse(400, 'No questions');
	if (request.workflowId === context.getWorkflow().id) {
		const placement = placeWaitingReplies(context, questions);
		if ('full' in placement) {
			context.getResponseObject().status(507).json({ ok: false, error: 'Too many questions waiting', ...placement });
			return { noWebhookResponse: true };
		}
		if (placement.changed) remember();
		return { webhookResponse: { ok: true, ...placement } };
	}
	const member = members.find((each) => each.scope.startsWith(`${request.workflowId}:`) && each.webhooks.includes('receivedAndSent'));
	if (!member) return refuse(404, 'No Z-API Trigger of that workflow receives messages on this instance');
	const address = addressOf(member, instance.instanceToken);
	const passed: ControlRequest = { op: 'await', at: Date.now(), workflowId: request.workflowId, questions };
	const answer = await postToTrigger(context, address, controlBody(passed, instance.instanceToken, address), {}, [instance.instanceToken]);
	if ('error' in answer) return refuse(502, `The workflow's Z-API Trigger did not answer: ${answer.error}`);
	if (isObject(answer.body) && answer.body.changed !== false) remember();
	context.getResponseObject().status(answer.status).json(isObject(answer.body) ? answer.body : {});
	return { noWebhookResponse: true };
}
