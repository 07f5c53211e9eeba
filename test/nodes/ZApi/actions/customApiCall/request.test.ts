/**
 * Custom API Call: any endpoint by method and path, through the credentials' instance, token
 * and client token; paths that could leave the instance refused before any request.
 */
import nock from 'nock';

import { customApiCall } from '../../../../../nodes/ZApi/actions/customApiCall';
import { instancePath } from '../../../../../nodes/ZApi/actions/customApiCall/request/instancePath';
import { outputOf } from '../../../../../nodes/ZApi/actions/customApiCall/request.operation';
import { runAction } from '../../../../helpers/engine';
import { ENCODED_INSTANCE_PATH, ENCODED_TOKEN, WITH_ENCODED_TOKEN } from '../../../../helpers/encodedToken';
import { describeOperations } from '../../../../helpers/operationExamples';
import { EXAMPLES } from './examples';

describeOperations(customApiCall, EXAMPLES);

const api = () => nock('https://api.z-api.io');
const CLIENT_TOKEN = 'client+tok/en=';
const call = (parameters: object) =>
	runAction({ resource: 'customApiCall', operation: 'request', ...parameters }, undefined, { credentials: { ...WITH_ENCODED_TOKEN.credentials, clientToken: CLIENT_TOKEN } });

describe('Custom API Call: requests', () => {
	it('GETs the path under the instance with the query and the client token', async () => {
		const scope = api()
			.get(`${ENCODED_INSTANCE_PATH}/chats/5511999999999/notes`)
			.query({ page: '2', pageSize: '10' })
			.matchHeader('client-token', CLIENT_TOKEN)
			.reply(200, [{ id: 'n1', content: 'Called back' }, { id: 'n2', content: 'Paid' }]);
		const result = await call({ method: 'GET', path: 'chats/5511999999999/notes', query: '{"page": 2, "pageSize": 10}' });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ id: 'n1', content: 'Called back' }, { id: 'n2', content: 'Paid' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('PUTs a body given as an object by an expression', async () => {
		const scope = api()
			.put(`${ENCODED_INSTANCE_PATH}/update-webhook-chat-presence`, { value: 'https://n8n.example.com/p' })
			.matchHeader('content-type', /^application\/json/)
			.reply(200, { value: true });
		const result = await runAction(
			{ resource: 'customApiCall', operation: 'request', method: 'PUT', path: '/update-webhook-chat-presence', body: '={{ { value: $json.url } }}' },
			[{ json: { url: 'https://n8n.example.com/p' } }],
			WITH_ENCODED_TOKEN,
		);
		expect(result.json).toEqual([{ value: true }]);
		expect(scope.isDone()).toBe(true);
	});

	it('DELETEs without a body when Body is empty; an empty answer says it succeeded', async () => {
		const scope = nock('https://api.z-api.io', { badheaders: ['content-type'] })
			.delete(`${ENCODED_INSTANCE_PATH}/queue`, (body) => body === '' || body === undefined)
			.reply(200, '');
		const result = await call({ method: 'DELETE', path: '/queue' });
		expect(result.json).toEqual([{ success: true }]);
		expect(scope.isDone()).toBe(true);
	});

	it('DELETEs with the body the page gives (docs/newsletter/delete-newsletter.md)', async () => {
		const scope = api()
			.delete(`${ENCODED_INSTANCE_PATH}/delete-newsletter`, { id: '999999999999999999@newsletter' })
			.matchHeader('content-type', /^application\/json/)
			.reply(200, { value: true });
		const result = await call({ method: 'DELETE', path: '/delete-newsletter', body: '{"id": "999999999999999999@newsletter"}' });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ value: true }]);
		expect(scope.isDone()).toBe(true);
	});

	it.each([
		['POST', '/contacts/add', '[{"firstName": "Contato 1", "lastName": "Sobrenome 1", "phone": "554499999999"}]', [{ firstName: 'Contato 1', lastName: 'Sobrenome 1', phone: '554499999999' }]],
		['DELETE', '/contacts/remove', '["554499999999", "554499998888"]', ['554499999999', '554499998888']],
	])('%s %s sends a JSON list as the body, as its page shows', async (method, path, body, sent) => {
		const scope = api()
			.intercept(`${ENCODED_INSTANCE_PATH}${path}`, method, sent)
			.reply(200, { value: true });
		const result = await call({ method, path, body });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('outputs a 200 answer as it came, an error field included (GET /status of a connected instance, docs/instance/status.md)', async () => {
		const status = { connected: true, error: 'You are already connected.', smartphoneConnected: true };
		const scope = api().get(`${ENCODED_INSTANCE_PATH}/status`).reply(200, status);
		const result = await call({ method: 'GET', path: '/status' });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([status]);
		expect(scope.isDone()).toBe(true);
	});

	it('outputs a POST answered 200 with an error field as it came, for the next node to read', async () => {
		api().post(`${ENCODED_INSTANCE_PATH}/send-catalog`).reply(200, { error: 'Catalog not found' });
		const result = await call({ ...EXAMPLES.request.parameters });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ error: 'Catalog not found' }]);
	});

	it.each([
		['PATCH', 'Method "PATCH" is not one Z-API uses'],
		['GE T', 'Method "GE T" is not one Z-API uses'],
		['PROPFIND', 'Method "PROPFIND" is not one Z-API uses'],
		['', 'Method "" is not one Z-API uses'],
	])('refuses the method %j from an expression before any request, saying nothing was sent', async (method, message) => {
		const scope = api().intercept(/.*/, method || 'GET').reply(200, {});
		const result = await runAction(
			{ resource: 'customApiCall', operation: 'request', method: '={{ $json.method }}', path: '/status' },
			[{ json: { method } }],
			WITH_ENCODED_TOKEN,
		);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toBe("Use GET, POST, PUT, DELETE, as the endpoint's page in Z-API's docs gives it. Nothing was sent.");
		expect(`${result.error?.message} ${result.error?.description}`).not.toMatch(/may have/);
		expect(scope.isDone()).toBe(false);
		nock.cleanAll();
	});

	it('takes a method written in small letters from an expression', async () => {
		const scope = api().get(`${ENCODED_INSTANCE_PATH}/status`).reply(200, { connected: false });
		const result = await runAction({ resource: 'customApiCall', operation: 'request', method: '={{ "get" }}', path: '/status' }, undefined, WITH_ENCODED_TOKEN);
		expect(result.json).toEqual([{ connected: false }]);
		expect(scope.isDone()).toBe(true);
	});

	it('offers only the methods of Z-API\'s pages', () => {
		const method = customApiCall.operations[0].properties.find((property) => property.name === 'method');
		expect(method?.options?.map((option) => (option as { value: string }).value)).toEqual(['DELETE', 'GET', 'POST', 'PUT']);
	});

	it('keeps the tokens out of errors and run data when the service echoes them', async () => {
		api().get(`${ENCODED_INSTANCE_PATH}/me`).reply(400, { error: `bad ${ENCODED_TOKEN} ${CLIENT_TOKEN}` });
		const result = await call({ method: 'GET', path: '/me' });
		const seen = JSON.stringify([result.error?.message, result.error?.description, result.run.data.resultData]);
		for (const secret of [ENCODED_TOKEN, CLIENT_TOKEN, encodeURIComponent(ENCODED_TOKEN)]) expect(seen).not.toContain(secret);
	});

	it.each([
		['Query Parameters (JSON) is not valid JSON', { method: 'GET', path: '/me', query: '{page: 1' }],
		['Body (JSON) must be a JSON object or list', { method: 'POST', path: '/send-text', body: '"text"' }],
		['Query Parameters (JSON) must be a JSON object', { method: 'GET', path: '/me', query: '[1, 2]' }],
	])('refuses bad JSON before any request: %s', async (message, parameters) => {
		const scope = api().get(/.*/).reply(200, {}).post(/.*/).reply(200, {});
		const result = await call(parameters);
		expect(result.error?.message).toBe(message);
		expect(scope.pendingMocks()).toHaveLength(2);
		nock.cleanAll();
	});
});

describe('Custom API Call: paths that could leave the instance', () => {
	it.each([
		['https://evil.example.com/steal', 'is an absolute address'],
		['javascript:alert(1)', 'is an absolute address'],
		['//evil.example.com/x', 'holds an empty segment'],
		['/send-text//x', 'holds an empty segment'],
		['/../../other/token/x/status', 'holds a . or .. segment'],
		['..', 'holds a . or .. segment'],
		['/./status', 'holds a . or .. segment'],
		['/%2e%2e/status', 'holds an encoded dot'],
		['/%2E%2E/status', 'holds an encoded dot'],
		['/a%2fb', 'holds an encoded dot, slash'],
		['/a%5cb', 'holds an encoded dot, slash, backslash'],
		['/%252e%252e/status', 'holds an encoded dot, slash, backslash or percent sign'],
		['/a\\..\\b', 'holds a backslash'],
		['\\\\evil\\x', 'holds a backslash'],
		['/status?x=1', 'holds a query or fragment'],
		['/status#x', 'holds a query or fragment'],
		['/send text', 'holds characters a path cannot'],
		['/é', 'holds characters a path cannot'],
		['/a%zz', 'holds a % that is not a percent escape'],
		['/instances/OTHER/token/T/status', 'starts with the instance address'],
	])('refuses %j', (path, why) => {
		expect(() => instancePath(path)).toThrow(`Path '${path}' ${why}`);
	});

	it.each([
		// Dots and their look-alikes, which a loose server could read as a step out of the token segment.
		['/..;/..;/status', 'holds characters a path cannot: "." ";"'],
		['/%c0%ae%c0%ae/status', 'holds a percent escape (%c0) that no Z-API path has'],
		['/%e0%80%ae%e0%80%ae/status', 'holds a percent escape (%e0) that no Z-API path has'],
		['/%ef%bc%8e%ef%bc%8e/status', 'holds a percent escape (%ef) that no Z-API path has'],
		['/%e2%80%a4%e2%80%a4/status', 'holds a percent escape (%e2) that no Z-API path has'],
		['/%e3%80%82%e3%80%82/status', 'holds a percent escape (%e3) that no Z-API path has'],
		['/..%3b/status', 'holds a percent escape (%3b) that no Z-API path has'],
		['/..%20/status', 'holds a percent escape (%20) that no Z-API path has'],
		['/.;/status', 'holds characters a path cannot: "." ";"'],
		['/..:/status', 'holds characters a path cannot: "." ":"'],
		['/．．/status', 'holds characters a path cannot: "．"'],
		['/․․/status', 'holds characters a path cannot: "․"'],
		['/‥/status', 'holds characters a path cannot: "‥"'],
		['/。。/status', 'holds characters a path cannot: "。"'],
		['/.%2e/status', 'holds an encoded dot'],
		['/..%00/status', 'holds a percent escape (%00) that no Z-API path has'],
		['/.../status', 'holds characters a path cannot: "."'],
		['/status.json', 'holds characters a path cannot: "."'],
		['/%u002e%u002e/status', 'holds a % that is not a percent escape'],
		['/send-text;x=1', 'holds characters a path cannot: ";" "="'],
		['/{phone}/notes', 'holds characters a path cannot: "{" "}"'],
		['/send\ttext', 'holds characters a path cannot: "\\t"'],
	])('refuses %j: %s', (path, why) => {
		expect(() => instancePath(path)).toThrow(`Path '${path.trim()}' ${why}`);
	});

	it.each([
		['/send-catalog', '/send-catalog'],
		['send-catalog', '/send-catalog'],
		['  /chats/5511999999999/notes ', '/chats/5511999999999/notes'],
		['/contacts/123%40lid', '/contacts/123%40lid'],
		['/contacts/123@lid', '/contacts/123@lid'],
		['/business/tag/10', '/business/tag/10'],
		['/send-text', '/send-text'],
		['/send-document/pdf', '/send-document/pdf'],
		['/light-group-metadata/120363019502650977-group', '/light-group-metadata/120363019502650977-group'],
		['/newsletter/settings/999999999999999999@newsletter', '/newsletter/settings/999999999999999999@newsletter'],
		['/queue/3999984263738042930CD6ECDE9VDWSA', '/queue/3999984263738042930CD6ECDE9VDWSA'],
		['/chats/5511999999999/tags/10/add', '/chats/5511999999999/tags/10/add'],
		['/security/two-fa-code/remove', '/security/two-fa-code/remove'],
		['/update-webhook-received-delivery', '/update-webhook-received-delivery'],
		['/mobile/request-registration-code', '/mobile/request-registration-code'],
		['/catalogs/collection_products', '/catalogs/collection_products'],
		['/send-document/', '/send-document/'],
	])('takes %j as %j', (path, expected) => {
		expect(instancePath(path)).toBe(expected);
	});

	it('refuses before any request, saying what to give instead', async () => {
		const scope = api().get(/.*/).reply(200, {});
		const result = await call({ method: 'GET', path: '/../../instances/OTHER/token/x/status' });
		expect(result.error?.message).toBe("Path '/../../instances/OTHER/token/x/status' holds a . or .. segment");
		expect(result.error?.description).toMatch(/after the instance address/);
		expect(scope.isDone()).toBe(false);
	});
});

describe('Custom API Call: output', () => {
	it.each([
		[{ a: 1 }, [{ a: 1 }]],
		[[{ a: 1 }, 'x'], [{ a: 1 }, { data: 'x' }]],
		['text', [{ data: 'text' }]],
		[7, [{ data: 7 }]],
		['', [{ success: true }]],
		[null, [{ success: true }]],
	])('turns %j into %j', (answer, items) => {
		expect(outputOf(answer)).toEqual(items);
	});
});
