import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { withContactForms } from '../shared/lidPairs';
import { getInstance, redactSecrets, secretsOf, type ZApiInstance } from '../shared/transport';
import { deliveryScope, secretsOfQuery, verifyByDigest, verifyDelivery } from '../shared/signedAddress';
import { isControlRequest } from './control';
import { toItems } from '../shared/delivery/items';
import { fieldOf, isObject, textOf } from '../shared/delivery/readers';
import { acceptor, type FilterChoices } from './filters';
import { DEFAULT_BINARY_PROPERTY, DEFAULT_MAX_FILE_MB, needsDownload, withMedia, type MediaOptions } from '../shared/mediaDownload';
import { checkRepeat, DEFAULT_REPEAT_WINDOW_MINUTES, repeatKeyOf } from './repeats';
import { replyInChat } from './replyInChat';
import { receiveControl } from './controlRequests';
import { ANSWERED_ELSEWHERE, ANSWERED_HEADER, firstAnswersOf, NO_RELAY, RELAYED_HEADER, relayTargetsOf, relayToMembers } from './relay';
import { deliveryCheckOf, staticDataOf, type TriggerStaticData } from './staticData';
import { presenceOf, recordArrivals, recordPresence } from './arrivals';
import { isBurstMessage } from '../shared/conversationState/messages';

/*
 * Receiving one delivery on the `default` webhook, a stage at a time (receive): verify where
 * it was sent and that it is ours, build the items (shared/delivery/items.ts) and keep those
 * the user chose (filters.ts), all three a pure function, answerDelivery; skip a repeat
 * (repeats.ts); hand a reply to the execution waiting for it (replyInChat.ts); pass the
 * delivery on to the workflows sharing the instance (relay.ts); download media
 * (shared/mediaDownload.ts); record it for Combine Quick Messages (arrivals.ts); start the
 * execution. No error gets out of webhook(). Control requests come on the `setup` webhook
 * (controlRequests.ts).
 */

/** What the node knows about itself when a delivery comes in. */
export interface Receiver {
	instanceId: string;
	/** The instance token, when the credentials were read (no saved check, or a pending activation). */
	instanceToken?: string;
	/** The digest of the current address's signature saved at activation (staticData.ts): checks without the token. */
	signatureDigest?: string;
	/** Workflow and node the signature is bound to. */
	scope: string;
	/** The current activation id from the workflow's static data, if any. */
	activation: string | undefined;
	/** Activation ids ended lately, from the same place. */
	retired?: string[];
	/** This process's clock (ms). */
	now?: number;
}

export interface Delivery {
	query: unknown;
	body: unknown;
}

export type Answer =
	| { outcome: 'refused'; status: number; error: string; log?: string }
	/** Answered 200 without an execution; `log` says why when the user should know. */
	| { outcome: 'ignored'; log?: string }
	/**
	 * `pending`: signed for an activation whose record n8n had not saved yet; nothing may be
	 * written to the static data then (see receive).
	 */
	| { outcome: 'started'; items: IDataObject[]; pending?: true };

type Refusal = Extract<Answer, { outcome: 'refused' }>;

const REACTIVATE =
	'Z-API Trigger: a signed delivery came in, but this workflow keeps no record of registering its webhooks (its saved data was reset or lost), so nothing is accepted. Deactivate and activate the workflow again.';

/**
 * Why a delivery is refused. Its sender gets the status and error; n8n's log gets `log`.
 * All 4xx: a forged, stray or malformed delivery would be refused the same way if sent
 * again, so nothing here invites the service to retry.
 */
export const REFUSALS = {
	unsigned: { outcome: 'refused', status: 401, error: 'Unsigned delivery' },
	forged: { outcome: 'refused', status: 403, error: 'Invalid signature' },
	unregistered: { outcome: 'refused', status: 403, error: 'Not registered', log: REACTIVATE },
	notAnObject: { outcome: 'refused', status: 400, error: 'The body is not a JSON object' },
	otherInstance: { outcome: 'refused', status: 403, error: 'Delivery for another instance' },
} satisfies Record<string, Refusal>;

const VERDICT_REFUSALS = {
	missing: REFUSALS.unsigned,
	invalid: REFUSALS.forged,
	unregistered: REFUSALS.unregistered,
} as const;

/** The whole decision on one delivery. Pure: the same input gives the same answer. */
export function answerDelivery(delivery: Delivery, receiver: Receiver, choices: FilterChoices): Answer {
	const query = isObject(delivery.query) ? delivery.query : {};
	const verdict =
		receiver.signatureDigest !== undefined && receiver.activation !== undefined
			? verifyByDigest(query, receiver.signatureDigest, receiver.activation)
			: verifyDelivery(query, receiver.instanceToken ?? '', receiver.scope, {
					current: receiver.activation,
					retired: receiver.retired,
					now: receiver.now,
				});
	if (verdict !== 'valid' && verdict !== 'pending') return VERDICT_REFUSALS[verdict];

	const payload = delivery.body;
	if (!isObject(payload)) return REFUSALS.notAnObject;
	// Instance ids are upper-case hex in the panel; a delivery writing it otherwise is the same instance.
	const instanceId = textOf(fieldOf(payload, 'instanceId'));
	if (instanceId?.toUpperCase() !== receiver.instanceId.toUpperCase()) return REFUSALS.otherInstance;

	let accepted: (item: IDataObject) => boolean;
	try {
		accepted = acceptor(choices);
	} catch (error) {
		// Fail closed: a chat filter that cannot be read must not let every chat through.
		return {
			outcome: 'ignored',
			// The entry is quoted as typed: a token pasted there by mistake is redacted.
			log: `Z-API Trigger: started nothing, Only These Phones cannot be read (${redactSecrets((error as Error).message, receiver.instanceToken ? [receiver.instanceToken] : [])}). Fix the list in the trigger's options.`,
		};
	}
	const items = toItems(payload, { splitStatusIds: fieldOf(choices.options, 'splitStatusIds') === true }).filter(
		accepted,
	);
	// Filtered-out deliveries are still answered 200: the service must not send them again.
	if (!items.length) return { outcome: 'ignored' };
	return verdict === 'pending' ? { outcome: 'started', items, pending: true } : { outcome: 'started', items };
}

/** The trigger's parameters; a value of the wrong shape counts as not set. */
export function choicesOf(context: Pick<IWebhookFunctions, 'getNodeParameter'>, stored: TriggerStaticData): FilterChoices {
	const list = (name: string) => {
		const value = context.getNodeParameter(name, []) as unknown;
		return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
	};
	const options = context.getNodeParameter('options', {}) as unknown;
	const events = list('events');
	return {
		events,
		contentKinds: list('contentKinds'),
		notificationKinds: list('notificationKinds'),
		statusKinds: list('statusKinds'),
		sentByMe: list('sentByMe'),
		// A Combine Quick Messages follows (found at activation): it takes a person's answers from the phone.
		personReplies: events.includes('messageReceived') && !!stored.burstTable,
		options: isObject(options) ? options : {},
	};
}

/** One delivery as n8n gives it, with what the trigger knows when it comes in. */
interface Incoming {
	stored: TriggerStaticData;
	query: unknown;
	body: unknown;
	headers: IDataObject;
	choices: FilterChoices;
	/** The check saved at activation; without it the delivery is checked with the token. */
	check: ReturnType<typeof deliveryCheckOf>;
	/** The credentials once read: at the start without a saved check, else when first needed. */
	known: { instance?: ZApiInstance };
}

/**
 * Where a delivery stands between two stages: answered (`end`, what webhook() returns), or
 * items on their way to an execution. `refused`: nobody else gets it; `answeredHere`: a
 * question waiting in this workflow took the message (members learn so, relay.ts); `pending`:
 * signed for an activation n8n had not saved yet, so nothing may be written to the static
 * data; `changesStaticData`: n8n must save it (the trigger then answers before the
 * execution starts, see media); `data`: the items with their files.
 */
type Step =
	| { end: IWebhookResponseData; refused?: true; answeredHere?: true }
	| { items: IDataObject[]; pending?: true; changesStaticData?: boolean; data?: INodeExecutionData[] };

/**
 * webhook() of the `default` webhook: one delivery, through one line of stages, each reading
 * what the one before returned. Never throws.
 */
export async function receive(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	// An activation made before the `setup` webhook existed has none in n8n 2.x until the workflow
	// is deactivated and activated again (n8n registers a workflow's webhooks only then): its
	// control requests come here, and only its.
	const stored = staticDataOf(this);
	if (!stored.setupWebhook && isControlRequest(this.getBodyData())) return await receiveControl.call(this);
	const incoming = await incomingOf(this, stored);
	if ('refused' in incoming) return incoming.refused;
	try {
		const verified = verify(this, incoming); // verify · items · filter
		const fresh = skipRepeats(this, incoming, verified); // repeats
		const replied = await handReplies(this, incoming, fresh); // replies (shared/waitingReplies.ts)
		const shared = await share(this, incoming, replied); // members (relay.ts)
		const downloaded = await downloadMedia(this, incoming, shared); // media
		await record(this, incoming, downloaded); // record, for Combine Quick Messages (arrivals.ts)
		return emit(this, downloaded);
	} catch (error) {
		return await unreadable(this, incoming, error);
	}
}

/**
 * The delivery and the trigger's saved state. An activation saved with its check needs no
 * credentials (shared/signedAddress.ts, signatureDigest); one still being saved, or saved
 * before the check existed, is checked with the token.
 */
async function incomingOf(context: IWebhookFunctions, stored: TriggerStaticData): Promise<Incoming | { refused: IWebhookResponseData }> {
	const check = deliveryCheckOf(stored);
	const known: Incoming['known'] = {};
	if (!check) {
		try {
			known.instance = await getInstance.call(context);
		} catch (error) {
			// n8n's side, not the delivery's: a 5xx lets the service try again once the
			// credentials can be read.
			context.logger.warn(`Z-API Trigger: could not read its credentials: ${(error as Error).message}`);
			return { refused: respond(context, { outcome: 'refused', status: 500, error: 'The trigger could not read its credentials' }) };
		}
	}
	const headers = context.getHeaderData() as IDataObject;
	return { stored, query: context.getQueryData() as unknown, body: context.getBodyData() as unknown, headers, choices: choicesOf(context, stored), check, known };
}

/** verify · items · filter: answerDelivery's decision, logged. */
function verify(context: IWebhookFunctions, { stored, query, body, headers, choices, check, known }: Incoming): Step {
	const answer = answerDelivery(
		{ query, body },
		{
			...(check
				? { instanceId: check.instanceId, signatureDigest: check.signatureDigest }
				: { instanceId: known.instance!.instanceId, instanceToken: known.instance!.instanceToken }),
			scope: deliveryScope(context),
			activation: typeof stored.activation === 'string' ? stored.activation : undefined,
			retired: Array.isArray(stored.retired) ? stored.retired : undefined,
			now: Date.now(),
		},
		choices,
	);
	if (answer.outcome !== 'started' && answer.log) context.logger.warn(answer.log);
	if (answer.outcome === 'refused') return { end: respond(context, answer), refused: true };
	if (answer.outcome === 'ignored') return { end: respond(context, answer) };
	// A message a question waiting in the head's workflow took, passed on to this member (relay.ts).
	if (headers[ANSWERED_HEADER] !== undefined && headers[RELAYED_HEADER] !== undefined && !startsOnAnswersElsewhere(choices)) {
		context.logger.debug(ANSWERED_ELSEWHERE);
		return { end: IGNORED };
	}
	if (!answer.pending) return { items: answer.items };
	context.logger.info(
		'Z-API Trigger: a delivery came in while n8n was still saving this activation (it saves it once every webhook is registered); accepted, as its address is that of the activation just made',
	);
	return { items: answer.items, pending: true };
}

/** repeats: a delivery that started an execution lately starts none again (repeats.ts). */
function skipRepeats(context: IWebhookFunctions, { stored, choices }: Incoming, step: Step): Step {
	// Before the activation's record is saved, the static data read here lacks it: saving it
	// (n8n does when webhook() changes it) could overwrite the record. Nothing is remembered.
	if ('end' in step || step.pending) return step;
	const memory = rememberDelivery(stored, step.items, choices.options);
	if (memory === 'repeat') {
		context.logger.info('Z-API Trigger: a repeated delivery started nothing (Ignore Repeated Deliveries)');
		return { end: IGNORED };
	}
	return memory === 'remembered' ? { ...step, changesStaticData: true } : step;
}

/**
 * replies: learns phone–LID pairs; a reply an execution waits for goes to it and starts
 * nothing (replyInChat.ts). The credentials are read for a message of a chat a question
 * waits for, and only then. Before the activation's record is saved (see skipRepeats) nothing
 * is learned or handed over: the items get both forms of the contact from what they carry.
 */
async function handReplies(context: IWebhookFunctions, incoming: Incoming, step: Step): Promise<Step> {
	if ('end' in step) return step;
	if (step.pending) return { ...step, items: withContactForms(step.items, {}) };
	const instanceId = incoming.check ? incoming.check.instanceId : incoming.known.instance!.instanceId;
	const asked = { instanceId, questionTable: incoming.stored.questionTable?.id };
	const reply = await replyInChat.call(context, asked, instanceOf(context, incoming), step.items, mediaOptionsOf(incoming.choices.options));
	if (reply.startsNothing) return { end: ANSWERED, answeredHere: true };
	return { ...step, items: reply.items, changesStaticData: step.changesStaticData === true || reply.staticDataChanged };
}

/**
 * members: a head passes the delivery on to the workflows sharing the instance (relay.ts);
 * a refused delivery goes to nobody. The service gets its answer first, so no member makes it
 * wait, and webhook() does not wait for the members, but for a received message this workflow
 * would start on: then it waits for each member's first try, and starts nothing when one's
 * question took the message (unless Start on Answers Elsewhere is on). `answeredHere` tells
 * the members a question waiting here took it. The credentials are read only now (the token
 * signs the members' addresses); when they cannot be, the members miss the delivery.
 */
async function share(context: IWebhookFunctions, incoming: Incoming, step: Step): Promise<Step> {
	const targets = 'end' in step && step.refused ? [] : relayTargetsOf(context, incoming.stored, incoming.body);
	if (!targets.length) return step;
	const response = context.getResponseObject();
	if (!response.headersSent) response.status(200).json(RECEIVED);
	// The service has its answer: n8n must not write another.
	const answered = (result: IWebhookResponseData): Step => ({ end: { ...(result.workflowData ? { workflowData: result.workflowData } : {}), noWebhookResponse: true } });
	const instance = await instanceOf(context, incoming)();
	const relay = instance ? relayToMembers(context, instance, incoming.stored, incoming.body, targets, 'end' in step && step.answeredHere === true) : NO_RELAY;
	if ('end' in step) return answered(step.end);
	const mayAnswerElsewhere = !startsOnAnswersElsewhere(incoming.choices) && step.items.some((item) => item.event === 'message' && item.fromMe !== true);
	if (mayAnswerElsewhere && (await firstAnswersOf(relay)).answeredElsewhere) {
		context.logger.debug(ANSWERED_ELSEWHERE);
		return answered({});
	}
	return step;
}

/**
 * media: the files of the items, with Download Media on (shared/mediaDownload.ts). The
 * service is answered here, before n8n starts the execution, when the static data changed:
 * n8n 2.x starts the execution before its own answer, and starting it resets the flag that
 * tells n8n the static data changed, so the change would not be saved (1.x answers first).
 * So too before a download (a slow file must not make the service send it again) and before
 * recording arrivals (arrivals.ts).
 */
async function downloadMedia(context: IWebhookFunctions, { stored, choices }: Incoming, step: Step): Promise<Step> {
	if ('end' in step) return step;
	const media = mediaOptionsOf(choices.options);
	const download = media !== undefined && needsDownload(step.items);
	const records = !!stored.burstTable && step.items.some(isBurstMessage);
	const response = context.getResponseObject();
	if ((step.changesStaticData || download || records) && !response.headersSent) response.status(200).json(STARTED);
	return { ...step, data: download ? await withMedia.call(context, step.items, media) : step.items.map((json) => ({ json })) };
}

/**
 * record: a person typing, for a Combine Quick Messages that waits while they do, whatever
 * the events chosen (an execution starts only if Chat Presence is chosen); each message of
 * a started execution, for one that follows (arrivals.ts).
 */
async function record(context: IWebhookFunctions, { stored, body }: Incoming, step: Step): Promise<void> {
	if ('end' in step && step.refused) return;
	const presence = stored.burstTable?.typing ? presenceOf(body) : undefined;
	if (presence) await recordPresence.call(context, stored, presence);
	if ('data' in step && step.data) await recordArrivals.call(context, stored, step.data);
}

/** emit: the execution's items; n8n answers the service unless the trigger has already. */
function emit(context: IWebhookFunctions, step: Step): IWebhookResponseData {
	if ('end' in step) return step.end;
	const workflowData = [step.data ?? step.items.map((json) => ({ json }))];
	return context.getResponseObject().headersSent ? { workflowData, noWebhookResponse: true } : { workflowData };
}

/**
 * Unexpected, and tied to this delivery or these parameters: it would fail the same way
 * again, so it is answered 200 (a 5xx would make the service send it again) and logged
 * without the delivery or any secret. The credentials are read here if the check did not
 * need them: the line must not carry a token whatever the delivery held (an error is rare;
 * its cost does not matter).
 */
async function unreadable(context: IWebhookFunctions, { query, known }: Incoming, error: unknown): Promise<IWebhookResponseData> {
	const instance = known.instance ?? (await getInstance.call(context).catch(() => undefined));
	const secrets = [...(instance ? secretsOf(instance) : []), ...secretsOfQuery(query)];
	context.logger.error(
		`Z-API Trigger: a delivery could not be read and started nothing: ${redactSecrets(textOf((error as Error | undefined)?.message) ?? 'unknown error', secrets)}`,
	);
	if (context.getResponseObject().headersSent) return { noWebhookResponse: true };
	return respond(context, { outcome: 'ignored' });
}

function startsOnAnswersElsewhere(choices: FilterChoices): boolean {
	return fieldOf(choices.options, 'startOnAnswersElsewhere') === true;
}

/**
 * The credentials for a reply's hand-off or for passing a delivery on to members, read once;
 * undefined (logged) when they cannot be read: the message then starts the workflow, the
 * members miss it.
 */
function instanceOf(context: IWebhookFunctions, { known }: Incoming): () => Promise<ZApiInstance | undefined> {
	return async () => {
		if (known.instance) return known.instance;
		try {
			return (known.instance = await getInstance.call(context));
		} catch (error) {
			context.logger.warn(`Z-API Trigger: could not read its credentials to hand a reply to its waiting execution or pass a delivery on: ${(error as Error).message}`);
			return undefined;
		}
	};
}

/** The answer to a delivery that starts an execution, when the trigger gives it itself. */
const STARTED = { received: true, started: true };
/** The answer a head gives the service before passing a delivery on (whether it starts is decided after). */
const RECEIVED = { received: true };
/** Answered 200 without an execution. */
const IGNORED: IWebhookResponseData = { webhookResponse: { received: true, started: false } };
/** The answer for a message handed to a question waiting in this workflow: a head that passed it on learns so. */
const ANSWERED: IWebhookResponseData = { webhookResponse: { received: true, started: false, answered: true } };

/**
 * 'repeat' when the items come from a delivery that already started an execution lately;
 * otherwise 'remembered' (it is now in the memory) or 'none' (off, or no identity). The
 * memory is in the workflow's static data, which n8n saves after the answer (repeats.ts
 * says what that guarantees).
 */
function rememberDelivery(
	registration: TriggerStaticData,
	items: IDataObject[],
	options: IDataObject,
): 'repeat' | 'remembered' | 'none' {
	if (fieldOf(options, 'ignoreRepeats') === false) return 'none';
	const key = repeatKeyOf(items);
	if (!key) return 'none';
	const minutes = Number(fieldOf(options, 'repeatWindowMinutes') ?? DEFAULT_REPEAT_WINDOW_MINUTES);
	const windowMs = (Number.isFinite(minutes) && minutes > 0 ? minutes : DEFAULT_REPEAT_WINDOW_MINUTES) * 60_000;
	const { repeated, memory } = checkRepeat(registration.recentDeliveries, key, Date.now(), windowMs);
	if (repeated) return 'repeat';
	// Assigned, not changed in place: n8n saves static data only when it sees a change.
	registration.recentDeliveries = memory;
	return 'remembered';
}

/** Download Media's settings, or undefined when it is off. */
function mediaOptionsOf(options: IDataObject): MediaOptions | undefined {
	if (fieldOf(options, 'downloadMedia') !== true) return undefined;
	const property = textOf(fieldOf(options, 'binaryProperty'))?.trim();
	const megabytes = Number(fieldOf(options, 'maxFileSizeMb') ?? DEFAULT_MAX_FILE_MB);
	return {
		binaryProperty: property || DEFAULT_BINARY_PROPERTY,
		maxBytes: (Number.isFinite(megabytes) && megabytes > 0 ? megabytes : DEFAULT_MAX_FILE_MB) * 1e6,
	};
}

function respond(context: IWebhookFunctions, answer: Answer): IWebhookResponseData {
	if (answer.outcome === 'started') return { workflowData: [answer.items.map((json) => ({ json }))] };
	if (answer.outcome === 'ignored') return { webhookResponse: { received: true, started: false } };
	context.getResponseObject().status(answer.status).json({ error: answer.error });
	return { noWebhookResponse: true };
}
