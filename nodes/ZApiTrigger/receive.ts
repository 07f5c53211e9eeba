import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { getInstance, redactSecrets, secretsOf, type ZApiInstance } from '../shared/transport';
import { ACTIVATION_PARAM, SIGNATURE_PARAM, verifyDelivery } from './deliverySecret';
import { toItems } from './deliveryItems';
import { fieldOf, isObject, textOf } from './readers';
import { acceptor, type FilterChoices } from './filters';
import {
	DEFAULT_BINARY_PROPERTY,
	DEFAULT_MAX_FILE_MB,
	needsDownload,
	withMedia,
	type MediaOptions,
} from './mediaDownload';
import { deliveryScope, registrationOf, type Registration } from './registration';
import { checkRepeat, DEFAULT_REPEAT_WINDOW_MINUTES, repeatKeyOf } from './repeats';
import { replyInChat } from './replyInChat';

/*
 * Receiving one delivery: verify where it was sent, refuse what is not ours, build the
 * items (deliveryItems.ts), keep those the user chose (filters.ts). `answerDelivery` is the
 * whole decision as a pure function; `receive` reads it from n8n, skips a repeat of a
 * delivery that already started (repeats.ts), downloads media when asked
 * (mediaDownload.ts), writes the answer, and never lets an error out of webhook().
 */

/** What the node knows about itself when a delivery comes in. */
export interface Receiver {
	instanceId: string;
	instanceToken: string;
	/** Workflow and node the signature is bound to. */
	scope: string;
	/** The current activation id from the workflow's static data, if any. */
	activation: string | undefined;
}

export interface Delivery {
	query: unknown;
	body: unknown;
}

export type Answer =
	| { outcome: 'refused'; status: number; error: string; log?: string }
	/** Answered 200 without an execution; `log` says why when the user should know. */
	| { outcome: 'ignored'; log?: string }
	| { outcome: 'started'; items: IDataObject[] };

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
	const verdict = verifyDelivery(query, receiver.instanceToken, receiver.scope, receiver.activation);
	if (verdict !== 'valid') return VERDICT_REFUSALS[verdict];

	const payload = delivery.body;
	if (!isObject(payload)) return REFUSALS.notAnObject;
	if (fieldOf(payload, 'instanceId') !== receiver.instanceId) return REFUSALS.otherInstance;

	let accepted: (item: IDataObject) => boolean;
	try {
		accepted = acceptor(choices);
	} catch (error) {
		// Fail closed: a chat filter that cannot be read must not let every chat through.
		return {
			outcome: 'ignored',
			log: `Z-API Trigger: started nothing, Only These Phones cannot be read (${(error as Error).message}). Fix the list in the trigger's options.`,
		};
	}
	const items = toItems(payload, { splitStatusIds: fieldOf(choices.options, 'splitStatusIds') === true }).filter(
		accepted,
	);
	// Filtered-out deliveries are still answered 200: the service must not send them again.
	return items.length ? { outcome: 'started', items } : { outcome: 'ignored' };
}

/** The trigger's parameters; a value of the wrong shape counts as not set. */
export function choicesOf(context: Pick<IWebhookFunctions, 'getNodeParameter'>): FilterChoices {
	const list = (name: string) => {
		const value = context.getNodeParameter(name, []) as unknown;
		return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
	};
	const options = context.getNodeParameter('options', {}) as unknown;
	return {
		events: list('events'),
		contentKinds: list('contentKinds'),
		notificationKinds: list('notificationKinds'),
		statusKinds: list('statusKinds'),
		sentByMe: list('sentByMe'),
		options: isObject(options) ? options : {},
	};
}

/** webhook(): one delivery read from n8n, decided, answered. Never throws. */
export async function receive(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	let instance: ZApiInstance;
	try {
		instance = await getInstance.call(this);
	} catch (error) {
		// n8n's side, not the delivery's: a 5xx lets the service try again once the
		// credentials can be read.
		this.logger.warn(`Z-API Trigger: could not read its credentials: ${(error as Error).message}`);
		return respond(this, { outcome: 'refused', status: 500, error: 'The trigger could not read its credentials' });
	}
	const query = this.getQueryData() as unknown;
	try {
		const choices = choicesOf(this);
		const answer = answerDelivery(
			{ query, body: this.getBodyData() },
			{
				instanceId: instance.instanceId,
				instanceToken: instance.instanceToken,
				scope: deliveryScope(this),
				activation: registrationOf(this).activation,
			},
			choices,
		);
		if (answer.outcome !== 'started' && answer.log) this.logger.warn(answer.log);
		if (answer.outcome !== 'started') return respond(this, answer);
		const memory = rememberDelivery(registrationOf(this), answer.items, choices.options);
		if (memory === 'repeat') {
			this.logger.info('Z-API Trigger: a repeated delivery started nothing (Ignore Repeated Deliveries)');
			return respond(this, { outcome: 'ignored' });
		}
		const media = mediaOptionsOf(choices.options);
		// Learns phone–LID pairs; a reply an execution waits for goes to it and starts nothing.
		const reply = await replyInChat.call(this, instance, answer.items, media);
		if (reply.startsNothing) return respond(this, { outcome: 'ignored' });
		answer.items = reply.items;
		const download = media !== undefined && needsDownload(answer.items);
		if (memory === 'none' && !download && !reply.staticDataChanged) return respond(this, answer);
		// Answered here, before n8n starts the execution. For the memory (and learned LIDs): n8n 2.x starts the
		// execution before its own answer, and starting it resets the flag that tells n8n the
		// static data changed, so the memory would not be saved (1.x answers first). For the
		// downloads (mediaDownload.ts): a slow file must not make the service send it again.
		this.getResponseObject().status(200).json(STARTED);
		const data = download ? await withMedia.call(this, answer.items, media) : answer.items.map((json) => ({ json }));
		return { workflowData: [data], noWebhookResponse: true };
	} catch (error) {
		// Unexpected, and tied to this delivery or these parameters: it would fail the same
		// way again, so it is answered 200 (a 5xx would make the service send it again)
		// and logged without the delivery or any secret.
		const secrets = [...secretsOf(instance), ...querySecrets(query)];
		this.logger.error(
			`Z-API Trigger: a delivery could not be read and started nothing: ${redactSecrets(textOf((error as Error | undefined)?.message) ?? 'unknown error', secrets)}`,
		);
		return respond(this, { outcome: 'ignored' });
	}
}

/** The answer to a delivery that starts an execution, when the trigger gives it itself. */
const STARTED = { received: true, started: true };

/**
 * 'repeat' when the items come from a delivery that already started an execution lately;
 * otherwise 'remembered' (it is now in the memory) or 'none' (off, or no identity). The
 * memory is in the workflow's static data, which n8n saves after the answer (repeats.ts
 * says what that guarantees).
 */
function rememberDelivery(
	registration: Registration,
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
