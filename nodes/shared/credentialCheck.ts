import type { ICredentialDataDecryptedObject, ICredentialTestFunctions, ICredentialsDecrypted, IHttpRequestOptions, INodeCredentialTestResult } from 'n8n-workflow';

import {
	DEFAULT_BASE_URL,
	capital,
	credentialTestSender,
	heldInstancePath,
	instanceFrom,
	instanceUrl,
	looksLikeHtml,
	redactorFor,
	secretsOf,
	tryWithinOrigin,
	urlOf,
	type CredentialKind,
	type RedirectedElsewhere,
	type ZApiInstance,
} from './transport';
import { TIMEOUT_CODES, networkFailureWords, serviceMessageOf } from './transport/errors';

/*
 * The Z-API credentials' tests, run by n8n when a credential is saved: one read-only request,
 * built and sent as the nodes send their calls (the same URL and headers, never a redirect to
 * another origin), and every outcome said in words naming the credential and the field to fix,
 * where a declarative test could show only Node's error code or the server's status text. No
 * message holds a secret of the credential, in any encoding: each one passes the nodes'
 * redaction last.
 */

/** How long the test waits for Z-API's answer. */
export const CREDENTIAL_TEST_TIMEOUT_MS = 20_000;

type Result = INodeCredentialTestResult;
export const failed = (message: string): Result => ({ status: 'Error', message });

/** An answer as a test's rules read it. */
export interface Answer<T> {
	status: number;
	body: unknown;
	html: boolean;
	/** The credential's values. */
	value: T;
	/** `the <type> "<name>"`, as every message names the credential. */
	label: string;
	/** `the Base URL of <label> (<host>)`. */
	where: string;
	host: string;
	/** Whether the service's words match: they decide between causes, and are never quoted. */
	said: (pattern: RegExp) => boolean;
}

/** One refusal a test can name: the first rule whose `when` holds says what to do. */
export interface Rule<T> {
	when: (answer: Answer<T>) => boolean;
	say: (answer: Answer<T>) => string;
}

/** What tells the two credentials' tests apart. */
export interface CredentialTest<T extends { baseUrl: string }> {
	credential: CredentialKind;
	typeLabel: string;
	read: (data: ICredentialDataDecryptedObject) => T;
	secrets: (value: T) => string[];
	/** What to say of a field left empty; undefined when every field is filled in. */
	empty: (value: T, label: string) => string | undefined;
	request: (value: T) => IHttpRequestOptions;
	/** The secrets the request carries, named for a redirect that would have taken them. */
	carried: string;
	/** What Z-API rate limits ('instance', 'account'), the call asked, and what follows "the server only". */
	limited: string;
	asked: string;
	serverOnly: string;
	/** The words of a 2xx answer: connected, or not Z-API's answer. */
	accepted: (answer: Answer<T>) => Result;
	/** The words of any other answer of Z-API's own; the last rule holds for all. */
	refusals: Array<Rule<T>>;
}

/**
 * The test of a credential as n8n calls it, given the time it waits for an answer (tests stage a
 * stalled server with a short one). Each call builds its own state: nothing is kept between tests.
 */
export function credentialTest<T extends { baseUrl: string }>(test: CredentialTest<T>) {
	return (timeoutMs = CREDENTIAL_TEST_TIMEOUT_MS) =>
		async function (this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<Result> {
			const value = test.read(credential.data ?? {});
			const result = await runTest(this, test, value, `the ${test.typeLabel} "${credential.name || 'Z-API'}"`, timeoutMs);
			return { ...result, message: redactorFor(test.secrets(value))(result.message) };
		};
}

async function runTest<T extends { baseUrl: string }>(context: ICredentialTestFunctions, test: CredentialTest<T>, value: T, label: string, timeoutMs: number): Promise<Result> {
	const empty = test.empty(value, label);
	if (empty) return failed(empty);
	const base = urlOf(value.baseUrl);
	if (!base) {
		return failed(`The Base URL of ${label} is not an http(s) address: use ${DEFAULT_BASE_URL}, or the address of a server that speaks the Z-API interface.`);
	}
	const held = heldInstancePath(value.baseUrl, test.credential);
	if (held) return failed(`The Base URL of ${label} holds ${held.holds}: set it to ${held.setTo}`);

	const send = credentialTestSender(context.helpers, { json: false });
	const { response, networkCode, redirected } = await tryWithinOrigin(send, { ...test.request(value), timeout: timeoutMs });
	if (redirected) return redirectedElsewhere(label, redirected, test.carried);
	if (!response) return unreachable(label, base, networkCode, timeoutMs);
	const body = parsed(response.body);
	const answer: Answer<T> = {
		status: response.statusCode,
		body,
		html: looksLikeHtml(response),
		value,
		label,
		where: `the Base URL of ${label} (${base.host})`,
		host: base.host,
		said: (pattern) => pattern.test(serviceMessageOf(body) ?? ''),
	};
	const notZApi = notZApisAnswer(answer, test);
	if (notZApi) return failed(notZApi);
	if (answer.status >= 200 && answer.status < 300) return test.accepted(answer);
	return failed((test.refusals.find((rule) => rule.when(answer)) as Rule<T>).say(answer));
}

/** No answer came: the Base URL in words, with Node's code beside them for searching. */
function unreachable(label: string, base: URL, code: string | undefined, timeoutMs: number): Result {
	const check = `Check the Base URL (${SERVER_ONLY}) and that n8n can reach it (its network or proxy).`;
	if (code && TIMEOUT_CODES.has(code)) {
		return failed(`The Base URL of ${label} did not answer in time: ${base.host} sent nothing back within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`} (${code}). ${check}`);
	}
	const words = code ? networkFailureWords(code) : undefined;
	if (words?.certificateHint) {
		return failed(`n8n does not trust the https certificate of ${base.host}, the Base URL of ${label}: ${words.meaning} (${code}). ${words.certificateHint}`);
	}
	const what = words ? `${words.meaning} (${code})` : code ? `no answer came (${code})` : 'no answer came';
	return failed(`The Base URL of ${label} cannot be reached at ${base.host}: ${what}. ${check}`);
}

/** A redirect to another origin, refused before anything was sent there: only origins are named. */
function redirectedElsewhere(label: string, error: RedirectedElsewhere, carried: string): Result {
	const advice = error.toHttps
		? `The server moved to https: change the Base URL to ${error.to}.`
		: `Set the Base URL to the address of the server that answers itself, such as ${DEFAULT_BASE_URL}.`;
	return failed(`The Base URL of ${label} (${error.from}) redirected the test to ${error.to} (${error.status}); it was not followed, so ${carried} did not go there. ${advice}`);
}

/** The body as JSON when it is JSON text; an object already parsed stays as it is. */
function parsed(body: unknown): unknown {
	if (typeof body !== 'string') return body;
	const text = body.trim();
	if (!text) return undefined;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return body;
	}
}

/**
 * What a test says when the answer tells nothing of the credential: Z-API rate limiting, a
 * server error, a redirect that leads nowhere, or something that is not Z-API (a web page,
 * text that is not JSON). Undefined when the answer is Z-API's own.
 */
function notZApisAnswer<T extends { baseUrl: string }>({ status, body, html, label, where }: Answer<T>, { limited, asked, serverOnly }: CredentialTest<T>): string | undefined {
	if (status === 429) return `Z-API is rate limiting this ${limited} (429), so ${label} could not be checked. Wait a minute, then test again.`;
	if (status >= 500) {
		return `The server at ${where} had an error (${status}), so the credential could not be checked. Try again in a few minutes; if the Base URL is not ${DEFAULT_BASE_URL}, check that server.`;
	}
	if (status >= 300 && status < 400) {
		return `${capital(where)} answered a redirect (${status}) that leads nowhere: set the Base URL to the address of the server that answers itself, such as ${DEFAULT_BASE_URL}.`;
	}
	// Z-API answers JSON, whatever the status; an empty body is read by its status alone.
	if (html || typeof body === 'string' || (body === undefined && status < 300)) {
		return `${capital(where)} leads to ${html ? 'a web page' : 'something'} that is not Z-API: it answered ${html ? 'HTML' : 'text that is not JSON'} (${status}) to ${asked}. Set the Base URL to ${DEFAULT_BASE_URL}, or to a server that speaks the Z-API interface: the server only${serverOnly}.`;
	}
	return undefined;
}

const PANEL = 'the Z-API panel (Instances > your instance)';
const SERVER_ONLY = `the server only (${DEFAULT_BASE_URL}), never the instance address the panel shows`;
const CLIENT_TOKEN_ADVICE =
	'Account security is on in the Z-API panel (Security > Account security token): put that token in the Client Token field. It is not the instance token.';
const refusesClientToken = ({ status, said }: Answer<ZApiInstance>) => status === 403 || said(/client-token/i);

/**
 * The Instance API credential's test: Z-API's GET /status (docs/instance/status.md), the
 * Client-Token header only when set. Both nodes name it in their credentials list (`testedBy`).
 */
export const instanceCredentialTest = credentialTest<ZApiInstance>({
	credential: 'instance',
	typeLabel: 'Z-API Instance API credential',
	read: instanceFrom,
	secrets: secretsOf,
	empty: ({ instanceId, instanceToken }, label) =>
		!instanceId
			? `The Instance ID of ${label} is empty: copy it from ${PANEL}.`
			: !instanceToken ? `The Instance Token of ${label} is empty: copy it from ${PANEL}, next to the Instance ID.` : undefined,
	request: (instance) => ({
		method: 'GET',
		url: instanceUrl(instance, '/status'),
		headers: instance.clientToken ? { 'Client-Token': instance.clientToken, Accept: 'application/json' } : { Accept: 'application/json' },
	}),
	carried: 'the Instance Token and Client Token',
	limited: 'instance',
	asked: "Z-API's status call",
	serverOnly: ', with no /instances/… part',
	accepted: ({ body, label, where, host }) => {
		const connected = body && typeof body === 'object' ? (body as { connected?: unknown }).connected : undefined;
		if (connected === true) return { status: 'OK', message: `Connected: Z-API at ${host} accepted ${label}, and the instance is connected to WhatsApp.` };
		if (connected === false) return failed(`The Instance ID and Instance Token of ${label} are right, but the instance is not connected to WhatsApp: scan the QR code in ${PANEL}, then test again.`);
		return failed(`${capital(where)} answered, but not as Z-API does (no instance status): it points at something else. Set the Base URL to ${DEFAULT_BASE_URL}, or to a server that speaks the Z-API interface.`);
	},
	refusals: [
		{ when: ({ said, value }) => said(/null not allowed/i) && !value.clientToken, say: ({ status, label }) => `Z-API requires a Client Token for this account, and the Client Token of ${label} is empty (${status}). ${CLIENT_TOKEN_ADVICE}` },
		{ when: (answer) => refusesClientToken(answer) && !answer.value.clientToken, say: ({ status, label }) => `Z-API refused access (${status}) with the Client Token of ${label} empty. If account security is on, put the account security token of the Z-API panel (Security) in the Client Token field; otherwise copy the Instance ID and Instance Token again from ${PANEL}.` },
		{ when: refusesClientToken, say: ({ status, label }) => `Z-API refused the Client Token of ${label} (${status}). It must be the account security token of the Z-API panel (Security). A common mistake is to paste the instance token there: leave the field empty if account security is off.` },
		{ when: ({ status, said }) => status === 400 && said(/instance|token/i), say: ({ label }) => `Z-API refused these credentials (400): the Instance ID or the Instance Token of ${label} is wrong. Copy both again from ${PANEL}; the Instance Token is not the account security token.` },
		{ when: ({ status }) => status === 400, say: ({ label }) => `Z-API refused these credentials (400). Either the Instance ID or Instance Token of ${label} is wrong: copy them again from ${PANEL}. Or account security is on and the Client Token is missing or wrong: ${CLIENT_TOKEN_ADVICE}` },
		{ when: ({ status }) => status === 401, say: ({ label }) => `Z-API refused these credentials (401): the Instance ID or the Instance Token of ${label} is wrong. Copy both again from ${PANEL}.` },
		{ when: ({ status }) => status === 404, say: ({ label }) => `Z-API found no such instance (404): the Instance ID or the Instance Token of ${label} is wrong, or its Base URL is not ${SERVER_ONLY}. Copy the Instance ID and Instance Token again from ${PANEL}.` },
		{ when: ({ status }) => status === 405, say: ({ where }) => `${capital(where)} refused Z-API's status call (405): it does not speak the Z-API interface. Set the Base URL to ${DEFAULT_BASE_URL}.` },
		{ when: () => true, say: ({ status, label }) => `${capital(label)}: Z-API answered ${status} to its status call. Check the Base URL, Instance ID and Instance Token.` },
	],
});

/** The test as n8n runs it, waiting CREDENTIAL_TEST_TIMEOUT_MS for the answer. */
export const testInstanceCredential = instanceCredentialTest();
