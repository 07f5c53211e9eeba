/**
 * The Z-API Instance API credential's test as n8n's credentials tester runs it: the nodes'
 * `methods.credentialTest.zApiApiTest`, called with the one helper n8n hands a credential
 * test (`request`, n8n-core's legacy adapter), against real local servers: one that answers
 * as Z-API or as something else, one that stalls, one that redirects, a port where nothing
 * listens, a name that does not resolve, an https server n8n does not trust. Nothing of the
 * package is mocked.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

import nock from 'nock';
import type { ICredentialDataDecryptedObject, ICredentialTestFunctions, INodeCredentialTestResult } from 'n8n-workflow';
import { proxyRequestToAxios } from 'n8n-core/dist/execution-engine/node-execution-context/utils/request-helpers/legacy-request-adapter';

import { CREDENTIAL_TEST_TIMEOUT_MS, instanceCredentialTest } from '../../../nodes/shared/credentialCheck';
import { ZApi } from '../../../nodes/ZApi/ZApi.node';
import { ZApiTrigger } from '../../../nodes/ZApiTrigger/ZApiTrigger.node';
import { echoedForms, holdsSecret } from '../../helpers/secrets';

/** Tokens whose characters change when %-encoded, form-encoded or put in base64. */
const INSTANCE_TOKEN = 'itok+9f/8e=7d 6c5b4a3210&?#';
const CLIENT_TOKEN = 'ctok 1a+2b/3c=4d5e6f7890%';
const INSTANCE_ID = 'INSTANCE123';
const STATUS_PATH = `/instances/${INSTANCE_ID}/token/${encodeURIComponent(INSTANCE_TOKEN)}/status`;
const NAME = 'Z-API account';
const LABEL = `the Z-API Instance API credential "${NAME}"`;

interface Seen {
	method: string;
	url: string;
	headers: http.IncomingHttpHeaders;
}

interface Server {
	origin: string;
	requests: Seen[];
	close: () => Promise<void>;
}

const open: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map(async (one) => await one.close()));
});

/** A local server answering every request with `answer` (or never, if it does not), recording what it got. */
async function serve(answer: (request: http.IncomingMessage, response: http.ServerResponse) => void, make = (listener: http.RequestListener) => http.createServer(listener), scheme = 'http'): Promise<Server> {
	const requests: Seen[] = [];
	const server = make((request, response) => {
		requests.push({ method: String(request.method), url: String(request.url), headers: request.headers });
		request.resume();
		request.on('end', () => answer(request, response));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const one = {
		origin: `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`,
		requests,
		close: async () => {
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		},
	};
	open.push(one);
	return one;
}

/** A server answering every request with one status, body and headers. */
const answering = async (status: number, body: unknown, headers: Record<string, string> = {}) =>
	await serve((_request, response) => {
		const text = typeof body === 'string' ? body : JSON.stringify(body);
		response.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', ...headers });
		response.end(text);
	});

/** An address where nothing listens: a port just freed. */
async function downAddress(): Promise<string> {
	const server = await serve((_request, response) => response.end());
	await server.close();
	return server.origin;
}

/** The request helper n8n hands a credential test. */
const context = {
	helpers: { request: async (uriOrObject: string | object, options?: object) => await proxyRequestToAxios(undefined, undefined, undefined, uriOrObject as never, options as never) },
} as unknown as ICredentialTestFunctions;

async function testCredential(data: ICredentialDataDecryptedObject, test = new ZApi().methods.credentialTest.zApiApiTest): Promise<INodeCredentialTestResult> {
	const values = { instanceId: INSTANCE_ID, instanceToken: INSTANCE_TOKEN, clientToken: '', ...data };
	return await test.call(context, { id: 'cred-1', name: NAME, type: 'zApiApi', data: values });
}

/** Neither token, in any form a server or a URL could give it, is in the message. */
function expectNoSecret(result: INodeCredentialTestResult): void {
	for (const secret of [INSTANCE_TOKEN, CLIENT_TOKEN]) expect(holdsSecret(result.message, secret)).toBe(false);
}

describe('the test both nodes run', () => {
	it('is one function, named by both nodes in their credentials list', () => {
		expect(new ZApiTrigger().getNodeType().methods!.credentialTest!.zApiApiTest).toBe(new ZApi().methods.credentialTest.zApiApiTest);
		expect(CREDENTIAL_TEST_TIMEOUT_MS).toBe(20_000);
	});
});

describe('a right credential passes', () => {
	it('GET /status with the encoded id and token, no Client-Token header when none is set', async () => {
		const server = await answering(200, { connected: true, error: '', smartphoneConnected: true });
		const result = await testCredential({ baseUrl: server.origin });
		expect(result).toEqual({ status: 'OK', message: `Connected: Z-API at ${new URL(server.origin).host} accepted ${LABEL}, and the instance is connected to WhatsApp.` });
		expect(server.requests).toHaveLength(1);
		expect(server.requests[0]).toMatchObject({ method: 'GET', url: STATUS_PATH });
		expect(server.requests[0].headers['client-token']).toBeUndefined();
	});

	it('sends the Client-Token header when one is set, and trims the fields and the Base URL as the nodes do', async () => {
		const server = await answering(200, { connected: true });
		const result = await testCredential({ baseUrl: ` ${server.origin}// `, instanceId: ` ${INSTANCE_ID} `, instanceToken: ` ${INSTANCE_TOKEN}`, clientToken: ` ${CLIENT_TOKEN} ` });
		expect(result.status).toBe('OK');
		expect(server.requests[0].url).toBe(STATUS_PATH);
		expect(server.requests[0].headers['client-token']).toBe(CLIENT_TOKEN);
	});

	it('follows a redirect on the same origin', async () => {
		const server = await serve((request, response) => {
			if (request.url?.startsWith('/moved')) {
				response.setHeader('content-type', 'application/json');
				response.end('{"connected":true}');
				return;
			}
			response.writeHead(307, { location: `/moved${request.url}` });
			response.end();
		});
		expect((await testCredential({ baseUrl: server.origin })).status).toBe('OK');
		expect(server.requests.map((request) => request.url)).toEqual([STATUS_PATH, `/moved${STATUS_PATH}`]);
	});
});

describe('a disconnected instance fails, saying the credentials are right', () => {
	it('{connected: false}: scan the QR code', async () => {
		const server = await answering(200, { connected: false, error: 'You are not connected.', smartphoneConnected: false });
		expect(await testCredential({ baseUrl: server.origin })).toEqual({
			status: 'Error',
			message: `The Instance ID and Instance Token of ${LABEL} are right, but the instance is not connected to WhatsApp: scan the QR code in the Z-API panel (Instances > your instance), then test again.`,
		});
	});
});

describe('no answer: the Base URL, in words', () => {
	it('nothing listening (ECONNREFUSED)', async () => {
		const address = await downAddress();
		const result = await testCredential({ baseUrl: address });
		expect(result).toEqual({
			status: 'Error',
			message: `The Base URL of ${LABEL} cannot be reached at ${new URL(address).host}: nothing accepts connections at that address (the server is down, or the Base URL or its port is wrong) (ECONNREFUSED). Check the Base URL (the server only (https://api.z-api.io), never the instance address the panel shows) and that n8n can reach it (its network or proxy).`,
		});
	});

	describe('a name that does not resolve (ENOTFOUND)', () => {
		// Only this name leaves the machine's allowed hosts: .invalid never resolves (RFC 6761).
		beforeEach(() => nock.enableNetConnect(/^(127\.0\.0\.1|localhost|zapi-credential-test\.invalid)(:\d+)?$/));
		afterEach(() => nock.enableNetConnect(/^(127\.0\.0\.1|localhost)(:\d+)?$/));

		it('says no server has that name', async () => {
			const result = await testCredential({ baseUrl: 'https://zapi-credential-test.invalid' });
			expect(result.status).toBe('Error');
			expect(result.message).toMatch(/^The Base URL of the Z-API Instance API credential "Z-API account" cannot be reached at zapi-credential-test\.invalid: no server has that name \(check the Base URL for a typo\) \((ENOTFOUND|EAI_AGAIN)\)\. Check the Base URL/);
		});
	});

	it('a server that never answers: the test ends at its timeout, saying so', async () => {
		const server = await serve(() => undefined);
		const result = await testCredential({ baseUrl: server.origin }, instanceCredentialTest(300));
		expect(server.requests).toHaveLength(1);
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(
			new RegExp(`^The Base URL of ${LABEL} did not answer in time: ${new URL(server.origin).host.replace(/\./g, '\\.')} sent nothing back within 300 ms \\((ETIMEDOUT|ECONNABORTED|ESOCKETTIMEDOUT)\\)\\. Check the Base URL`),
		);
	});

	describe('an https server n8n does not trust', () => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { makeSelfSignedCert } = require('../../stand-in/helpers');
		let certificate: { key: string; cert: string; cleanup: () => void };
		beforeAll(() => {
			certificate = makeSelfSignedCert('zapi-credential-tls-');
		});
		afterAll(() => certificate.cleanup());

		it('names the self-signed certificate and NODE_EXTRA_CA_CERTS', async () => {
			const server = await serve(
				(_request, response) => response.end('{"connected":true}'),
				(listener) => https.createServer({ key: certificate.key, cert: certificate.cert }, listener) as unknown as http.Server,
				'https',
			);
			const result = await testCredential({ baseUrl: server.origin });
			expect(result.status).toBe('Error');
			expect(result.message).toMatch(
				new RegExp(`^n8n does not trust the https certificate of ${new URL(server.origin).host.replace(/\./g, '\\.')}, the Base URL of ${LABEL}: its certificate is self-signed \\(DEPTH_ZERO_SELF_SIGNED_CERT\\)\\. .*NODE_EXTRA_CA_CERTS`),
			);
		});
	});
});

describe('a redirect to another origin is refused before anything is sent there', () => {
	it.each([301, 302, 303, 307, 308])('%i: nothing reaches the other origin, the message names origins only', async (status) => {
		const elsewhere = await answering(200, { connected: true });
		const redirecting = await serve((request, response) => {
			response.writeHead(status, { location: `${elsewhere.origin}${request.url}?token=${encodeURIComponent(INSTANCE_TOKEN)}` });
			response.end();
		});
		const result = await testCredential({ baseUrl: redirecting.origin, clientToken: CLIENT_TOKEN });
		expect(elsewhere.requests).toEqual([]);
		expect(result).toEqual({
			status: 'Error',
			message: `The Base URL of ${LABEL} (${redirecting.origin}) redirected the test to ${elsewhere.origin} (${status}); it was not followed, so the Instance Token and Client Token did not go there. Set the Base URL to the address of the server that answers itself, such as https://api.z-api.io.`,
		});
		expectNoSecret(result);
	});
});

describe('an answer that is not Z-API: the Base URL points at something else', () => {
	it.each<[string, number, string, Record<string, string>]>([
		['a web page (200)', 200, '<!doctype html><html><body>Welcome</body></html>', { 'content-type': 'text/html' }],
		['a web page of 404', 404, '<html><body>Not Found</body></html>', { 'content-type': 'text/html; charset=utf-8' }],
		['HTML sent as text', 200, '  <html>hello</html>', {}],
	])('%s', async (_label, status, body, headers) => {
		const server = await answering(status, body, headers);
		const result = await testCredential({ baseUrl: server.origin });
		expect(result).toEqual({
			status: 'Error',
			message: `The Base URL of ${LABEL} (${new URL(server.origin).host}) leads to a web page that is not Z-API: it answered HTML (${status}) to Z-API's status call. Set the Base URL to https://api.z-api.io, or to a server that speaks the Z-API interface: the server only, with no /instances/… part.`,
		});
	});

	it('text that is not JSON', async () => {
		const server = await answering(200, 'OK');
		expect((await testCredential({ baseUrl: server.origin })).message).toMatch(/leads to something that is not Z-API: it answered text that is not JSON \(200\)/);
	});

	it('JSON without an instance status', async () => {
		const server = await answering(200, { hello: 'world' });
		expect((await testCredential({ baseUrl: server.origin })).message).toBe(
			`The Base URL of ${LABEL} (${new URL(server.origin).host}) answered, but not as Z-API does (no instance status): it points at something else. Set the Base URL to https://api.z-api.io, or to a server that speaks the Z-API interface.`,
		);
	});
});

describe('each status, in words naming the field to fix', () => {
	it.each<[string, number, unknown, ICredentialDataDecryptedObject, RegExp]>([
		['400 Instance not found', 400, { error: 'Instance not found' }, {}, /^Z-API refused these credentials \(400\): the Instance ID or the Instance Token of the Z-API Instance API credential "Z-API account" is wrong\. Copy both again/],
		['400 null not allowed, no Client Token', 400, { error: 'null not allowed' }, {}, /^Z-API requires a Client Token for this account, and the Client Token of the Z-API Instance API credential "Z-API account" is empty \(400\)\. Account security is on/],
		['400 with other words', 400, { error: 'Bad request' }, {}, /^Z-API refused these credentials \(400\)\. Either the Instance ID or Instance Token of .* is wrong: .*Or account security is on and the Client Token is missing or wrong/],
		['401', 401, { error: 'Unauthorized' }, {}, /^Z-API refused these credentials \(401\): the Instance ID or the Instance Token of .* is wrong\. Copy both again/],
		['403, a Client Token set', 403, { error: 'Client-Token not allowed' }, { clientToken: CLIENT_TOKEN }, /^Z-API refused the Client Token of the Z-API Instance API credential "Z-API account" \(403\)\. It must be the account security token .*paste the instance token there/],
		['403, no Client Token', 403, { error: 'Forbidden' }, {}, /^Z-API refused access \(403\) with the Client Token of .* empty\. If account security is on, put the account security token .* in the Client Token field; otherwise copy the Instance ID and Instance Token again/],
		['404', 404, { error: 'Not found' }, {}, /^Z-API found no such instance \(404\): the Instance ID or the Instance Token of .* is wrong, or its Base URL is not the server only \(https:\/\/api\.z-api\.io\), never the instance address the panel shows/],
		['404 with no body', 404, '', {}, /^Z-API found no such instance \(404\)/],
		['405', 405, { error: 'Method not allowed' }, {}, /refused Z-API's status call \(405\): it does not speak the Z-API interface\. Set the Base URL to https:\/\/api\.z-api\.io/],
		['429', 429, { error: 'Too many requests' }, {}, /^Z-API is rate limiting this instance \(429\), so the Z-API Instance API credential "Z-API account" could not be checked\. Wait a minute, then test again\.$/],
		['429 as a proxy’s web page', 429, '<html>slow down</html>', {}, /^Z-API is rate limiting this instance \(429\)/],
		['500', 500, { error: 'Internal error' }, {}, /^The server at the Base URL of .* had an error \(500\), so the credential could not be checked\. Try again in a few minutes/],
		['503 as a web page', 503, '<html>maintenance</html>', {}, /had an error \(503\)/],
		['418', 418, { error: 'teapot' }, {}, /^The Z-API Instance API credential "Z-API account": Z-API answered 418 to its status call\. Check the Base URL, Instance ID and Instance Token\.$/],
		['302 without Location', 302, '', {}, /answered a redirect \(302\) that leads nowhere/],
	])('%s', async (_label, status, body, data, expected) => {
		const server = await answering(status, body, typeof body === 'string' && body.startsWith('<') ? { 'content-type': 'text/html' } : {});
		const result = await testCredential({ baseUrl: server.origin, ...data });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(expected);
		expect(server.requests).toHaveLength(1);
	});
});

describe('never a token, in any encoding', () => {
	const echo = [...echoedForms(INSTANCE_TOKEN, INSTANCE_ID), ...echoedForms(CLIENT_TOKEN, INSTANCE_ID)].join(' ');

	it.each([200, 302, 400, 401, 403, 404, 418, 429, 500, 599])('a server echoing both tokens in every form, in its %i body and headers', async (status) => {
		const server = await answering(status, { error: echo, message: echo, connected: echo }, { 'x-echo': encodeURIComponent(echo) });
		const result = await testCredential({ baseUrl: server.origin, clientToken: CLIENT_TOKEN });
		expect(result.status).toBe('Error');
		expectNoSecret(result);
	});

	it('in a web page that quotes them', async () => {
		const server = await answering(200, `<html>${echo}</html>`, { 'content-type': 'text/html' });
		const result = await testCredential({ baseUrl: server.origin, clientToken: CLIENT_TOKEN });
		expect(result.message).toMatch(/leads to a web page/);
		expectNoSecret(result);
	});

	it('in a credential name or a Base URL path that holds them', async () => {
		const address = await downAddress();
		const result = await new ZApi().methods.credentialTest.zApiApiTest.call(context, {
			id: 'cred-1',
			name: `mine ${INSTANCE_TOKEN}`,
			type: 'zApiApi',
			data: { instanceId: INSTANCE_ID, instanceToken: INSTANCE_TOKEN, clientToken: CLIENT_TOKEN, baseUrl: `${address}/${encodeURIComponent(CLIENT_TOKEN)}` },
		});
		expect(result.message).toMatch(/ECONNREFUSED/);
		expectNoSecret(result);
	});
});

describe('fields that cannot work are named before anything is sent', () => {
	it.each<[string, ICredentialDataDecryptedObject, RegExp]>([
		['an empty Instance ID', { instanceId: ' ' }, /^The Instance ID of the Z-API Instance API credential "Z-API account" is empty: copy it from the Z-API panel/],
		['an empty Instance Token', { instanceToken: '' }, /^The Instance Token of the Z-API Instance API credential "Z-API account" is empty/],
		['a Base URL that is not http(s)', { baseUrl: 'api.z-api.io' }, /^The Base URL of .* is not an http\(s\) address: use https:\/\/api\.z-api\.io/],
	])('%s', async (_label, data, expected) => {
		const result = await testCredential({ baseUrl: 'http://127.0.0.1:9', ...data });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(expected);
	});

	it('the whole instance address pasted as the Base URL: the server only is named, never the token', async () => {
		const result = await testCredential({ baseUrl: `https://api.z-api.io/instances/${INSTANCE_ID}/token/${encodeURIComponent(INSTANCE_TOKEN)}/` });
		expect(result).toEqual({
			status: 'Error',
			message: `The Base URL of ${LABEL} holds a whole instance address: set it to the server only, https://api.z-api.io (without /instances/…/token/…). The Instance ID and Instance Token go in their own fields.`,
		});
	});
});
