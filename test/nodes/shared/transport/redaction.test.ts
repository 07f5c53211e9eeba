/**
 * Walks every way a call of every operation can fail and checks that neither the instance
 * token (it sits in every URL path) nor the client token reaches what n8n keeps or shows:
 * the error, its message, description, context and cause, the whole run data, and the
 * output items. The servers here echo the tokens in every form an echo may take.
 *
 * The operations come from the node's registry; each runs with the valid example of its
 * resource's examples table (test/nodes/ZApi/actions/<resource>/examples.ts), and an input
 * item carrying an image file.
 */
import nock from 'nock';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { runAction, type ActionRun } from '../../../helpers/engine';
import { FULL_SIZE } from '../../../helpers/scale';
import { sampleImages } from '../../../helpers/images';
import { echoedForms, holdsSecret } from '../../../helpers/secrets';
import { resources } from '../../../../nodes/ZApi/actions/resources';
import type { ZApiOperation } from '../../../../nodes/ZApi/actions/types';
import { WITHOUT_SERVICE_CALLS, WITH_PARTNER_CREDENTIAL, exampleOf } from '../../ZApi/actions/examples';
import { FakeDataTables } from '../../../helpers/dataTables';

/** Tokens with the characters encodings disagree on: + / = and spaces. */
const INSTANCE_TOKEN = 'itok+9f/8e=7d 6c5b4a3210';
const CLIENT_TOKEN = 'ctok 1a+2b/3c=4d5e6f7890';
const SECRETS = { 'instance token': INSTANCE_TOKEN, 'client token': CLIENT_TOKEN };
const BASE = 'https://api.z-api.io';
const FULL_URL = `${BASE}/instances/INSTANCE123/token/${encodeURIComponent(INSTANCE_TOKEN)}`;
const credentials = { instanceToken: INSTANCE_TOKEN, clientToken: CLIENT_TOKEN };
// Send and Wait signs its answer links with the execution's id.
const executionId = '1001';
// Send and Wait for Reply asks only from an active workflow, whose Z-API Trigger routes the reply.
const active = true;

interface Case {
	name: string;
	resource: string;
	operation: ZApiOperation;
	parameters: IDataObject;
	/** What the service answers when the call succeeds. */
	answer: unknown;
}

// The Conversation resource calls n8n's API, not the service: its key is checked in its own tests.
// The Partner (Instances) resource's tokens are the partner token and the instance token it is
// given: test/nodes/ZApi/actions/partner/secrets.test.ts runs the same checks on them.
const CASES: Case[] = resources.filter((resource) => !WITHOUT_SERVICE_CALLS.has(resource.value) && !WITH_PARTNER_CREDENTIAL.has(resource.value)).flatMap((resource) =>
	resource.operations.map((operation) => ({
		name: `${resource.name} > ${operation.name}`,
		resource: resource.value,
		operation,
		parameters: { resource: resource.value, operation: operation.value, ...exampleOf(resource.value, operation.value).parameters },
		answer: exampleOf(resource.value, operation.value).answer,
	})),
);

const ITEMS: INodeExecutionData[] = [
	{ json: {}, binary: { data: { data: sampleImages.pngBase64, mimeType: 'image/png', fileName: 'p.png' } } },
];

const echoes = (secret: string) => echoedForms(secret).join(' | ');

/** What a careless server might say: the tokens in every form, in every key n8n looks at, and as keys. */
const ECHO_BODY = {
	error: `Instance not found for ${FULL_URL} (client-token ${echoes(CLIENT_TOKEN)})`,
	message: `token=${echoes(INSTANCE_TOKEN)}`,
	detail: { token: INSTANCE_TOKEN, clientToken: CLIENT_TOKEN },
	[INSTANCE_TOKEN]: 'the token as a key',
	[encodeURIComponent(CLIENT_TOKEN)]: { [Buffer.from(INSTANCE_TOKEN).toString('base64')]: 'nested key' },
	url: FULL_URL,
};
const ECHO_HEADERS = {
	'X-Request-Url': FULL_URL,
	'X-Client-Token': CLIENT_TOKEN,
	Authorization: echoedForms(INSTANCE_TOKEN)[6],
	Location: `${FULL_URL}/status`,
	// Retries (429, 5xx) go on at once: the retry schedule is transport.test.ts's business.
	'Retry-After': '0',
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

function expectNoSecret(where: string, text: string | undefined) {
	const found = Object.entries(SECRETS)
		.filter(([, secret]) => holdsSecret(text, secret))
		.map(([name]) => name);
	expect({ where, found }).toEqual({ where, found: [] });
}

function expectClean(result: ActionRun) {
	const error = result.error as (Error & IDataObject) | undefined;
	expectNoSecret('JSON of the error', JSON.stringify(error ?? null));
	expectNoSecret('error.message', error?.message);
	expectNoSecret('error.description', error?.description as string | undefined);
	expectNoSecret('error.context', JSON.stringify(error?.context ?? null));
	expectNoSecret('error.cause', allText(error?.cause));
	expectNoSecret('error.errorResponse', allText(error?.errorResponse));
	expectNoSecret('error.messages', JSON.stringify(error?.messages ?? null));
	expectNoSecret('error.stack', error?.stack);
	expectNoSecret('every property of the error', allText(error));
	expectNoSecret('run data', JSON.stringify(result.run.data));
	expectNoSecret('output items', JSON.stringify(result.items));
}

type Reply = (interceptor: nock.Interceptor) => void;

/**
 * Answers any method and path of the instance the same way; returns the paths asked for. n8n's
 * data-table API is served too: Send and Wait for Reply keeps its question in the conversation
 * table before sending it.
 */
function serve(reply: Reply): string[] {
	new FakeDataTables();
	const requested: string[] = [];
	const scope = nock(BASE);
	scope.on('request', (request: { path: string }) => requested.push(request.path));
	for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
		reply(scope.intercept(/\/instances\/INSTANCE123\/token\/.*/, method).query(true));
	}
	return requested;
}

/**
 * Runs the case with the server set up by `reply`, without and with Continue On Fail;
 * checks a request went out, the run failed (or produced an error item), and that no
 * secret is anywhere.
 */
async function expectFailureWithoutSecrets(testCase: Case, reply: Reply, expectedMessage: RegExp) {
	for (const continueOnFail of [false, true]) {
		const requested = serve(reply);
		const result = await runAction(testCase.parameters, ITEMS, { credentials, continueOnFail, executionId, active });
		expect(requested.length).toBeGreaterThan(0);
		if (continueOnFail) {
			expect(result.error).toBeUndefined();
			expect(result.json).toHaveLength(1);
			expect(result.json[0].error).toMatch(expectedMessage);
		} else {
			expect(result.error?.message).toMatch(expectedMessage);
		}
		expectClean(result);
		nock.cleanAll();
	}
}

const answer =
	(status: number, body: unknown = ECHO_BODY): Reply =>
	(interceptor) =>
		interceptor.times(3).reply(status, body as IDataObject, ECHO_HEADERS);

describe('redaction: every operation has a valid example', () => {
	it.each(CASES.map((testCase) => [testCase.name, testCase] as const))('%s reaches the service', async (_name, testCase) => {
		const requested = serve(answer(200, testCase.answer));
		const result = await runAction(testCase.parameters, ITEMS, { credentials, executionId, active });
		expect(requested[0]).toMatch(/^\/instances\/INSTANCE123\/token\/[^/]+\/\S+/);
		expect(result.error).toBeUndefined();
	});
});

describe('redaction: answers with an error status, the tokens echoed in body and headers', () => {
	// Which rule names the error is transport.test.ts's business: here only a Z-API error is expected.
	const statuses: Array<[string, number, unknown]> = [
		['400 Instance not found', 400, ECHO_BODY],
		['401', 401, ECHO_BODY],
		['403 Client-Token not allowed', 403, { error: `Client-Token ${echoes(CLIENT_TOKEN)} not allowed` }],
		['404', 404, ECHO_BODY],
		['400 null not allowed', 400, { error: `null not allowed (${FULL_URL})` }],
		['405', 405, ECHO_BODY],
		['415', 415, ECHO_BODY],
		['422', 422, { message: `bad request to ${FULL_URL}` }],
		['429', 429, ECHO_BODY],
		['500', 500, ECHO_BODY],
		['502', 502, `<html>Bad gateway for ${FULL_URL} ${echoes(CLIENT_TOKEN)}</html>`],
		['503', 503, ECHO_BODY],
		['400 with the token cut at the 300th character', 400, { error: `${'x'.repeat(290)}${INSTANCE_TOKEN}` }],
		['400 with a plain-text body', 400, `bad token ${echoes(INSTANCE_TOKEN)} / ${echoes(CLIENT_TOKEN)}`],
	];
	// Every operation with the statuses whose echo differs (the client token in the error, an html
	// page, a token cut, a plain-text body); every status with every operation in `npm run test:all`.
	const lighter = ['403 Client-Token not allowed', '502', '400 with the token cut at the 300th character', '400 with a plain-text body'];
	describe.each(CASES.map((testCase) => [testCase.name, testCase] as const))('%s', (_name, testCase) => {
		it.each(FULL_SIZE ? statuses : statuses.filter(([label]) => lighter.includes(label)))('%s', async (_label, status, body) => {
			await expectFailureWithoutSecrets(testCase, answer(status, body), /Z-API/);
		});
	});
});

describe('redaction: network errors carrying the URL and headers', () => {
	const networkError = (code: string) =>
		Object.assign(new Error(`connect ${code} ${FULL_URL} ${echoes(INSTANCE_TOKEN)}`), {
			code,
			config: { url: FULL_URL, headers: { 'Client-Token': CLIENT_TOKEN } },
		});
	// Retryable codes (ECONNRESET…) take the same path once their retries are spent.
	const codes = ['ECONNREFUSED', 'ENOTFOUND', 'DEPTH_ZERO_SELF_SIGNED_CERT'];
	describe.each(CASES.map((testCase) => [testCase.name, testCase] as const))('%s', (_name, testCase) => {
		it.each(codes)('%s', async (code) => {
			await expectFailureWithoutSecrets(
				testCase,
				(interceptor) => interceptor.replyWithError(networkError(code)),
				/Could not reach Z-API|does not trust/,
			);
		});
	});
});

describe('redaction: answers in a 200', () => {
	describe.each(CASES.map((testCase) => [testCase.name, testCase] as const))('%s', (_name, testCase) => {
		it('an answer that is not what the operation expects, echoing the tokens', async () => {
			// {value: false} refuses a group, webhook or send call; a read passes it on as the
			// answer. Either way, no token reaches the error or the output.
			for (const continueOnFail of [false, true]) {
				const requested = serve(answer(200, { ...ECHO_BODY, value: false }));
				const result = await runAction(testCase.parameters, ITEMS, { credentials, continueOnFail, executionId, active });
				expect(requested.length).toBeGreaterThan(0);
				expect(result.error !== undefined || result.json.length > 0).toBe(true);
				expectClean(result);
				nock.cleanAll();
			}
		});
	});

	it('messages echoing the tokens do not carry them into the output, in values or keys', async () => {
		const getMessages = CASES.find((testCase) => testCase.operation.value === 'getMessages') as Case;
		serve(answer(200, [{ messageId: 'A', text: { message: `my token is ${INSTANCE_TOKEN}` }, echo: ECHO_BODY }]));
		const result = await runAction(getMessages.parameters, ITEMS, { credentials });
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(1);
		expect(result.json[0]).toMatchObject({ messageId: 'A', text: 'my token is [redacted]', content: { message: 'my token is [redacted]' } });
		expectClean(result);
	});
});

describe('redaction: invalid input and credentials', () => {
	/** Every phone, chat or group parameter, in turn set to a value no input rule accepts. */
	const IDENTITY_PARAMETERS = ['phone', 'phones', 'groupId'];
	const invalidInput = CASES.flatMap((testCase) =>
		testCase.operation.properties
			.filter((property) => IDENTITY_PARAMETERS.includes(property.name) && property.name in testCase.parameters)
			.map((property) => [`${testCase.name}: ${property.displayName} '%%%'`, { ...testCase.parameters, [property.name]: '%%%' }, {}] as const),
	);
	const getMessages = CASES[0].parameters;
	const invalid: Array<readonly [string, IDataObject, IDataObject]> = [
		...invalidInput,
		['incomplete credentials', getMessages, { instanceId: '' }],
		['a Base URL that is not a URL', getMessages, { baseUrl: 'api.z-api.io' }],
		['the whole instance address as the Base URL', getMessages, { baseUrl: `${FULL_URL}/` }],
		['the whole instance address, token not encoded', getMessages, { baseUrl: `${BASE}/instances/INSTANCE123/token/${INSTANCE_TOKEN}` }],
	];
	it.each(invalid)('%s', async (_label, parameters, extraCredentials) => {
		for (const continueOnFail of [false, true]) {
			const requested = serve(answer(200, { value: true }));
			const result = await runAction(parameters, ITEMS, {
				credentials: { ...credentials, ...extraCredentials },
				continueOnFail,
			});
			if (continueOnFail) expect(result.json[0].error).toEqual(expect.any(String));
			else expect(result.error).toBeDefined();
			expectClean(result);
			expect(requested).toEqual([]);
			nock.cleanAll();
		}
	});
});
