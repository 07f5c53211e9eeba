'use strict';
/** The stand-in's session: disconnect shows in /status, QR codes only while disconnected, scanning reconnects. */
const { createStandIn } = require('./server');

const ID = 'SESSIONINSTANCE';
const TOKEN = 'tok/en with space';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let standIn;
let base;
const api = async (path) => {
	const res = await fetch(`${base}/instances/${ID}/token/${encodeURIComponent(TOKEN)}${path}`);
	return { status: res.status, json: await res.json() };
};

beforeEach(async () => {
	standIn = createStandIn({ instances: [{ id: ID, token: TOKEN }] });
	base = (await standIn.start()).url;
});
afterEach(async () => {
	await standIn.stop();
});

describe('stand-in: session', () => {
	it('refuses a QR code while connected', async () => {
		expect((await api('/qr-code/image')).json).toEqual({ connected: true, error: 'You are already connected.' });
	});

	it('disconnect disconnects: /status says so, the device is gone, a PNG QR code is served', async () => {
		expect((await api('/disconnect')).json).toEqual({ value: true });
		expect((await api('/status')).json).toMatchObject({ connected: false, error: 'You are not connected.' });
		expect((await api('/device')).json).toEqual({ error: 'You are not connected.' });
		const { json } = await api('/qr-code/image');
		const png = Buffer.from(json.value.replace(/^data:image\/png;base64,/, ''), 'base64');
		expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
		expect(standIn.session(ID).currentQr).toBe(png.toString('base64'));
	});

	it('scanning the code reconnects with a new session; restart keeps the link', async () => {
		await api('/disconnect');
		expect(() => standIn.scanQr(ID)).toThrow(/No QR code was fetched/);
		await api('/qr-code/image');
		standIn.scanQr(ID);
		expect((await api('/status')).json.connected).toBe(true);
		expect((await api('/device')).json).toMatchObject({ sessionId: 2, originalDevice: 'android' });
		expect((await api('/restart')).json).toEqual({ value: true });
		expect(standIn.session(ID)).toMatchObject({ connected: true, restarts: 1 });
	});
});

describe('stand-in: notify sent by me and the received webhook', () => {
	const put = async (path, body) => {
		const res = await fetch(`${base}/instances/${ID}/token/${encodeURIComponent(TOKEN)}${path}`, {
			method: 'PUT',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(body),
		});
		return { status: res.status, json: await res.json() };
	};
	const me = async () => (await api('/me')).json;

	it('/update-webhook-received sets the address and leaves notify sent by me as it is', async () => {
		expect(await put('/update-notify-sent-by-me', { notifySentByMe: false })).toEqual({ status: 200, json: { value: true } });
		expect(await put('/update-webhook-received', { value: 'https://a.example.com/hook' })).toEqual({ status: 200, json: { value: true } });
		expect(await me()).toMatchObject({ receivedCallbackUrl: 'https://a.example.com/hook', receiveCallbackSentByMe: false });
	});

	it('/update-webhook-received-delivery sets the address and turns notify sent by me on', async () => {
		await put('/update-notify-sent-by-me', { notifySentByMe: false });
		await put('/update-webhook-received-delivery', { value: 'https://b.example.com/hook' });
		expect(await me()).toMatchObject({ receivedCallbackUrl: 'https://b.example.com/hook', receiveCallbackSentByMe: true });
	});

	it('refuses a webhook value that is not https, and a flag that is not a boolean', async () => {
		for (const path of ['/update-webhook-received', '/update-webhook-received-delivery']) {
			expect((await put(path, { value: 'http://plain.example.com/hook' })).status).toBe(400);
		}
		expect((await put('/update-notify-sent-by-me', { notifySentByMe: 'yes' })).status).toBe(400);
		expect((await me()).receivedCallbackUrl).toBe('');
	});
});

describe('stand-in: drop-after-processing', () => {
	it('carries out the call, then cuts the connection before the answer, once', async () => {
		const control = await fetch(`${base}/_control/drop-after`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ instanceId: ID, path: '/update-notify-sent-by-me' }),
		});
		expect(control.status).toBe(200);
		const send = (value) =>
			fetch(`${base}/instances/${ID}/token/${encodeURIComponent(TOKEN)}/update-notify-sent-by-me`, {
				method: 'PUT',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ notifySentByMe: value }),
			});
		await expect(send(false)).rejects.toThrow();
		// Carried out all the same.
		expect((await api('/me')).json.receiveCallbackSentByMe).toBe(false);
		expect((await send(true)).status).toBe(200);
	});
});
