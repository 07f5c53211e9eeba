/**
 * The n8n API client of the conversation features against real local servers (node's http on
 * 127.0.0.1): a server that redirects, one that cuts the connection after applying a change,
 * one that stalls, one that answers n8n's editor page, one that is down. Nothing of the
 * package is mocked; the credential test runs with the request helper n8n hands credential
 * tests (n8n-core's legacy adapter).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { ICredentialDataDecryptedObject, ICredentialTestFunctions, IDataObject, INodeCredentialTestResult, INodeExecutionData } from 'n8n-workflow';
import { proxyRequestToAxios } from 'n8n-core/dist/execution-engine/node-execution-context/utils/request-helpers/legacy-request-adapter';

import { ZApiConversationStateApi } from '../../../../credentials/ZApiConversationStateApi.credentials';
import { apiBaseOf, keyExpiryOf } from '../../../../nodes/shared/conversationState/n8nApi';
import { FORGET_EVERY } from '../../../../nodes/shared/conversationState/table';
import { ZApi } from '../../../../nodes/ZApi/ZApi.node';
import { FakeDataTables } from '../../../helpers/dataTables';
import { runAction } from '../../../helpers/engine';
import { echoedForms, holdsSecret } from '../../../helpers/secrets';
import { ANA, BRUNO, incoming, sentByMe } from '../../ZApi/actions/conversation/messages';

/** A key whose characters change when %-encoded, form-encoded or put in base64. */
const KEY = 'n8n key/with+chars=&%?';
const TABLE = 'Z-API Conversations';

/** A JWT as n8n issues API keys, with `exp` when given (the signature is not checked here). */
const jwt = (payload: IDataObject) =>
	['{"alg":"HS256","typ":"JWT"}', JSON.stringify({ sub: 'user-1', iss: 'n8n', aud: 'public-api', ...payload })]
		.map((part) => Buffer.from(part).toString('base64url'))
		.concat('c2lnbmF0dXJl')
		.join('.');

interface Server {
	origin: string;
	requests: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders }>;
	close: () => Promise<void>;
}

/** A local server answering every request with `answer`, recording what it got. */
async function serve(answer: (request: http.IncomingMessage, response: http.ServerResponse) => void): Promise<Server> {
	const requests: Server['requests'] = [];
	const server = http.createServer((request, response) => {
		requests.push({ method: String(request.method), url: String(request.url), headers: request.headers });
		request.resume();
		request.on('end', () => answer(request, response));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		requests,
		close: async () => {
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		},
	};
}

/** An address where nothing listens: a port just freed. */
async function downAddress(): Promise<string> {
	const server = await serve((_request, response) => response.end());
	await server.close();
	return server.origin;
}

const open: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map(async (one) => await one.close()));
});

async function localN8n(apiKey = KEY): Promise<{ tables: FakeDataTables; origin: string }> {
	const tables = new FakeDataTables({ local: true, apiKey });
	const origin = await tables.listen();
	open.push(tables);
	return { tables, origin };
}

let run = 0;
const conversation = async (parameters: IDataObject, items: INodeExecutionData[], n8nApi: ICredentialDataDecryptedObject, instanceBaseUrl?: string) =>
	await runAction({ resource: 'conversation', ...parameters }, items, { n8nApi, instanceBaseUrl, executionId: `exec-${++run}`, mode: 'webhook' });

const botState = async (n8nApi: ICredentialDataDecryptedObject, instanceBaseUrl?: string) => await conversation({ operation: 'getBotState', chatId: ANA }, [{ json: {} }], n8nApi, instanceBaseUrl);

const combine = async (item: INodeExecutionData, n8nApi: ICredentialDataDecryptedObject, options: IDataObject = {}) =>
	await conversation({ operation: 'combineMessages', quietSeconds: 1, maxWaitSeconds: 10, options }, [item], n8nApi);

/** The credential's test as n8n's credentials tester runs it: the node's method, with n8n's request helper. */
async function testCredential(data: ICredentialDataDecryptedObject): Promise<INodeCredentialTestResult> {
	const context = {
		helpers: { request: async (uriOrObject: string | object, options?: object) => await proxyRequestToAxios(undefined, undefined, undefined, uriOrObject as never, options as never) },
	} as unknown as ICredentialTestFunctions;
	const method = new ZApi().methods.credentialTest.zApiConversationStateTest;
	return await method.call(context, { id: 'cred-2', name: 'Conversation state', type: 'zApiConversationStateApi', data });
}

describe('the n8n API key never goes to another origin', () => {
	it.each([301, 302, 303, 307, 308])('a %i to another origin: no Conversation call follows it, the error says so without the key', async (status) => {
		const elsewhere = await serve((_request, response) => response.end('{}'));
		const redirecting = await serve((request, response) => {
			response.writeHead(status, { location: `${elsewhere.origin}${request.url}` });
			response.end();
		});
		open.push(elsewhere, redirecting);
		const result = await combine(incoming(ANA, 'oi'), { baseUrl: redirecting.origin, apiKey: KEY }, { onStateStoreError: 'stop' });
		expect(elsewhere.requests).toEqual([]);
		expect(redirecting.requests.map((request) => request.headers['x-n8n-api-key'])).toEqual([KEY]);
		expect(result.error?.message).toBe(
			`The n8n API Address in the Z-API Conversation State credential (${redirecting.origin}) redirected the call to ${elsewhere.origin}; it was not followed, so the API key did not go there`,
		);
		const everything = JSON.stringify({ message: result.error?.message, description: result.error?.description, run: result.run.data });
		expect(holdsSecret(everything, KEY)).toBe(false);
	});

	it.each([301, 302, 303, 307, 308])('a %i to another origin: the credential test does not follow it either', async (status) => {
		const elsewhere = await serve((_request, response) => response.end('{"data":[]}'));
		const redirecting = await serve((request, response) => {
			response.writeHead(status, { location: `${elsewhere.origin}${request.url}` });
			response.end();
		});
		open.push(elsewhere, redirecting);
		const result = await testCredential({ baseUrl: redirecting.origin, apiKey: KEY });
		expect(elsewhere.requests).toEqual([]);
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(new RegExp(`redirected the call to ${elsewhere.origin}; it was not followed`));
		expect(holdsSecret(result.message, KEY)).toBe(false);
	});

	it('a redirect on the same origin is followed, with the key; another port is another origin', async () => {
		const { tables, origin } = await localN8n();
		const result = await botState({ baseUrl: `${origin}/moved`, apiKey: KEY });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ chatId: ANA, paused: false, pausedUntil: null, untilResumed: false, pausedBy: null }]);
		expect(tables.requests).toEqual(['GET /data-tables', 'POST /data-tables', 'GET /data-tables/dt1/rows']);
		const front = await serve((request, response) => {
			response.writeHead(308, { location: `${origin}${request.url}` });
			response.end();
		});
		open.push(front);
		expect((await botState({ baseUrl: front.origin, apiKey: KEY })).error?.message).toMatch(/redirected the call to http:\/\/127\.0\.0\.1:\d+; it was not followed/);
		expect(tables.requests).toHaveLength(3);
	});
});

describe('a claim whose answer is lost', () => {
	it('n8n applies the claim and the connection drops: the burst still comes out, once', async () => {
		const { tables, origin } = await localN8n();
		let cuts = 0;
		tables.fault = (request) => (request.endsWith('/rows/update') && cuts++ === 0 ? 'cutAfterApplying' : undefined);
		const messages = [incoming(ANA, 'oi'), incoming(ANA, 'tudo bem?'), incoming(ANA, 'preciso de ajuda')];
		const runs = await Promise.all(
			messages.map(async (message, index) => (await new Promise((resolve) => setTimeout(resolve, index * 150)), await combine(message, { baseUrl: origin, apiKey: KEY }))),
		);
		expect(cuts).toBe(1);
		expect(runs.map((one) => one.error)).toEqual([undefined, undefined, undefined]);
		const bursts = runs.flatMap((one) => one.json);
		expect(bursts).toHaveLength(1);
		expect(bursts[0]).toMatchObject({ count: 3, text: 'oi\ntudo bem?\npreciso de ajuda', combined: true });
		// Exactly one claim landed: every message is claimed by the execution that went on.
		expect(new Set(tables.rowsOf(TABLE).map((row) => row.claimedBy)).size).toBe(1);
	});

	it('the claim stalls until the timeout and n8n never applies it: it is sent once more and the burst comes out', async () => {
		const { tables, origin } = await localN8n();
		let stalls = 0;
		// The first claim stalls until the timeout; n8n never applies it.
		tables.fault = (request) => (request.endsWith('/rows/update') && stalls++ === 0 ? 'stall' : undefined);
		const result = await combine(incoming(ANA, 'oi'), { baseUrl: origin, apiKey: KEY }, { onStateStoreError: 'stop' });
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(1);
		expect(result.json[0]).toMatchObject({ count: 1, text: 'oi', combined: true });
		expect(tables.requests.filter((request) => request.endsWith('/rows/update'))).toHaveLength(2);
		// A call on the rows waits up to ROW_CALL_TIMEOUT_MS (30 s): n8n on SQLite may be that slow under load.
	}, 80_000);

	it('n8n stalls: the call ends after the timeout with an error saying what to do', async () => {
		const { tables, origin } = await localN8n();
		tables.fault = () => 'stall';
		const started = Date.now();
		const result = await botState({ baseUrl: origin, apiKey: KEY });
		expect(Date.now() - started).toBeLessThan(20_000);
		expect(result.error?.message).toMatch(/^The n8n API Address in the Z-API Conversation State credential cannot be reached at 127\.0\.0\.1:\d+: it did not answer within 10 seconds$/);
		expect(result.error?.description).toMatch(/^Node reported (ECONNABORTED|ETIMEDOUT)\. Check that n8n runs and that every n8n process and worker can reach that address/);
	}, 40_000);
});

describe('the table stays bounded', () => {
	const DAY = 24 * 60 * 60_000;

	it("one message in FORGET_EVERY deletes, in one call sent while it waits for quiet, every chat's messages older than the window and every ended pause", async () => {
		const { tables, origin } = await localN8n();
		const api = { baseUrl: origin, apiKey: KEY };
		await combine(incoming(BRUNO, 'creates the table'), api);
		const now = Date.now();
		// Written a day ago: their time to go (pausedUntil) has passed.
		const old = (chatId: string, claimedBy: string | null) => ({ chatId, kind: 'message', messageId: `old-${chatId}-${claimedBy}`, arrivedAt: now - DAY - 60_000, claimedBy, pausedUntil: now - 60_000, item: null });
		tables.insertRow(TABLE, old('5531933333333', 'exec-9:1'));
		tables.insertRow(TABLE, old('5531933333333', null));
		tables.insertRow(TABLE, { chatId: '5541944444444', kind: 'pause', pausedUntil: now - 60_000, pausedBy: 'pauseBot' });
		tables.insertRow(TABLE, { chatId: '5541955555555', kind: 'pause', pausedUntil: 0, pausedBy: 'resumeWords' });
		const running = { chatId: '5541966666666', kind: 'pause', pausedUntil: now + 60 * 60_000, pausedBy: 'pauseBot' };
		tables.insertRow(TABLE, running);
		const recent = { chatId: '5531933333333', kind: 'message', messageId: 'recent', arrivedAt: now - DAY + 60 * 60_000, claimedBy: 'exec-9:2', pausedUntil: now + 60 * 60_000, item: null };
		tables.insertRow(TABLE, recent);
		// Sent more than a day ago, written a minute ago: a backlog delivered late, its execution waiting.
		const backlog = { chatId: '5531977777777', kind: 'message', messageId: 'backlog', arrivedAt: now - DAY - 60 * 60_000, claimedBy: null, pausedUntil: now + DAY - 60_000, item: null };
		tables.insertRow(TABLE, backlog);
		// Written by an earlier version (no pausedUntil on messages): gone a month after it was sent.
		tables.insertRow(TABLE, { chatId: '5531988888888', kind: 'message', messageId: 'legacy-old', arrivedAt: now - 31 * DAY, claimedBy: 'exec-1:1', item: null });
		tables.insertRow(TABLE, { chatId: '5531988888888', kind: 'message', messageId: 'legacy-recent', arrivedAt: now - 2 * DAY, claimedBy: 'exec-1:2', item: null });
		// A message whose row id is not a multiple of FORGET_EVERY clears nothing.
		while (tables.nextRow % FORGET_EVERY !== 1) tables.nextRow++;
		let before = tables.requests.length;
		expect((await combine(incoming(BRUNO, 'nada a limpar'), api)).json).toHaveLength(1);
		expect(tables.requests.slice(before).filter((request) => request.startsWith('DELETE'))).toEqual([]);

		while (tables.nextRow % FORGET_EVERY !== 0) tables.nextRow++;
		before = tables.requests.length;
		expect((await combine(incoming(ANA, 'oi'), api)).json).toHaveLength(1);
		expect(tables.requests.slice(before).filter((request) => request.startsWith('DELETE'))).toEqual(['DELETE /data-tables/dt1/rows/delete']);
		// Before the read that decides the burst: the answer does not wait for the clearing.
		expect(tables.requests.slice(before).filter((request) => /^(DELETE|GET \/data-tables\/dt1\/rows)/.test(request))).toEqual(['DELETE /data-tables/dt1/rows/delete', 'GET /data-tables/dt1/rows']);
		const left = tables.rowsOf(TABLE).map(({ chatId, kind, messageId }) => [chatId, kind, messageId ?? null]);
		expect(left.sort()).toEqual(
			[
				[BRUNO, 'message', expect.any(String)],
				[BRUNO, 'message', expect.any(String)],
				['5541966666666', 'pause', null],
				['5531933333333', 'message', 'recent'],
				['5531977777777', 'message', 'backlog'],
				['5531988888888', 'message', 'legacy-recent'],
				[ANA, 'message', expect.any(String)],
			].sort(),
		);
	});

	it('a backlog delivered a day late is answered whole when a clearing runs among it', async () => {
		const { tables, origin } = await localN8n();
		const api = { baseUrl: origin, apiKey: KEY };
		await combine(incoming(BRUNO, 'creates the table'), api);
		// The instance was offline for a day: its messages arrive now with the times they were sent.
		const sent = Date.now() - DAY - 60 * 60_000;
		const late = (text: string, offset: number) => incoming(ANA, text, { momment: sent + offset, timestamp: new Date(sent + offset).toISOString() });
		while (tables.nextRow % FORGET_EVERY !== 0) tables.nextRow++;
		const burst = [late('oi', 0), late('ainda tem o bolo?', 1_000)];
		const runs = await Promise.all(burst.map(async (message) => await combine(message, api)));
		expect(tables.requests.filter((request) => request.startsWith('DELETE'))).toEqual(['DELETE /data-tables/dt1/rows/delete']);
		const texts = runs.flatMap((run) => run.json.map((item) => item.text));
		expect(texts.join('\n').split('\n').sort()).toEqual(['ainda tem o bolo?', 'oi']);
	});

	it("a message's cost does not grow with the chat's day: the same requests at its 1st and its 1,501st message", async () => {
		const { tables, origin } = await localN8n();
		const api = { baseUrl: origin, apiKey: KEY };
		await combine(incoming(BRUNO, 'creates the table'), api);
		const first = tables.requests.length;
		await combine(incoming(ANA, 'primeira'), api);
		const costOfFirst = tables.requests.slice(first);
		for (let n = 0; n < 1500; n++) tables.insertRow(TABLE, { chatId: ANA, kind: 'message', messageId: `M${n}`, arrivedAt: Date.now() - 1000, claimedBy: `exec-0:${n}`, item: null });
		const later = tables.requests.length;
		await combine(incoming(ANA, 'depois de 1500'), api);
		const costLater = tables.requests.slice(later);
		expect(costLater).toEqual(costOfFirst);
		// Found by name here (the trigger passes the table it found at activation), recorded here
		// (the trigger records it as it arrives), read once, claimed once.
		expect(costLater).toEqual(['GET /data-tables', 'POST /data-tables/dt1/rows/upsert', 'GET /data-tables/dt1/rows', 'PATCH /data-tables/dt1/rows/update']);
	});
});

describe('the address a person types', () => {
	it.each([
		['https://n8n.example.com', 'https://n8n.example.com/api/v1'],
		['https://n8n.example.com/', 'https://n8n.example.com/api/v1'],
		[' https://n8n.example.com/api/v1/ ', 'https://n8n.example.com/api/v1'],
		['https://n8n.example.com/api', 'https://n8n.example.com/api/v1'],
		['https://example.com/n8n/', 'https://example.com/n8n/api/v1'],
		['http://127.0.0.1:5678/api/v1', 'http://127.0.0.1:5678/api/v1'],
		['n8n.example.com', undefined],
		['', undefined],
	])('%j -> %j', (typed, api) => {
		expect(apiBaseOf(typed)).toBe(api);
	});

	it("empty: this n8n's own address, as n8n gives it to nodes", () => {
		expect(apiBaseOf('', 'https://n8n.example.com/')).toBe('https://n8n.example.com/api/v1');
		expect(apiBaseOf('https://other.example.com', 'https://n8n.example.com/')).toBe('https://other.example.com/api/v1');
	});

	it.each([
		['n8n’s own address', (origin: string) => origin],
		['with a trailing slash', (origin: string) => `${origin}/`],
		['the API address', (origin: string) => `${origin}/api/v1`],
		['the API address with a trailing slash', (origin: string) => `${origin}/api/v1/`],
	])('the nodes and the credential test work with %s', async (_label, address) => {
		const { origin } = await localN8n();
		const result = await botState({ baseUrl: address(origin), apiKey: KEY });
		expect(result.error).toBeUndefined();
		expect(result.json[0]).toMatchObject({ chatId: ANA, paused: false });
		expect(await testCredential({ baseUrl: address(origin), apiKey: KEY })).toEqual({ status: 'OK', message: `Connected to n8n's API at ${new URL(origin).host}.` });
	});

	it("the nodes use this n8n's own address when the field is empty", async () => {
		const { tables, origin } = await localN8n();
		const result = await botState({ baseUrl: '', apiKey: KEY }, `${origin}/`);
		expect(result.error).toBeUndefined();
		expect(tables.requests[0]).toBe('GET /data-tables');
	});

	it('the credential test with the field empty says to type the address to test', async () => {
		const result = await testCredential({ baseUrl: '', apiKey: KEY });
		expect(result).toEqual({ status: 'Error', message: expect.stringMatching(/^The n8n API Address is empty: type this n8n's address as the browser shows it/) });
	});

	it('asks for the address: n8n marks the field required, so the test only runs with one typed', () => {
		const field = new ZApiConversationStateApi().properties.find((property) => property.name === 'baseUrl');
		expect(field?.required).toBe(true);
		expect(field?.description).not.toMatch(/empty/i);
	});
});

describe('the credential test fails on anything but n8n’s JSON API, saying which case', () => {
	it("n8n's editor page (a 200 of HTML)", async () => {
		const { tables, origin } = await localN8n();
		tables.fault = () => 'html';
		const result = await testCredential({ baseUrl: origin, apiKey: KEY });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^The n8n API Address in the Z-API Conversation State credential leads to a web page, not n8n's API \(this is n8n's editor address/);
	});

	it('a wrong key (401)', async () => {
		const { origin } = await localN8n('another key');
		const result = await testCredential({ baseUrl: origin, apiKey: KEY });
		expect(result.message).toMatch(/^n8n refused the API Key in the Z-API Conversation State credential "Conversation state": it is wrong, deleted or expired \(401\)/);
		expect(result.message).toMatch(/create an API key with Expiration "No Expiration"/);
		expect(holdsSecret(result.message, KEY)).toBe(false);
	});

	it('no data tables on the API (n8n before 2.0: 404)', async () => {
		const tables = new FakeDataTables({ local: true, apiKey: KEY, n8nLine: 1 });
		const origin = await tables.listen();
		open.push(tables);
		const result = await testCredential({ baseUrl: origin, apiKey: KEY });
		expect(result.message).toMatch(/^This n8n serves no data tables on its API: conversation features need n8n 2.0 or later/);
	});

	it('nothing listening (ECONNREFUSED), in words', async () => {
		const address = await downAddress();
		const result = await testCredential({ baseUrl: address, apiKey: KEY });
		expect(result.message).toMatch(
			/^The n8n API Address in the Z-API Conversation State credential cannot be reached at 127\.0\.0\.1:\d+: nothing accepts connections there \(n8n is down, or the address or its port is wrong\)\. Node reported ECONNREFUSED\./,
		);
	});

	it('a JSON answer that is not n8n’s', async () => {
		const other = await serve((_request, response) => response.end('{"hello":"world"}'));
		open.push(other);
		const result = await testCredential({ baseUrl: other.origin, apiKey: KEY });
		expect(result).toEqual({ status: 'Error', message: `${other.origin}/api/v1 answered, but not as n8n's API does (no list of data tables). Check the n8n API Address: it must be this n8n's address.` });
	});
});

describe('keys that expire', () => {
	it.each([
		['a key with exp', jwt({ exp: Date.parse('2026-12-24T10:00:00Z') / 1000 }), '2026-12-24T10:00:00.000Z'],
		['a key without exp ("No Expiration")', jwt({}), undefined],
		['not a JWT', 'plain-key', undefined],
		['a JWT with a broken payload', 'a.!!!.b', undefined],
	])('%s', (_label, key, expiry) => {
		expect(keyExpiryOf(key)?.toISOString()).toBe(expiry);
	});

	it('the credential test says when the key expires and what to do before then', async () => {
		const key = jwt({ exp: Math.floor(Date.now() / 1000) + 10 * 24 * 3600 });
		const { origin } = await localN8n(key);
		const result = await testCredential({ baseUrl: origin, apiKey: key });
		const day = new Date(Date.now() + 10 * 24 * 3600_000).toISOString().slice(0, 10);
		expect(result.status).toBe('OK');
		expect(result.message).toContain(`This key expires on ${day}; after that every conversation call fails.`);
		expect(result.message).toContain('create an API key with Expiration "No Expiration"');
	});

	it('an expired key: the error says it expired, when, and exactly what to do, naming the credential', async () => {
		const expired = jwt({ exp: Date.parse('2026-01-02T00:00:00Z') / 1000 });
		const { origin } = await localN8n('the current key');
		const result = await botState({ baseUrl: origin, apiKey: expired });
		expect(result.error?.message).toBe('The API Key in the Z-API Conversation State credential "Conversation state" expired on 2026-01-02');
		expect(result.error?.description).toBe(
			'n8n\'s API keys expire after 30 days unless created without expiry. In n8n, open Settings → n8n API, create an API key with Expiration "No Expiration" and the data table scopes (or every scope), and paste it in the API Key field of the Z-API Conversation State credential "Conversation state".',
		);
	});
});

describe('If the State Store Fails', () => {
	it('Go On Uncombined (the default): with n8n down, each message goes on alone, marked', async () => {
		const address = await downAddress();
		const message = incoming(ANA, 'oi');
		const result = await combine(message, { baseUrl: address, apiKey: KEY });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([
			expect.objectContaining({
				chatId: ANA,
				text: 'oi',
				count: 1,
				messageIds: [message.json.messageId],
				combined: false,
				wentOnBecause: 'stateStoreUnavailable',
				stateStoreError: expect.stringMatching(/^The n8n API Address in the Z-API Conversation State credential cannot be reached at 127\.0\.0\.1:\d+: nothing accepts connections there/),
			}),
		]);
	});

	it("n8n's API failing while the burst waits for a person typing: the burst goes on combined with what it took, not uncombined nor lost", async () => {
		const { tables, origin } = await localN8n();
		let claimed = false;
		// After the claim, every read fails.
		tables.fault = (request) => {
			if (request.startsWith('PATCH')) claimed = true;
			return claimed && request.startsWith('GET') ? { status: 503, message: 'n8n is restarting' } : undefined;
		};
		const message = incoming(ANA, 'queria um bolo');
		const started = Date.now();
		const running = combine(message, { baseUrl: origin, apiKey: KEY });
		await new Promise((resolve) => setTimeout(resolve, 400));
		tables.insertRow('Z-API Conversations', { chatId: ANA, kind: 'typing', pausedBy: 'COMPOSING', arrivedAt: Date.now(), pausedUntil: Date.now() + 60_000 });
		const result = await running;
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([expect.objectContaining({ text: 'queria um bolo', combined: true, wentOnBecause: 'typingEnded' })]);
		expect(result.json[0].stateStoreError).toBeUndefined();
		// The failed look ended the wait: not the 10 s a silent typing status would hold.
		expect(Date.now() - started).toBeLessThan(4000);
	});

	it('Go On Uncombined: n8n answering its editor page instead of the API, the message goes on marked', async () => {
		const { tables, origin } = await localN8n();
		tables.fault = () => 'html';
		const result = await combine(incoming(ANA, 'oi'), { baseUrl: origin, apiKey: KEY });
		expect(result.json).toEqual([expect.objectContaining({ text: 'oi', combined: false, stateStoreError: expect.stringMatching(/leads to a web page/) })]);
	});

	it('Stop With an Error: the execution fails with the error', async () => {
		const address = await downAddress();
		const result = await combine(incoming(ANA, 'oi'), { baseUrl: address, apiKey: KEY }, { onStateStoreError: 'stop' });
		expect(result.json).toEqual([]);
		expect(result.error?.message).toMatch(/^The n8n API Address in the Z-API Conversation State credential cannot be reached at 127\.0\.0\.1:\d+: nothing accepts connections there/);
		expect(result.error?.description).toMatch(/^Node reported ECONNREFUSED\./);
	});

	it('a message sent by me always stops with the error: its pause could not be recorded', async () => {
		const address = await downAddress();
		const result = await combine(sentByMe(ANA, 'Oi, aqui é a Carla', false), { baseUrl: address, apiKey: KEY });
		expect(result.error?.message).toMatch(/cannot be reached/);
	});
});

describe('A secret echoed in an error of n8n or of a proxy before it', () => {
	// Combine Quick Messages holds one secret, the n8n API key (it shows no Z-API Instance
	// credential); the trigger, which holds the Z-API tokens too, is tested in arrivals.test.ts.
	it('the n8n API key, in every form a server echoes it, never reaches the item or its error', async () => {
		const { tables, origin } = await localN8n();
		tables.fault = () => ({ status: 502, message: `upstream refused ${echoedForms(KEY).join(' ')}` });
		const options = { n8nApi: { baseUrl: origin, apiKey: KEY }, executionId: `exec-${++run}`, mode: 'webhook' as const };
		const passed = await runAction({ resource: 'conversation', operation: 'combineMessages', quietSeconds: 1, maxWaitSeconds: 10 }, [incoming(ANA, 'oi')], options);
		const stopped = await runAction({ resource: 'conversation', operation: 'combineMessages', quietSeconds: 1, maxWaitSeconds: 10, options: { onStateStoreError: 'stop' } }, [incoming(ANA, 'oi')], options);
		const said = String(passed.json[0]?.stateStoreError);
		expect(said).toMatch(/^n8n's API answered 502 to GET \/data-tables \(n8n said: upstream refused \[redacted\]/);
		expect(holdsSecret(said, KEY)).toBe(false);
		expect(stopped.error?.message).toMatch(/n8n said: upstream refused \[redacted\]/);
		expect(holdsSecret(JSON.stringify([stopped.error?.message, stopped.error?.description]), KEY)).toBe(false);
	});
});
