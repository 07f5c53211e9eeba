/**
 * Walks every way a call can fail and checks that neither the instance token (it sits in
 * every URL path) nor the client token reaches what n8n keeps or shows: the error, its
 * message, description, context and cause, the whole run data, and the output items.
 */
import nock from 'nock';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { runAction, type ActionRun } from '../../../helpers/engine';

const INSTANCE_TOKEN = 'itok-9f8e7d6c5b4a3210';
const CLIENT_TOKEN = 'ctok-1a2b3c4d5e6f7890';
const SECRETS = [INSTANCE_TOKEN, CLIENT_TOKEN];
const BASE = 'https://api.z-api.io';
const PREFIX = `/instances/INSTANCE123/token/${INSTANCE_TOKEN}`;
const FULL_URL = `${BASE}${PREFIX}`;
const credentials = { instanceToken: INSTANCE_TOKEN, clientToken: CLIENT_TOKEN };

const GROUP = '120363019502650977-group';
const PNG_BASE64 =
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

interface Operation {
	name: string;
	method: 'get' | 'put' | 'post';
	path: string;
	parameters: IDataObject;
	items?: INodeExecutionData[];
}

const OPERATIONS: Operation[] = [
	{
		name: 'Get Messages',
		method: 'get',
		path: '/chat-messages/5511999999999',
		parameters: { resource: 'chat', operation: 'getMessages', phone: '5511999999999', limit: 5 },
	},
	{
		name: 'Set Received URL',
		method: 'put',
		path: '/update-webhook-received-delivery',
		parameters: { resource: 'webhook', operation: 'setReceivedUrl', url: 'https://n8n.example.com/webhook/a' },
	},
	{
		name: 'Set Status URL',
		method: 'put',
		path: '/update-webhook-message-status',
		parameters: { resource: 'webhook', operation: 'setStatusUrl', url: 'https://n8n.example.com/webhook/b' },
	},
	{
		name: 'Update Photo',
		method: 'post',
		path: '/update-group-photo',
		parameters: { resource: 'group', operation: 'updatePhoto', groupId: GROUP, photoSource: 'binary', binaryPropertyName: 'data' },
		items: [{ json: {}, binary: { data: { data: PNG_BASE64, mimeType: 'image/png', fileName: 'p.png' } } }],
	},
	{
		name: 'Promote to Admin',
		method: 'post',
		path: '/add-admin',
		parameters: { resource: 'group', operation: 'promoteToAdmin', groupId: GROUP, phones: '5511999999999' },
	},
	{
		name: 'Add Participants',
		method: 'post',
		path: '/add-participant',
		parameters: { resource: 'group', operation: 'addParticipants', groupId: GROUP, phones: '5511999999999', autoInvite: true },
	},
];
const GROUP_OPERATIONS = OPERATIONS.filter((operation) => operation.parameters.resource === 'group');

/** What a careless server might say: the tokens in the body, in every key n8n looks at. */
const ECHO_BODY = {
	error: `Instance not found for ${FULL_URL} (client-token ${CLIENT_TOKEN})`,
	message: `token=${INSTANCE_TOKEN}`,
	detail: { token: INSTANCE_TOKEN, clientToken: CLIENT_TOKEN },
	url: FULL_URL,
};
const ECHO_HEADERS = {
	'X-Request-Url': FULL_URL,
	'X-Client-Token': CLIENT_TOKEN,
	Location: `${FULL_URL}/status`,
};

/** Every string reachable from a value, own non-enumerable properties (message, stack, cause) included. */
function allText(value: unknown, seen = new Set<unknown>()): string {
	if (value === null || value === undefined) return '';
	if (typeof value !== 'object') return String(value);
	if (seen.has(value)) return '';
	seen.add(value);
	const parts: string[] = [];
	for (const key of Object.getOwnPropertyNames(value)) {
		let entry: unknown;
		try {
			entry = (value as Record<string, unknown>)[key];
		} catch {
			continue;
		}
		parts.push(key, allText(entry, seen));
	}
	return parts.join('\n');
}

const SECRET_NAMES: Record<string, string> = { [INSTANCE_TOKEN]: 'instance token', [CLIENT_TOKEN]: 'client token' };

/** The secrets found in `text`, whole or as an 8-character piece: a cut-off token is still a leak. */
function secretsIn(text: string | undefined): string[] {
	const found: string[] = [];
	for (const secret of SECRETS) {
		const forms = [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)];
		if (forms.some((form) => (text ?? '').includes(form))) {
			found.push(SECRET_NAMES[secret]);
			continue;
		}
		for (let index = 0; index + 8 <= secret.length; index++) {
			if ((text ?? '').includes(secret.slice(index, index + 8))) {
				found.push(`${SECRET_NAMES[secret]} (a piece of it)`);
				break;
			}
		}
	}
	return found;
}

function expectNoSecret(label: string, text: string | undefined) {
	expect({ where: label, found: secretsIn(text) }).toEqual({ where: label, found: [] });
}

function expectClean(result: ActionRun) {
	const error = result.error as (Error & IDataObject) | undefined;
	expectNoSecret('JSON of the error', JSON.stringify(error ?? null));
	expectNoSecret('error.message', error?.message);
	expectNoSecret('error.description', error?.description as string | undefined);
	expectNoSecret('error.context', JSON.stringify(error?.context ?? null));
	expectNoSecret('error.cause', allText(error?.cause));
	expectNoSecret('error.messages', JSON.stringify(error?.messages ?? null));
	expectNoSecret('error.stack', error?.stack);
	expectNoSecret('every property of the error', allText(error));
	expectNoSecret('run data', JSON.stringify(result.run.data));
	expectNoSecret('output items', JSON.stringify(result.items));
}

/**
 * Runs `operation` with the mock set up by `mock`, without and with Continue On Fail;
 * checks the run failed (or produced an error item) and that no secret is anywhere.
 */
async function expectFailureWithoutSecrets(
	operation: Operation,
	mock: (scope: nock.Interceptor) => nock.Scope,
	expectedMessage?: RegExp,
) {
	const intercept = () => nock(BASE)[operation.method](`${PREFIX}${operation.path}`).query(true);
	mock(intercept());
	const failing = await runAction(operation.parameters, operation.items, { credentials });
	expect(failing.error).toBeDefined();
	if (expectedMessage) expect(failing.error?.message).toMatch(expectedMessage);
	expectClean(failing);
	nock.cleanAll();

	mock(intercept());
	const continuing = await runAction(operation.parameters, operation.items, { credentials, continueOnFail: true });
	expect(continuing.error).toBeUndefined();
	expect(continuing.json).toHaveLength(1);
	expect(continuing.json[0].error).toEqual(expect.any(String));
	expectClean(continuing);
}

const reply = (status: number, body: unknown = ECHO_BODY) => (interceptor: nock.Interceptor) =>
	interceptor.times(3).reply(status, body as IDataObject, ECHO_HEADERS);

describe('redaction: answers with an error status, the tokens echoed in body and headers', () => {
	// Which rule names the error is transport.test.ts's business: here only a Z-API error is expected.
	const cases: Array<[string, number, unknown]> = [
		['400 Instance not found', 400, ECHO_BODY],
		['401', 401, ECHO_BODY],
		['403 Client-Token not allowed', 403, { error: `Client-Token ${CLIENT_TOKEN} not allowed` }],
		['404', 404, ECHO_BODY],
		['400 null not allowed', 400, { error: `null not allowed (${FULL_URL})` }],
		['405', 405, ECHO_BODY],
		['415', 415, ECHO_BODY],
		['422', 422, { message: `bad request to ${FULL_URL}` }],
		['429', 429, ECHO_BODY],
		['500', 500, ECHO_BODY],
		['502', 502, `<html>Bad gateway for ${FULL_URL} ${CLIENT_TOKEN}</html>`],
		['503', 503, ECHO_BODY],
		['400 with the token cut at the 300th character', 400, { error: `${'x'.repeat(290)}${INSTANCE_TOKEN}` }],
		['400 with a plain-text body', 400, `bad token ${INSTANCE_TOKEN} / ${encodeURIComponent(CLIENT_TOKEN)}`],
	];
	for (const operation of OPERATIONS) {
		it.each(cases)(`${operation.name}: %s`, async (_label, status, body) => {
			await expectFailureWithoutSecrets(operation, reply(status, body), /Z-API/);
		});
	}
});

describe('redaction: network errors carrying the URL and headers', () => {
	const networkError = (code: string) =>
		Object.assign(new Error(`connect ${code} ${FULL_URL}`), {
			code,
			config: { url: FULL_URL, headers: { 'Client-Token': CLIENT_TOKEN } },
		});
	for (const operation of OPERATIONS) {
		it.each(['ECONNRESET', 'ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT'])(`${operation.name}: %s`, async (code) => {
			await expectFailureWithoutSecrets(
				operation,
				(interceptor) => interceptor.times(3).replyWithError(networkError(code)),
				/Could not reach Z-API/,
			);
		});
	}
});

describe('redaction: refusals inside a 200 answer', () => {
	for (const operation of [...GROUP_OPERATIONS, ...OPERATIONS.filter((op) => op.parameters.resource === 'webhook')]) {
		it(`${operation.name}: {value: false}`, async () => {
			await expectFailureWithoutSecrets(operation, reply(200, { value: false }), /^Z-API could not/);
		});

		it(`${operation.name}: {value: false} echoing the tokens`, async () => {
			await expectFailureWithoutSecrets(
				operation,
				reply(200, { value: false, error: `refused for ${FULL_URL}`, clientToken: CLIENT_TOKEN }),
				/^Z-API could not/,
			);
		});
	}

	it('Get Messages: a non-list answer echoing the tokens', async () => {
		await expectFailureWithoutSecrets(
			OPERATIONS[0],
			reply(200, { error: `multi-device ${FULL_URL}`, clientToken: CLIENT_TOKEN }),
			/did not return a list/,
		);
	});

	it('Get Messages: messages echoing the tokens do not carry them into the output', async () => {
		nock(BASE)
			.get(`${PREFIX}/chat-messages/5511999999999`)
			.query(true)
			.reply(200, [{ messageId: 'A', text: { message: `my token is ${INSTANCE_TOKEN}, client ${CLIENT_TOKEN}` } }]);
		const result = await runAction(OPERATIONS[0].parameters, undefined, { credentials });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ messageId: 'A', text: { message: 'my token is [redacted], client [redacted]' } }]);
		expectClean(result);
	});
});

describe('redaction: invalid input and credentials', () => {
	const invalid: Array<[string, IDataObject, IDataObject]> = [
		['a bad phone', { ...OPERATIONS[0].parameters, phone: 'call me' }, {}],
		['a bad group id', { ...GROUP_OPERATIONS[1].parameters, groupId: '12345' }, {}],
		['an empty phone list', { ...GROUP_OPERATIONS[2].parameters, phones: '={{ [] }}' }, {}],
		['an http webhook URL', { ...OPERATIONS[1].parameters, url: 'http://n8n.example.com/x' }, {}],
		['a relative photo URL', { ...GROUP_OPERATIONS[0].parameters, photoSource: 'url', photoUrl: '/p.png' }, {}],
		['a photo that is not an image', { ...GROUP_OPERATIONS[0].parameters, photoSource: 'base64', photoBase64: 'aGVsbG8=' }, {}],
		['a missing binary field', { ...GROUP_OPERATIONS[0].parameters, binaryPropertyName: 'nope' }, {}],
		['a Limit of 0', { ...OPERATIONS[0].parameters, limit: 0 }, {}],
		['incomplete credentials', OPERATIONS[0].parameters, { instanceId: '' }],
		['a Base URL that is not a URL', OPERATIONS[0].parameters, { baseUrl: 'api.z-api.io' }],
	];
	it.each(invalid)('%s', async (_label, parameters, extraCredentials) => {
		const scope = nock(BASE)
			.get(/.*/)
			.query(true)
			.reply(200, [])
			.put(/.*/)
			.reply(200, { value: true })
			.post(/.*/)
			.reply(200, { value: true });
		for (const continueOnFail of [false, true]) {
			const result = await runAction(parameters, [{ json: {} }], {
				credentials: { ...credentials, ...extraCredentials },
				continueOnFail,
			});
			if (continueOnFail) expect(result.json[0].error).toEqual(expect.any(String));
			else expect(result.error).toBeDefined();
			expectClean(result);
		}
		expect(scope.pendingMocks()).toHaveLength(3);
	});
});
