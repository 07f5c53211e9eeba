import nock from 'nock';
import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, INodeExecutionData, INodeType } from 'n8n-workflow';

import { INSTANCE_PATH, registerNodeType, runAction } from '../../../helpers/engine';
import { holdsSecret } from '../../../helpers/secrets';
import { zApiRequest } from '../../../../nodes/shared/transport';

/** Requests sent and not answered yet: the fake clock below stands still while there are any. */
let inFlight = 0;

const api = (base = 'https://api.z-api.io') => {
	const scope = nock(base);
	const open = new Set<unknown>();
	const finish = (request: unknown) => {
		if (open.delete(request)) inFlight--;
	};
	scope.on('request', (request: { once: (event: string, listener: () => void) => void }) => {
		open.add(request);
		inFlight++;
		request.once('error', () => finish(request));
	});
	scope.on('replied', finish);
	return scope;
};
const STATUS_PATH = `${INSTANCE_PATH}/update-webhook-message-status`;
const MESSAGES_PATH = `${INSTANCE_PATH}/chat-messages/5511999999999`;

/** A PUT with a body: the webhook status operation. */
const setStatusUrl = { resource: 'webhook', operation: 'setStatusUrl', url: 'https://n8n.example.com/webhook/zapi' };
/** A GET without a body: one page of a chat. */
const getMessages = { resource: 'chat', operation: 'getMessages', phone: '5511999999999', limit: 10, simplify: false };

/** A network failure as Node reports it. (A plain object passed to replyWithError hangs nock 14.) */
const networkError = (code: string) => Object.assign(new Error(`${code.toLowerCase()} from test`), { code });

describe('transport: URL and headers', () => {
	it('calls {base}/instances/{id}/token/{token}{path} with the query string', async () => {
		const scope = api()
			.get('/instances/INSTANCE123/token/tok3n-SECRET-7f9a/chat-messages/5511999999999')
			.query({ amount: '10' })
			.reply(200, []);
		const result = await runAction(getMessages);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('uses the Base URL of the credentials, without a trailing slash, and encodes id and token', async () => {
		const scope = api('http://zapi.internal:8080')
			.get('/instances/ID%2F1/token/t%20k%2Fn-SECRET/chat-messages/5511999999999')
			.query({ amount: '10' })
			.reply(200, []);
		const result = await runAction(getMessages, undefined, {
			credentials: { baseUrl: 'http://zapi.internal:8080//', instanceId: 'ID/1', instanceToken: 't k/n-SECRET' },
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('sends the Client-Token header when the credentials have one', async () => {
		const scope = api()
			.put(STATUS_PATH)
			.matchHeader('client-token', 'acct-SECURITY-token-1')
			.reply(200, { value: true });
		const result = await runAction(setStatusUrl, undefined, { credentials: { clientToken: '  acct-SECURITY-token-1 ' } });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('sends no Client-Token header when the credentials have none (or only spaces)', async () => {
		const scope = nock('https://api.z-api.io', { badheaders: ['client-token'] })
			.put(STATUS_PATH)
			.reply(200, { value: true })
			.get(MESSAGES_PATH)
			.query(true)
			.reply(200, []);
		expect((await runAction(setStatusUrl)).error).toBeUndefined();
		expect((await runAction(getMessages, undefined, { credentials: { clientToken: '   ' } })).error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('sends bodies as JSON with Content-Type application/json', async () => {
		const scope = api()
			.put(STATUS_PATH, (body) => body.value === 'https://n8n.example.com/webhook/zapi')
			.matchHeader('content-type', /^application\/json/)
			.reply(200, { value: true })
			.post(`${INSTANCE_PATH}/add-admin`, { groupId: '120363019502650977-group', phones: ['5511999999999'] })
			.matchHeader('content-type', /^application\/json/)
			.reply(200, { value: true });
		expect((await runAction(setStatusUrl)).error).toBeUndefined();
		const promote = { resource: 'group', operation: 'promoteToAdmin', groupId: '120363019502650977-group', phones: '5511999999999' };
		expect((await runAction(promote)).error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('refuses incomplete credentials before any request', async () => {
		const scope = api().get(/.*/).reply(200, []);
		const result = await runAction(getMessages, undefined, { credentials: { instanceToken: '  ' } });
		expect(result.error?.message).toBe('The Z-API credentials are incomplete');
		expect(result.error?.description).toMatch(/Fill in Instance Token/);
		expect(scope.isDone()).toBe(false);
	});

	it('refuses a Base URL that is not a URL before any request', async () => {
		const result = await runAction(getMessages, undefined, { credentials: { baseUrl: 'api.z-api.io' } });
		expect(result.error?.message).toBe('The Base URL in the Z-API credentials is not a URL');
	});
});

describe('transport: errors the service answers', () => {
	it.each<[string, number, IDataObject | string, string, RegExp]>([
		['400 Instance not found', 400, { error: 'Instance not found' }, 'Z-API did not recognise the instance ID or instance token (400)', /copy the Instance ID and Instance Token again/],
		['401', 401, '', 'Z-API did not recognise the instance ID or instance token (401)', /copy the Instance ID and Instance Token again/],
		['404', 404, { error: 'Not Found' }, 'Z-API did not recognise the instance ID or instance token (404)', /Base URL/],
		['403 Client-Token not allowed', 403, { error: 'Client-Token not allowed' }, 'Z-API refused the Client Token', /paste the instance token there/],
		['403 without a body', 403, '', 'Z-API refused the Client Token', /account security token/],
		['400 null not allowed', 400, { error: 'null not allowed' }, 'Z-API requires a Client Token for this account, and none is set', /It is not the instance token/],
		['405', 405, '', 'Z-API refused the HTTP method of this call (405)', /does not speak the Z-API interface/],
		['415', 415, { error: 'Unsupported Media Type' }, 'Z-API refused the content type of this call (415)', /sent as JSON/],
		['422 with a message', 422, { message: 'phones must not be empty' }, 'Z-API rejected the call (422): phones must not be empty', /check the values sent/],
	])('%s: one request, then an error that says what to do', async (_label, status, body, message, description) => {
		const scope = api().put(STATUS_PATH).reply(status, body);
		const spare = api().put(STATUS_PATH).reply(200, { value: true });
		const result = await runAction(setStatusUrl);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(description);
		expect(result.error?.httpCode).toBe(String(status));
		expect(result.error?.context?.itemIndex).toBe(0);
		expect(result.json).toEqual([]);
		expect(scope.isDone()).toBe(true);
		expect(spare.isDone()).toBe(false); // 4xx are not retried
	});

	it('the same rules apply to a GET', async () => {
		api().get(MESSAGES_PATH).query(true).reply(403, { error: 'Client-Token not allowed' });
		const result = await runAction(getMessages);
		expect(result.error?.message).toBe('Z-API refused the Client Token');
	});
});

describe('transport: the status decides before the words of the answer', () => {
	// A rate limit whose body happens to say "instance" is still a rate limit, not a
	// credentials problem: the status rules come before the rules that read the body.
	it.each<[number, string, RegExp]>([
		[429, 'Too many requests for this instance', /rate limiting/],
		[405, 'Method not allowed for /instances/x/token/[redacted]/add-admin', /HTTP method/],
		[415, 'Content-Type required on the token route', /content type/],
	])('%i with %j is named by its status', async (status, error, message) => {
		// Retry-After 0: retries go on at once; the schedule is tested below.
		api().put(STATUS_PATH).times(3).reply(status, { error }, { 'Retry-After': '0' });
		const result = await runAction(setStatusUrl);
		expect(result.error?.message).toMatch(message);
	});
});

/**
 * Runs `run` on a fake clock: time moves in small steps, only while no request is in
 * flight (so a request's own timeout never fires), which skips n8n's sleep between
 * attempts. Sockets (nock's replies) keep the real event loop. Returns the result and the
 * fake time between the requests recorded in `arrivals`.
 */
const STEP_MS = 50;

async function onFakeClock<T>(run: () => Promise<T>, arrivals: number[]): Promise<{ result: T; waits: number[] }> {
	jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
	try {
		let settled = false;
		const pending = run().finally(() => {
			settled = true;
		});
		while (!settled) {
			await new Promise((resolve) => setImmediate(resolve));
			if (inFlight === 0) await jest.advanceTimersByTimeAsync(STEP_MS);
		}
		const result = await pending;
		return { result, waits: arrivals.slice(1).map((time, index) => time - arrivals[index]) };
	} finally {
		jest.useRealTimers();
	}
}

/** A wait of `ms`, give or take the few steps the fake clock takes around a request. */
function expectWait(wait: number | undefined, ms: number) {
	expect(wait).toBeGreaterThanOrEqual(ms);
	expect(wait).toBeLessThan(ms + 10 * STEP_MS);
}

/** An interceptor's reply that records the (fake) time of the request. */
const at =
	(arrivals: number[], status: number, body: unknown = '', headers: Record<string, string> = {}) =>
	() => {
		arrivals.push(Date.now());
		return [status, body as IDataObject, headers] as [number, IDataObject, Record<string, string>];
	};

describe('transport: retries', () => {
	it('retries a 429 without Retry-After twice, 1 s then 2 s apart, then fails', async () => {
		const arrivals: number[] = [];
		const scope = api().put(STATUS_PATH).times(3).reply(at(arrivals, 429, { error: 'Too Many Requests' }));
		const spare = api().put(STATUS_PATH).reply(200, { value: true });
		const { result, waits } = await onFakeClock(() => runAction(setStatusUrl), arrivals);
		expect(result.error?.message).toBe('Z-API is rate limiting this instance (429, tried 3 times)');
		expect(result.error?.description).toMatch(/Slow the workflow down/);
		expect(waits).toHaveLength(2);
		expectWait(waits[0], 1000);
		expectWait(waits[1], 2000);
		expect(scope.isDone()).toBe(true);
		expect(spare.isDone()).toBe(false);
	});

	it('retries a 429 and goes on when the next answer is a success', async () => {
		const arrivals: number[] = [];
		const scope = api()
			.put(STATUS_PATH)
			.reply(at(arrivals, 429))
			.put(STATUS_PATH, { value: 'https://n8n.example.com/webhook/zapi' })
			.reply(at(arrivals, 200, { value: true }));
		const { result } = await onFakeClock(() => runAction(setStatusUrl), arrivals);
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(1);
		expect(scope.isDone()).toBe(true);
	});

	it('waits as long as Retry-After says before trying again', async () => {
		const arrivals: number[] = [];
		api()
			.put(STATUS_PATH)
			.reply(at(arrivals, 429, '', { 'Retry-After': '7' }))
			.put(STATUS_PATH)
			.reply(at(arrivals, 200, { value: true }));
		const { result, waits } = await onFakeClock(() => runAction(setStatusUrl), arrivals);
		expect(result.error).toBeUndefined();
		// The backoff would be 1 s: only Retry-After explains 7.
		expectWait(waits[0], 7000);
	});

	it('accepts Retry-After as an HTTP date', async () => {
		const arrivals: number[] = [];
		const scope = api()
			.put(STATUS_PATH)
			.reply(() => at(arrivals, 429, '', { 'Retry-After': new Date(Date.now() + 5000).toUTCString() })())
			.put(STATUS_PATH)
			.reply(at(arrivals, 200, { value: true }));
		const { result, waits } = await onFakeClock(() => runAction(setStatusUrl), arrivals);
		expect(result.error).toBeUndefined();
		// An HTTP date has whole seconds: 5 s ahead is 4 to 5 s of wait.
		expect(waits[0]).toBeGreaterThanOrEqual(4000);
		expect(waits[0]).toBeLessThan(5000 + 10 * STEP_MS);
		expect(scope.isDone()).toBe(true);
	});

	it('does not retry sooner than a Retry-After beyond the longest wait (30 s): fails at once', async () => {
		const arrivals: number[] = [];
		const scope = api().put(STATUS_PATH).reply(at(arrivals, 429, '', { 'Retry-After': '31' }));
		const spare = api().put(STATUS_PATH).reply(200, { value: true });
		const { result } = await onFakeClock(() => runAction(setStatusUrl), arrivals);
		expect(result.error?.message).toBe('Z-API is rate limiting this instance (429, tried 1 times)');
		expect(scope.isDone()).toBe(true);
		expect(spare.isDone()).toBe(false);
	});

	it.each([500, 502, 503])('retries a %i twice, then fails', async (status) => {
		const arrivals: number[] = [];
		const scope = api().put(STATUS_PATH).times(3).reply(at(arrivals, status, '<html>oops</html>'));
		const spare = api().put(STATUS_PATH).reply(200, { value: true });
		const { result } = await onFakeClock(() => runAction(setStatusUrl), arrivals);
		expect(result.error?.message).toBe(`Z-API had a server error (${status}, tried 3 times)`);
		expect(result.error?.description).toMatch(/Try again in a few minutes/);
		expect(result.error?.httpCode).toBe(String(status));
		expect(scope.isDone()).toBe(true);
		expect(spare.isDone()).toBe(false);
	});

	it('retries a 502 and goes on when the service recovers', async () => {
		const arrivals: number[] = [];
		const scope = api()
			.get(MESSAGES_PATH)
			.query({ amount: '10' })
			.reply(at(arrivals, 502))
			.get(MESSAGES_PATH)
			.query({ amount: '10' })
			.reply(at(arrivals, 503))
			.get(MESSAGES_PATH)
			.query({ amount: '10' })
			.reply(at(arrivals, 200, [{ messageId: 'A' }]));
		const { result } = await onFakeClock(() => runAction(getMessages), arrivals);
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ messageId: 'A' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('retries a connection reset, then succeeds', async () => {
		const scope = api()
			.put(STATUS_PATH)
			.replyWithError(networkError('ECONNRESET'))
			.put(STATUS_PATH, { value: 'https://n8n.example.com/webhook/zapi' })
			.reply(200, { value: true });
		const { result } = await onFakeClock(() => runAction(setStatusUrl), []);
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ webhook: 'messageStatus', url: 'https://n8n.example.com/webhook/zapi', success: true }]);
		expect(scope.isDone()).toBe(true);
	});

	it('gives up on connection resets after three tries', async () => {
		const scope = api().put(STATUS_PATH).times(3).replyWithError(networkError('ECONNRESET'));
		const spare = api().put(STATUS_PATH).reply(200, { value: true });
		const { result } = await onFakeClock(() => runAction(setStatusUrl), []);
		expect(result.error?.message).toBe('Could not reach Z-API at api.z-api.io (ECONNRESET): the connection was cut before an answer came');
		expect(result.error?.description).toMatch(/^Tried 3 times\. Check the Base URL/);
		expect(scope.isDone()).toBe(true);
		expect(spare.isDone()).toBe(false);
	});

	it('does not retry a refused connection', async () => {
		const scope = api().put(STATUS_PATH).replyWithError(networkError('ECONNREFUSED'));
		const spare = api().put(STATUS_PATH).reply(200, { value: true });
		const result = await runAction(setStatusUrl);
		expect(result.error?.message).toBe(
			'Could not reach Z-API at api.z-api.io (ECONNREFUSED): nothing accepts connections at that address (the server is down, or the Base URL or its port is wrong)',
		);
		expect(result.error?.description).toMatch(/^Tried once\. Check the Base URL/);
		expect(scope.isDone()).toBe(true);
		expect(spare.isDone()).toBe(false);
	});

	it('does not retry an unknown host', async () => {
		const scope = api('https://zapi.nowhere.example').get(/.*/).replyWithError(networkError('ENOTFOUND'));
		const result = await runAction(getMessages, undefined, { credentials: { baseUrl: 'https://zapi.nowhere.example' } });
		expect(result.error?.message).toBe('Could not reach Z-API at zapi.nowhere.example (ENOTFOUND): no server has that name (check the Base URL for a typo)');
		expect(scope.isDone()).toBe(true);
	});

	it('retries each item on its own: a retried item does not disturb the next', async () => {
		const scope = api()
			.put(STATUS_PATH, { value: 'https://a.example.com/' })
			.reply(503, '')
			.put(STATUS_PATH, { value: 'https://a.example.com/' })
			.reply(200, { value: true })
			.put(STATUS_PATH, { value: 'https://b.example.com/' })
			.reply(200, { value: true });
		const { result } = await onFakeClock(
			() =>
				runAction({ ...setStatusUrl, url: '={{ $json.url }}' }, [
					{ json: { url: 'https://a.example.com/' } },
					{ json: { url: 'https://b.example.com/' } },
				]),
			[],
		);
		expect(result.error).toBeUndefined();
		expect(result.json.map((json) => json.url)).toEqual(['https://a.example.com/', 'https://b.example.com/']);
		expect(scope.isDone()).toBe(true);
	});
});

describe('transport: a Base URL holding the whole instance address', () => {
	const token = 'tok+en/with=and space';
	it.each([
		['as the panel shows it', `https://api.z-api.io/instances/INSTANCE123/token/${encodeURIComponent(token)}`],
		['with a trailing slash and an endpoint', `https://api.z-api.io/instances/INSTANCE123/token/${token}/send-text/`],
		['on a self-hosted server', 'http://zapi.internal:8080/base/instances/X'],
	])('%s: refused before any request, saying what to paste, without the token', async (_label, baseUrl) => {
		const scope = nock(/.*/).get(/.*/).reply(200, []);
		const result = await runAction(getMessages, undefined, { credentials: { baseUrl, instanceToken: token } });
		expect(result.error?.message).toBe('The Base URL in the Z-API credentials holds a whole instance address');
		expect(result.error?.description).toBe(
			`Set Base URL to the server only, ${new URL(baseUrl).origin} (without /instances/…/token/…). The Instance ID and Instance Token go in their own fields.`,
		);
		expect(JSON.stringify(result.run.data)).not.toMatch(/tok\+en|tok%2Ben|INSTANCE123\/token/);
		expect(scope.isDone()).toBe(false);
	});

	it('accepts a Base URL whose path only contains the word elsewhere', async () => {
		const scope = api('https://zapi.example.com')
			.get('/my-instances/instances/INSTANCE123/token/tok3n-SECRET-7f9a/chat-messages/5511999999999')
			.query(true)
			.reply(200, []);
		const result = await runAction(getMessages, undefined, { credentials: { baseUrl: 'https://zapi.example.com/my-instances' } });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});
});

describe('transport: certificates n8n does not trust', () => {
	it.each<[string, RegExp, RegExp]>([
		['DEPTH_ZERO_SELF_SIGNED_CERT', /self-signed/, /NODE_EXTRA_CA_CERTS/],
		['SELF_SIGNED_CERT_IN_CHAIN', /private certificate authority/, /NODE_EXTRA_CA_CERTS/],
		['UNABLE_TO_VERIFY_LEAF_SIGNATURE', /cannot find who issued/, /full certificate chain/],
		['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', /authority n8n does not know/, /NODE_EXTRA_CA_CERTS/],
		['CERT_HAS_EXPIRED', /has expired/, /Renew the certificate/],
		['CERT_NOT_YET_VALID', /not valid yet/, /date and time/],
		['ERR_TLS_CERT_ALTNAME_INVALID', /another host name/, /host name the certificate names/],
	])('%s: says what it means and what to do, without retrying', async (code, meaning, hint) => {
		const scope = api().get(/.*/).query(true).replyWithError(networkError(code));
		const spare = api().get(/.*/).query(true).reply(200, []);
		const result = await runAction(getMessages);
		expect(result.error?.message).toMatch(new RegExp(`^n8n does not trust the https certificate of api\\.z-api\\.io: .+ \\(${code}\\)$`));
		expect(result.error?.message).toMatch(meaning);
		expect(result.error?.description).toMatch(hint);
		expect(scope.isDone()).toBe(true);
		expect(spare.isDone()).toBe(false);
	});

	describe('against a real https server with a self-signed certificate', () => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { makeSelfSignedCert } = require('../../../stand-in/helpers');
		let certificate: { key: string; cert: string; cleanup: () => void };
		let server: import('https').Server;
		let port = 0;
		beforeAll(async () => {
			certificate = makeSelfSignedCert('zapi-transport-tls-');
			const https = await import('https');
			server = https.createServer({ key: certificate.key, cert: certificate.cert }, (_req, res) => {
				res.setHeader('content-type', 'application/json');
				res.end('[]');
			});
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
			port = (server.address() as { port: number }).port;
		});
		afterAll(async () => {
			await new Promise((resolve) => server.close(resolve));
			certificate.cleanup();
		});

		it('names the self-signed certificate and NODE_EXTRA_CA_CERTS', async () => {
			const result = await runAction(getMessages, undefined, { credentials: { baseUrl: `https://127.0.0.1:${port}` } });
			expect(result.error?.message).toBe(
				`n8n does not trust the https certificate of 127.0.0.1:${port}: its certificate is self-signed (DEPTH_ZERO_SELF_SIGNED_CERT)`,
			);
			expect(result.error?.description).toMatch(/NODE_EXTRA_CA_CERTS/);
		});
	});
});

/** Registers a node type of the test's own that calls the transport as other nodes do. */
function registerProbe(type: string, execute: (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>): void {
	registerNodeType(type, {
		description: {
			displayName: 'Transport probe',
			name: type.split('.').pop() as string,
			group: ['transform'],
			version: 1,
			description: 'Calls the transport',
			defaults: { name: 'Z-API' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'zApiApi', required: true }],
			properties: [],
		},
		execute,
	} as INodeType);
}

describe('transport: further secrets a call carries', () => {
	const OTHER_TYPE = '@n8n-nodes-zapi/n8n-nodes-zapi.transportProbe';
	const SIGNATURE = 'sig+Nat/ure= 0123456789';
	const ACTIVATION = 'act1vation-id-4567abcd';
	registerProbe(OTHER_TYPE, async function (this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const answer = await zApiRequest.call(this, {
			method: 'GET',
			path: '/me',
			secrets: [SIGNATURE, ACTIVATION],
			itemIndex: 0,
		});
		return [[{ json: answer as IDataObject }]];
	});

	const echo = {
		receivedCallbackUrl: `https://n8n.example.com/webhook/x?zapiSignature=${encodeURIComponent(SIGNATURE)}&activation=${ACTIVATION}`,
		[SIGNATURE]: Buffer.from(`activation=${ACTIVATION}`).toString('base64'),
	};

	it('are redacted from the answer, in values and keys', async () => {
		api().get(`${INSTANCE_PATH}/me`).reply(200, echo);
		const result = await runAction({}, undefined, { type: OTHER_TYPE });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([
			{
				receivedCallbackUrl: 'https://n8n.example.com/webhook/x?zapiSignature=[redacted]&activation=[redacted]',
				'[redacted]': expect.any(String),
			},
		]);
		for (const secret of [SIGNATURE, ACTIVATION]) expect(holdsSecret(JSON.stringify(result.run.data), secret)).toBe(false);
	});

	it('are redacted from the error', async () => {
		api().get(`${INSTANCE_PATH}/me`).reply(400, { error: JSON.stringify(echo) });
		const result = await runAction({}, undefined, { type: OTHER_TYPE });
		expect(result.error?.message).toMatch(/^Z-API did not recognise|^Z-API rejected/);
		for (const secret of [SIGNATURE, ACTIVATION]) {
			expect(holdsSecret(JSON.stringify(result.run.data), secret)).toBe(false);
			expect(holdsSecret(`${result.error?.message} ${result.error?.description}`, secret)).toBe(false);
		}
	});
});

describe('transport: a method Z-API does not use is refused before it is sent', () => {
	const PROBE = '@n8n-nodes-zapi/n8n-nodes-zapi.methodProbe';
	registerProbe(PROBE, async function (this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const method = this.getInputData()[0].json.method as IHttpRequestMethods;
		const answer = await zApiRequest.call(this, { method, path: '/status', itemIndex: 0 });
		return [[{ json: answer as IDataObject }]];
	});

	it.each(['GE T', 'PATCH', 'HEAD', 'get'])('%j: nothing sent, and the error does not say it may have been carried out', async (method) => {
		const scope = api().intercept(/.*/, method.trim() || 'GET').reply(200, {});
		const result = await runAction({}, [{ json: { method } }], { type: PROBE });
		expect(result.error?.message).toBe(`The call was not sent: ${JSON.stringify(method)} is not an HTTP method Z-API uses`);
		expect(result.error?.description).toBe("Use GET, POST, PUT, DELETE, as the endpoint's page in Z-API's docs gives it.");
		expect(scope.isDone()).toBe(false);
		nock.cleanAll();
	});
});
