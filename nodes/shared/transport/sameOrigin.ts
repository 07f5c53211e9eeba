import type { ICredentialTestFunctions, IDataObject, IHttpRequestOptions, RequestHelperFunctions } from 'n8n-workflow';

/**
 * The one way a request carrying a secret (Z-API's token and Client-Token, the n8n API key)
 * leaves this package. n8n follows redirects by default, headers and all, to whatever origin a
 * server names; here n8n never follows one: a redirect on the same origin is followed by hand,
 * a redirect to another origin is refused before anything is sent there.
 */

/** What every sender hands back: the status, headers and body, whatever the status. */
export interface RawResponse {
	statusCode: number;
	headers: IDataObject;
	body: unknown;
}

/** Sends one request, never following a redirect itself (the options say so). */
export type Sender = (options: IHttpRequestOptions) => Promise<RawResponse>;

/** Same-origin redirects followed at most. */
const MAX_SAME_ORIGIN_REDIRECTS = 3;

/** A redirect to another origin, not followed. Carries origins only: addresses may hold secrets. */
export class RedirectedElsewhere extends Error {
	constructor(
		readonly from: string,
		readonly to: string,
		readonly status: number,
	) {
		super(`The server at ${from} redirected the request to ${to} (${status}); it was not followed`);
		this.name = 'RedirectedElsewhere';
	}

	/** The server moved from http to https on the same host name. */
	get toHttps(): boolean {
		if (!URL.canParse(this.to)) return false;
		const [from, to] = [new URL(this.from), new URL(this.to)];
		return from.protocol === 'http:' && to.protocol === 'https:' && to.hostname === from.hostname;
	}
}

/**
 * Sends `options` through `send`, following same-origin redirects (301, 302, 307 and 308 keep
 * the method and body; 303 turns into a GET without body) and refusing any other. After
 * MAX_SAME_ORIGIN_REDIRECTS the last 3xx response is returned as it is: the caller treats it
 * as any unexpected status.
 */
export async function sendWithinOrigin(send: Sender, options: IHttpRequestOptions): Promise<RawResponse> {
	const origin = new URL(options.url).origin;
	let current: IHttpRequestOptions = { ...options, disableFollowRedirect: true };
	for (let redirects = 0; ; redirects++) {
		const response = await send(current);
		const target = redirectTarget(response, current.url);
		if (!target || redirects >= MAX_SAME_ORIGIN_REDIRECTS) return response;
		// An address without an origin (data:, file:) is named by its scheme alone: its path may hold anything.
		if (target.origin !== origin) throw new RedirectedElsewhere(origin, target.origin === 'null' ? `a ${target.protocol} address` : target.origin, response.statusCode);
		// The query is in the new address already.
		current = { ...current, url: target.toString(), qs: undefined };
		if (response.statusCode === 303) {
			current.method = 'GET';
			delete current.body;
			current.headers = withoutContentType(current.headers);
		}
	}
}

/**
 * sendWithinOrigin with its failure as a value: the answer, or why none came (the redirect to
 * another origin it refused, or Node's error code, undefined when there is none).
 */
export async function tryWithinOrigin(send: Sender, options: IHttpRequestOptions): Promise<{ response?: RawResponse; networkCode?: string; redirected?: RedirectedElsewhere }> {
	try {
		return { response: await sendWithinOrigin(send, options) };
	} catch (error) {
		return error instanceof RedirectedElsewhere ? { redirected: error } : { networkCode: networkCodeOf(error) };
	}
}

/** The network error code somewhere in the chain n8n wraps around a failed request. */
export function networkCodeOf(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(code)) return code;
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

/** An answer in HTML: a web page (an editor, a proxy's page), never a JSON API's. */
export function looksLikeHtml(response: RawResponse): boolean {
	if (/text\/html/i.test(String(response.headers?.['content-type'] ?? ''))) return true;
	return typeof response.body === 'string' && /^\s*</.test(response.body);
}

/** Where a 3xx response points, resolved against the address it answered. */
function redirectTarget(response: RawResponse, from: string): URL | undefined {
	if (response.statusCode < 300 || response.statusCode >= 400) return undefined;
	const location = response.headers?.location;
	if (typeof location !== 'string' || !location) return undefined;
	return URL.canParse(location, from) ? new URL(location, from) : undefined;
}

function withoutContentType(headers: IHttpRequestOptions['headers']): IHttpRequestOptions['headers'] {
	if (!headers) return headers;
	const kept = Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-type');
	return kept.length ? Object.fromEntries(kept) : undefined;
}

/**
 * The sender of a node or trigger: n8n's httpRequest, the whole response whatever its status
 * (sendWithinOrigin reads redirects, the caller the status).
 */
export function helperSender(helpers: Pick<RequestHelperFunctions, 'httpRequest'>): Sender {
	return async (options) => (await helpers.httpRequest({ ...options, returnFullResponse: true, ignoreHttpStatusErrors: true })) as RawResponse;
}

/**
 * The sender of a credential test: n8n gives a test one helper, `request` (no httpRequest);
 * it is told never to follow a redirect, and sendWithinOrigin decides. `headers` are added to
 * every request (an API key); `json` parses the answer.
 */
export function credentialTestSender(helpers: ICredentialTestFunctions['helpers'], { json, headers = {} }: { json: boolean; headers?: IDataObject }): Sender {
	return async (options) => {
		const response = (await helpers.request({
			uri: options.url,
			method: options.method,
			qs: options.qs,
			body: options.body,
			headers: { ...(options.headers ?? {}), ...headers },
			json,
			timeout: options.timeout,
			resolveWithFullResponse: true,
			simple: false,
			followRedirect: false,
			followAllRedirects: false,
		})) as { statusCode: number; headers?: Record<string, unknown>; body: unknown };
		return { statusCode: response.statusCode, headers: (response.headers ?? {}) as never, body: response.body };
	};
}
