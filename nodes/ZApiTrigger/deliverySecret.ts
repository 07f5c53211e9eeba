import { createHmac, randomBytes, timingSafeEqual } from 'crypto';

/**
 * The service signs nothing, so the address registered with it carries the proof: an
 * activation id, new at each activation, and an HMAC of it keyed by the instance token.
 * Only someone holding the token can make a valid pair, and an activation id that is no
 * longer the current one is refused.
 */
export const ACTIVATION_PARAM = 'activation';
export const SIGNATURE_PARAM = 'signature';

export function newActivationId(): string {
	return randomBytes(16).toString('hex');
}

function sign(instanceToken: string, scope: string, activation: string): string {
	return createHmac('sha256', instanceToken).update(`${scope}:${activation}`).digest('hex');
}

/** The n8n webhook URL with the activation id and its signature in the query string. */
export function signedUrl(webhookUrl: string, instanceToken: string, scope: string, activation: string): string {
	const url = new URL(webhookUrl);
	url.searchParams.set(ACTIVATION_PARAM, activation);
	url.searchParams.set(SIGNATURE_PARAM, sign(instanceToken, scope, activation));
	return url.toString();
}

/**
 * - missing: no activation id or signature in the query;
 * - invalid: not signed with this instance token for this workflow and node, or signed for
 *   an activation that is no longer the current one;
 * - unregistered: signed, but the workflow holds no activation record to check it against
 *   (its static data was reset or lost). Accepting it would accept every address ever
 *   issued for this node, so it is refused until the workflow is activated again.
 */
export type Verdict = 'valid' | 'missing' | 'invalid' | 'unregistered';

export function verifyDelivery(
	query: Record<string, unknown>,
	instanceToken: string,
	scope: string,
	currentActivation: string | undefined,
): Verdict {
	const activation = query[ACTIVATION_PARAM];
	const signature = query[SIGNATURE_PARAM];
	if (typeof activation !== 'string' || typeof signature !== 'string' || !activation || !signature) {
		return 'missing';
	}
	const expected = Buffer.from(sign(instanceToken, scope, activation));
	const given = Buffer.from(signature);
	const signed = given.length === expected.length && timingSafeEqual(given, expected);
	if (!signed) return 'invalid';
	if (!currentActivation) return 'unregistered';
	// A signature from an earlier activation stays mathematically valid; the stored
	// activation id retires it.
	if (!safeEqual(activation, currentActivation)) return 'invalid';
	return 'valid';
}

function safeEqual(a: string, b: string): boolean {
	const left = Buffer.from(a);
	const right = Buffer.from(b);
	return left.length === right.length && timingSafeEqual(left, right);
}
