import { createHmac, randomBytes } from 'crypto';
import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { fieldOf, isObject, textOf } from '../shared/delivery/readers';
import { ACTIVATION_PARAM, secretsOfAddress } from '../shared/signedAddress';
import { helperSender, messageOf, redactSecrets, sendWithinOrigin } from '../shared/transport';

/*
 * Control requests: what one Z-API Trigger asks another at its signed address, proven with an
 * HMAC keyed by the instance token, which every trigger of the instance holds. They share an
 * instance with them (joining, leaving, handing over: sharing.ts; a head's relay reports:
 * relay.ts). Both ends read this module, so the two sides cannot drift.
 */

/**
 * Control requests go to the trigger's address with this method, served by its `setup`
 * webhook beside the `default` one Z-API posts deliveries to (same path): so a delivery is
 * never inspected for being one, and a request is never taken for a delivery.
 */
export const CONTROL_METHOD = 'PUT';
/** The body field of a control request: the request as JSON text, proven by `proof`. */
export const CONTROL_FIELD = 'zApiTriggerControl';
/** How long a node waits for another trigger's answer. */
const REQUEST_TIMEOUT_MS = 5_000;

/**
 * How long a control request stays valid after it was made (and how far ahead of the
 * receiver's clock it may be: another process's clock). Its nonce is remembered that long.
 */
export const CONTROL_MAX_AGE_MS = 2 * 60_000;

/** What every control request carries: its name and when it was made (ms). */
export interface ControlRequestBase {
	op: string;
	at: number;
}

/**
 * What controlBody adds, so a request captured on its way is good for nothing else:
 * `to`, the activation id of the address it is sent to (a trigger checks it is its current
 * one, which its signature binds to its workflow and node), and `nonce`, which the receiver
 * remembers while the request is valid and refuses a second time.
 */
export interface ControlBinding {
	to: string;
	nonce: string;
}

type Context = IHookFunctions | IWebhookFunctions;

export type TriggerAnswer = { status: number; body?: unknown } | { error: string };

/** The proof of a control request's text. */
export function proofOf(instanceToken: string, text: string): string {
	return createHmac('sha256', instanceToken).update(`control:${text}`).digest('hex');
}

/** The activation id in a trigger's signed address ('' when it has none: the trigger refuses the request). */
export function activationOfAddress(address: string): string {
	try {
		return new URL(address).searchParams.get(ACTIVATION_PARAM) ?? '';
	} catch {
		return '';
	}
}

/** A control request's body for the trigger at `address`: the request, bound to it, as text, and its proof. */
export function controlBody<Request extends ControlRequestBase>(request: Request, instanceToken: string, address: string): IDataObject {
	const binding: ControlBinding = { to: activationOfAddress(address), nonce: randomBytes(16).toString('hex') };
	const text = JSON.stringify({ ...request, ...binding });
	return { [CONTROL_FIELD]: text, proof: proofOf(instanceToken, text) };
}

/**
 * Sends to a trigger's signed address: a delivery passed on (POST, its `default` webhook) or a
 * control request (CONTROL_METHOD, its `setup` webhook). The status, or the error
 * (redacted). Never throws.
 */
export async function sendToTrigger(
	context: Context,
	address: string,
	{ method, body, headers = {}, secrets, timeoutMs = REQUEST_TIMEOUT_MS }: { method: 'POST' | typeof CONTROL_METHOD; body: unknown; headers?: Record<string, string>; secrets: string[]; timeoutMs?: number },
): Promise<TriggerAnswer> {
	try {
		// The address and the body carry signatures and proofs: a redirect to another origin is not followed.
		const response = await sendWithinOrigin(
			helperSender(context.helpers),
			{ method, url: address, body: body as IDataObject, json: true, headers, timeout: timeoutMs },
		);
		return { status: response.statusCode, body: response.body };
	} catch (error) {
		return { error: redactSecrets(messageOf(error), [...secretsOfAddress(address), ...secrets]) };
	}
}

/**
 * A control request to the trigger at `address`, bound to it and proven (controlBody). A
 * trigger activated before the `setup` webhook existed has none in n8n 2.x until it is
 * activated again: n8n answers 404 for the method, and the request goes by POST as a delivery
 * would (the same body, its nonce used once whichever way it arrives). Never throws.
 */
export async function sendControlRequest<Request extends ControlRequestBase>(context: Context, address: string, request: Request, instanceToken: string): Promise<TriggerAnswer> {
	const body = controlBody(request, instanceToken, address);
	const answer = await sendToTrigger(context, address, { method: CONTROL_METHOD, body, secrets: [instanceToken] });
	return notServedByN8n(answer) ? await sendToTrigger(context, address, { method: 'POST', body, secrets: [instanceToken] }) : answer;
}

/** n8n's own 404: no webhook of that method at the address. A trigger's refusal says why in `error`. */
function notServedByN8n(answer: TriggerAnswer): boolean {
	return 'status' in answer && answer.status === 404 && textOf(fieldOf(isObject(answer.body) ? answer.body : {}, 'error')) === null;
}

/** Whether a body is a control request (it carries CONTROL_FIELD). */
export function isControlRequest(body: unknown): body is IDataObject {
	return isObject(body) && Object.prototype.hasOwnProperty.call(body, CONTROL_FIELD);
}
