'use strict';
/** The stand-in's instance settings: name, auto read, call rejection, sent-by-me, webhooks at once, restore, pairing code. */
const { createStandIn } = require('./server');

const ID = 'SETTINGSINSTANCE';
const TOKEN = 'tok/en with space';
const HOOK = 'https://n8n.example.com/webhook/all';

let standIn;
let base;

async function api(method, path, body) {
	const res = await fetch(`${base}/instances/${ID}/token/${encodeURIComponent(TOKEN)}${path}`, {
		method,
		headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: res.status, json: await res.json() };
}

beforeEach(async () => {
	standIn = createStandIn({ instances: [{ id: ID, token: TOKEN }] });
	base = (await standIn.start()).url;
});
afterEach(async () => {
	await standIn.stop();
});

describe('stand-in: settings', () => {
	it('shows in GET /me what the PUTs set', async () => {
		for (const [path, value] of [
			['/update-name', 'Support'],
			['/update-auto-read-message', true],
			['/update-auto-read-status', true],
			['/update-call-reject-auto', true],
			['/update-call-reject-message', 'Text us'],
		]) {
			expect((await api('PUT', path, { value })).json).toEqual({ value: true });
		}
		expect((await api('PUT', '/update-notify-sent-by-me', { notifySentByMe: false })).json).toEqual({ value: true });
		const { json: me } = await api('GET', '/me');
		expect(me).toMatchObject({ name: 'Support', autoReadMessage: true, autoReadStatus: true, callRejectAuto: true, callRejectMessage: 'Text us', receiveCallbackSentByMe: false });
		expect(me.token).toBeUndefined();
	});

	it('refuses a value of the wrong type', async () => {
		expect(await api('PUT', '/update-auto-read-message', { value: 'yes' })).toEqual({ status: 400, json: { error: 'value must be a boolean' } });
	});

	it('sets every webhook at once, https only, and the received one alone', async () => {
		expect((await api('PUT', '/update-every-webhooks', { value: 'http://plain.example.com' })).status).toBe(400);
		expect((await api('PUT', '/update-every-webhooks', { value: HOOK, notifySentByMe: true })).json).toEqual({ value: true });
		const { json: me } = await api('GET', '/me');
		for (const field of ['receivedCallbackUrl', 'messageStatusCallbackUrl', 'deliveryCallbackUrl', 'connectedCallbackUrl', 'disconnectedCallbackUrl', 'presenceChatCallbackUrl']) {
			expect({ field, url: me[field] }).toEqual({ field, url: HOOK });
		}
		await api('PUT', '/update-webhook-received', { value: 'https://n8n.example.com/webhook/received' });
		expect((await api('GET', '/me')).json.receivedCallbackUrl).toBe('https://n8n.example.com/webhook/received');
	});

	it('restores the session and gives pairing codes only while disconnected', async () => {
		expect((await api('GET', '/restore-session')).json).toEqual({ value: true });
		expect((await api('GET', '/phone-code/5511999999999')).json).toEqual({ connected: true, error: 'You are already connected.' });
		await api('GET', '/disconnect');
		expect((await api('GET', '/phone-code/5511999999999')).json.code).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
		expect(standIn.settings(ID)).toMatchObject({ restores: 1, pairingCodes: 1 });
	});
});
