import nock from 'nock';
import { CredentialTestContext } from 'n8n-core';
import type { ICredentialDataDecryptedObject, ICredentialsDecrypted, INodeCredentialTestResult } from 'n8n-workflow';

import { zApiApiTest } from '../../../nodes/shared/credentialTest';

const INSTANCE_TOKEN = 'itok-9f8e7d6c5b4a3210';
const CLIENT_TOKEN = 'ctok-1a2b3c4d5e6f7890';
const BASE = 'https://api.z-api.io';
const STATUS = `/instances/INSTANCE123/token/${INSTANCE_TOKEN}/status`;

/** The credential test as n8n runs it: n8n-core's CredentialTestContext, whose request nock answers. */
async function test(data: ICredentialDataDecryptedObject = {}): Promise<INodeCredentialTestResult> {
	const credential: ICredentialsDecrypted = {
		id: 'cred-1',
		name: 'Z-API account',
		type: 'zApiApi',
		data: { instanceId: 'INSTANCE123', instanceToken: INSTANCE_TOKEN, clientToken: '', baseUrl: BASE, ...data },
	};
	const result = await zApiApiTest.call(new CredentialTestContext(), credential);
	for (const secret of [INSTANCE_TOKEN, CLIENT_TOKEN]) {
		for (let index = 0; index + 8 <= secret.length; index++) {
			expect(result.message).not.toContain(secret.slice(index, index + 8));
		}
	}
	return result;
}

const networkError = (code: string) =>
	Object.assign(new Error(`connect ${code} ${BASE}${STATUS}`), { code, config: { url: `${BASE}${STATUS}` } });

describe('credential test', () => {
	it('OK: GET /status answers and the instance is connected', async () => {
		const scope = nock(BASE, { badheaders: ['client-token'] })
			.get(STATUS)
			.reply(200, { connected: true, error: '', smartphoneConnected: true });
		expect(await test()).toEqual({ status: 'OK', message: 'Connection successful' });
		expect(scope.isDone()).toBe(true);
	});

	it('OK, but says the instance is not connected to WhatsApp', async () => {
		nock(BASE).get(STATUS).reply(200, { connected: false, error: 'You are not connected.', smartphoneConnected: false });
		expect(await test()).toEqual({
			status: 'OK',
			message: 'The credentials work, but the instance is not connected to WhatsApp: scan the QR code in the Z-API panel.',
		});
	});

	it('sends the Client-Token header when one is set', async () => {
		const scope = nock(BASE).get(STATUS).matchHeader('client-token', CLIENT_TOKEN).reply(200, { connected: true });
		expect((await test({ clientToken: ` ${CLIENT_TOKEN} ` })).status).toBe('OK');
		expect(scope.isDone()).toBe(true);
	});

	it('uses the Base URL of the credentials', async () => {
		const scope = nock('http://127.0.0.1:3999').get(STATUS).reply(200, { connected: true });
		expect((await test({ baseUrl: 'http://127.0.0.1:3999/' })).status).toBe('OK');
		expect(scope.isDone()).toBe(true);
	});

	it.each([
		['400 Instance not found', 400, { error: 'Instance not found' }],
		['401', 401, ''],
		['404', 404, { error: 'Not Found' }],
	])('wrong instance id or token (%s)', async (_label, status, body) => {
		nock(BASE).get(STATUS).reply(status, body);
		const result = await test();
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(new RegExp(`^Z-API did not recognise the instance ID or instance token \\(${status}\\)\\. `));
		expect(result.message).toMatch(/copy the Instance ID and Instance Token again/);
	});

	it('wrong client token (403 Client-Token not allowed)', async () => {
		nock(BASE).get(STATUS).reply(403, { error: 'Client-Token not allowed' });
		const result = await test({ clientToken: CLIENT_TOKEN });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^Z-API refused the Client Token\. /);
		expect(result.message).toMatch(/paste the instance token there/);
	});

	it('client token missing (null not allowed)', async () => {
		nock(BASE).get(STATUS).reply(400, { error: 'null not allowed' });
		const result = await test();
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^Z-API requires a Client Token for this account, and none is set\. /);
		expect(result.message).toMatch(/Client Token field/);
	});

	it.each(['ECONNREFUSED', 'ENOTFOUND', 'ECONNRESET'])('network error (%s)', async (code) => {
		nock(BASE).get(STATUS).replyWithError(networkError(code));
		const result = await test();
		expect(result.status).toBe('Error');
		expect(result.message).toBe(
			`Could not reach Z-API at api.z-api.io (${code}). Tried 1 time(s). Check the Base URL in the credentials and that the n8n server can reach it.`,
		);
	});

	it('server error', async () => {
		nock(BASE).get(STATUS).reply(500, 'oops');
		const result = await test();
		expect(result).toEqual({
			status: 'Error',
			message: 'Z-API had a server error (500, tried 1 times). The service may be down or overloaded. Try again in a few minutes.',
		});
	});

	it('asks for the missing fields before any request', async () => {
		const scope = nock(BASE).get(/.*/).reply(200, { connected: true });
		expect(await test({ instanceId: '  ' })).toEqual({
			status: 'Error',
			message: 'Fill in both Instance ID and Instance Token, as shown in the Z-API panel.',
		});
		expect((await test({ instanceToken: '' })).status).toBe('Error');
		expect(scope.isDone()).toBe(false);
	});

	it('refuses a Base URL that is not a URL', async () => {
		expect(await test({ baseUrl: 'api.z-api.io' })).toEqual({
			status: 'Error',
			message: 'Base URL is not a URL: use https://api.z-api.io.',
		});
	});

	it.each([
		['in the error text', 400, { error: `Instance ${INSTANCE_TOKEN} not found (client ${CLIENT_TOKEN})` }],
		['in the URL it echoes', 404, { message: `No route ${BASE}${STATUS}` }],
		['URL-encoded', 422, `bad ${encodeURIComponent(CLIENT_TOKEN)} and ${INSTANCE_TOKEN}`],
		['cut at the 300th character', 422, { error: `${'x'.repeat(290)}${INSTANCE_TOKEN}` }],
		['with a 403', 403, { error: `Client-Token ${CLIENT_TOKEN} not allowed` }],
	])('never shows a token the server echoes %s', async (_label, status, body) => {
		nock(BASE)
			.get(STATUS)
			.reply(status, body, { 'X-Echo': `${INSTANCE_TOKEN} ${CLIENT_TOKEN}` });
		const result = await test({ clientToken: CLIENT_TOKEN });
		expect(result.status).toBe('Error');
		expect(result.message.length).toBeGreaterThan(20);
	});
});
