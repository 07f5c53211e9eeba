import type { INode, ICredentialDataDecryptedObject, ICredentialsDecrypted, IDataObject, IExecuteFunctions, IHookFunctions, IHttpRequestMethods, IHttpRequestOptions, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { MAYBE_REACHED_CODES, failedCallError, nodeError, serviceMessageOf, type CredentialKind } from './errors';
import { redactorFor, redactWith, type Redactor } from './redact';
import { tryWithinOrigin, type RedirectedElsewhere, type Sender } from './sameOrigin';

export { MAYBE_REACHED_CODES, TIMEOUT_CODES, capital, inOwnWords, messageOf, nodeError, notConfirmedError, wasRefused } from './errors';
export type { CredentialKind } from './errors';
export { firstRecord, isRefusal, requireAccepted } from './refusal';
export type { Expectation } from './refusal';
export { redactError, redactorFor, redactSecrets } from './redact';
export type { Redactor } from './redact';
export { RedirectedElsewhere, credentialTestSender, helperSender, looksLikeHtml, networkCodeOf, sendWithinOrigin, tryWithinOrigin } from './sameOrigin';
export type { RawResponse, Sender } from './sameOrigin';

export const CREDENTIALS_TYPE = 'zApiApi';
/** The credential type of Z-API's Partner API (credentials/ZApiPartnerApi.credentials.ts). */
export const PARTNER_CREDENTIALS_TYPE = 'zApiPartnerApi';

/** How each credential is named to the user, the type n8n knows it by, and its secrets. */
const CREDENTIAL_OF: Record<CredentialKind, { name: string; type: string; secretsIn: (data: IDataObject) => string[] }> = {
	instance: { name: 'Z-API credentials', type: CREDENTIALS_TYPE, secretsIn: (data) => secretsOf(instanceFrom(data)) },
	partner: { name: 'Z-API Partner API credentials', type: PARTNER_CREDENTIALS_TYPE, secretsIn: (data) => partnerSecretsOf(partnerFrom(data)) },
};

export const DEFAULT_BASE_URL = 'https://api.z-api.io';

/** The action node's resource that uses the Z-API Partner API credential instead of the instance one. */
export const PARTNER_RESOURCE = 'partner';

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
	/**
	 * True when the call only reads (or sets a value to the same value, as a webhook's
	 * address), so sending it again after it may have reached the service changes nothing.
	 * Default: a GET reads, anything else changes something (a send, a group change). Reads
	 * sent as POST (/phone-exists-batch) say so here.
	 */
	repeatable?: boolean;
}

/**
 * The HTTP methods Z-API's pages use (GET, POST, PUT, DELETE; none uses PATCH). A call with
 * any other is refused before it is sent: Node itself throws on some (a space in the method)
 * with no code that says nothing left.
 */
export const ZAPI_METHODS: readonly IHttpRequestMethods[] = ['GET', 'POST', 'PUT', 'DELETE'];

/** Bounded retries for 429, 5xx and dropped connections. */
const RETRY = { attempts: 3, baseDelayMs: 1000, maxDelayMs: 30_000 };

/**
 * Failures where the request surely never reached the service: any call may be sent again.
 * A temporary DNS failure only: a refused connection or an unknown host is a wrong Base URL
 * far more often than a passing fault, and fails at once.
 */
const NOT_REACHED_CODES = new Set(['EAI_AGAIN']);

/**
 * Per node run (the context n8n builds for one try of a node), the items for which a call
 * that changes something may have been carried out: it was answered 2xx, or it failed in a
 * way that may come after the service did it. Read by the action node's memory of sent items
 * (nodes/ZApi/actions/sentItems.ts), which keeps n8n's Retry On Fail from sending them again.
 */
const changedItemsOfRun = new WeakMap<object, Set<number>>();

/** Whether a call that changes something may have been carried out for `itemIndex` in this node run. */
export function changeMayHaveReached(context: ZApiContext, itemIndex: number): boolean {
	return changedItemsOfRun.get(context)?.has(itemIndex) ?? false;
}

function noteChange(context: ZApiContext, call: ZApiCall, repeatable: boolean): void {
	if (repeatable || call.itemIndex === undefined) return;
	changedItemsOfRun.set(context, (changedItemsOfRun.get(context) ?? new Set()).add(call.itemIndex));
}

const REQUEST_TIMEOUT_MS = 60_000;

/** The credential's values, trimmed, with the default Base URL and no trailing slash. */
export function instanceFrom(credentials: IDataObject): ZApiInstance {
	return {
		instanceId: String(credentials.instanceId ?? '').trim(),
		instanceToken: String(credentials.instanceToken ?? '').trim(),
		clientToken: String(credentials.clientToken ?? '').trim(),
		baseUrl: baseUrlOf(credentials),
	};
}

const baseUrlOf = (credentials: IDataObject) => String(credentials.baseUrl || DEFAULT_BASE_URL).trim().replace(/\/+$/, '');

/** What an http(s) address starts with. */
const HTTP_ADDRESS = /^https?:\/\/[^/\s]+/i;

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
const credentialsOfExecution = new WeakMap<ZApiContext, Map<string, Promise<ICredentialDataDecryptedObject>>>();

function credentialsOf(context: ZApiContext, type: string = CREDENTIALS_TYPE): Promise<ICredentialDataDecryptedObject> {
	const ofContext = credentialsOfExecution.get(context) ?? new Map<string, Promise<ICredentialDataDecryptedObject>>();
	credentialsOfExecution.set(context, ofContext);
	let read = ofContext.get(type);
	if (!read) {
		read = context.getCredentials(type);
		ofContext.set(type, read);
		// A failed read is not kept: the next item asks n8n again.
		read.catch(() => ofContext.delete(type));
	}
	return read;
}

/**
 * The redactor of the credentials' secrets, built once per node execution (building it costs
 * more than a request's own work; applying it is cheap) and kept exactly like the
 * credentials above: keyed by the execution, gone with it.
 */
const redactorOfExecution = new WeakMap<object, { key: string; redact: Redactor }>();

function redactorOf(context: ZApiContext, secrets: string[], extra: string[] | undefined): Redactor {
	if (extra?.length) return redactorFor([...secrets, ...extra]);
	const key = secrets.join('\n');
	const kept = redactorOfExecution.get(context.helpers);
	if (kept?.key === key) return kept.redact;
	const redact = redactorFor(secrets);
	redactorOfExecution.set(context.helpers, { key, redact });
	return redact;
}

export async function getInstance(this: ZApiContext): Promise<ZApiInstance> {
	const instance = instanceFrom(await credentialsOf(this));
	const missing = (['instanceId', 'instanceToken'] as const).filter((key) => !instance[key]);
	if (missing.length) {
		throw new NodeOperationError(this.getNode(), 'The Z-API credentials are incomplete', {
			description: `Fill in ${missing.map((key) => (key === 'instanceId' ? 'Instance ID' : 'Instance Token')).join(' and ')} in the Z-API credentials, as shown in the Z-API panel.`,
		});
	}
	checkBaseUrl(this.getNode(), instance.baseUrl, 'instance');
	return instance;
}

function checkBaseUrl(node: INode, baseUrl: string, credential: CredentialKind): void {
	const { name } = CREDENTIAL_OF[credential];
	if (!HTTP_ADDRESS.test(baseUrl)) {
		throw new NodeOperationError(node, `The Base URL in the ${name} is not a URL`, {
			description: `Use ${DEFAULT_BASE_URL}, or the http(s) address of a server that speaks the Z-API interface.`,
		});
	}
	const held = heldInstancePath(baseUrl, credential);
	if (held) throw new NodeOperationError(node, `The Base URL in the ${name} holds ${held.holds}`, { description: `Set Base URL to ${held.setTo}` });
}

/**
 * The credentials' secrets, for redacting a text built from parameter values (a token typed
 * into a URL field by mistake comes back in the validation error). Empty when the
 * credentials cannot be read: that failure is reported where it happens.
 */
export async function credentialSecrets(context: ZApiContext): Promise<string[]> {
	// The instance's first. The Partner (Instances) resource uses the Z-API Partner API
	// credential only; n8n refuses it to every other resource, as it refuses the instance
	// credential to that one.
	for (const { type, secretsIn } of Object.values(CREDENTIAL_OF)) {
		try {
			const secrets = secretsIn(await credentialsOf(context, type));
			if (secrets.length) return secrets;
		} catch {
			// Reported where it happens.
		}
	}
	return [];
}

/**
 * Credentials already read, as httpRequestWithAuthentication takes them (naming the node's
 * credential of that type), so n8n does not read them again for the request.
 */
export function credentialsFor(context: { getNode(): INode }, data: ICredentialDataDecryptedObject, type: string = CREDENTIALS_TYPE): ICredentialsDecrypted {
	const chosen = context.getNode().credentials?.[type];
	return { id: chosen?.id ?? '', name: chosen?.name ?? '', type, data: { ...data } };
}

/**
 * A Base URL that goes on with /instances/…: the whole instance address the Z-API panel shows,
 * pasted as the Base URL, would send every call to …/token/<token>/instances/… for a bare 404.
 * In words: what it holds, and what to set instead. Only the origin is named: the rest of what
 * was pasted holds the token.
 */
export function heldInstancePath(baseUrl: string, credential: CredentialKind): { holds: string; setTo: string } | undefined {
	if (!/^https?:\/\/[^/]+(\/.*)?\/instances(\/|$)/i.test(baseUrl)) return undefined;
	const origin = new URL(baseUrl).origin;
	return credential === 'partner'
		? { holds: 'an instance address', setTo: `the server only, ${origin} (without /instances/…).` }
		: { holds: 'a whole instance address', setTo: `the server only, ${origin} (without /instances/…/token/…). The Instance ID and Instance Token go in their own fields.` };
}

/** A Base URL as an address, when it is an http(s) one. */
export function urlOf(baseUrl: string): URL | undefined {
	return HTTP_ADDRESS.test(baseUrl) && URL.canParse(baseUrl) ? new URL(baseUrl) : undefined;
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
	checkMethod(this, call);
	const instance = await getInstance.call(this);
	return await dispatch.call(this, call, 'instance', { url: instanceUrl(instance, call.path), baseUrl: instance.baseUrl, secrets: secretsOf(instance) });
}

/** An integrator account, as the Z-API Partner API credential describes it. */
export interface ZApiPartner {
	partnerToken: string;
	baseUrl: string;
}

/** The Partner API credential's values, trimmed, with the default Base URL and no trailing slash. */
export function partnerFrom(credentials: IDataObject): ZApiPartner {
	return {
		partnerToken: String(credentials.partnerToken ?? '').trim(),
		baseUrl: baseUrlOf(credentials),
	};
}

/** One instance of the account, named by the operation's parameters (not by a credential). */
export interface PartnerInstance {
	id: string;
	token: string;
}

/**
 * A call of Z-API's Partner API. Account-level calls (create, list) have no instance:
 * `path` follows the Base URL (`/instances/integrator/on-demand`). Per-instance calls name
 * one: `path` follows `/instances/{id}/token/{token}` (`/integrator/on-demand/cancel`), the
 * instance's token travelling there as in every instance call, and redacted as the
 * credentials' secrets are.
 */
export interface PartnerCall extends ZApiCall {
	instance?: PartnerInstance;
}

export async function getPartner(this: ZApiContext): Promise<ZApiPartner> {
	const partner = partnerFrom(await credentialsOf(this, PARTNER_CREDENTIALS_TYPE));
	if (!partner.partnerToken) {
		throw new NodeOperationError(this.getNode(), 'The Z-API Partner API credentials have no Partner Token', {
			description: 'Fill in Partner Token in the Z-API Partner API credentials: the integrator token Z-API gives the account (the panel, or Z-API support for the definitive one).',
		});
	}
	checkBaseUrl(this.getNode(), partner.baseUrl, 'partner');
	return partner;
}

/** The partner token and, for a per-instance call, that instance's token: for redaction. */
export function partnerSecretsOf(partner: ZApiPartner, instance?: PartnerInstance): string[] {
	return [partner.partnerToken, instance?.token ?? ''].filter(Boolean);
}

export function partnerUrl(partner: ZApiPartner, call: Pick<PartnerCall, 'path' | 'instance'>): string {
	if (!call.instance) return `${partner.baseUrl}${call.path}`;
	return `${partner.baseUrl}/instances/${encodeURIComponent(call.instance.id)}/token/${encodeURIComponent(call.instance.token)}${call.path}`;
}

/**
 * Calls Z-API's Partner API with the Z-API Partner API credential (`Authorization: Bearer`,
 * added by the credential type) and returns the parsed answer body. Sent, retried and
 * redacted exactly as an instance call: a call that changes something (creating, signing,
 * cancelling an instance, all billed) is never sent again once it may have reached the
 * service.
 */
export async function partnerRequest(this: ZApiContext, call: PartnerCall): Promise<unknown> {
	checkMethod(this, call);
	const partner = await getPartner.call(this);
	return await dispatch.call(this, call, 'partner', { url: partnerUrl(partner, call), baseUrl: partner.baseUrl, secrets: partnerSecretsOf(partner, call.instance) });
}

function checkMethod(context: ZApiContext, call: ZApiCall): void {
	if (ZAPI_METHODS.includes(call.method)) return;
	throw nodeError(context.getNode(), `The call was not sent: ${JSON.stringify(String(call.method)).slice(0, 40)} is not an HTTP method Z-API uses`, {
		description: `Use ${ZAPI_METHODS.join(', ')}, as the endpoint's page in Z-API's docs gives it.`,
		itemIndex: call.itemIndex,
	});
}

/**
 * Sends one call: same-origin redirects only, bounded retries of what may be sent again,
 * the answer redacted, every failure in words (errors.ts).
 */
async function dispatch(this: ZApiContext, call: ZApiCall, credential: CredentialKind, { url, baseUrl, secrets }: { url: string; baseUrl: string; secrets: string[] }): Promise<unknown> {
	const redact = redactorOf(this, secrets, call.secrets);
	const host = new URL(baseUrl).host;
	const repeatable = call.repeatable ?? call.method === 'GET';
	const { type } = CREDENTIAL_OF[credential];
	const send: Sender = async (request) =>
		// The credentials already read are handed over, so n8n does not read them again.
		await this.helpers.httpRequestWithAuthentication.call(this, type, request, { credentialsDecrypted: credentialsFor(this, await credentialsOf(this, type), type) });
	const options: IHttpRequestOptions = {
		method: call.method,
		url,
		qs: call.qs,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: REQUEST_TIMEOUT_MS,
		// The credentials' headers and the instance path never follow a redirect to another origin.
		disableFollowRedirect: true,
		// The service answers 415 to a body without this header.
		...(call.body !== undefined && { body: call.body, headers: { 'Content-Type': 'application/json' } }),
	};

	for (let attempt = 1; ; attempt++) {
		const { response, networkCode, redirected } = await tryWithinOrigin(send, options);
		if (redirected) throw redirectedElsewhereError(this.getNode(), redirected, call.itemIndex, credential);
		if (response && response.statusCode >= 200 && response.statusCode < 300) {
			noteChange(this, call, repeatable);
			return redactWith(response.body, redact);
		}
		const status = response?.statusCode;
		// Without an answer, whether the request got there depends on Node's code; a 429 says it
		// was not carried out, a 5xx may come after it was, a 4xx or a redirect not followed says no.
		const maybeReached = status === undefined ? networkCode === undefined || MAYBE_REACHED_CODES.has(networkCode) : status < 300 || status >= 500;
		const retry =
			status === undefined
				? networkCode !== undefined && (NOT_REACHED_CODES.has(networkCode) || (repeatable && maybeReached))
				: status === 429 || (repeatable && status >= 500);
		const delay = retryAfterDelay(response?.headers) ?? backoffDelay(attempt);
		if (retry && attempt < RETRY.attempts && delay <= RETRY.maxDelayMs) {
			await sleep(delay);
			continue;
		}
		if (maybeReached) noteChange(this, call, repeatable);
		const serviceMessage = response && serviceMessageOf(redactWith(response.body, redact));
		const mayHaveReached = !repeatable && (status === undefined ? maybeReached : status >= 500);
		throw failedCallError(this.getNode(), { status, networkCode, serviceMessage: serviceMessage && redact(serviceMessage), attempts: attempt, host, mayHaveReached, credential }, call.itemIndex);
	}
}

/**
 * A redirect to another origin is not followed: the instance path and the Client-Token
 * header would go with it. Only origins are named, never the address, which holds the token.
 */
function redirectedElsewhereError(node: INode, error: RedirectedElsewhere, itemIndex: number | undefined, credential: CredentialKind): NodeOperationError {
	const credentials = CREDENTIAL_OF[credential].name;
	return new NodeOperationError(node, `The server at ${error.from} redirected the call to ${error.to}; it was not followed`, {
		description: error.toHttps
			? `The Base URL in the ${credentials} starts with http:// and the server moved to https. Change the Base URL to ${error.to}.`
			: `The credentials are only sent to the Base URL's server, never to another it redirects to. Check the Base URL in the ${credentials} (${error.from}): use the address of the server that answers itself, such as ${DEFAULT_BASE_URL}.`,
		itemIndex,
	});
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
