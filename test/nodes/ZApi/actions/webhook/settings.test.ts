/**
 * The webhook calls outside the shared table: received messages only, every webhook at once,
 * the sent-by-me switch (each PUT as its page shows it), and Get Webhooks from the settings.
 */
import nock from 'nock';

import { webhook } from '../../../../../nodes/ZApi/actions/webhook';
import { runAction } from '../../../../helpers/engine';
import { ENCODED_INSTANCE_PATH, ENCODED_TOKEN, WITH_ENCODED_TOKEN } from '../../../../helpers/encodedToken';
import { EXAMPLES } from './examples';

const api = () => nock('https://api.z-api.io');
const URL = 'https://n8n.example.com/webhook/zapi';
const run = (parameters: object, items?: Parameters<typeof runAction>[1]) => runAction({ resource: 'webhook', ...parameters }, items, WITH_ENCODED_TOKEN);

describe('Webhook: calls of their own', () => {
	it.each([
		['setReceivedOnlyUrl', { url: ` ${URL} ` }, '/update-webhook-received', { value: URL }, { webhook: 'received', url: URL, success: true }],
		['setAllUrls', { url: URL, options: { notifySentByMe: false } }, '/update-every-webhooks', { value: URL, notifySentByMe: false }, { webhook: 'all', url: URL, success: true, notifySentByMe: false }],
		['setAllUrls', { url: URL, options: {} }, '/update-every-webhooks', { value: URL }, { webhook: 'all', url: URL, success: true }],
		['setSentByMe', { notifySentByMe: true }, '/update-notify-sent-by-me', { notifySentByMe: true }, { success: true, notifySentByMe: true }],
		['setSentByMe', { notifySentByMe: false }, '/update-notify-sent-by-me', { notifySentByMe: false }, { success: true, notifySentByMe: false }],
	])('%s PUTs the documented body as JSON', async (operation, parameters, path, body, output) => {
		const scope = api().put(`${ENCODED_INSTANCE_PATH}${path}`, body).matchHeader('content-type', /^application\/json/).reply(200, { value: true });
		const result = await run({ operation, ...parameters });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([output]);
		expect(scope.isDone()).toBe(true);
	});

	it.each(['setReceivedOnlyUrl', 'setAllUrls'])('%s refuses an http address before any request', async (operation) => {
		const scope = api().put(/.*/).reply(200, { value: true });
		const result = await run({ operation, url: 'http://n8n.example.com/webhook/zapi' });
		expect(result.error?.message).toBe('Webhook URL must start with https:// (got http://)');
		expect(scope.isDone()).toBe(false);
	});

	it.each([
		['setReceivedOnlyUrl', `Z-API could not set the received messages webhook to ${URL} (it answered {"value":false})`],
		['setAllUrls', `Z-API could not set every webhook to ${URL} (it answered {"value":false})`],
		['setSentByMe', 'Z-API could not turn on notifications of messages sent by the instance (it answered {"value":false})'],
	])('%s fails the item on {value: false}, without the token', async (operation, message) => {
		api().put(/.*/).reply(200, { value: false });
		const result = await run({ operation, ...EXAMPLES[operation as keyof typeof EXAMPLES].parameters });
		expect(result.error?.message).toBe(message);
		expect(JSON.stringify([result.error, result.run.data.resultData])).not.toContain(ENCODED_TOKEN);
	});
});

describe('Webhook: Get Webhooks', () => {
	it('outputs every webhook address of the settings, empty when not set, and the sent-by-me switch', async () => {
		const scope = api()
			.get(`${ENCODED_INSTANCE_PATH}/me`)
			.reply(200, {
				id: 'INSTANCE123',
				token: ENCODED_TOKEN,
				receivedCallbackUrl: URL,
				messageStatusCallbackUrl: 'https://n8n.example.com/webhook/status',
				deliveryCallbackUrl: '',
				connectedCallbackUrl: 'https://hooks.example.com/connected',
				disconnectedCallbackUrl: null,
				receiveCallbackSentByMe: 'false',
			});
		const result = await run({ operation: 'getWebhooks' });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([
			{
				receivedAndSent: URL,
				messageStatus: 'https://n8n.example.com/webhook/status',
				sendResult: '',
				connected: 'https://hooks.example.com/connected',
				disconnected: '',
				chatPresence: '',
				notifySentByMe: false,
			},
		]);
		expect(JSON.stringify(result.run.data.resultData)).not.toContain(ENCODED_TOKEN);
		expect(scope.isDone()).toBe(true);
	});
});

describe('Webhook: the operation list', () => {
	it('keeps the first two in place and the others sorted by name, as n8n sorts them', () => {
		const names = webhook.operations.map((operation) => operation.name);
		expect(names.slice(0, 2)).toEqual(['Set Received/Sent Messages URL', 'Set Message Status URL']);
		expect(names.slice(2)).toEqual([...names.slice(2)].sort((a, b) => a.localeCompare(b)));
	});
});
