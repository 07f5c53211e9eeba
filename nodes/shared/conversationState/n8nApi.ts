/**
 * The client of n8n's own REST API for the conversation state: the address a person types made
 * into the API's address, every request through the transport's same-origin sender with a
 * timeout, and every failure worded for the credential and field it concerns. The node's calls
 * and the credential's test share it.
 */
import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import { MAYBE_REACHED_CODES, TIMEOUT_CODES, capital, looksLikeHtml, redactorFor, tryWithinOrigin, urlOf, type Redactor, type Sender } from '../transport';

export const CREDENTIAL_LABEL = 'Z-API Conversation State credential';

/** How long one call to n8n's API may take: n8n answers a data-table call in milliseconds. */
export const N8N_API_TIMEOUT_MS = 10_000;

const API_PATH = '/api/v1';

/**
 * n8n's API address from what a person types: n8n's own address or its API address, with or
 * without a trailing slash. Empty (a credential saved before the field was required) means this
 * n8n (`ownAddress`, when the caller knows it).
 * Undefined when no http(s) address results.
 */
export function apiBaseOf(typed: unknown, ownAddress?: string): string | undefined {
	const base = (String(typed ?? '').trim() || String(ownAddress ?? '').trim()).replace(/\/+$/, '');
	if (!urlOf(base)) return undefined;
	if (/\/api\/v1$/i.test(base)) return base;
	if (/\/api$/i.test(base)) return `${base}/v1`;
	return `${base}${API_PATH}`;
}

/**
 * When an n8n API key stops working: the `exp` of its payload (n8n's keys are JWTs; a key
 * created with "No Expiration" has none). Undefined when the key says nothing.
 */
export function keyExpiryOf(apiKey: unknown): Date | undefined {
	const parts = String(apiKey ?? '').trim().split('.');
	if (parts.length !== 3) return undefined;
	try {
		const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as { exp?: unknown };
		const exp = Number(payload?.exp);
		return Number.isFinite(exp) && exp > 0 ? new Date(exp * 1000) : undefined;
	} catch {
		return undefined;
	}
}

/** A date as the messages give it: 2026-01-31. */
export const day = (date: Date) => date.toISOString().slice(0, 10);

/** What a new key needs, said wherever a key is the problem. */
export function newKeyAdvice(credentialName: string): string {
	return `In n8n, open Settings → n8n API, create an API key with Expiration "No Expiration" and the data table scopes (or every scope), and paste it in the API Key field of the ${CREDENTIAL_LABEL} "${credentialName}".`;
}

/** Network failures in words, by Node's code (the code stays beside them, for searching). */
const NETWORK_WORDS: Record<string, string> = {
	ECONNREFUSED: 'nothing accepts connections there (n8n is down, or the address or its port is wrong)',
	ENOTFOUND: 'no server has that name (check the address for a typo)',
	EAI_AGAIN: 'the name could not be looked up (the DNS of this n8n server did not answer)',
	ECONNRESET: 'the connection was cut before an answer came',
	EPIPE: 'the connection was cut while sending',
	EHOSTUNREACH: 'no route leads to that host',
	CERT_HAS_EXPIRED: 'its https certificate has expired',
	DEPTH_ZERO_SELF_SIGNED_CERT: 'its https certificate is self-signed (give n8n the certificate in NODE_EXTRA_CA_CERTS)',
	SELF_SIGNED_CERT_IN_CHAIN: 'its https certificate comes from a private authority (give n8n that authority in NODE_EXTRA_CA_CERTS)',
	ERR_TLS_CERT_ALTNAME_INVALID: 'its https certificate names another host',
};

/** Why a call to n8n's API did not give what was asked: what the node and the credential test say. */
export interface N8nApiFailure {
	message: string;
	description: string;
	/** True when a change may have been applied although no answer came (a cut, a timeout, a 5xx). */
	maybeApplied: boolean;
	/** True when this n8n cannot serve conversation state at all (before 2.0): no passing failure. */
	unsupported?: boolean;
}

export type N8nApiResult = { ok: true; body: unknown } | { ok: false; failure: N8nApiFailure };

const unsupported = (message: string, description: string): N8nApiResult => ({ ok: false, failure: { message, description, maybeApplied: false, unsupported: true } });
const failed = (message: string, description: string, maybeApplied: boolean): N8nApiResult => ({ ok: false, failure: { message, description, maybeApplied } });

export interface N8nApiSetup {
	/** n8n's API address (apiBaseOf). */
	base: string;
	apiKey: string;
	/** The credential's name, as the user gave it. */
	credentialName: string;
	/** Sends one request (with the key) and hands back status, headers and body. */
	send: Sender;
	/**
	 * The other secrets the node holds (its Z-API instance and client tokens), read only when a
	 * failure is put into words: n8n, or a proxy before it, may echo any of them back.
	 */
	otherSecrets?: () => Promise<string[]>;
}

export interface N8nApiRequest {
	method: IHttpRequestMethods;
	/** After /api/v1, starting with '/'. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	/** A 404 here means n8n serves no data tables on its API: n8n before 2.0, or the API off. */
	missingMeansOldN8n?: boolean;
	/** A 409 is an answer, not a failure. */
	conflictOk?: boolean;
	/** How long the call may take (N8N_API_TIMEOUT_MS when not said). */
	timeoutMs?: number;
}

const ADDRESS_FIELD = `the n8n API Address in the ${CREDENTIAL_LABEL}`;

/** One call to n8n's API: the parsed body of a 2xx answer, or why not. */
export async function callN8nApi(setup: N8nApiSetup, request: N8nApiRequest): Promise<N8nApiResult> {
	const timeout = request.timeoutMs ?? N8N_API_TIMEOUT_MS;
	const { response, networkCode: code, redirected } = await tryWithinOrigin(setup.send, {
		method: request.method,
		url: `${setup.base}${request.path}`,
		qs: request.qs,
		body: request.body,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout,
	});
	if (redirected) {
		const redact = await redactorOfSetup(setup);
		return failed(
			`${capital(ADDRESS_FIELD)} (${redact(redirected.from)}) redirected the call to ${redact(redirected.to)}; it was not followed, so the API key did not go there`,
			`Set the n8n API Address to the address n8n answers at itself (the one the redirect leads to, if that is this n8n).`,
			false,
		);
	}
	if (!response) {
		const words = code && TIMEOUT_CODES.has(code) ? `it did not answer within ${timeout / 1000} seconds` : ((code && NETWORK_WORDS[code]) ?? 'no answer came');
		// The code goes in the description: n8n replaces a message holding one with its own words.
		return failed(
			`${capital(ADDRESS_FIELD)} cannot be reached at ${new URL(setup.base).host}: ${words}`,
			`${code ? `Node reported ${code}. ` : ''}Check that n8n runs and that every n8n process and worker can reach that address (in queue mode, the main process).`,
			// A change may have been applied by n8n.
			code === undefined || MAYBE_REACHED_CODES.has(code),
		);
	}
	if (looksLikeHtml(response)) {
		return failed(
			`${capital(ADDRESS_FIELD)} leads to a web page, not n8n's API (this is n8n's editor address, or a proxy's page)`,
			`The calls went to ${setup.base}. Use n8n's address exactly as the browser shows it for the editor (the node adds /api/v1), and check that the public API is on (N8N_PUBLIC_API_DISABLED not set).`,
			false,
		);
	}
	const { statusCode, body } = response;
	if (statusCode >= 200 && statusCode < 300) return { ok: true, body };
	if (statusCode === 409 && request.conflictOk) return { ok: true, body: undefined };
	return await refused(setup, request, statusCode, body);
}

/** What n8n's API said no with, in words. */
async function refused(setup: N8nApiSetup, request: N8nApiRequest, statusCode: number, body: unknown): Promise<N8nApiResult> {
	const message = body && typeof body === 'object' ? (body as IDataObject).message : undefined;
	const said = typeof message === 'string' ? ` (n8n said: ${(await redactorOfSetup(setup))(message).slice(0, 200)})` : '';
	const credential = `${CREDENTIAL_LABEL} "${setup.credentialName}"`;
	const expiry = keyExpiryOf(setup.apiKey);
	if (statusCode === 401 && expiry && expiry.getTime() <= Date.now()) {
		return failed(
			`The API Key in the ${credential} expired on ${day(expiry)}`,
			`n8n's API keys expire after 30 days unless created without expiry. ${newKeyAdvice(setup.credentialName)}`,
			false,
		);
	}
	if (statusCode === 401) return failed(`n8n refused the API Key in the ${credential}: it is wrong, deleted or expired (401)${said}`, newKeyAdvice(setup.credentialName), false);
	if (statusCode === 403) return failed(`The API Key in the ${credential} may not use data tables (403)${said}`, newKeyAdvice(setup.credentialName), false);
	if (statusCode === 404 && request.missingMeansOldN8n) {
		return unsupported(
			'This n8n serves no data tables on its API: conversation features need n8n 2.0 or later',
			`Conversation features keep their state in an n8n data table, which n8n serves to nodes from version 2.0 on. Update n8n, or leave this resource out. If n8n is 2.x, check that its public API is on (N8N_PUBLIC_API_DISABLED is not set) and that ${ADDRESS_FIELD} is this n8n's address.`,
		);
	}
	return failed(
		`n8n's API answered ${statusCode} to ${request.method} ${request.path.replace(/\/data-tables\/[^/]+/, '/data-tables/…')}${said}`,
		statusCode >= 500
			? 'n8n had an internal error: check its log, then run the workflow again.'
			: 'Check that the data table still exists and has the columns this node created; delete it to have it created again.',
		statusCode >= 500,
	);
}

/** Redacts every secret the node holds, whoever wrote the text (n8n, a proxy, a redirect). */
async function redactorOfSetup(setup: N8nApiSetup): Promise<Redactor> {
	const others = await setup.otherSecrets?.().catch(() => []);
	return redactorFor([setup.apiKey, ...(others ?? [])]);
}
