import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { failedCallError, serviceMessageOf } from './errors';
import { redactSecrets, redactValue } from './redact';

export { notConfirmedError } from './errors';
export { asBoolean, firstRecord, isRefusal, requireAccepted } from './refusal';
export type { Expectation } from './refusal';
export { redactSecrets } from './redact';

export const CREDENTIALS_TYPE = 'zApiApi';
export const DEFAULT_BASE_URL = 'https://api.z-api.io';

export type ZApiContext = IExecuteFunctions | IHookFunctions | IWebhookFunctions;

/** One Z-API instance, as the credentials describe it. */
export interface ZApiInstance {
	instanceId: string;
	instanceToken: string;
	clientToken: string;
	baseUrl: string;
}

export interface ZApiCall {
	method: IHttpRequestMethods;
	/** Path after the instance prefix, starting with '/', dynamic parts already encoded. */
	path: string;
	qs?: IDataObject;
	/** An object, or a list where the service takes one (the address book calls). */
	body?: IDataObject | IDataObject[] | string[];
	/** Item the call is made for, so n8n points at it when the call fails. */
	itemIndex?: number;
	/**
	 * Further secrets the call carries besides the credentials' tokens (the trigger's
	 * delivery signature, activation id, signed address): redacted the same way from the
	 * answer and from any error.
	 */
	secrets?: string[];
}

/** Bounded retries for 429, 5xx and dropped connections. */
const RETRY = { attempts: 3, baseDelayMs: 1000, maxDelayMs: 30_000 };

const RETRYABLE_NETWORK_CODES = new Set([
	'ECONNRESET',
	'ETIMEDOUT',
	'ECONNABORTED',
	'EPIPE',
	'EAI_AGAIN',
	'ESOCKETTIMEDOUT',
]);

const REQUEST_TIMEOUT_MS = 60_000;

/** The credential's values, trimmed, with the default Base URL and no trailing slash. */
export function instanceFrom(credentials: IDataObject): ZApiInstance {
	return {
		instanceId: String(credentials.instanceId ?? '').trim(),
		instanceToken: String(credentials.instanceToken ?? '').trim(),
		clientToken: String(credentials.clientToken ?? '').trim(),
		baseUrl: String(credentials.baseUrl || DEFAULT_BASE_URL).trim().replace(/\/+$/, ''),
	};
}

/**
 * The credentials, read once per node execution. n8n loads, decrypts and resolves them on
 * every read (a database query and a decryption), and a run over many items would pay that
 * twice per request: once here, once in httpRequestWithAuthentication. The key is the
 * context object n8n builds for one node execution (or one delivery, one activation) and
 * hands to every item of it. A WeakMap holds no key alive: the entry goes with that context,
 * no other execution can reach it (none holds the key), and nothing about the instance
 * outlives it in module memory. Items share the values because n8n resolves the credentials
 * once per node anyway (without an item index).
 */
const credentialsOfExecution = new WeakMap<ZApiContext, Promise<ICredentialDataDecryptedObject>>();

function credentialsOf(context: ZApiContext): Promise<ICredentialDataDecryptedObject> {
	let read = credentialsOfExecution.get(context);
	if (!read) {
		read = context.getCredentials(CREDENTIALS_TYPE);
		credentialsOfExecution.set(context, read);
		// A failed read is not kept: the next item asks n8n again.
		read.catch(() => credentialsOfExecution.delete(context));
	}
	return read;
}

export async function getInstance(this: ZApiContext): Promise<ZApiInstance> {
	const instance = instanceFrom(await credentialsOf(this));
	const missing = (['instanceId', 'instanceToken'] as const).filter((key) => !instance[key]);
	if (missing.length) {
		throw new NodeOperationError(this.getNode(), 'The Z-API credentials are incomplete', {
			description: `Fill in ${missing.map((key) => (key === 'instanceId' ? 'Instance ID' : 'Instance Token')).join(' and ')} in the Z-API credentials, as shown in the Z-API panel.`,
		});
	}
	if (!/^https?:\/\/[^/\s]+/i.test(instance.baseUrl)) {
		throw new NodeOperationError(this.getNode(), 'The Base URL in the Z-API credentials is not a URL', {
			description: `Use ${DEFAULT_BASE_URL}, or the http(s) address of a server that speaks the Z-API interface.`,
		});
	}
	if (holdsInstancePath(instance.baseUrl)) {
		// The Z-API panel shows the whole instance address; pasted as the Base URL every call
		// would go to .../token/<token>/instances/... and get a bare 404. Only the origin is
		// named here: the rest of what was pasted holds the token.
		throw new NodeOperationError(
			this.getNode(),
			'The Base URL in the Z-API credentials holds a whole instance address',
			{
				description: `Set Base URL to the server only, ${new URL(instance.baseUrl).origin} (without /instances/…/token/…). The Instance ID and Instance Token go in their own fields.`,
			},
		);
	}
	return instance;
}

/** The credentials as httpRequestWithAuthentication takes them, naming the node's credential. */
function credentialsFor(context: ZApiContext, data: ICredentialDataDecryptedObject): ICredentialsDecrypted {
	const chosen = context.getNode().credentials?.[CREDENTIALS_TYPE];
	return { id: chosen?.id ?? '', name: chosen?.name ?? '', type: CREDENTIALS_TYPE, data: { ...data } };
}

/** True when a Base URL goes on with /instances/…, as the instance address the panel shows. */
function holdsInstancePath(baseUrl: string): boolean {
	return /^https?:\/\/[^/]+(\/.*)?\/instances(\/|$)/i.test(baseUrl);
}

/** The secrets of an instance, for redaction. */
export function secretsOf(instance: ZApiInstance): string[] {
	return [instance.instanceToken, instance.clientToken].filter(Boolean);
}

export function instanceUrl(instance: ZApiInstance, path: string): string {
	return `${instance.baseUrl}/instances/${encodeURIComponent(instance.instanceId)}/token/${encodeURIComponent(instance.instanceToken)}${path}`;
}

/**
 * Calls one endpoint of the instance and returns the parsed answer body. Every failure
 * becomes an n8n error built from redacted facts only (see errors.ts).
 */
export async function zApiRequest(this: ZApiContext, call: ZApiCall): Promise<unknown> {
	const instance = await getInstance.call(this);
	const secrets = [...secretsOf(instance), ...(call.secrets ?? [])];
	const host = new URL(instance.baseUrl).host;
	const options: IHttpRequestOptions = {
		method: call.method,
		url: instanceUrl(instance, call.path),
		qs: call.qs,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: REQUEST_TIMEOUT_MS,
	};
	if (call.body !== undefined) {
		options.body = call.body;
		// The service answers 415 to a body without this header.
		options.headers = { 'Content-Type': 'application/json' };
	}

	for (let attempt = 1; ; attempt++) {
		const canRetry = attempt < RETRY.attempts;
		let response: { statusCode: number; headers: IDataObject; body: unknown };
		try {
			// The credentials already read are handed over, so n8n does not read them again.
			response = await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIALS_TYPE, options, {
				credentialsDecrypted: credentialsFor(this, await credentialsOf(this)),
			});
		} catch (error) {
			const networkCode = networkCodeOf(error);
			if (canRetry && networkCode && RETRYABLE_NETWORK_CODES.has(networkCode)) {
				await sleep(backoffDelay(attempt));
				continue;
			}
			throw failedCallError(this.getNode(), { networkCode, attempts: attempt, host }, call.itemIndex);
		}

		const { statusCode } = response;
		if (statusCode >= 200 && statusCode < 300) return redactValue(response.body, secrets);

		if (canRetry && (statusCode === 429 || statusCode >= 500)) {
			const delay = retryAfterDelay(response.headers) ?? backoffDelay(attempt);
			if (delay <= RETRY.maxDelayMs) {
				await sleep(delay);
				continue;
			}
		}
		const serviceMessage = serviceMessageOf(redactValue(response.body, secrets));
		throw failedCallError(
			this.getNode(),
			{
				status: statusCode,
				serviceMessage: serviceMessage && redactSecrets(serviceMessage, secrets),
				attempts: attempt,
				host,
			},
			call.itemIndex,
		);
	}
}

function backoffDelay(attempt: number): number {
	return Math.min(RETRY.baseDelayMs * 2 ** (attempt - 1), RETRY.maxDelayMs);
}

/** Retry-After as seconds or as an HTTP date; undefined when absent or unreadable. */
function retryAfterDelay(headers: IDataObject | undefined): number | undefined {
	const raw = headers?.['retry-after'];
	if (raw === undefined || raw === null || raw === '') return undefined;
	const seconds = Number(raw);
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
	const date = Date.parse(String(raw));
	return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** The network error code somewhere in the chain n8n wraps around a failed request. */
function networkCodeOf(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(code)) return code;
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}
