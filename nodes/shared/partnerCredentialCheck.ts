import type { ICredentialTestFunctions } from 'n8n-workflow';

import { askForTest, capital, CREDENTIAL_TEST_TIMEOUT_MS, failed, notZApisAnswer, redactedTest, urlOf, type Result } from './credentialCheck';
import { DEFAULT_BASE_URL, holdsInstancePath, partnerFrom, partnerSecretsOf } from './transport';

/*
 * The Z-API Partner API credential's test, run by n8n when the credential is saved: the
 * Partner API's read-only list of instances, one record asked for
 * (docs/partner/list-instances.md: GET /instances?page=1&pageSize=1), sent with the Bearer
 * partner token as the node sends its calls (never a redirect to another origin). Every
 * outcome is said in words naming the credential and the field to fix. No message holds
 * the partner token, in any encoding: each one passes the nodes' redaction last.
 */

/** The name the Z-API node gives the test in `testedBy` and `methods.credentialTest`. */
export const PARTNER_CREDENTIAL_TEST = 'zApiPartnerApiTest';

const TYPE_LABEL = 'Z-API Partner API credential';
const TOKEN_ADVICE =
	"Paste the integrator (partner) token of the Z-API account: the account's first token, or the definitive one Z-API support gives after the first 10 instances. It is not an instance token.";

/** The test, with the time it waits for an answer (tests stage a stalled server with a short one). */
export function partnerCredentialTest(timeoutMs = CREDENTIAL_TEST_TIMEOUT_MS) {
	return redactedTest(
		TYPE_LABEL,
		(data) => {
			const partner = partnerFrom(data);
			return { value: partner, secrets: partnerSecretsOf(partner) };
		},
		async function (label, partner) {
			return await runTest.call(this, label, partner.partnerToken, partner.baseUrl, timeoutMs);
		},
	);
}

async function runTest(this: ICredentialTestFunctions, label: string, token: string, baseUrl: string, timeoutMs: number): Promise<Result> {
	if (!token) return failed(`The Partner Token of ${label} is empty. ${TOKEN_ADVICE}`);
	const base = urlOf(baseUrl);
	if (!base) {
		return failed(`The Base URL of ${label} is not an http(s) address: use ${DEFAULT_BASE_URL}, or the address of a server that speaks the Z-API interface.`);
	}
	if (holdsInstancePath(baseUrl)) {
		return failed(`The Base URL of ${label} holds an instance address: set it to the server only, ${base.origin} (without /instances/…).`);
	}
	const where = `the Base URL of ${label} (${base.host})`;
	const asked = await askForTest(
		this,
		{ method: 'GET', url: `${baseUrl}/instances`, qs: { page: 1, pageSize: 1 }, headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } },
		{ label, base, carried: 'the Partner Token', timeoutMs },
	);
	if ('failure' in asked) return asked.failure;
	const { statusCode, body, html } = asked.answer;

	const notZApi = notZApisAnswer({ statusCode, body, html }, { label, where, limited: 'account', asked: "the Partner API's list of instances", serverOnly: '' });
	if (notZApi) return notZApi;
	if (statusCode >= 200 && statusCode < 300) {
		// docs/partner/list-instances.md: {total, totalPage, pageSize, page, content: [...]}.
		const content = body && typeof body === 'object' ? (body as { content?: unknown }).content : undefined;
		if (Array.isArray(content)) {
			const total = Number((body as { total?: unknown }).total);
			const count = Number.isFinite(total) ? ` (${total} instance${total === 1 ? '' : 's'})` : '';
			return { status: 'OK', message: `Connected: Z-API at ${base.host} accepted the Partner Token of ${label}${count}.` };
		}
		return failed(
			`${capital(where)} answered, but not as Z-API's Partner API does (no list of instances): it points at something else. Set the Base URL to ${DEFAULT_BASE_URL}, or to a server that speaks the Z-API interface.`,
		);
	}
	if (statusCode === 401 || statusCode === 403) {
		return failed(`Z-API refused the Partner Token of ${label} (${statusCode}). ${TOKEN_ADVICE}`);
	}
	if (statusCode === 404 || statusCode === 405) {
		return failed(
			`${capital(where)} has no Partner API (${statusCode} to the list of instances): set the Base URL to ${DEFAULT_BASE_URL}, the server only.`,
		);
	}
	if (statusCode === 400) {
		return failed(`Z-API refused the test (400): the Partner Token of ${label} is most likely wrong. ${TOKEN_ADVICE}`);
	}
	return failed(`${capital(label)}: Z-API answered ${statusCode} to the list of instances. Check the Base URL and the Partner Token.`);
}

/** The test as n8n runs it, waiting CREDENTIAL_TEST_TIMEOUT_MS for the answer. */
export const testPartnerCredential = partnerCredentialTest();
