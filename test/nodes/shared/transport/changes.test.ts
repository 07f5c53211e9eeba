/**
 * A call that changes something (a send, a group change) is sent again only when it surely
 * did not reach the service; a read is sent again after any passing fault. Redirects are
 * followed on the Base URL's origin only. Checked with nock and with a real local server
 * that carries out a request and then drops the connection.
 */
import nock from 'nock';

import { INSTANCE_PATH, runAction } from '../../../helpers/engine';
import { holdsSecret } from '../../../helpers/secrets';
import { stagedServer } from '../../../helpers/stagedServer';

const BASE = 'https://api.z-api.io';
const SEND_PATH = `${INSTANCE_PATH}/send-text`;
const BATCH_PATH = `${INSTANCE_PATH}/phone-exists-batch`;
const MESSAGES_PATH = `${INSTANCE_PATH}/chat-messages/5511999999999`;
const CLIENT_TOKEN = 'acct-SECURITY-token-1';

const sendText = { resource: 'message', operation: 'sendText', phone: '5511999999999', message: 'Hi' };
const checkNumbers = { resource: 'contact', operation: 'checkNumbers', phones: '5511999999999, 5521988887777' };
const getMessages = { resource: 'chat', operation: 'getMessages', phone: '5511999999999', limit: 10 };
const SENT = { zaapId: 'Z1', messageId: 'M1', id: 'M1' };
const CHECKED = [
	{ exists: true, inputPhone: '5511999999999', outputPhone: '5511999999999' },
	{ exists: false, inputPhone: '5521988887777', outputPhone: '5521988887777' },
];

const networkError = (code: string) => Object.assign(new Error(`${code.toLowerCase()} from test`), { code });

describe('transport: a call that changes something is not sent twice', () => {
	it.each([502, 503, 500])('a send answered %i is not sent again, and the error says it may have gone out', async (status) => {
		const scope = nock(BASE).post(SEND_PATH, { phone: '5511999999999', message: 'Hi' }).reply(status, '<html>oops</html>');
		const spare = nock(BASE).post(SEND_PATH).reply(200, SENT);
		const result = await runAction(sendText);
		expect(result.error?.message).toBe(`Z-API had a server error (${status}) and may have carried out the call`);
		expect(result.error?.description).toBe(
			'It was not sent again, so that it cannot happen twice. Check before running it again: for a message, the chat itself or the Message Send Result event of the Z-API Trigger; for a group or chat change, the group or chat.',
		);
		expect(scope.isDone()).toBe(true);
		expect(spare.isDone()).toBe(false);
		nock.cleanAll();
	});

	it.each(['ECONNRESET', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE'])('a send whose connection ends with %s is not sent again', async (code) => {
		const scope = nock(BASE).post(SEND_PATH).replyWithError(networkError(code));
		const spare = nock(BASE).post(SEND_PATH).reply(200, SENT);
		const result = await runAction(sendText);
		expect(result.error?.message).toBe(
			`The connection to Z-API at api.z-api.io ended before its answer (${code}): Z-API may have carried out the call`,
		);
		expect(result.error?.description).toMatch(/Message Send Result event/);
		expect(scope.isDone()).toBe(true);
		expect(spare.isDone()).toBe(false);
		nock.cleanAll();
	});

	it('a send refused for a moment (429) or whose host name did not resolve for a moment is sent again', async () => {
		const scope = nock(BASE)
			.post(SEND_PATH)
			.reply(429, { error: 'Too Many Requests' }, { 'Retry-After': '0' })
			.post(SEND_PATH)
			.replyWithError(networkError('EAI_AGAIN'))
			.post(SEND_PATH, { phone: '5511999999999', message: 'Hi' })
			.reply(200, SENT);
		const result = await runAction(sendText);
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ zaapId: SENT.zaapId, messageId: SENT.messageId, phone: '5511999999999' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('a read sent as POST (/phone-exists-batch) is sent again after a 502 and a reset', async () => {
		const scope = nock(BASE)
			.post(BATCH_PATH)
			.reply(502, '')
			.post(BATCH_PATH)
			.replyWithError(networkError('ECONNRESET'))
			.post(BATCH_PATH, { phones: ['5511999999999', '5521988887777'] })
			.reply(200, CHECKED);
		const result = await runAction(checkNumbers);
		expect(result.error).toBeUndefined();
		expect(result.json.map((item) => item.exists)).toEqual([true, false]);
		expect(scope.isDone()).toBe(true);
	});
});

describe('transport: against a server that carries out a request and then drops the connection', () => {
	// Carried out, then the connection is cut before any answer.
	const { received, base } = stagedServer();

	it('a send reaches the server once, and the item fails saying it may have been sent', async () => {
		const result = await runAction(sendText, undefined, { credentials: { baseUrl: base() } });
		expect(received).toEqual([{ method: 'POST', path: SEND_PATH, body: '{"phone":"5511999999999","message":"Hi"}' }]);
		expect(result.error?.message).toMatch(/^The connection to Z-API at 127\.0\.0\.1:\d+ ended before its answer \(ECONNRESET\): Z-API may have carried out the call$/);
		expect(result.error?.description).toMatch(/the chat itself or the Message Send Result event/);
	});

	it('a read is tried three times', async () => {
		const result = await runAction(getMessages, undefined, { credentials: { baseUrl: base() } });
		expect(received.map((request) => request.path)).toEqual(Array(3).fill(`${MESSAGES_PATH}?amount=10`));
		expect(result.error?.message).toMatch(/^Could not reach Z-API at 127\.0\.0\.1:\d+ \(ECONNRESET\): the connection was cut before an answer came$/);
	}, 20_000);
});

describe('transport: redirects', () => {
	it('does not follow a redirect to another origin: the Client-Token stays home', async () => {
		for (const status of [301, 302, 303, 307, 308]) {
			const home = nock(BASE)
				.post(SEND_PATH)
				.reply(status, '', { Location: `https://evil.example.com${SEND_PATH}` });
			const elsewhere = nock('https://evil.example.com').post(/.*/).reply(200, SENT).get(/.*/).reply(200, SENT);
			const result = await runAction(sendText, undefined, { credentials: { clientToken: CLIENT_TOKEN } });
			expect(result.error?.message).toBe(
				'The server at https://api.z-api.io redirected the call to https://evil.example.com; it was not followed',
			);
			expect(result.error?.description).toMatch(/Check the Base URL in the Z-API credentials \(https:\/\/api\.z-api\.io\)/);
			expect(holdsSecret(JSON.stringify(result.error), 'tok3n-SECRET-7f9a')).toBe(false);
			expect(home.isDone()).toBe(true);
			expect(elsewhere.isDone()).toBe(false);
			nock.cleanAll();
		}
	});

	it.each([
		['data:text/plain,hello', 'data:'],
		['file:///etc/passwd', 'file:'],
	])('a redirect to %s is refused as any other, naming its scheme only', async (location, scheme) => {
		nock(BASE).post(SEND_PATH).reply(302, '', { Location: location });
		const result = await runAction(sendText, undefined, { credentials: { clientToken: CLIENT_TOKEN } });
		expect(result.error?.message).toBe(`The server at https://api.z-api.io redirected the call to a ${scheme} address; it was not followed`);
		expect(result.error?.description).toMatch(/Check the Base URL in the Z-API credentials \(https:\/\/api\.z-api\.io\)/);
		expect(holdsSecret(JSON.stringify(result.error), 'tok3n-SECRET-7f9a')).toBe(false);
		nock.cleanAll();
	});

	it('an http Base URL redirected to https names the https address to use', async () => {
		nock('http://zapi.example.com').get(MESSAGES_PATH).query(true).reply(301, '', { Location: `https://zapi.example.com${MESSAGES_PATH}?amount=10` });
		const https = nock('https://zapi.example.com').get(/.*/).reply(200, []);
		const result = await runAction(getMessages, undefined, { credentials: { baseUrl: 'http://zapi.example.com' } });
		expect(result.error?.message).toBe(
			'The server at http://zapi.example.com redirected the call to https://zapi.example.com; it was not followed',
		);
		expect(result.error?.description).toBe(
			'The Base URL in the Z-API credentials starts with http:// and the server moved to https. Change the Base URL to https://zapi.example.com.',
		);
		expect(https.isDone()).toBe(false);
		nock.cleanAll();
	});

	it('follows a redirect on the same origin, with the method and body of a 307', async () => {
		const scope = nock(BASE)
			.post(SEND_PATH)
			.reply(307, '', { Location: `${INSTANCE_PATH}/send-text-v2` })
			.post(`${INSTANCE_PATH}/send-text-v2`, { phone: '5511999999999', message: 'Hi' })
			.matchHeader('client-token', CLIENT_TOKEN)
			.reply(200, SENT);
		const result = await runAction(sendText, undefined, { credentials: { clientToken: CLIENT_TOKEN } });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('stops after three redirects on the same origin', async () => {
		const scope = nock(BASE).get(/chat-messages/).times(4).reply(302, '', { Location: `${MESSAGES_PATH}?amount=10` });
		const result = await runAction(getMessages);
		expect(result.error?.message).toBe('Unexpected answer from Z-API (302)');
		expect(scope.isDone()).toBe(true);
	});
});

describe('transport: a 400 that names what is wrong says so', () => {
	it.each([
		[{ error: 'phone is required' }, 'Z-API refused the values sent (400): phone is required'],
		[{ message: 'Invalid groupId' }, 'Z-API refused the values sent (400): Invalid groupId'],
	])('%j', async (body, message) => {
		nock(BASE).post(SEND_PATH).reply(400, body);
		const result = await runAction(sendText);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toBe('Fix the value Z-API names, then run the node again.');
		expect(result.error?.description).not.toMatch(/credentials/);
	});

	it('a bare 400 keeps pointing at the credentials and the values', async () => {
		nock(BASE).post(SEND_PATH).reply(400, '');
		const result = await runAction(sendText);
		expect(result.error?.message).toBe('Z-API rejected the call (400)');
		expect(result.error?.description).toMatch(/^Most often the credentials are wrong/);
	});
});
