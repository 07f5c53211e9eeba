/**
 * The credential test is data n8n runs: its request goes through n8n-core's RoutingNode
 * (as n8n's credentials tester does, with the credential's `authenticate`), and its rules
 * turn the outcome into the message n8n shows. The tester itself lives in n8n's server
 * package, which this package does not load: `testAsN8nDoes` applies the rules the way it
 * does (first responseCode rule matching the status; else the server's status text; the
 * error code when no answer came; responseSuccessBody rules on a 2xx body).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import nock from 'nock';
import { ExecuteContext, RoutingNode } from 'n8n-core';
import type {
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
	ICredentialDataDecryptedObject,
	INode,
	INodeCredentialTestResult,
	INodeType,
} from 'n8n-workflow';
import { createRunExecutionData } from 'n8n-workflow';

import { ZApiApi } from '../../../credentials/ZApiApi.credentials';
import { makeAdditionalData, makeWorkflow, registerNodeType } from '../../helpers/engine';
import { echoedForms, holdsSecret } from '../../helpers/secrets';

const credentialType = new ZApiApi();
const { test } = credentialType as Required<ZApiApi>;
const rules = (test.rules ?? []) as Array<IAuthenticateRuleResponseCode | IAuthenticateRuleResponseSuccessBody>;
const codeRules = rules.filter((rule): rule is IAuthenticateRuleResponseCode => rule.type === 'responseCode');
const bodyRules = rules.filter((rule): rule is IAuthenticateRuleResponseSuccessBody => rule.type === 'responseSuccessBody');
const messageFor = (status: number) => codeRules.find((rule) => rule.properties.value === status)?.properties.message;

const INSTANCE_TOKEN = 'itok+9f/8e=7d 6c5b4a3210';
const CLIENT_TOKEN = 'ctok 1a+2b/3c=4d5e6f7890';
const BASE = 'https://api.z-api.io';
const STATUS = `/instances/INSTANCE123/token/${encodeURIComponent(INSTANCE_TOKEN)}/status`;

describe('credential test rules, as data', () => {
	it('has one rule for every status from 300 to 599, so the server’s status text never shows', () => {
		const statuses = codeRules.map((rule) => rule.properties.value);
		expect(statuses).toEqual(Array.from({ length: 300 }, (_, index) => 300 + index));
	});

	it.each<[number, RegExp[]]>([
		[400, [/Instance ID or Instance Token is wrong: copy them again/, /Client Token field/, /not the instance token/]],
		[401, [/did not recognise the instance ID or instance token \(401\)/, /copy the Instance ID and Instance Token again/]],
		[404, [/did not recognise the instance ID or instance token \(404\)/, /never the instance address the panel shows/]],
		[403, [/refused the Client Token/, /paste the instance token there/]],
		[405, [/HTTP method/]],
		[429, [/rate limiting this instance \(429\)\. Wait a minute/]],
		[500, [/server error \(500\)\. Try again in a few minutes/]],
		[599, [/server error \(599\)/]],
		[418, [/^Z-API answered 418: check Base URL, Instance ID and Token\.$/]],
		[302, [/^Z-API answered 302:/]],
	])('%i gives the advice of the node’s error table', (status, patterns) => {
		for (const pattern of patterns) expect(messageFor(status)).toMatch(pattern);
	});

	it('fails a disconnected instance, saying the credentials are right', () => {
		expect(bodyRules).toEqual([
			{
				type: 'responseSuccessBody',
				properties: { key: 'connected', value: false, message: expect.stringMatching(/are right, but the instance is not connected to WhatsApp: scan the QR code/) },
			},
		]);
	});

	it('is a GET of /status that builds its URL from the credentials', () => {
		expect(test.request.method).toBe('GET');
		expect(test.request.url).toMatch(/\/status$/);
	});
});

/** A node type standing in for the one n8n builds around a credential's test request. */
const testNodeType: INodeType = {
	description: {
		displayName: 'Credential test',
		name: 'credentialTest',
		group: ['transform'],
		version: 1,
		description: 'Runs the credential test request',
		defaults: { name: 'Credential test' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'zApiApi', required: true }],
		properties: [{ displayName: 'Temp', name: 'temp', type: 'string', routing: { request: test.request }, default: '' }],
	},
} as INodeType;
registerNodeType('credentialTest', testNodeType);

async function testAsN8nDoes(values: ICredentialDataDecryptedObject): Promise<INodeCredentialTestResult> {
	const data = { instanceId: 'INSTANCE123', instanceToken: INSTANCE_TOKEN, clientToken: '', baseUrl: BASE, ...values };
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: 'credentialTest',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { zApiApi: { id: 'cred-1', name: 'Z-API account' } },
	};
	const workflow = makeWorkflow([node]);
	const additionalData = makeAdditionalData({ credentials: data as never }, 'internal');
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		createRunExecutionData(),
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	const routing = new RoutingNode(context, testNodeType, { id: 'cred-1', name: 'Z-API account', type: 'zApiApi', data });
	let json: unknown;
	try {
		json = (await routing.runNode())?.[0]?.[0]?.json;
	} catch (error) {
		const response = (error as { cause?: { response?: { status: number; statusText?: string } } }).cause?.response;
		if (response) {
			const message = messageFor(response.status);
			if (message) return { status: 'Error', message };
			return { status: 'Error', message: response.statusText || `Received HTTP status code: ${response.status}` };
		}
		const code = (error as { cause?: { code?: string } }).cause?.code;
		if (code) return { status: 'Error', message: code };
		return { status: 'Error', message: String((error as Error).message) };
	}
	for (const rule of bodyRules) {
		if ((json as Record<string, unknown>)?.[rule.properties.key] === rule.properties.value) {
			return { status: 'Error', message: rule.properties.message };
		}
	}
	return { status: 'OK', message: 'Connection successful!' };
}

describe('credential test, run through n8n-core', () => {
	it('OK: GET /status with the encoded id and token, no Client-Token header when none is set', async () => {
		const scope = nock(BASE, { badheaders: ['client-token'] })
			.get(STATUS)
			.reply(200, { connected: true, error: '', smartphoneConnected: true });
		expect(await testAsN8nDoes({})).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(scope.isDone()).toBe(true);
	});

	it('sends the Client-Token header when one is set, and trims the fields as the nodes do', async () => {
		const scope = nock(BASE).get(STATUS).matchHeader('client-token', CLIENT_TOKEN).reply(200, { connected: true });
		const result = await testAsN8nDoes({ clientToken: ` ${CLIENT_TOKEN} `, instanceId: ' INSTANCE123 ', instanceToken: ` ${INSTANCE_TOKEN}` });
		expect(result.status).toBe('OK');
		expect(scope.isDone()).toBe(true);
	});

	it.each([
		['a Base URL with a trailing slash', 'http://127.0.0.1:3999/', 'http://127.0.0.1:3999'],
		['an empty Base URL', '', BASE],
	])('uses %s as the nodes do', async (_label, baseUrl, origin) => {
		const scope = nock(origin).get(STATUS).reply(200, { connected: true });
		expect((await testAsN8nDoes({ baseUrl })).status).toBe('OK');
		expect(scope.isDone()).toBe(true);
	});

	it('fails a disconnected instance', async () => {
		nock(BASE).get(STATUS).reply(200, { connected: false, error: 'You are not connected.', smartphoneConnected: false });
		expect(await testAsN8nDoes({})).toEqual({ status: 'Error', message: bodyRules[0].properties.message });
	});

	it.each([400, 401, 403, 404, 429, 500, 418])('a %i shows the rule of its status', async (status) => {
		// n8n sends a request answered 401 a second time, after its pre-authentication step.
		nock(BASE).get(STATUS).times(2).reply(status, { error: 'whatever' });
		expect(await testAsN8nDoes({})).toEqual({ status: 'Error', message: messageFor(status) });
	});

	it('shows a network failure as its code', async () => {
		nock(BASE).get(STATUS).replyWithError(Object.assign(new Error(`connect ECONNREFUSED ${BASE}${STATUS}`), { code: 'ECONNREFUSED' }));
		expect(await testAsN8nDoes({})).toEqual({ status: 'Error', message: 'ECONNREFUSED' });
	});

	it.each([
		['in a 404 body and headers', 404],
		['in a 599 body and headers', 599],
		['in a 302 without Location', 302],
	])('never shows a token the server echoes %s', async (_label, status) => {
		const echo = [...echoedForms(INSTANCE_TOKEN), ...echoedForms(CLIENT_TOKEN)].join(' ');
		nock(BASE)
			.get(STATUS)
			.reply(status, { error: echo, message: echo }, { 'X-Echo': echo });
		const result = await testAsN8nDoes({ clientToken: CLIENT_TOKEN });
		expect(result.status).toBe('Error');
		expect(result.message).toBe(messageFor(status));
		for (const secret of [INSTANCE_TOKEN, CLIENT_TOKEN]) expect(holdsSecret(result.message, secret)).toBe(false);
	});

	it.each([301, 302, 303, 307, 308])('a %i to another origin is not followed: nothing reaches it, the status’s rule shows', async (status) => {
		const servers: http.Server[] = [];
		const listen = async (answer: http.RequestListener) => {
			const server = http.createServer(answer);
			servers.push(server);
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
			return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		};
		const reached: string[] = [];
		try {
			const elsewhere = await listen((request, response) => {
				reached.push(String(request.url));
				response.end('{"connected":true}');
			});
			const redirecting = await listen((request, response) => {
				response.writeHead(status, { location: `${elsewhere}${request.url}` });
				response.end();
			});
			const result = await testAsN8nDoes({ baseUrl: redirecting, clientToken: CLIENT_TOKEN });
			expect(reached).toEqual([]);
			expect(result).toEqual({ status: 'Error', message: messageFor(status) });
		} finally {
			for (const server of servers) server.closeAllConnections();
			await Promise.all(servers.map(async (server) => await new Promise((resolve) => server.close(resolve))));
		}
	});
});
