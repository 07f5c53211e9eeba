/**
 * The webhook table against Z-API's docs, and how a settings response (GET /me) is read.
 * The conversations themselves run through both nodes: test/nodes/ZApi/actions/webhook
 * and test/nodes/ZApiTrigger/registration.test.ts.
 */
import { isWebhookName, WEBHOOK_NAMES, WEBHOOKS, webhookAddressesIn } from '../../../nodes/shared/webhooks';

describe('WEBHOOKS', () => {
	// Where each webhook is set (its page under docs/webhooks/) and where GET /me shows it
	// (docs/instance/me.md).
	it.each([
		['receivedAndSent', '/update-webhook-received-delivery', 'receivedCallbackUrl'],
		['messageStatus', '/update-webhook-message-status', 'messageStatusCallbackUrl'],
		['sendResult', '/update-webhook-delivery', 'deliveryCallbackUrl'],
		['connected', '/update-webhook-connected', 'connectedCallbackUrl'],
		['disconnected', '/update-webhook-disconnected', 'disconnectedCallbackUrl'],
		['chatPresence', '/update-webhook-chat-presence', 'presenceChatCallbackUrl'],
	])('%s is set at %s and read from %s', (name, endpoint, settingsField) => {
		expect(WEBHOOKS[name as keyof typeof WEBHOOKS]).toMatchObject({ endpoint, settingsField });
	});

	it('names every webhook, and only those', () => {
		expect(WEBHOOK_NAMES).toEqual(Object.keys(WEBHOOKS));
		expect(WEBHOOK_NAMES.every(isWebhookName)).toBe(true);
		expect(['receivedCallbackUrl', 'toString', '__proto__', ''].filter(isWebhookName)).toEqual([]);
	});
});

describe('webhookAddressesIn', () => {
	const field = (name: keyof typeof WEBHOOKS) => WEBHOOKS[name].settingsField;
	const all = (value: string) => Object.fromEntries(WEBHOOK_NAMES.map((name) => [name, value]));

	it.each([
		['every field set', Object.fromEntries(WEBHOOK_NAMES.map((name) => [field(name), `https://h.example/${name}`])), Object.fromEntries(WEBHOOK_NAMES.map((name) => [name, `https://h.example/${name}`]))],
		['empty fields', Object.fromEntries(WEBHOOK_NAMES.map((name) => [field(name), ''])), all('')],
		['missing fields', { id: 'INSTANCE123', autoReadMessage: false }, all('')],
		['null fields', Object.fromEntries(WEBHOOK_NAMES.map((name) => [field(name), null])), all('')],
		['fields that are not text', Object.fromEntries(WEBHOOK_NAMES.map((name) => [field(name), { url: 'x' }])), all('')],
		['an empty answer', '', all('')],
		['no answer', undefined, all('')],
		['an array', ['https://h.example/a'], all('')],
	])('%s', (_name, settings, expected) => {
		expect(webhookAddressesIn(settings)).toEqual(expected);
	});
});
