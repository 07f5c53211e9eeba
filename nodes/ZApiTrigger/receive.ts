import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { withContactForms } from '../shared/lidPairs';
import { getInstance, redactSecrets, secretsOf, type ZApiInstance } from '../shared/transport';
import { ACTIVATION_PARAM, deliveryScope, SIGNATURE_PARAM, verifyByDigest, verifyDelivery } from '../shared/signedAddress';
import { toItems } from '../shared/delivery/items';
import { fieldOf, isObject, textOf } from '../shared/delivery/readers';
import { acceptor, type FilterChoices } from './filters';
import {
	DEFAULT_BINARY_PROPERTY,
	DEFAULT_MAX_FILE_MB,
	needsDownload,
	withMedia,
	type MediaOptions,
} from '../shared/mediaDownload';
import { checkRepeat, DEFAULT_REPEAT_WINDOW_MINUTES, repeatKeyOf } from './repeats';
import { replyInChat } from './replyInChat';
import { ANSWERED_HEADER, answerControl, firstAnswersOf, needsInstanceToken, RELAYED_HEADER, NO_RELAY, relayTargetsOf, relayToMembers, type Relay } from './sharing';
import { deliveryCheckOf, staticDataOf, type TriggerStaticData } from './staticData';
import { presenceOf, recordArrivals, recordPresence } from './arrivals';
import { isBurstMessage } from '../shared/conversationState/messages';

/*
 * Receiving one delivery: verify where it was sent, refuse what is not ours, build the
 * items (shared/delivery/items.ts), keep those the user chose (filters.ts). `answerDelivery` is the
 * whole decision as a pure function; `receive` reads it from n8n, skips a repeat of a
 * delivery that already started (repeats.ts), downloads media when asked
 * (shared/mediaDownload.ts), writes the answer, and never lets an error out of webhook().
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

/** webhook(): one delivery read from n8n, decided, answered. Never throws. */
export async function receive(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const stored = staticDataOf(this);
	const body = this.getBodyData() as unknown;
	// An activation saved with its check needs no credentials (shared/signedAddress.ts, signatureDigest);
	// one still being saved, or saved before the check existed, is checked with the token, and
	// so are the requests and relays between workflows sharing the instance (sharing.ts).
	const check = deliveryCheckOf(stored);
	let instance: ZApiInstance | undefined;
	if (!check || needsInstanceToken(body)) {
		try {
			instance = await getInstance.call(this);
		} catch (error) {
			// n8n's side, not the delivery's: a 5xx lets the service try again once the
			// credentials can be read.
			this.logger.warn(`Z-API Trigger: could not read its credentials: ${(error as Error).message}`);
			return respond(this, { outcome: 'refused', status: 500, error: 'The trigger could not read its credentials' });
		}
	}
	const query = this.getQueryData() as unknown;
	try {
		const choices = choicesOf(this, stored);
		const control = instance && (await answerControl(this, instance, stored, query, body));
		if (control) return control;
		const answer = answerDelivery(
			{ query, body },
			{
				...(check
					? { instanceId: check.instanceId, signatureDigest: check.signatureDigest }
					: { instanceId: instance!.instanceId, instanceToken: instance!.instanceToken }),
				scope: deliveryScope(this),
				activation: typeof stored.activation === 'string' ? stored.activation : undefined,
				retired: Array.isArray(stored.retired) ? stored.retired : undefined,
				now: Date.now(),
			},
			choices,
		);
		// A person typing, for a Combine Quick Messages that waits while they do (arrivals.ts):
		// recorded whatever the events chosen; an execution starts only if Chat Presence is chosen.
		const presence = answer.outcome !== 'refused' && stored.burstTable?.typing ? presenceOf(body) : undefined;
		if (presence) await recordPresence.call(this, stored, presence);
		// Sharing (sharing.ts): with members to pass this delivery on to, the service gets its
		// answer first, so no member makes it wait; they get the delivery after it, and
		// webhook() returns without waiting for them (sharing.ts, relayToMembers).
		const targets = answer.outcome !== 'refused' ? relayTargetsOf(this, stored, body) : [];
		if (targets.length) this.getResponseObject().status(200).json(RECEIVED);
		let relayed: Promise<Relay> | undefined;
		// The token signs the members' addresses: read after the answer, once.
		const passOn = async (answeredHere: boolean): Promise<Relay> => {
			const token = (instance ??= await readCredentialsForReply(this));
			return token ? relayToMembers(this, token, stored, body, targets, answeredHere) : NO_RELAY;
		};
		/** Starts passing the delivery on (once); resolves as soon as the tries are under way. */
		const relay = async (answeredHere: boolean): Promise<Relay> => await (relayed ??= targets.length ? passOn(answeredHere) : Promise.resolve(NO_RELAY));
		const done = async (result: IWebhookResponseData): Promise<IWebhookResponseData> => {
			await relay(false);
			if (!targets.length) return result;
			// The service has its answer: n8n must not write another.
			return { ...(result.workflowData ? { workflowData: result.workflowData } : {}), noWebhookResponse: true };
		};
		if (answer.outcome !== 'started' && answer.log) this.logger.warn(answer.log);
		if (answer.outcome !== 'started') return await done(respond(this, answer));
		const headers = this.getHeaderData() as IDataObject;
		const startOnAnswers = fieldOf(choices.options, 'startOnAnswersElsewhere') === true;
		if (headers[RELAYED_HEADER] !== undefined && headers[ANSWERED_HEADER] !== undefined && !startOnAnswers) {
			this.logger.debug('Z-API Trigger: a message that answered a question waiting in another workflow started nothing (Start on Answers Elsewhere is off)');
			return await done(respond(this, { outcome: 'ignored' }));
		}
		if (answer.pending) {
			this.logger.info(
				'Z-API Trigger: a delivery came in while n8n was still saving this activation (it saves it once every webhook is registered); accepted, as its address is that of the activation just made',
			);
		}
		// Before the activation's record is saved, the static data read here lacks it: saving it
		// (n8n does when webhook() changes it) could overwrite the record. Nothing is remembered.
		const memory = answer.pending ? 'none' : rememberDelivery(stored, answer.items, choices.options);
		if (memory === 'repeat') {
			this.logger.info('Z-API Trigger: a repeated delivery started nothing (Ignore Repeated Deliveries)');
			return await done(respond(this, { outcome: 'ignored' }));
		}
		const media = mediaOptionsOf(choices.options);
		// Learns phone–LID pairs; a reply an execution waits for goes to it and starts nothing.
		// The credentials are read for a message of a chat a question waits for, and only then.
		const instanceOf = async () => instance ?? (instance = await readCredentialsForReply(this));
		const instanceId = check ? check.instanceId : instance!.instanceId;
		// Nor is anything learned or handed over before the activation's record is saved (see above):
		// the items get both forms of the contact from what they carry.
		const reply = answer.pending
			? { items: withContactForms(answer.items, {}), startsNothing: false, staticDataChanged: false }
			: await replyInChat.call(this, instanceId, instanceOf, answer.items, media);
		const passing = await relay(reply.startsNothing);
		// A message this workflow would start on may have answered a question waiting in a
		// member: only then does its execution wait, for each member's first try (1.5 s at
		// most, sharing.ts); the other tries go on without it.
		const mayAnswerElsewhere = targets.length > 0 && !reply.startsNothing && !startOnAnswers && answer.items.some((item) => item.event === 'message' && item.fromMe !== true);
		const { answeredElsewhere } = mayAnswerElsewhere ? await firstAnswersOf(passing) : { answeredElsewhere: false };
		// `answered`: the head learns that a member's waiting question took the message.
		if (reply.startsNothing) return await done(ANSWERED);
		if (answeredElsewhere && !startOnAnswers) {
			this.logger.debug('Z-API Trigger: a message that answered a question waiting in another workflow started nothing (Start on Answers Elsewhere is off)');
			return await done(respond(this, { outcome: 'ignored' }));
		}
		answer.items = reply.items;
		const download = media !== undefined && needsDownload(answer.items);
		const records = !!stored.burstTable && answer.items.some(isBurstMessage);
		if (memory === 'none' && !download && !reply.staticDataChanged && !records) return await done(respond(this, answer));
		// Answered here, before n8n starts the execution. For the memory (and learned LIDs): n8n 2.x starts the
		// execution before its own answer, and starting it resets the flag that tells n8n the
		// static data changed, so the memory would not be saved (1.x answers first). For the
		// downloads (shared/mediaDownload.ts): a slow file must not make the service send it again;
		// nor the record of arrivals (arrivals.ts).
		if (!targets.length) this.getResponseObject().status(200).json(STARTED);
		const data = download ? await withMedia.call(this, answer.items, media) : answer.items.map((json) => ({ json }));
		if (records) await recordArrivals.call(this, stored, data);
		return { workflowData: [data], noWebhookResponse: true };
	} catch (error) {
		// Unexpected, and tied to this delivery or these parameters: it would fail the same
		// way again, so it is answered 200 (a 5xx would make the service send it again)
		// and logged without the delivery or any secret.
		// The credentials are read here if the check did not need them: the line must not carry a
		// token whatever the delivery held (an error is rare; its cost does not matter).
		const known = instance ?? (await getInstance.call(this).catch(() => undefined));
		const secrets = [...(known ? secretsOf(known) : []), ...querySecrets(query)];
		this.logger.error(
			`Z-API Trigger: a delivery could not be read and started nothing: ${redactSecrets(textOf((error as Error | undefined)?.message) ?? 'unknown error', secrets)}`,
		);
		if (this.getResponseObject().headersSent) return { noWebhookResponse: true };
		return respond(this, { outcome: 'ignored' });
	}
}

/**
 * The credentials for a reply's hand-off or for passing a delivery on to members; undefined
 * (logged) when they cannot be read: the message then starts the workflow, the members miss it.
 */
async function readCredentialsForReply(context: IWebhookFunctions): Promise<ZApiInstance | undefined> {
	try {
		return await getInstance.call(context);
	} catch (error) {
		context.logger.warn(`Z-API Trigger: could not read its credentials to hand a reply to its waiting execution: ${(error as Error).message}`);
		return undefined;
	}
}

/** The answer to a delivery that starts an execution, when the trigger gives it itself. */
const STARTED = { received: true, started: true };
/** The answer a head gives the service before passing the delivery on (whether it starts is decided after). */
const RECEIVED = { received: true };

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

function querySecrets(query: unknown): string[] {
	if (!isObject(query)) return [];
	return [textOf(fieldOf(query, ACTIVATION_PARAM)), textOf(fieldOf(query, SIGNATURE_PARAM))].filter(
		(secret): secret is string => !!secret,
	);
}
