/**
 * Partner (Instances): every operation's documented call, sent with the Z-API Partner API
 * credential (Authorization: Bearer, never the instance credential's Client-Token);
 * instances checked before any request; answers that are not what the page gives refused;
 * the list read page by page; billed calls never sent twice.
 */
import nock from 'nock';
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { partner } from '../../../../../nodes/ZApi/actions/partner';
import { PARTNER_CREDENTIALS, runAction, type ActionRun } from '../../../../helpers/engine';
import type { ExampleCall, OperationExample } from '../../../../helpers/operationExamples';
import { echoedForms, holdsSecret } from '../../../../helpers/secrets';
import { EXAMPLES, INSTANCE_ID, INSTANCE_TOKEN, LISTED, ON_DEMAND_PATH } from './examples';

const BASE = 'https://api.z-api.io';
const PARTNER_TOKEN = PARTNER_CREDENTIALS.partnerToken;
const BEARER = `Bearer ${PARTNER_TOKEN}`;
/** The instance credential's secrets: none may go with a partner call. */
const INSTANCE_CREDENTIALS = { clientToken: 'acct-SECURITY-token-1' };

const operations = partner.operations.map((operation) => [operation.name, operation.value] as const);
const run = (operation: string, extra: IDataObject = {}, options: Parameters<typeof runAction>[2] = {}) =>
	runAction({ resource: 'partner', operation, ...EXAMPLES[operation].parameters, ...extra }, undefined, options);

/** Expects exactly the example's request, with the partner token and no Client-Token, and answers it. */
function expectPartnerCall(example: ExampleCall, reply: unknown = example.answer, status = example.status ?? 200, base = BASE): nock.Scope {
	const scope = nock(base, { badheaders: ['client-token'] }).matchHeader('authorization', BEARER);
	const body = example.body === '' ? (sent: unknown) => sent === '' : (example.body as nock.RequestBodyMatcher);
	const interceptor =
		example.method === 'GET'
			? scope.get(example.path)
			: (example.method === 'PUT' ? scope.put(example.path, body) : scope.post(example.path, body));
	const withQuery = example.query ? interceptor.query(example.query as Record<string, string>) : interceptor.query((query) => Object.keys(query).length === 0);
	return withQuery.reply(status, reply as nock.Body);
}

/** Neither the partner token nor the instance token, in any form. */
function expectNoSecret(text: string, keep: string[] = []): void {
	for (const secret of [PARTNER_TOKEN, INSTANCE_TOKEN].filter((one) => !keep.includes(one))) expect({ secret, held: holdsSecret(text, secret) }).toEqual({ secret, held: false });
}

/**
 * What a run shows of itself: the error's texts and every property but the node (n8n puts
 * the node's parameters there, the Instance Token among them, as it stores them in the
 * workflow), and the output items.
 */
function shown(result: ActionRun): string {
	const error = result.error as (Error & Record<string, unknown>) | undefined;
	const rest = Object.fromEntries(Object.entries(error ?? {}).filter(([key]) => key !== 'node'));
	return JSON.stringify([error?.message, error?.description, error?.stack, rest, result.items]);
}

afterEach(() => nock.cleanAll());

describe('Partner (Instances): every operation', () => {
	it('has one example per operation', () => {
		expect(Object.keys(EXAMPLES).sort()).toEqual(partner.operations.map(({ value }) => value).sort());
	});

	it.each(operations)('%s sends the documented request with the partner token and outputs what the user needs', async (_name, value) => {
		const scope = expectPartnerCall(EXAMPLES[value]);
		const result = await run(value, {}, { credentials: INSTANCE_CREDENTIALS });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual(EXAMPLES[value].output);
		expect(result.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
		expect(scope.isDone()).toBe(true);
	});

	it.each(operations)('%s works with no instance credential at all: it uses the partner one', async (_name, value) => {
		const scope = expectPartnerCall(EXAMPLES[value]);
		const result = await run(value, {}, { credentials: { instanceId: '', instanceToken: '' } });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it.each(operations)('%s keeps the partner and instance tokens out of the error when the service echoes them', async (_name, value) => {
		// The service can only echo what the call carried: the instance token goes with per-instance calls only.
		const carried = 'instanceToken' in EXAMPLES[value].parameters ? [PARTNER_TOKEN, INSTANCE_TOKEN] : [PARTNER_TOKEN];
		const echo = carried.flatMap((secret) => echoedForms(secret, INSTANCE_ID)).join(' | ');
		expectPartnerCall(EXAMPLES[value], { error: `Instance not found ${echo}`, message: echo, [carried[carried.length - 1]]: echo }, 400);
		const result = await run(value);
		expect(result.error?.message).toMatch(/^Z-API/);
		expectNoSecret(shown(result));
	});

	it.each(operations)('%s with Continue On Fail: a refused call becomes an error item, the next item goes on, paired', async (_name, value) => {
		const example: OperationExample = EXAMPLES[value];
		const refused = expectPartnerCall(example, { error: 'Something went wrong' }, 422);
		const scope = expectPartnerCall(example);
		const result = await runAction({ resource: 'partner', operation: value, ...example.parameters }, [{ json: {} }, { json: {} }], { continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ error: expect.stringContaining('Something went wrong'), details: expect.any(String) }, ...example.output]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, ...example.output.map(() => ({ item: 1 }))]);
		expect(refused.isDone() && scope.isDone()).toBe(true);
	});

	it('outputs no token but the one of the instance it created', async () => {
		for (const [, value] of operations) {
			const scope = expectPartnerCall(EXAMPLES[value]);
			const result = await run(value);
			expectNoSecret(JSON.stringify(result.run.data.resultData.runData));
			expect(scope.isDone()).toBe(true);
		}
	});
});

describe('Partner (Instances): refusals before any request', () => {
	const anyCall = () => nock(BASE).persist().get(/.*/).reply(200, {}).post(/.*/).reply(200, {}).put(/.*/).reply(200, {});

	it.each<[string, IDataObject, string, RegExp]>([
		['createInstance', { name: '  ' }, 'Name is empty', /a name/],
		['createInstance', { options: { receivedCallbackUrl: 'http://meuwebhook.com.br/receive' } }, 'Received Messages Webhook URL must start with https:// (got http://)', /https/],
		['createInstance', { options: { connectedCallbackUrl: 'meuwebhook' } }, "Connected Webhook URL 'meuwebhook' is not an absolute URL", /https:\/\//],
		['signInstance', { instanceId: ' ' }, 'Instance ID is empty', /Create Instance outputs/],
		['cancelInstance', { instanceId: '../../integrator/on-demand' }, "Instance ID '../../integrator/on-demand' is not an ID Z-API gives", /letters and digits/],
		['addCalls', { instanceToken: ' ' }, 'Instance Token is empty', /not the partner token/],
	])('%s refuses %j', async (operation, change, message, hint) => {
		const scope = anyCall();
		const result = await run(operation, change);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(hint);
		expect(scope.pendingMocks()).toHaveLength(3);
	});

	it('never quotes the instance token, even where the token was typed as the instance ID', async () => {
		const scope = anyCall();
		const result = await run('signInstance', { instanceId: `${INSTANCE_TOKEN}` });
		expect(result.error?.message).toMatch(/^Instance ID '.*' is not an ID Z-API gives$/);
		expectNoSecret(shown(result));
		expect(scope.pendingMocks()).toHaveLength(3);
	});

	it.each<[string, ICredentialDataDecryptedObject, string, RegExp]>([
		['no partner token', { partnerToken: ' ', baseUrl: BASE }, 'The Z-API Partner API credentials have no Partner Token', /^Fill in Partner Token in the Z-API Partner API credentials/],
		['a Base URL that is not one', { partnerToken: PARTNER_TOKEN, baseUrl: 'api.z-api.io' }, 'The Base URL in the Z-API Partner API credentials is not a URL', /^Use https:\/\/api\.z-api\.io/],
		['an instance address as the Base URL', { partnerToken: PARTNER_TOKEN, baseUrl: `${BASE}${ON_DEMAND_PATH}` }, 'The Base URL in the Z-API Partner API credentials holds an instance address', /^Set Base URL to the server only, https:\/\/api\.z-api\.io \(without/],
	])('with %s in the credential, says which field to fix', async (_label, partnerCredentials, message, hint) => {
		const scope = anyCall();
		const result = await run('cancelInstance', {}, { partner: partnerCredentials });
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(hint);
		expectNoSecret(shown(result));
		expect(scope.pendingMocks()).toHaveLength(3);
	});
});

describe('Partner (Instances): answers', () => {
	it('Create Instance fails when no ID and token come back', async () => {
		expectPartnerCall(EXAMPLES.createInstance, { id: '8823XWIE982KII99012K2L' });
		const result = await run('createInstance');
		expect(result.error?.message).toBe("Z-API did not give the ID and token of the new instance 'Instancia Z-API - 9292812'");
		expect(result.error?.description).toMatch(/^It answered \{"id":"8823XWIE982KII99012K2L"\}\./);
	});

	it('Create Instance sends only the name when no option is set', async () => {
		const scope = expectPartnerCall({ ...EXAMPLES.createInstance, body: { name: 'Customer 1' } });
		const result = await run('createInstance', { name: ' Customer 1 ', options: {} });
		expect(result.json).toEqual([{ id: '8823XWIE982KII99012K2L', token: '8900LS009W0011OOOPPIPIP00912OOLCKAOOOE009919', due: '329000002121', name: 'Customer 1' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('Get Many Instances fails when the answer holds no list', async () => {
		expectPartnerCall(EXAMPLES.getManyInstances, [LISTED]);
		const result = await run('getManyInstances');
		expect(result.error?.message).toBe('Z-API did not return a list of instances');
	});

	it('Get Many Instances reads every page with Return All, until a short page', async () => {
		const record = (id: string) => ({ ...LISTED, id });
		const scope = nock(BASE)
			.matchHeader('authorization', BEARER)
			.get('/instances')
			.query({ page: '1', pageSize: '2' })
			.reply(200, { total: 3, totalPage: 2, pageSize: 2, page: 1, content: [record('A'), record('B')] })
			.get('/instances')
			.query({ page: '2', pageSize: '2' })
			.reply(200, { total: 3, totalPage: 2, pageSize: 2, page: 2, content: [record('C')] });
		const result = await run('getManyInstances', { returnAll: true, options: { pageSize: 2, middleware: 'all' } });
		expect(result.json.map((item) => item.id)).toEqual(['A', 'B', 'C']);
		expect(scope.isDone()).toBe(true);
	});

	it('Sign Instance without With Calls sends no body, as the sample does', async () => {
		const scope = expectPartnerCall({ ...EXAMPLES.signInstance, body: '' });
		const result = await run('signInstance', { options: {} });
		expect(result.json).toEqual([{ success: true, instanceId: INSTANCE_ID }]);
		expect(scope.isDone()).toBe(true);
	});

	it('Sign Instance with With Calls off says so', async () => {
		const scope = expectPartnerCall({ ...EXAMPLES.signInstance, body: { withCalls: false } });
		const result = await run('signInstance', { options: { withCalls: false } });
		expect(result.json).toEqual([{ success: true, instanceId: INSTANCE_ID, withCalls: false }]);
		expect(scope.isDone()).toBe(true);
	});

	it.each<[string, number, string, RegExp]>([
		['a refused partner token', 401, 'Z-API refused the partner token (401)', /^Open the Z-API Partner API credentials/],
		['a refused partner token (403)', 403, 'Z-API refused the partner token (403)', /integrator \(partner\) token/],
		['an unknown instance', 404, 'Z-API found no instance with this Instance ID and Instance Token (404)', /Create Instance outputs them/],
		// Words meant for the instance credential's Client Token never come up here.
		['a 400 naming what is wrong', 400, 'Z-API refused the values sent (400): null not allowed', /^Fix the value Z-API names/],
	])('%s is said in the partner’s words', async (_label, status, message, hint) => {
		expectPartnerCall(EXAMPLES.cancelInstance, { error: status === 400 ? 'null not allowed' : 'nope' }, status);
		const result = await run('cancelInstance');
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(hint);
	});
});

describe('Partner (Instances): billed calls are never sent twice', () => {
	it.each(['createInstance', 'signInstance', 'cancelInstance', 'addCalls'])('%s answered 502 is not sent again', async (value) => {
		const scope = expectPartnerCall(EXAMPLES[value], '<html>oops</html>', 502);
		const spare = expectPartnerCall(EXAMPLES[value]);
		const result = await run(value);
		expect(result.error?.message).toBe('Z-API had a server error (502) and may have carried out the call');
		expect(result.error?.description).toMatch(/no instance is created, signed or cancelled twice.*Get Many Instances/);
		expect(scope.isDone()).toBe(true);
		expect(spare.isDone()).toBe(false);
	});

	it('the list, a read, is asked again after a 502', async () => {
		const scope = expectPartnerCall(EXAMPLES.getManyInstances, '', 502);
		const again = expectPartnerCall(EXAMPLES.getManyInstances);
		const result = await run('getManyInstances');
		expect(result.error).toBeUndefined();
		expect(scope.isDone() && again.isDone()).toBe(true);
	}, 10_000);
});

describe('Partner (Instances): redirects', () => {
	it.each(operations)('%s: a redirect to another origin is not followed, and no token goes there', async (_name, value) => {
		const example = EXAMPLES[value];
		const home = nock(BASE)
			.intercept(example.path, example.method)
			.query(true)
			.reply(307, '', { Location: `https://evil.example.com${example.path}?t=${encodeURIComponent(PARTNER_TOKEN)}` });
		const elsewhere = nock('https://evil.example.com').persist().intercept(/.*/, example.method).query(true).reply(200, example.answer as nock.Body);
		const result = await run(value);
		expect(result.error?.message).toBe('The server at https://api.z-api.io redirected the call to https://evil.example.com; it was not followed');
		expect(result.error?.description).toMatch(/Check the Base URL in the Z-API Partner API credentials \(https:\/\/api\.z-api\.io\)/);
		expectNoSecret(shown(result));
		expect(home.isDone()).toBe(true);
		expect(elsewhere.pendingMocks()).toHaveLength(1);
	});

	it('follows a redirect on the same origin, with the method, body and partner token', async () => {
		const scope = nock(BASE)
			.put(`${ON_DEMAND_PATH}/subscription/update`)
			.reply(307, '', { Location: `${ON_DEMAND_PATH}/subscription/update-v2` })
			.put(`${ON_DEMAND_PATH}/subscription/update-v2`, { withCalls: true })
			.matchHeader('authorization', BEARER)
			.reply(201, 'OK');
		const result = await run('addCalls');
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});
});
