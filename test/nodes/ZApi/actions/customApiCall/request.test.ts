/**
 * Custom API Call: any endpoint by method and path, through the credentials' instance, token
 * and client token; paths that could leave the instance refused before any request.
 */
import nock from 'nock';

import { customApiCall } from '../../../../../nodes/ZApi/actions/customApiCall';
import { instancePath } from '../../../../../nodes/ZApi/actions/customApiCall/instancePath';
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

	it('DELETEs without a body; an empty answer says it succeeded', async () => {
		const scope = api().delete(`${ENCODED_INSTANCE_PATH}/queue`).reply(200, '');
		const result = await call({ method: 'DELETE', path: '/queue' });
		expect(result.json).toEqual([{ success: true }]);
		expect(scope.isDone()).toBe(true);
	});

	it('fails the item on a 200 answer that refuses, naming the call', async () => {
		api().post(`${ENCODED_INSTANCE_PATH}/send-catalog`).reply(200, { error: 'Catalog not found' });
		const result = await call({ ...EXAMPLES.request.parameters });
		expect(result.error?.message).toBe('Z-API could not POST /send-catalog (it answered {"error":"Catalog not found"})');
	});

	it('keeps the tokens out of errors and run data when the service echoes them', async () => {
		api().get(`${ENCODED_INSTANCE_PATH}/me`).reply(400, { error: `bad ${ENCODED_TOKEN} ${CLIENT_TOKEN}` });
		const result = await call({ method: 'GET', path: '/me' });
		const seen = JSON.stringify([result.error?.message, result.error?.description, result.run.data.resultData]);
		for (const secret of [ENCODED_TOKEN, CLIENT_TOKEN, encodeURIComponent(ENCODED_TOKEN)]) expect(seen).not.toContain(secret);
	});

	it.each([
		['Query Parameters (JSON) is not valid JSON', { method: 'GET', path: '/me', query: '{page: 1' }],
		['Body (JSON) must be a JSON object', { method: 'POST', path: '/send-text', body: '[1, 2]' }],
	])('refuses bad JSON before any request: %s', async (message, parameters) => {
		const scope = api().get(/.*/).reply(200, {}).post(/.*/).reply(200, {});
		const result = await call(parameters);
		expect(result.error?.message).toBe(message);
		expect(scope.pendingMocks()).toHaveLength(2);
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
		['/send-catalog', '/send-catalog'],
		['send-catalog', '/send-catalog'],
		['  /chats/5511999999999/notes ', '/chats/5511999999999/notes'],
		['/contacts/123%40lid', '/contacts/123%40lid'],
		['/business/tag/10', '/business/tag/10'],
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
