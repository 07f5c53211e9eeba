import type {
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
	ICredentialTestRequest,
} from 'n8n-workflow';

import { DEFAULT_BASE_URL } from './transport';
import { describeFailure } from './transport/errors';

/*
 * The credential test, as data n8n runs itself: a read-only GET /status
 * (docs/instance/status.md) through the credential's `authenticate`. Every status from 300
 * to 599 has a rule so that n8n never shows a server's own status text, which an echoing
 * server could fill with the URL and its token; a 2xx response with {connected: false}
 * fails the test, saying the credentials are right but no call can work until the QR code
 * is scanned.
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
		// n8n would follow a redirect to any origin with the token in the path and the
		// Client-Token header; a 3xx fails the test with its rule instead, as the nodes refuse it.
		disableFollowRedirect: true,
	},
	// The rule type is a union of two array types; n8n reads both kinds from one list.
	rules: [...statusRules, disconnectedRule] as IAuthenticateRuleResponseCode[],
};
