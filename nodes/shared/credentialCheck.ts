import type {
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
	ICredentialTestRequest,
} from 'n8n-workflow';

import { DEFAULT_BASE_URL } from './transport';
import { describeFailure } from './transport/errors';

/**
 * The credential test, as data n8n runs itself: a read-only GET /status through the
 * credential's `authenticate` (which adds the Client-Token header when one is set).
 *
 * What n8n shows when the test fails, and why the rules below look as they do:
 * - an answer outside 2xx shows the message of the first `responseCode` rule with its
 *   status; without one, n8n shows the server's own status text. A server that echoes the
 *   request could put the URL, and the token in it, there: every status from 300 to 599
 *   has a rule, so that text never shows.
 * - a request that gets no answer shows Node's error code alone (ECONNREFUSED,
 *   DEPTH_ZERO_SELF_SIGNED_CERT…): a declarative test cannot add words to it. The nodes
 *   explain these codes when they run.
 * - n8n 1.x drops the HTTP answer from the error its tester reads, so there no status rule
 *   applies and n8n shows its own text for the status ("Bad request - please check your
 *   parameters"); the token is not in it either.
 * - a 2xx answer is checked by `responseSuccessBody` rules, which can only fail the test.
 *   So a disconnected instance ({connected: false}) fails it, saying the credentials are
 *   right: none of the node's calls can work until the QR code is scanned, and n8n saves
 *   the credential anyway.
 */

/**
 * What a status says about the credentials, from the same error table the nodes use. The
 * statuses that table has no own advice for share one short sentence: there are 300 rules.
 */
function statusAdvice(status: number): string {
	if (status === 400) {
		// The service answers 400 both to an unknown instance and to a missing Client Token;
		// a declarative rule sees only the status, so it names both.
		const noClientToken = describeFailure({ status, serviceMessage: 'null not allowed', attempts: 1, host: '' });
		return `Z-API refused these credentials (400). Either the Instance ID or Instance Token is wrong: copy them again from the Z-API panel (Instances > your instance). Or ${noClientToken.description}`;
	}
	const { rule, message, description } = describeFailure({ status, attempts: 1, host: '' });
	if (rule === 'instanceUnknown') {
		return `${message}. ${description} The Base URL is the server only (${DEFAULT_BASE_URL}), never the instance address the panel shows.`;
	}
	if (rule === 'rateLimited') return 'Z-API is rate limiting this instance (429). Wait a minute, then test again.';
	if (rule === 'serverError') return `Z-API had a server error (${status}). Try again in a few minutes.`;
	if (rule === 'rejected' || rule === 'unexpected') return `Z-API answered ${status}: check Base URL, Instance ID and Token.`;
	return `${message}. ${description}`;
}

const FIRST_STATUS_RULED = 300;
const LAST_STATUS_RULED = 599;

const statusRules: IAuthenticateRuleResponseCode[] = Array.from(
	{ length: LAST_STATUS_RULED - FIRST_STATUS_RULED + 1 },
	(_, index) => {
		const status = FIRST_STATUS_RULED + index;
		return { type: 'responseCode', properties: { value: status, message: statusAdvice(status) } };
	},
);

const disconnectedRule: IAuthenticateRuleResponseSuccessBody = {
	type: 'responseSuccessBody',
	properties: {
		key: 'connected',
		value: false,
		message:
			'The Instance ID and Instance Token are right, but the instance is not connected to WhatsApp: scan the QR code in the Z-API panel (Instances > your instance), then test again.',
	},
};

export const credentialTest: ICredentialTestRequest = {
	request: {
		method: 'GET',
		// Trimmed and encoded as the nodes' transport does (instanceFrom, instanceUrl).
		baseURL: `={{ String($credentials.baseUrl || '${DEFAULT_BASE_URL}').trim().replace(/\\/+$/, '') }}`,
		url: '=/instances/{{ encodeURIComponent(String($credentials.instanceId).trim()) }}/token/{{ encodeURIComponent(String($credentials.instanceToken).trim()) }}/status',
		timeout: 20_000,
	},
	// The rule type is a union of two array types; n8n reads both kinds from one list.
	rules: [...statusRules, disconnectedRule] as IAuthenticateRuleResponseCode[],
};
