import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { firstRecord, redactError, requireAccepted, zApiRequest } from '../../../shared/transport';
import { redactValue } from '../../../shared/transport/redact';

/** Said when a SIP call fails: the pages require the calls feature on the account. */
export const SIP_HINT =
	'SIP needs the calls feature enabled and contracted for the Z-API account (ask Z-API for it), and a connected instance.';

/** Keys whose values are credentials of the calls service: output to the user, never put in an error. */
const SECRET_KEY = /token|secret|pass(word)?|key/i;

/** Every text of the answer held under a secret key, at any depth. */
function secretsIn(value: unknown, found: string[] = [], depth = 0): string[] {
	if (depth > 6 || !value || typeof value !== 'object') return found;
	for (const [key, entry] of Object.entries(value as IDataObject)) {
		if (typeof entry === 'string' && SECRET_KEY.test(key)) found.push(entry);
		else secretsIn(entry, found, depth + 1);
	}
	return found;
}

/**
 * Calls one of the calls service's endpoints (docs/calls/call-token.md, sip-token.md,
 * sip-info.md), whose answers carry a token. The token is what the user asked for and goes to
 * the output as it came; an error built from the answer (a refusal, a token missing) quotes it
 * with every such token redacted, so that it never reaches an error message, a log or the
 * error output of Continue On Fail.
 */
export async function requestCallCredentials(
	this: IExecuteFunctions,
	itemIndex: number,
	call: {
		method: 'GET' | 'POST';
		path: string;
		tried: string;
		hint: string;
		/** The fields a good answer has, with what each must be. */
		required: Record<string, 'text' | 'flag'>;
	},
): Promise<IDataObject> {
	// docs/calls/sip-token.md takes no body: {} goes as an empty body with the JSON Content-Type
	// the service asks for on every POST.
	const response = await zApiRequest.call(this, { method: call.method, path: call.path, ...(call.method === 'POST' ? { body: {} } : {}), itemIndex });
	const secrets = secretsIn(response);
	try {
		const shown = redactValue(response, secrets);
		requireAccepted(this.getNode(), shown, 'noRefusal', { tried: call.tried, hint: call.hint, itemIndex });
		const record = firstRecord(response);
		const missing = Object.entries(call.required).filter(([field, kind]) =>
			kind === 'text' ? typeof record[field] !== 'string' || record[field] === '' : typeof record[field] !== 'boolean',
		);
		if (missing.length) {
			throw new NodeOperationError(this.getNode(), `Z-API did not ${call.tried}: its answer has no ${missing.map(([field]) => field).join(', ')}`, {
				itemIndex,
				description: `It answered ${JSON.stringify(shown ?? null).slice(0, 200)}. ${call.hint}`,
			});
		}
		return record;
	} catch (error) {
		throw redactError(error, secrets);
	}
}
