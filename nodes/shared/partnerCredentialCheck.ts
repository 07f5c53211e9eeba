import { credentialTest, failed } from './credentialCheck';
import { DEFAULT_BASE_URL, capital, partnerFrom, partnerSecretsOf, type ZApiPartner } from './transport';

/*
 * The Z-API Partner API credential's test (credentialCheck.ts runs it): the Partner API's
 * read-only list of instances, one record asked for (docs/partner/list-instances.md:
 * GET /instances?page=1&pageSize=1), sent with the Bearer partner token as the node sends its
 * calls.
 */

const TOKEN_ADVICE =
	"Paste the integrator (partner) token of the Z-API account: the account's first token, or the definitive one Z-API support gives after the first 10 instances. It is not an instance token.";

export const partnerCredentialTest = credentialTest<ZApiPartner>({
	credential: 'partner',
	typeLabel: 'Z-API Partner API credential',
	read: partnerFrom,
	secrets: partnerSecretsOf,
	empty: ({ partnerToken }, label) => (partnerToken ? undefined : `The Partner Token of ${label} is empty. ${TOKEN_ADVICE}`),
	request: ({ baseUrl, partnerToken }) => ({ method: 'GET', url: `${baseUrl}/instances`, qs: { page: 1, pageSize: 1 }, headers: { Authorization: `Bearer ${partnerToken}`, Accept: 'application/json' } }),
	carried: 'the Partner Token',
	limited: 'account',
	asked: "the Partner API's list of instances",
	serverOnly: '',
	accepted: ({ body, label, where, host }) => {
		// docs/partner/list-instances.md: {total, totalPage, pageSize, page, content: [...]}.
		const { content, total } = body && typeof body === 'object' ? (body as { content?: unknown; total?: unknown }) : {};
		if (!Array.isArray(content)) {
			return failed(
				`${capital(where)} answered, but not as Z-API's Partner API does (no list of instances): it points at something else. Set the Base URL to ${DEFAULT_BASE_URL}, or to a server that speaks the Z-API interface.`,
			);
		}
		const count = Number(total);
		return { status: 'OK', message: `Connected: Z-API at ${host} accepted the Partner Token of ${label}${Number.isFinite(count) ? ` (${count} instance${count === 1 ? '' : 's'})` : ''}.` };
	},
	refusals: [
		{ when: ({ status }) => status === 401 || status === 403, say: ({ status, label }) => `Z-API refused the Partner Token of ${label} (${status}). ${TOKEN_ADVICE}` },
		{ when: ({ status }) => status === 404 || status === 405, say: ({ status, where }) => `${capital(where)} has no Partner API (${status} to the list of instances): set the Base URL to ${DEFAULT_BASE_URL}, the server only.` },
		{ when: ({ status }) => status === 400, say: ({ label }) => `Z-API refused the test (400): the Partner Token of ${label} is most likely wrong. ${TOKEN_ADVICE}` },
		{ when: () => true, say: ({ status, label }) => `${capital(label)}: Z-API answered ${status} to the list of instances. Check the Base URL and the Partner Token.` },
	],
});

/** The test as n8n runs it, waiting CREDENTIAL_TEST_TIMEOUT_MS (credentialCheck.ts) for the answer. */
export const testPartnerCredential = partnerCredentialTest();
