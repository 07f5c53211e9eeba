import type { ICredentialDataDecryptedObject, ICredentialTestFunctions, ICredentialsDecrypted, IHttpRequestOptions, INodeCredentialTestResult } from 'n8n-workflow';

import {
	DEFAULT_BASE_URL,
	RedirectedElsewhere,
	holdsInstancePath,
	instanceFrom,
	instanceUrl,
	networkCodeOf,
	secretsOf,
	sendWithinOrigin,
	type RawResponse,
	credentialTestSender,
	type ZApiInstance,
} from './transport';
import { TIMEOUT_CODES, networkFailureWords, serviceMessageOf } from './transport/errors';
import { redactorFor } from './transport/redact';

/*
 * The Z-API Instance API credential's test, run by n8n when the credential is saved: Z-API's
 * read-only GET /status (docs/instance/status.md), built and sent as the nodes send their
 * calls (the same URL, the Client-Token header only when set, never a redirect to another
 * origin). Both nodes name it in their credentials list (`testedBy`), so every outcome is
 * said in words naming the credential and the field to fix, where a declarative test could
 * show only Node's error code or the server's status text. No message holds the Instance
 * Token or the Client Token, in any encoding: each one passes the nodes' redaction last.
 */

/** The name both nodes give the test in `testedBy` and `methods.credentialTest`. */
export const INSTANCE_CREDENTIAL_TEST = 'zApiApiTest';

/** How long the test waits for Z-API's answer. */
export const CREDENTIAL_TEST_TIMEOUT_MS = 20_000;

const TYPE_LABEL = 'Z-API Instance API credential';

const PANEL = 'the Z-API panel (Instances > your instance)';
const SERVER_ONLY = `the server only (${DEFAULT_BASE_URL}), never the instance address the panel shows`;
const CLIENT_TOKEN_ADVICE =
	'Account security is on in the Z-API panel (Security > Account security token): put that token in the Client Token field. It is not the instance token.';
const WRONG_CLIENT_TOKEN_ADVICE =
	'It must be the account security token of the Z-API panel (Security). A common mistake is to paste the instance token there: leave the field empty if account security is off.';

interface Checked {
	/** `the … credential "name"`, as every message names it. */
	label: string;
	instance: ZApiInstance;
}

export type Result = INodeCredentialTestResult;
export const failed = (message: string): Result => ({ status: 'Error', message });

/**
 * A credential test as n8n calls it, for both Z-API credentials: reads the credential, runs the
 * checks with its label (`the <type> "<name>"`, as every message names it) and keeps the
 * credential's secrets out of the message in any form, whatever the server echoed.
 */
export function redactedTest<T>(
	typeLabel: string,
	read: (data: ICredentialDataDecryptedObject) => { value: T; secrets: string[] },
	run: (this: ICredentialTestFunctions, label: string, value: T) => Promise<Result>,
) {
	return async function (this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<Result> {
		const { value, secrets } = read(credential.data ?? {});
		const result = await run.call(this, `the ${typeLabel} "${credential.name || 'Z-API'}"`, value);
		return { ...result, message: redactorFor(secrets)(result.message) };
	};
}

/**
 * The test, with the time it waits for an answer (tests stage a stalled server with a short
 * one). Each call builds its own state: nothing is kept between tests.
 */
export function instanceCredentialTest(timeoutMs = CREDENTIAL_TEST_TIMEOUT_MS) {
	return redactedTest(
		TYPE_LABEL,
		(data) => {
			const instance = instanceFrom(data);
			return { value: instance, secrets: secretsOf(instance) };
		},
		async function (label, instance) {
			return await runTest.call(this, { label, instance }, timeoutMs);
		},
	);
}

async function runTest(this: ICredentialTestFunctions, { label, instance }: Checked, timeoutMs: number): Promise<Result> {
	if (!instance.instanceId) return failed(`The Instance ID of ${label} is empty: copy it from ${PANEL}.`);
	if (!instance.instanceToken) return failed(`The Instance Token of ${label} is empty: copy it from ${PANEL}, next to the Instance ID.`);
	const base = urlOf(instance.baseUrl);
	if (!base) {
		return failed(`The Base URL of ${label} is not an http(s) address: use ${DEFAULT_BASE_URL}, or the address of a server that speaks the Z-API interface.`);
	}
	if (holdsInstancePath(instance.baseUrl)) {
		// Only the origin is named: the rest of what was pasted holds the token.
		return failed(
			`The Base URL of ${label} holds a whole instance address: set it to the server only, ${base.origin} (without /instances/…/token/…). The Instance ID and Instance Token go in their own fields.`,
		);
	}
	const where = `the Base URL of ${label} (${base.host})`;

	const asked = await askForTest(
		this,
		{
			method: 'GET',
			url: instanceUrl(instance, '/status'),
			headers: instance.clientToken ? { 'Client-Token': instance.clientToken, Accept: 'application/json' } : { Accept: 'application/json' },
		},
		{ label, base, carried: 'the Instance Token and Client Token', timeoutMs },
	);
	if ('failure' in asked) return asked.failure;
	const { statusCode, body, html } = asked.answer;
	// Only the service's words decide between causes; they are never quoted.
	const said = (pattern: RegExp) => pattern.test(serviceMessageOf(body) ?? '');

	const notZApi = notZApisAnswer({ statusCode, body, html }, { label, where, limited: 'instance', asked: "Z-API's status call", serverOnly: ', with no /instances/… part' });
	if (notZApi) return notZApi;
	if (statusCode >= 200 && statusCode < 300) {
		const connected = body && typeof body === 'object' ? (body as { connected?: unknown }).connected : undefined;
		if (connected === true) return { status: 'OK', message: `Connected: Z-API at ${base.host} accepted ${label}, and the instance is connected to WhatsApp.` };
		if (connected === false) {
			return failed(
				`The Instance ID and Instance Token of ${label} are right, but the instance is not connected to WhatsApp: scan the QR code in ${PANEL}, then test again.`,
			);
		}
		return failed(
			`${capital(where)} answered, but not as Z-API does (no instance status): it points at something else. Set the Base URL to ${DEFAULT_BASE_URL}, or to a server that speaks the Z-API interface.`,
		);
	}
	if (said(/null not allowed/i) && !instance.clientToken) {
		return failed(`Z-API requires a Client Token for this account, and the Client Token of ${label} is empty (${statusCode}). ${CLIENT_TOKEN_ADVICE}`);
	}
	if (statusCode === 403 || said(/client-token/i)) {
		if (!instance.clientToken) {
			return failed(
				`Z-API refused access (${statusCode}) with the Client Token of ${label} empty. If account security is on, put the account security token of the Z-API panel (Security) in the Client Token field; otherwise copy the Instance ID and Instance Token again from ${PANEL}.`,
			);
		}
		return failed(`Z-API refused the Client Token of ${label} (${statusCode}). ${WRONG_CLIENT_TOKEN_ADVICE}`);
	}
	if (statusCode === 400) {
		if (said(/instance|token/i)) {
			return failed(`Z-API refused these credentials (400): the Instance ID or the Instance Token of ${label} is wrong. Copy both again from ${PANEL}; the Instance Token is not the account security token.`);
		}
		return failed(
			`Z-API refused these credentials (400). Either the Instance ID or Instance Token of ${label} is wrong: copy them again from ${PANEL}. Or account security is on and the Client Token is missing or wrong: ${CLIENT_TOKEN_ADVICE}`,
		);
	}
	if (statusCode === 401) {
		return failed(`Z-API refused these credentials (401): the Instance ID or the Instance Token of ${label} is wrong. Copy both again from ${PANEL}.`);
	}
	if (statusCode === 404) {
		return failed(
			`Z-API found no such instance (404): the Instance ID or the Instance Token of ${label} is wrong, or its Base URL is not ${SERVER_ONLY}. Copy the Instance ID and Instance Token again from ${PANEL}.`,
		);
	}
	if (statusCode === 405) {
		return failed(`${capital(where)} refused Z-API's status call (405): it does not speak the Z-API interface. Set the Base URL to ${DEFAULT_BASE_URL}.`);
	}
	return failed(`${capital(label)}: Z-API answered ${statusCode} to its status call. Check the Base URL, Instance ID and Instance Token.`);
}

/** No answer came: the Base URL in words, with Node's code beside them for searching. */
export function unreachable(label: string, base: URL, code: string | undefined, timeoutMs: number): Result {
	const field = `The Base URL of ${label}`;
	const check = `Check the Base URL (${SERVER_ONLY}) and that n8n can reach it (its network or proxy).`;
	if (code && TIMEOUT_CODES.has(code)) {
		return failed(`${field} did not answer in time: ${base.host} sent nothing back within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`} (${code}). ${check}`);
	}
	const words = code ? networkFailureWords(code) : undefined;
	if (words?.certificateHint) {
		return failed(`n8n does not trust the https certificate of ${base.host}, ${field.charAt(0).toLowerCase()}${field.slice(1)}: ${words.meaning} (${code}). ${words.certificateHint}`);
	}
	const what = words ? `${words.meaning} (${code})` : code ? `no answer came (${code})` : 'no answer came';
	return failed(`${field} cannot be reached at ${base.host}: ${what}. ${check}`);
}

/**
 * A redirect to another origin, refused before anything was sent there: only origins are
 * named. `carried` names the secrets the test would have taken there.
 */
export function redirected(label: string, base: URL, error: RedirectedElsewhere, carried: string): Result {
	const target = new URL(error.to);
	const toHttps = base.protocol === 'http:' && target.protocol === 'https:' && target.hostname === base.hostname;
	const advice = toHttps
		? `The server moved to https: change the Base URL to ${target.origin}.`
		: `Set the Base URL to the address of the server that answers itself, such as ${DEFAULT_BASE_URL}.`;
	return failed(
		`The Base URL of ${label} (${error.from}) redirected the test to ${error.to} (${error.status}); it was not followed, so ${carried} did not go there. ${advice}`,
	);
}

export function urlOf(baseUrl: string): URL | undefined {
	if (!/^https?:\/\/[^/\s]+/i.test(baseUrl)) return undefined;
	try {
		return new URL(baseUrl);
	} catch {
		return undefined;
	}
}

/** The body as JSON when it is JSON text; an object already parsed stays as it is. */
export function parsed(body: unknown): unknown {
	if (typeof body !== 'string') return body;
	const text = body.trim();
	if (!text) return undefined;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return body;
	}
}

export function looksLikeHtml(response: RawResponse): boolean {
	if (/text\/html/i.test(String(response.headers?.['content-type'] ?? ''))) return true;
	return typeof response.body === 'string' && /^\s*</.test(response.body);
}

export const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The test's one request, for both Z-API credentials, kept within the Base URL's origin (a
 * redirect elsewhere is not followed: `carried` names what it would have carried): the answer
 * as the checks read it, or what to say when none came.
 */
export async function askForTest(
	context: ICredentialTestFunctions,
	request: IHttpRequestOptions,
	{ label, base, carried, timeoutMs }: { label: string; base: URL; carried: string; timeoutMs: number },
): Promise<{ answer: { statusCode: number; body: unknown; html: boolean } } | { failure: Result }> {
	let response: RawResponse;
	try {
		response = await sendWithinOrigin(credentialTestSender(context.helpers, { json: false }), { ...request, timeout: timeoutMs });
	} catch (error) {
		if (error instanceof RedirectedElsewhere) return { failure: redirected(label, base, error, carried) };
		return { failure: unreachable(label, base, networkCodeOf(error), timeoutMs) };
	}
	return { answer: { statusCode: response.statusCode, body: parsed(response.body), html: looksLikeHtml(response) } };
}

/**
 * What a credential test says when the answer tells nothing of the credential, for both Z-API
 * credentials: Z-API rate limiting the `limited` (instance, account), a server error, a redirect
 * that leads nowhere, or something that is not Z-API (a web page, text that is not JSON, to the
 * call `asked`). Undefined when the answer is Z-API's own.
 */
export function notZApisAnswer(
	{ statusCode, body, html }: { statusCode: number; body: unknown; html: boolean },
	{ label, where, limited, asked, serverOnly }: { label: string; where: string; limited: string; asked: string; serverOnly: string },
): Result | undefined {
	if (statusCode === 429) return failed(`Z-API is rate limiting this ${limited} (429), so ${label} could not be checked. Wait a minute, then test again.`);
	if (statusCode >= 500) {
		return failed(
			`The server at ${where} had an error (${statusCode}), so the credential could not be checked. Try again in a few minutes; if the Base URL is not ${DEFAULT_BASE_URL}, check that server.`,
		);
	}
	if (statusCode >= 300 && statusCode < 400) {
		return failed(`${capital(where)} answered a redirect (${statusCode}) that leads nowhere: set the Base URL to the address of the server that answers itself, such as ${DEFAULT_BASE_URL}.`);
	}
	// Z-API answers JSON, whatever the status; an empty body is read by its status alone.
	const notJson = typeof body === 'string' || (body === undefined && statusCode < 300);
	if (html || notJson) {
		return failed(
			`${capital(where)} leads to ${html ? 'a web page' : 'something'} that is not Z-API: it answered ${html ? 'HTML' : 'text that is not JSON'} (${statusCode}) to ${asked}. Set the Base URL to ${DEFAULT_BASE_URL}, or to a server that speaks the Z-API interface: the server only${serverOnly}.`,
		);
	}
	return undefined;
}

/** The test as n8n runs it, waiting CREDENTIAL_TEST_TIMEOUT_MS for the answer. */
export const testInstanceCredential = instanceCredentialTest();
