import { timingSafeEqual } from 'crypto';
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { CONTROL_FIELD, CONTROL_MAX_AGE_MS, isControlRequest, proofOf } from './control';
import { isObject } from '../shared/delivery/readers';
import { ACTIVATION_PARAM, deliveryScope, secretsOfQuery, verifyDelivery } from '../shared/signedAddress';
import { getInstance, messageOf, redactSecrets, secretsOf, type ZApiInstance } from '../shared/transport';
import { MAX_MEMBERS, SHARING_FULL, sharingOf, webhooksNamed, workflowOf, type SharingData } from './sharing';
import { afterRelay, DROP_AFTER_FAILURES, DROP_AFTER_MS, membersIn, memberOf, webhookNamesIn, withMember, withoutMember, type Member } from './sharingRules';
import { staticDataOf, type TriggerStaticData } from './staticData';

/*
 * The trigger's `setup` webhook (control.ts, CONTROL_METHOD): what the other Z-API
 * Triggers of this n8n ask it. Another trigger joins, leaves or hands its webhooks over
 * (sharing.ts); a head records how its members took a delivery (relay.ts). Each request is bound to
 * this trigger's current activation, used once (its nonce), and proven with the instance token.
 */

/**
 * How many control requests' nonces a trigger remembers at once (each for CONTROL_MAX_AGE_MS):
 * beyond, a request is refused (429) until older ones are forgotten. Joins, leaves and
 * relay reports come by the few per minute.
 */
export const MAX_CONTROL_NONCES = 1_000;

/** webhook() of the `setup` webhook: one control request, answered. Never throws. */
export async function receiveControl(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	let instance: ZApiInstance;
	try {
		instance = await getInstance.call(this);
	} catch (error) {
		this.logger.warn(`Z-API Trigger: could not read its credentials to answer a request of another workflow: ${messageOf(error)}`);
		this.getResponseObject().status(500).json({ error: 'The trigger could not read its credentials' });
		return { noWebhookResponse: true };
	}
	try {
		return await answerControl(this, instance, staticDataOf(this), this.getQueryData(), this.getBodyData());
	} catch (error) {
		this.logger.error(`Z-API Trigger: a request of another workflow could not be read: ${redactSecrets(messageOf(error), [...secretsOf(instance), ...secretsOfQuery(this.getQueryData())])}`);
		if (!this.getResponseObject().headersSent) this.getResponseObject().status(400).json({ error: 'Unreadable request' });
		return { noWebhookResponse: true };
	}
}

/** A control request, checked, with what its handler may read and change. */
interface Handling {
	context: IWebhookFunctions;
	instance: ZApiInstance;
	data: TriggerStaticData;
	sharing: SharingData;
	members: Member[];
	request: IDataObject;
	/** Remembers the request's nonce; a handler calls it once it wrote something. */
	remember: () => void;
}

type Handler = (handling: Handling) => IWebhookResponseData | Promise<IWebhookResponseData>;

/** The answer, written here (an error as `{ error }`): n8n must not write another. */
function answerWritten(context: IWebhookFunctions, status: number, body: string | IDataObject): IWebhookResponseData {
	context.getResponseObject().status(status).json(typeof body === 'string' ? { error: body } : body);
	return { noWebhookResponse: true };
}

const OK: IWebhookResponseData = { webhookResponse: { ok: true } };

/**
 * Answers a control request sent to this trigger's signed address, once it is checked:
 * signed for this trigger's current activation (not one still being saved: a trigger must not
 * write its static data before then), proven with the instance token, recent, bound to this
 * activation and not seen before. Then its handler, by `op` (CONTROL_HANDLERS).
 */
export async function answerControl(
	context: IWebhookFunctions,
	instance: ZApiInstance,
	data: TriggerStaticData,
	query: unknown,
	body: unknown,
	now = Date.now(),
): Promise<IWebhookResponseData> {
	const refuse = (status: number, error: string) => answerWritten(context, status, error);
	if (!isControlRequest(body)) return refuse(400, 'Not a control request');
	if (context.getMode() === 'manual') return refuse(409, 'Listening for a test event');
	const verdict = verifyDelivery(isObject(query) ? query : {}, instance.instanceToken, deliveryScope(context), {
		current: typeof data.activation === 'string' ? data.activation : undefined,
		retired: Array.isArray(data.retired) ? data.retired : undefined,
		now,
	});
	if (verdict !== 'valid') return refuse(verdict === 'missing' ? 401 : 403, 'Invalid signature');
	const text = body[CONTROL_FIELD];
	if (typeof text !== 'string' || typeof body.proof !== 'string' || !sameText(body.proof, proofOf(instance.instanceToken, text))) return refuse(403, 'Invalid proof');
	let request: IDataObject;
	try {
		request = JSON.parse(text) as IDataObject;
	} catch {
		return refuse(400, 'Not JSON');
	}
	// `>=`: a nonce is remembered while now < at + CONTROL_MAX_AGE_MS (noncesIn), so the bound that
	// refuses by age must start exactly where that memory ends, or a replay at that instant passes.
	if (!isObject(request) || typeof request.at !== 'number' || Math.abs(now - request.at) >= CONTROL_MAX_AGE_MS) return refuse(403, 'Expired');
	if (request.to !== (query as IDataObject)[ACTIVATION_PARAM]) return refuse(403, 'Sent to another trigger');
	const sharing = sharingOf(data);
	// Needs no nonce: sent again, or after a later one, it counts nothing (sharingRules.ts, afterRelay).
	if (request.op === 'relayed') return recordRelay(context, sharing, request);
	const nonce = request.nonce;
	if (typeof nonce !== 'string' || !/^[0-9a-f]{32}$/.test(nonce)) return refuse(400, 'No nonce');
	const seen = noncesIn(sharing.controlNonces, now);
	if (nonce in seen) return refuse(403, 'Already received');
	if (Object.keys(seen).length >= MAX_CONTROL_NONCES) return refuse(429, 'Too many control requests; try again in a few minutes');
	const handler = CONTROL_HANDLERS[String(request.op)];
	if (!handler) return refuse(400, 'Unknown request');
	// Assigned, not changed in place: n8n saves static data only when it sees a change.
	const remember = () => (sharing.controlNonces = { ...seen, [nonce]: (request.at as number) + CONTROL_MAX_AGE_MS });
	return await handler({ context, instance, data, sharing, members: membersIn(sharing.members), request, remember });
}

/** Another trigger of the instance receives through this one from now on. */
function acceptJoin({ context, data, sharing, members, request, remember }: Handling): IWebhookResponseData {
	const member = memberOf(request.member);
	if (!member) return answerWritten(context, 400, 'No member');
	if (!members.some((known) => known.scope === member.scope) && members.length >= MAX_MEMBERS) {
		context.logger.warn(`Z-API Trigger: refused ${workflowOf(member.scope)}: ${MAX_MEMBERS} workflows receive through this one already, at most ${MAX_MEMBERS}`);
		return answerWritten(context, SHARING_FULL, `At most ${MAX_MEMBERS} other workflows receive through one Z-API Trigger`);
	}
	remember();
	sharing.members = withMember(members, member);
	if (request.sentByMeBefore === false && data.sentByMeBefore === undefined && sharing.sharedSentByMeBefore === undefined) sharing.sharedSentByMeBefore = false;
	context.logger.info(`Z-API Trigger: ${workflowOf(member.scope)} receives ${webhooksNamed(member.webhooks)} through this one`);
	return OK;
}

/** A member leaves: only the activation that left; the same workflow activated again since stays. */
function acceptLeave({ context, sharing, members, request, remember }: Handling): IWebhookResponseData {
	if (typeof request.scope !== 'string') return answerWritten(context, 400, 'No scope');
	remember();
	const activatedAgain = typeof request.activation === 'string' && members.some((member) => member.scope === request.scope && member.activation !== request.activation);
	if (!activatedAgain) sharing.members = withoutMember(members, request.scope, webhookNamesIn(request.webhooks));
	return OK;
}

/** The head leaving hands this trigger its webhooks, its members and what was there before them. */
function takeOver({ context, data, sharing, members, request, remember }: Handling): IWebhookResponseData {
	remember();
	const takes = webhookNamesIn(request.webhooks);
	sharing.members = membersIn(request.members).reduce(withMember, members);
	const before = isObject(request.before) ? request.before : {};
	data.before = { ...(data.before ?? {}), ...Object.fromEntries(takes.map((name) => [name, typeof before[name] === 'string' ? before[name] : null])) };
	// The previous head's record is older than this trigger's own, so it is the one put back.
	if (typeof request.sentByMeBefore === 'boolean') {
		if (data.sentByMeBefore === undefined) sharing.sharedSentByMeBefore = request.sentByMeBefore;
		else data.sentByMeBefore = request.sentByMeBefore;
	}
	context.logger.info(`Z-API Trigger: holds ${webhooksNamed(takes)} for this instance from now on`);
	return OK;
}

/** Each control request by its `op`; 'relayed' is answered before the nonce check (recordRelay). */
const CONTROL_HANDLERS: Record<string, Handler> = { join: acceptJoin, leave: acceptLeave, handOver: takeOver };

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

