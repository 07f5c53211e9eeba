import { createHash, createHmac, randomBytes, timingSafeEqual } from 'crypto';
import type { IHookFunctions } from 'n8n-workflow';

/**
 * The service signs nothing, so the address registered with it carries the proof: an
 * activation id, new at each activation, and an HMAC of it keyed by the instance token.
 * Only someone holding the token can make a valid pair, and an activation id that is no
 * longer the current one is refused.
 */
export const ACTIVATION_PARAM = 'activation';
export const SIGNATURE_PARAM = 'signature';

/**
 * 32 hex digits: the time it was made (ms, 12 digits) then 80 random bits. The time is
 * signed with the rest, so a delivery proves how new its activation is (see 'pending').
 */
export function newActivationId(now = Date.now()): string {
	return `${Math.max(0, Math.floor(now)).toString(16).padStart(12, '0').slice(-12)}${randomBytes(10).toString('hex')}`;
}

/** When an activation id was made, or undefined for an id not made by newActivationId. */
export function activationTime(activation: string): number | undefined {
	return /^[0-9a-f]{32}$/.test(activation) ? parseInt(activation.slice(0, 12), 16) : undefined;
}

/**
 * How long after an activation was made a delivery may find no record of it. n8n registers
 * every webhook of the workflow (create()) and only then saves the static data holding the
 * record (ActiveWorkflowManager.addWebhooks: saveStaticData after the loop, n8n 2.41.1 and
 * 1.x alike); a webhook process reads the saved data. A message sent in between would be
 * refused, and the service does not send it again. create() reads /me and sets each webhook
 * (a handful of requests, each well under a second on a working service), so a minute
 * covers it with room for a slow one; an address older than that with no record is refused.
 * Bound further: only the address of that very activation (its id is signed with this
 * workflow and node), never one retired, nor one older than an activation retired since.
 */
export const PENDING_ACTIVATION_MS = 60_000;

/** A clock of another process may be a little ahead of this one. */
const CLOCK_SKEW_MS = 30_000;

function sign(instanceToken: string, scope: string, activation: string): string {
	return createHmac('sha256', instanceToken).update(`${scope}:${activation}`).digest('hex');
}

/** Binds a signature to this workflow and node, so another trigger's address is not ours. */
export function deliveryScope(context: Pick<IHookFunctions, 'getWorkflow' | 'getNode'>): string {
	return `${context.getWorkflow().id ?? ''}:${context.getNode().id}`;
}

/** The secrets of a delivery's query as n8n read it (its activation id and signature). */
export function secretsOfQuery(query: unknown): string[] {
	if (typeof query !== 'object' || query === null) return [];
	const fields = query as Record<string, unknown>;
	return [fields[ACTIVATION_PARAM], fields[SIGNATURE_PARAM]].filter((secret): secret is string => typeof secret === 'string' && secret !== '');
}

/**
 * The secrets a signed address carries: the address, its activation id and its signature
 * (a service may echo the address re-encoded, so each part is redacted on its own too).
 */
export function secretsOfAddress(address: string | null | undefined): string[] {
	if (!address) return [];
	try {
		const query = new URL(address).searchParams;
		return [address, query.get(ACTIVATION_PARAM), query.get(SIGNATURE_PARAM)].filter(
			(part): part is string => Boolean(part),
		);
	} catch {
		return [address];
	}
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
 * - pending: signed for an activation made moments ago whose record n8n has not saved yet,
 *   and not one that ended since (`retired`): accepted;
 * - unregistered: signed, but the workflow holds no activation record to check it against
 *   (its static data was reset or lost). Accepting it would accept every address ever
 *   issued for this node, so it is refused until the workflow is activated again.
 */
export type Verdict = 'valid' | 'missing' | 'invalid' | 'pending' | 'unregistered';

export interface ActivationRecord {
	/** The current activation id, if the saved static data holds one. */
	current: string | undefined;
	/** Activation ids ended lately. */
	retired?: string[];
	/** This process's clock. */
	now?: number;
}

export function verifyDelivery(
	query: Record<string, unknown>,
	instanceToken: string,
	scope: string,
	record: ActivationRecord,
): Verdict {
	const currentActivation = record.current;
	const activation = query[ACTIVATION_PARAM];
	const signature = query[SIGNATURE_PARAM];
	if (typeof activation !== 'string' || typeof signature !== 'string' || !activation || !signature) {
		return 'missing';
	}
	const expected = Buffer.from(sign(instanceToken, scope, activation));
	const given = Buffer.from(signature);
	const signed = given.length === expected.length && timingSafeEqual(given, expected);
	if (!signed) return 'invalid';
	if (!currentActivation) return isPending(activation, record) ? 'pending' : 'unregistered';
	// A signature from an earlier activation stays mathematically valid; the stored
	// activation id retires it.
	if (!safeEqual(activation, currentActivation)) return 'invalid';
	return 'valid';
}

/**
 * What the static data keeps to check deliveries without the instance token: a SHA-256 of
 * the address's signature. It cannot be turned back into the signature, so it signs nothing;
 * reading the credentials on every delivery costs n8n a whole expression isolate under its
 * default engine (CredentialsHelper.getDecrypted outside an execution), the largest share of
 * what a delivery costs.
 */
export function signatureDigest(signature: string): string {
	return createHash('sha256').update(signature).digest('hex');
}

/**
 * The check of a delivery against the digest saved at activation: the same answer as
 * verifyDelivery gives for a current record, without the token. An address from an earlier
 * activation or another workflow is refused (its activation or signature differs). After
 * the instance token changes, the address registered stays valid until the next activation:
 * it is a secret of its own, known to the service and n8n only.
 */
export function verifyByDigest(query: Record<string, unknown>, digest: string, currentActivation: string): Verdict {
	const activation = query[ACTIVATION_PARAM];
	const signature = query[SIGNATURE_PARAM];
	if (typeof activation !== 'string' || typeof signature !== 'string' || !activation || !signature) {
		return 'missing';
	}
	const signed = safeEqual(signatureDigest(signature), digest);
	return signed && safeEqual(activation, currentActivation) ? 'valid' : 'invalid';
}

function safeEqual(a: string, b: string): boolean {
	const left = Buffer.from(a);
	const right = Buffer.from(b);
	return left.length === right.length && timingSafeEqual(left, right);
}

function isPending(activation: string, record: ActivationRecord): boolean {
	const made = activationTime(activation);
	const now = record.now ?? Date.now();
	if (made === undefined || made > now + CLOCK_SKEW_MS || now - made > PENDING_ACTIVATION_MS) return false;
	// A single activation: not one that ended, nor one an activation made after it superseded.
	return !(record.retired ?? []).some((retired) => safeEqual(retired, activation) || (activationTime(retired) ?? 0) >= made);
}
