/**
 * The Z-API Partner API credential's test as n8n's credentials tester runs it: the Z-API
 * node's `methods.credentialTest.zApiPartnerApiTest`, called with the one helper n8n hands a
 * credential test (`request`), against real local servers: one that answers as the Partner
 * API or as something else, one that stalls, one that redirects, a port where nothing
 * listens. Nothing of the package is mocked.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { ICredentialDataDecryptedObject, ICredentialTestFunctions, INodeCredentialTestResult } from 'n8n-workflow';
import { proxyRequestToAxios } from 'n8n-core/dist/execution-engine/node-execution-context/utils/request-helpers/legacy-request-adapter';

import { partnerCredentialTest } from '../../../nodes/shared/partnerCredentialCheck';
import { ZApi } from '../../../nodes/ZApi/ZApi.node';
import { echoedForms, holdsSecret } from '../../helpers/secrets';

/** A partner token whose characters change when %-encoded, form-encoded or put in base64. */
const PARTNER_TOKEN = 'ptok+9f/8e=7d 6c5b4a3210&?#';
const NAME = 'Z-API partner';
const LABEL = `the Z-API Partner API credential "${NAME}"`;
const LIST_PATH = '/instances?page=1&pageSize=1';
const LISTED = { total: 3, totalPage: 3, pageSize: 1, page: 1, content: [{ id: 'A1', name: 'Customer 1' }] };

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

const open: Server[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map(async (one) => await one.close()));
});

async function serve(answer: (request: http.IncomingMessage, response: http.ServerResponse) => void): Promise<Server> {
	const requests: Seen[] = [];
	const server = http.createServer((request, response) => {
		requests.push({ method: String(request.method), url: String(request.url), headers: request.headers });
		request.resume();
		request.on('end', () => answer(request, response));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const one = {
		origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		requests,
		close: async () => {
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		},
	};
	open.push(one);
	return one;
}

const answering = async (status: number, body: unknown, headers: Record<string, string> = {}) =>
	await serve((_request, response) => {
		const text = typeof body === 'string' ? body : JSON.stringify(body);
		response.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', ...headers });
		response.end(text);
	});

const context = {
	helpers: { request: async (uriOrObject: string | object, options?: object) => await proxyRequestToAxios(undefined, undefined, undefined, uriOrObject as never, options as never) },
} as unknown as ICredentialTestFunctions;

async function testCredential(data: ICredentialDataDecryptedObject, test = new ZApi().methods.credentialTest.zApiPartnerApiTest, name = NAME): Promise<INodeCredentialTestResult> {
	return await test.call(context, { id: 'cred-3', name, type: 'zApiPartnerApi', data: { partnerToken: PARTNER_TOKEN, ...data } });
}

const expectNoSecret = (result: INodeCredentialTestResult) => expect(holdsSecret(result.message, PARTNER_TOKEN)).toBe(false);

describe('a right credential passes', () => {
	it('lists one instance with the Bearer partner token, and says how many the account has', async () => {
		const server = await answering(200, LISTED);
		const result = await testCredential({ baseUrl: server.origin });
		expect(result).toEqual({ status: 'OK', message: `Connected: Z-API at ${new URL(server.origin).host} accepted the Partner Token of ${LABEL} (3 instances).` });
		expect(server.requests).toHaveLength(1);
		expect(server.requests[0]).toMatchObject({ method: 'GET', url: LIST_PATH });
		expect(server.requests[0].headers.authorization).toBe(`Bearer ${PARTNER_TOKEN}`);
		expect(server.requests[0].headers['client-token']).toBeUndefined();
	});

	it('trims the token and the Base URL as the node does', async () => {
		const server = await answering(200, { ...LISTED, total: 1 });
		const result = await testCredential({ baseUrl: ` ${server.origin}// `, partnerToken: ` ${PARTNER_TOKEN} ` });
		expect(result.message).toMatch(/\(1 instance\)\.$/);
		expect(server.requests[0].url).toBe(LIST_PATH);
		expect(server.requests[0].headers.authorization).toBe(`Bearer ${PARTNER_TOKEN}`);
	});

	it('follows a redirect on the same origin', async () => {
		const server = await serve((request, response) => {
			if (request.url?.startsWith('/moved')) {
				response.setHeader('content-type', 'application/json');
				response.end(JSON.stringify(LISTED));
				return;
			}
			response.writeHead(307, { location: `/moved${request.url}` });
			response.end();
		});
		expect((await testCredential({ baseUrl: server.origin })).status).toBe('OK');
		expect(server.requests.map((request) => request.url)).toEqual([LIST_PATH, `/moved${LIST_PATH}`]);
		expect(server.requests[1].headers.authorization).toBe(`Bearer ${PARTNER_TOKEN}`);
	});
});

describe('fields that cannot work are named before anything is sent', () => {
	it.each<[string, ICredentialDataDecryptedObject, string]>([
		['an empty Partner Token', { partnerToken: ' ' }, `The Partner Token of ${LABEL} is empty. Paste the integrator (partner) token`],
		['a Base URL that is not http(s)', { baseUrl: 'api.z-api.io' }, `The Base URL of ${LABEL} is not an http(s) address: use https://api.z-api.io`],
		['an instance address as the Base URL', { baseUrl: `https://api.z-api.io/instances/A1/token/${encodeURIComponent(PARTNER_TOKEN)}` }, `The Base URL of ${LABEL} holds an instance address: set it to the server only, https://api.z-api.io (without /instances/…).`],
	])('%s', async (_label, data, expected) => {
		const server = await answering(200, LISTED);
		const result = await testCredential({ baseUrl: server.origin, ...data });
		expect(result.status).toBe('Error');
		expect(result.message.startsWith(expected)).toBe(true);
		expect(server.requests).toEqual([]);
		expectNoSecret(result);
	});
});

describe('no answer: the Base URL, in words', () => {
	it('nothing listening (ECONNREFUSED)', async () => {
		const server = await answering(200, LISTED);
		await server.close();
		const result = await testCredential({ baseUrl: server.origin });
		expect(result.message).toMatch(new RegExp(`^The Base URL of ${LABEL} cannot be reached at 127\\.0\\.0\\.1:\\d+: nothing accepts connections .*\\(ECONNREFUSED\\)\\. Check the Base URL`));
	});

	it('a server that never answers: the test ends at its timeout, saying so', async () => {
		const server = await serve(() => undefined);
		const result = await testCredential({ baseUrl: server.origin }, partnerCredentialTest(300));
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(new RegExp(`^The Base URL of ${LABEL} did not answer in time: .* within 300 ms`));
	});
});

describe('a redirect to another origin is refused before anything is sent there', () => {
	it.each([301, 302, 303, 307, 308])('%i: nothing reaches the other origin, the message names origins only', async (status) => {
		const elsewhere = await answering(200, LISTED);
		const redirecting = await serve((request, response) => {
			response.writeHead(status, { location: `${elsewhere.origin}${request.url}&token=${encodeURIComponent(PARTNER_TOKEN)}` });
			response.end();
		});
		const result = await testCredential({ baseUrl: redirecting.origin });
		expect(elsewhere.requests).toEqual([]);
		expect(result).toEqual({
			status: 'Error',
			message: `The Base URL of ${LABEL} (${redirecting.origin}) redirected the test to ${elsewhere.origin} (${status}); it was not followed, so the Partner Token did not go there. Set the Base URL to the address of the server that answers itself, such as https://api.z-api.io.`,
		});
		expectNoSecret(result);
	});
});

describe('each answer, in words naming the field to fix', () => {
	it.each<[string, number, unknown, RegExp]>([
		['401', 401, { error: 'Unauthorized' }, new RegExp(`^Z-API refused the Partner Token of ${LABEL} \\(401\\)\\. Paste the integrator \\(partner\\) token`)],
		['403', 403, { error: 'Forbidden' }, /^Z-API refused the Partner Token of .* \(403\)\. .*It is not an instance token\.$/],
		['400', 400, { error: 'Bad request' }, /^Z-API refused the test \(400\): the Partner Token of .* is most likely wrong/],
		['404', 404, { error: 'Not found' }, /has no Partner API \(404 to the list of instances\): set the Base URL to https:\/\/api\.z-api\.io, the server only\.$/],
		['405', 405, { error: 'Method not allowed' }, /has no Partner API \(405/],
		['429', 429, { error: 'Too many requests' }, /^Z-API is rate limiting this account \(429\), so .* could not be checked\. Wait a minute, then test again\.$/],
		['500', 500, { error: 'Internal error' }, /had an error \(500\), so the credential could not be checked/],
		['418', 418, { error: 'teapot' }, /^The Z-API Partner API credential "Z-API partner": Z-API answered 418 to the list of instances\. Check the Base URL and the Partner Token\.$/],
		['302 without Location', 302, '', /answered a redirect \(302\) that leads nowhere/],
		['a web page', 200, '<html><body>Welcome</body></html>', /leads to a web page that is not Z-API: it answered HTML \(200\)/],
		['text that is not JSON', 200, 'OK', /leads to something that is not Z-API: it answered text that is not JSON \(200\)/],
		['an instance’s status, not a list', 200, { connected: true }, /answered, but not as Z-API's Partner API does \(no list of instances\)/],
	])('%s', async (_label, status, body, expected) => {
		const server = await answering(status, body, typeof body === 'string' && body.startsWith('<') ? { 'content-type': 'text/html' } : {});
		const result = await testCredential({ baseUrl: server.origin });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(expected);
		expect(server.requests).toHaveLength(1);
	});
});

describe('never the partner token, in any encoding', () => {
	const echo = echoedForms(PARTNER_TOKEN).join(' ');

	it.each([200, 302, 400, 401, 403, 404, 418, 429, 500])('a server echoing it in every form, in its %i body and headers', async (status) => {
		const server = await answering(status, { error: echo, message: echo, content: echo }, { 'x-echo': encodeURIComponent(echo) });
		const result = await testCredential({ baseUrl: server.origin });
		expect(result.status).toBe('Error');
		expectNoSecret(result);
	});

	it('in a credential name or a Base URL path that holds it', async () => {
		const server = await answering(200, LISTED);
		await server.close();
		const result = await testCredential({ baseUrl: `${server.origin}/${encodeURIComponent(PARTNER_TOKEN)}` }, undefined, `mine ${PARTNER_TOKEN}`);
		expect(result.message).toMatch(/ECONNREFUSED/);
		expectNoSecret(result);
	});
});
