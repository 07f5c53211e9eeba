import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/**
 * n8n-workflow's NodeApiError and NodeOperationError swap any message that contains a Node
 * error code (ECONNRESET, ETIMEDOUT, EPERM…, anywhere, in any case) for a generic sentence of
 * their own ("…You can retry the request immediately…"): setDescriptiveErrorMessage, called by
 * their constructors only. The node's own words are put back once the error is built.
 */
export function inOwnWords<T extends Error>(error: T, message: string): T {
	error.message = message;
	return error;
}

/** A NodeOperationError that says what the node says, even when the message names an error code. */
export function nodeError(node: INode, message: string, options: { description?: string; itemIndex?: number } = {}): NodeOperationError {
	return inOwnWords(new NodeOperationError(node, message, options), message);
}

/** What is known of a failed Z-API call: redacted facts only. */
export interface FailedCall {
	/** HTTP status, or undefined when no answer came back. */
	status?: number;
	/** What the service said, already redacted. */
	serviceMessage?: string;
	/** Network error code such as ECONNREFUSED, when no answer came back. */
	networkCode?: string;
	/** How many times the call was tried. */
	attempts: number;
	/** Host of the Base URL, shown so the user can see where the call went. */
	host: string;
	/**
	 * The call changes something and failed in a way that may come after the service
	 * carried it out (a timeout, a dropped connection, a 5xx): it was not sent again.
	 */
	mayHaveReached?: boolean;
	/**
	 * The credential the call was made with: an instance's (Client-Token, instance id and
	 * token), or the Partner API's (a Bearer partner token; the instance, if any, named by
	 * the operation's parameters). 'instance' when not given.
	 */
	credential?: CredentialKind;
}

export type CredentialKind = 'instance' | 'partner';

const isPartner = (call: FailedCall) => call.credential === 'partner';

interface ErrorRule {
	matches: (call: FailedCall) => boolean;
	message: (call: FailedCall) => string;
	description: (call: FailedCall) => string;
}

const said = (call: FailedCall, pattern: RegExp) => pattern.test(call.serviceMessage ?? '');
const isClientError = (call: FailedCall) =>
	call.status !== undefined && call.status >= 400 && call.status < 500;

const CREDENTIALS_HINT =
	'Open the Z-API credentials and copy the Instance ID and Instance Token again from the Z-API panel (Instances > your instance).';

const TRUST_HINT =
	'If the Base URL is https://api.z-api.io, something between n8n and the internet (a company proxy, an antivirus) is intercepting https: give n8n its CA certificate. For a self-hosted server, give n8n the CA certificate that signed it: put the PEM file path in the NODE_EXTRA_CA_CERTS environment variable of n8n and restart n8n.';

/** TLS failures Node reports by code: what each means for the Base URL, then what to do. */
const TLS_FAILURES: Record<string, { meaning: string; hint: string }> = {
	DEPTH_ZERO_SELF_SIGNED_CERT: { meaning: 'its certificate is self-signed', hint: TRUST_HINT },
	SELF_SIGNED_CERT_IN_CHAIN: {
		meaning: 'its certificate was issued by a private certificate authority n8n does not trust',
		hint: TRUST_HINT,
	},
	UNABLE_TO_VERIFY_LEAF_SIGNATURE: {
		meaning: 'n8n cannot find who issued its certificate (a missing intermediate certificate, or a private authority)',
		hint: `On a self-hosted server, serve the full certificate chain. ${TRUST_HINT}`,
	},
	UNABLE_TO_GET_ISSUER_CERT_LOCALLY: {
		meaning: 'its certificate was issued by an authority n8n does not know',
		hint: TRUST_HINT,
	},
	CERT_HAS_EXPIRED: {
		meaning: 'its certificate has expired',
		hint: 'Renew the certificate of the server in the Base URL. If the Base URL is https://api.z-api.io, check the date and time of the n8n server.',
	},
	CERT_NOT_YET_VALID: {
		meaning: 'its certificate is not valid yet',
		hint: 'Check the date and time of the n8n server.',
	},
	ERR_TLS_CERT_ALTNAME_INVALID: {
		meaning: 'its certificate was issued for another host name',
		hint: 'Use in the Base URL the host name the certificate names (not an IP address or another alias).',
	},
};

/** Network failures Node reports by code, in plain words (the code stays beside them, for searching). */
const NETWORK_FAILURES: Record<string, string> = {
	ECONNREFUSED: 'nothing accepts connections at that address (the server is down, or the Base URL or its port is wrong)',
	ENOTFOUND: 'no server has that name (check the Base URL for a typo)',
	EAI_AGAIN: 'the server name could not be looked up (the DNS of the n8n server did not answer)',
	ETIMEDOUT: 'the server did not answer in time',
	ESOCKETTIMEDOUT: 'the server did not answer in time',
	ECONNRESET: 'the connection was cut before an answer came',
	ECONNABORTED: 'the connection was dropped before an answer came',
	EPIPE: 'the connection was closed while the request was being sent',
	EHOSTUNREACH: 'the network of the n8n server has no route to it',
	ENETUNREACH: 'the network of the n8n server has no route to it',
};

/** Node's codes of a request that got no answer within its timeout. */
export const TIMEOUT_CODES: ReadonlySet<string> = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'ECONNABORTED']);

/**
 * Failures after which a request may have reached the server and been carried out (a cut
 * after it was sent, or no answer in time): a change is not sent again after one.
 */
export const MAYBE_REACHED_CODES: ReadonlySet<string> = new Set([...TIMEOUT_CODES, 'ECONNRESET', 'EPIPE']);

/**
 * A network or certificate failure code in words: what it means and, for a certificate, what
 * to do. Undefined for a code with no words of its own.
 */
export function networkFailureWords(code: string): { meaning: string; certificateHint?: string } | undefined {
	if (Object.hasOwn(TLS_FAILURES, code)) return { meaning: TLS_FAILURES[code].meaning, certificateHint: TLS_FAILURES[code].hint };
	if (Object.hasOwn(NETWORK_FAILURES, code)) return { meaning: NETWORK_FAILURES[code] };
	return undefined;
}

const MAY_HAVE_BEEN_DONE =
	'It was not sent again, so that it cannot happen twice. Check before running it again: for a message, the chat itself or the Message Send Result event of the Z-API Trigger; for a group or chat change, the group or chat.';

const PARTNER_MAY_HAVE_BEEN_DONE =
	'It was not sent again, so that no instance is created, signed or cancelled twice (each is billed). Check with Get Many Instances of the Partner (Instances) resource before running it again.';

const PARTNER_INSTANCE_HINT =
	'Check the Instance ID and Instance Token given to the operation: Create Instance outputs them, and Get Many Instances lists them.';

const rejected = (call: FailedCall) => `Z-API rejected the call (${call.status})${call.serviceMessage ? `: ${call.serviceMessage}` : ''}`;

/**
 * Every way a Z-API call can fail, in the user's words: what happened, then what to do.
 * Rules are tried in order; the first that matches names the error.
 */
const ERROR_RULES: ErrorRule[] = [
	{
		matches: (call) => call.mayHaveReached === true,
		message: (call) =>
			call.status === undefined
				? `The connection to Z-API at ${call.host} ended before its answer (${call.networkCode ?? 'no answer'}): Z-API may have carried out the call`
				: `Z-API had a server error (${call.status}) and may have carried out the call`,
		description: (call) => (isPartner(call) ? PARTNER_MAY_HAVE_BEEN_DONE : MAY_HAVE_BEEN_DONE),
	},
	// The Partner API's own words, tried before the others for its calls.
	{
		matches: (call) => isPartner(call) && (call.status === 401 || call.status === 403),
		message: (call) => `Z-API refused the partner token (${call.status})`,
		description: () =>
			'Open the Z-API Partner API credentials and paste the integrator (partner) token of the Z-API account again. It is neither an instance token nor the account security token, and it is only given to accounts in the partner programme.',
	},
	{
		matches: (call) => isPartner(call) && (call.status === 404 || (call.status === 400 && said(call, /instance|token/i))),
		message: (call) => `Z-API found no instance with this Instance ID and Instance Token (${call.status})`,
		description: () => PARTNER_INSTANCE_HINT,
	},
	{
		matches: (call) => isPartner(call) && isClientError(call) && call.status !== 405 && call.status !== 415 && call.status !== 429 && !(call.status === 400 && namesTheRequest(call.serviceMessage)),
		message: rejected,
		description: () =>
			`Check the values sent. If they are right, check the Partner Token in the Z-API Partner API credentials. ${PARTNER_INSTANCE_HINT}`,
	},
	{
		matches: (call) => call.status === undefined && call.networkCode !== undefined && Object.hasOwn(TLS_FAILURES, call.networkCode),
		message: (call) =>
			`n8n does not trust the https certificate of ${call.host}: ${TLS_FAILURES[call.networkCode as string].meaning} (${call.networkCode})`,
		description: (call) => TLS_FAILURES[call.networkCode as string].hint,
	},
	{
		matches: (call) => call.status === undefined,
		message: (call) => {
			const words = call.networkCode && Object.hasOwn(NETWORK_FAILURES, call.networkCode) ? `: ${NETWORK_FAILURES[call.networkCode]}` : '';
			return `Could not reach Z-API at ${call.host} (${call.networkCode ?? 'no answer'})${words}`;
		},
		description: (call) =>
			`${triedTimes(call.attempts)}. Check the Base URL in the credentials and that the n8n server can reach it.`,
	},
	{
		matches: (call) => call.status === 405,
		message: () => 'Z-API refused the HTTP method of this call (405)',
		description: () =>
			'The Base URL in the credentials may point to a server that does not speak the Z-API interface. If it is https://api.z-api.io, the service has changed this endpoint: please report it to the maintainers of this node.',
	},
	{
		matches: (call) => call.status === 415,
		message: () => 'Z-API refused the content type of this call (415)',
		description: () =>
			'The call was sent as JSON, as the service requires. A proxy between n8n and Z-API may be rewriting requests; otherwise please report it to the maintainers of this node.',
	},
	{
		matches: (call) => call.status === 429,
		message: (call) => `Z-API is rate limiting this instance (429, tried ${call.attempts} times)`,
		description: () =>
			'Slow the workflow down, for example with Loop Over Items and a Wait node, then run it again.',
	},
	{
		matches: (call) => !isPartner(call) && isClientError(call) && said(call, /null not allowed/i),
		message: () => 'Z-API requires a Client Token for this account, and none is set',
		description: () =>
			'Account security is on in the Z-API panel (Security > Account security token). Put that token in the Client Token field of the Z-API credentials. It is not the instance token.',
	},
	{
		matches: (call) => !isPartner(call) && (call.status === 403 || (isClientError(call) && said(call, /client-token/i))),
		message: () => 'Z-API refused the Client Token',
		description: () =>
			'The Client Token in the Z-API credentials does not match the account security token in the Z-API panel (Security). A common mistake is to paste the instance token there: leave the field empty if account security is off.',
	},
	{
		matches: (call) =>
			!isPartner(call) &&
			(call.status === 401 ||
			call.status === 404 ||
			(isClientError(call) && said(call, /instance|token/i))),
		message: (call) => `Z-API did not recognise the instance ID or instance token (${call.status})`,
		description: () =>
			`${CREDENTIALS_HINT} If the Base URL is not https://api.z-api.io, check that it points to a server that speaks the Z-API interface.`,
	},
	{
		matches: (call) => call.status !== undefined && call.status >= 500,
		message: (call) => `Z-API had a server error (${call.status}, tried ${call.attempts} times)`,
		description: () => 'The service may be down or overloaded. Try again in a few minutes.',
	},
	{
		matches: (call) => call.status === 400 && namesTheRequest(call.serviceMessage),
		message: (call) => `Z-API refused the values sent (400): ${call.serviceMessage}`,
		description: () => 'Fix the value Z-API names, then run the node again.',
	},
	{
		matches: isClientError,
		message: rejected,
		description: () =>
			`Most often the credentials are wrong or the instance is disconnected. ${CREDENTIALS_HINT} If they are right, check the values sent (phone, group ID, URL).`,
	},
	{
		matches: () => true,
		message: (call) => `Unexpected answer from Z-API (${call.status})`,
		description: () => 'Try again; if it persists, check the Base URL in the credentials.',
	},
];

/** How many tries, as a sentence says it: "Tried once", "Tried twice", "Tried 3 times". */
export function triedTimes(attempts: number): string {
	if (attempts === 1) return 'Tried once';
	if (attempts === 2) return 'Tried twice';
	return `Tried ${attempts} times`;
}

export const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A 400 whose text names a field or a value of the request (validation errors such as
 * "phone is required", {"error": "Invalid groupId"}), not a bare status or an HTML page:
 * the service's words then say what to fix better than a guess about the credentials.
 */
function namesTheRequest(message: string | undefined): boolean {
	if (!message || /<\s*(html|body|!doctype)/i.test(message)) return false;
	return /\b(required|invalid|must|missing|not allowed|expected|should|format|too (long|short|many))\b/i.test(message);
}

/**
 * Builds the error n8n shows. Only the redacted facts of the call go in: never the
 * request, the URL or the original error, which carry the instance token.
 */
export function failedCallError(node: INode, call: FailedCall, itemIndex?: number): NodeApiError {
	const rule = ERROR_RULES.find((candidate) => candidate.matches(call)) as ErrorRule;
	const message = rule.message(call);
	const facts: JsonObject = { status: call.status ?? null, service: call.serviceMessage ?? null };
	const error = new NodeApiError(node, facts, {
		message,
		description: rule.description(call),
		httpCode: call.status === undefined ? undefined : String(call.status),
		itemIndex,
	});
	return inOwnWords(error, message);
}

/** What an error says, for a log line or another error's text (redacted by the caller). */
export function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** The service's own words from a response body, short and redacted by the caller. */
export function serviceMessageOf(body: unknown): string | undefined {
	if (body === undefined || body === null || body === '') return undefined;
	if (typeof body === 'object') {
		const record = body as Record<string, unknown>;
		for (const key of ['error', 'message', 'detail']) {
			const value = record[key];
			if (typeof value === 'string' && value) return value.slice(0, 300);
		}
		return JSON.stringify(body).slice(0, 300);
	}
	return String(body).slice(0, 300);
}

/**
 * Several endpoints report a refusal inside a 200 response as {value: false} (the group calls;
 * the webhook calls when they refuse an address). That is a failure of the item, never a
 * silent `false` passed on. The response is already redacted by the caller. No HTTP code is
 * given: n8n would show "200" next to a failure.
 */
export function notConfirmedError(
	node: INode,
	tried: string,
	response: unknown,
	hint: string,
	itemIndex?: number,
): NodeApiError {
	const got = JSON.stringify(response ?? null).slice(0, 200);
	const message = `Z-API could not ${tried} (it answered ${got})`;
	const error = inOwnWords(new NodeApiError(node, { service: got }, { message, description: hint, itemIndex }), message);
	Object.defineProperty(error, REFUSED, { value: true });
	return error;
}

const REFUSED = 'refusedByService';

/**
 * True when the service answered that it did not do the call: a 4xx, or a 200 saying no.
 * Otherwise (no answer, a 5xx) it may have been done.
 */
export function wasRefused(error: unknown): boolean {
	if (!error || typeof error !== 'object') return false;
	if ((error as Record<string, unknown>)[REFUSED] === true) return true;
	const code = Number((error as { httpCode?: unknown }).httpCode);
	return code >= 400 && code < 500;
}
