/**
 * The Partner (Instances) resource's secrets, walked as test/nodes/shared/transport/
 * redaction.test.ts walks the instance credential's: the partner token (a Bearer header on
 * every call) and the instance token an operation is given (in the path of per-instance
 * calls), both needing encoding, echoed by the server in every form in every failure, never
 * reach the error, its description, context, cause or stack, nor the output. Also against a
 * real local server that carries out a call and cuts the connection: a billed call is sent once.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { partner } from '../../../../../nodes/ZApi/actions/partner';
import { runAction, type ActionRun } from '../../../../helpers/engine';
import { echoedForms, holdsSecret } from '../../../../helpers/secrets';
import { stagedServer } from '../../../../helpers/stagedServer';
import { EXAMPLES, INSTANCE_ID } from './examples';

const BASE = 'https://api.z-api.io';
const PARTNER_TOKEN = 'ptok+9f/8e=7d 6c5b4a3210';
const INSTANCE_TOKEN = 'itok 1a+2b/3c=4d5e6f7890';
const partnerCredentials = { partnerToken: PARTNER_TOKEN, baseUrl: BASE };

/**
 * Each operation, with the secrets its call carries: a server can only echo those. The
 * account-level calls (create, list) carry the partner token alone.
 */
const CASES = partner.operations.map((operation) => {
	const parameters: IDataObject = { resource: 'partner', operation: operation.value, ...EXAMPLES[operation.value].parameters };
	const perInstance = 'instanceToken' in parameters;
	if (perInstance) parameters.instanceToken = INSTANCE_TOKEN;
	// Where no instance token is sent, the partner token stands in for it in the echoes.
	return [operation.name, parameters, perInstance ? INSTANCE_TOKEN : PARTNER_TOKEN] as const;
});

const echoes = (secret: string) => echoedForms(secret, INSTANCE_ID).join(' | ');
const urlOf = (instanceToken: string) => `${BASE}/instances/${INSTANCE_ID}/token/${encodeURIComponent(instanceToken)}/integrator/on-demand`;
const echoBody = (instanceToken: string) => ({
	error: `Instance not found for ${urlOf(instanceToken)} (Bearer ${echoes(PARTNER_TOKEN)})`,
	message: `token=${echoes(instanceToken)}`,
	detail: { token: instanceToken, partnerToken: PARTNER_TOKEN },
	[instanceToken]: 'the token as a key',
	[encodeURIComponent(PARTNER_TOKEN)]: { [Buffer.from(instanceToken).toString('base64')]: 'nested key' },
});
const echoHeaders = (instanceToken: string) => ({ 'X-Request-Url': urlOf(instanceToken), Authorization: `Bearer ${PARTNER_TOKEN}`, 'Retry-After': '0' });

/** Every string of an error but its node (n8n puts the node's parameters there, as it stores them), and the output. */
function shown(result: ActionRun): string {
	const error = result.error as (Error & IDataObject) | undefined;
	const texts = error ? Object.getOwnPropertyNames(error).filter((key) => key !== 'node').map((key) => JSON.stringify(error[key] ?? null)) : [];
	return [...texts, String(error?.stack ?? ''), JSON.stringify(result.items)].join('\n');
}

/** Neither token, in any form, anywhere the run shows. */
function expectClean(result: ActionRun): void {
	const text = shown(result);
	const found = Object.entries({ 'partner token': PARTNER_TOKEN, 'instance token': INSTANCE_TOKEN })
		.filter(([, secret]) => holdsSecret(text, secret))
		.map(([name]) => name);
	expect(found).toEqual([]);
}

type Reply = (interceptor: nock.Interceptor) => void;

function serve(reply: Reply): string[] {
	const requested: string[] = [];
	const scope = nock(BASE);
	scope.on('request', (request: { path: string }) => requested.push(request.path));
	for (const method of ['GET', 'POST', 'PUT', 'DELETE']) reply(scope.intercept(/\/instances.*/, method).query(true));
	return requested;
}

async function expectFailureWithoutSecrets(parameters: IDataObject, reply: Reply, expected: RegExp): Promise<void> {
	for (const continueOnFail of [false, true]) {
		const requested = serve(reply);
		const result = await runAction(parameters, undefined, { partner: partnerCredentials, continueOnFail });
		expect(requested.length).toBeGreaterThan(0);
		if (continueOnFail) expect(result.json[0].error).toMatch(expected);
		else expect(result.error?.message).toMatch(expected);
		expectClean(result);
		nock.cleanAll();
	}
}

const answer =
	(instanceToken: string, status: number, body: unknown = echoBody(instanceToken)): Reply =>
	(interceptor) =>
		interceptor.times(3).reply(status, body as IDataObject, echoHeaders(instanceToken));

afterEach(() => nock.cleanAll());

describe('Partner (Instances) secrets: answers with an error status, the tokens echoed', () => {
	const statuses = (token: string): Array<[string, number, unknown]> => [
		['400', 400, echoBody(token)],
		['401', 401, echoBody(token)],
		['403', 403, echoBody(token)],
		['404', 404, echoBody(token)],
		['405', 405, echoBody(token)],
		['422', 422, { message: `bad request to ${urlOf(token)}` }],
		['429', 429, echoBody(token)],
		['500', 500, echoBody(token)],
		['502 as a web page', 502, `<html>Bad gateway for ${urlOf(token)} ${echoes(PARTNER_TOKEN)}</html>`],
		['400 with the token cut at the 300th character', 400, { error: `${'x'.repeat(290)}${token}${PARTNER_TOKEN}` }],
	];
	describe.each(CASES)('%s', (_name, parameters, token) => {
		it.each(statuses(token))('%s', async (_label, status, body) => {
			await expectFailureWithoutSecrets(parameters, answer(token, status, body), /Z-API/);
		});
	});
});

describe('Partner (Instances) secrets: network errors carrying the URL and headers', () => {
	const networkError = (code: string, token: string) =>
		Object.assign(new Error(`connect ${code} ${urlOf(token)} ${echoes(token)} ${echoes(PARTNER_TOKEN)}`), {
			code,
			config: { url: urlOf(token), headers: { Authorization: `Bearer ${PARTNER_TOKEN}` } },
		});
	describe.each(CASES)('%s', (_name, parameters, token) => {
		it.each(['ECONNREFUSED', 'ENOTFOUND', 'DEPTH_ZERO_SELF_SIGNED_CERT'])('%s', async (code) => {
			await expectFailureWithoutSecrets(parameters, (interceptor) => interceptor.replyWithError(networkError(code, token)), /Could not reach Z-API|does not trust/);
		});
	});
});

describe('Partner (Instances) secrets: answers in a 200 that echo the tokens', () => {
	it.each(CASES)('%s', async (_name, parameters, token) => {
		for (const continueOnFail of [false, true]) {
			serve(answer(token, 200, { ...echoBody(token), content: [{ id: 'A', note: `${PARTNER_TOKEN} ${token}` }] }));
			const result = await runAction(parameters, undefined, { partner: partnerCredentials, continueOnFail });
			expect(result.error !== undefined || result.json.length > 0).toBe(true);
			expectClean(result);
			nock.cleanAll();
		}
	});
});

describe('Partner (Instances) secrets: a server that carries out a call and cuts the connection', () => {
	const { received, base } = stagedServer();

	it.each(CASES.filter(([, parameters]) => parameters.operation !== 'getManyInstances'))('%s is sent once, and the error says it may have been done, without a token', async (_name, parameters) => {
		const result = await runAction(parameters, undefined, { partner: { partnerToken: PARTNER_TOKEN, baseUrl: base() } });
		expect(received).toHaveLength(1);
		if ('instanceToken' in parameters) expect(received[0].path).toContain(`/token/${encodeURIComponent(INSTANCE_TOKEN)}/integrator/on-demand/`);
		expect(result.error?.message).toMatch(/^The connection to Z-API at 127\.0\.0\.1:\d+ ended before its answer \(ECONNRESET\): Z-API may have carried out the call$/);
		expect(result.error?.description).toMatch(/Get Many Instances/);
		expectClean(result);
	});
});
