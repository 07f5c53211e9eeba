'use strict';
/** The stand-in's further webhooks, media files behind their addresses, and repeated deliveries. */
const crypto = require('node:crypto');
const { createStandIn } = require('./server');
const { EVENT_WEBHOOKS, EVENT_WEBHOOK_NAMES, MEDIA_KINDS } = require('./events');
const { startReceiver } = require('./helpers');

const ID = 'EVENTINSTANCE';
const TOKEN = 'tok/en with space';

let standIn;
let base;
let receiver;

async function call(method, path, body) {
	const res = await fetch(`${base}${path}`, {
		method,
		headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const data = Buffer.from(await res.arrayBuffer());
	return { status: res.status, data, headers: res.headers, json: () => JSON.parse(data.toString('utf8')) };
}
const api = (method, path, body) => call(method, `/instances/${ID}/token/${encodeURIComponent(TOKEN)}${path}`, body);

beforeEach(async () => {
	standIn = createStandIn({ instances: [{ id: ID, token: TOKEN }] });
	base = (await standIn.start()).url;
	receiver = await startReceiver();
});
afterEach(async () => {
	await standIn.stop();
	await receiver.close();
});

describe('further webhooks', () => {
	it.each(EVENT_WEBHOOK_NAMES)('%s: set through its endpoint, shown by /me, "" clears, http refused', async (name) => {
		const { endpoint, meField } = EVENT_WEBHOOKS[name];
		expect((await api('PUT', endpoint, { value: 'https://n8n.example/hook' })).status).toBe(200);
		expect((await api('GET', '/me')).json()[meField]).toBe('https://n8n.example/hook');
		expect((await api('PUT', endpoint, { value: 'http://n8n.example/hook' })).status).toBe(400);
		expect((await api('PUT', endpoint, { value: '' })).json()).toEqual({ value: true });
		expect((await api('GET', '/me')).json()[meField]).toBe('');
	});

	it.each(EVENT_WEBHOOK_NAMES)('%s: an emit of its kind is delivered to its own address only', async (name) => {
		const { kind, type } = EVENT_WEBHOOKS[name];
		standIn.setWebhook(ID, 'received', `${receiver.base}/received`);
		await expect(standIn.emit(ID, kind, {})).rejects.toThrow(/No .* webhook is registered/);
		standIn.setWebhook(ID, name, `${receiver.base}/${name}`);
		const { delivered, payload } = await standIn.emit(ID, kind, {});
		expect(delivered.status).toBe(200);
		expect(payload).toMatchObject({ type, instanceId: ID });
		expect(receiver.requests.map((r) => r.path)).toEqual([`/${name}`]);
		expect(receiver.requests[0].json).toEqual(payload);
	});

	it('a failed send carries its error; chat presence its status; disconnection its reason', async () => {
		for (const name of EVENT_WEBHOOK_NAMES) standIn.setWebhook(ID, name, `${receiver.base}/${name}`);
		expect((await standIn.emit(ID, 'sendResult', { error: 'Not on WhatsApp', phone: '5511900000001' })).payload).toMatchObject({ error: 'Not on WhatsApp', phone: '5511900000001' });
		expect((await standIn.emit(ID, 'sendResult', {})).payload.error).toBeUndefined();
		const typing = await standIn.emit(ID, 'chatPresence', { status: 'composing' });
		expect([typing.webhook, typing.payload.type, typing.payload.status]).toEqual(['chatPresence', 'PresenceChatCallback', 'COMPOSING']);
		// The emit kind's earlier name still works.
		expect((await standIn.emit(ID, 'presence', { status: 'recording' })).payload.status).toBe('RECORDING');
		expect((await standIn.emit(ID, 'disconnected', { error: 'Phone offline' })).payload).toMatchObject({ error: 'Phone offline', disconnected: true });
	});
});

describe('media behind the addresses of a delivery', () => {
	beforeEach(() => standIn.setWebhook(ID, 'received', `${receiver.base}/received`));

	/** The type each file is served with: the one its message declares (a button message declares none). */
	const SERVED_AS = { image: 'image/jpeg', audio: 'audio/ogg', video: 'video/mp4', document: 'application/pdf', sticker: 'image/webp', hydratedTemplate: 'image/jpeg', buttonsMessage: 'image/jpeg' };

	it('serves every media kind', () => expect(Object.keys(MEDIA_KINDS).sort()).toEqual(Object.keys(SERVED_AS).sort()));

	it.each(Object.keys(MEDIA_KINDS))('%s: the address in the delivery serves the bytes the emit reports', async (kind) => {
		const { payload, media } = await standIn.emit(ID, kind, { media: true, mediaBytes: 5000 });
		const url = MEDIA_KINDS[kind].urlPath.reduce((object, key) => object[key], payload[kind]);
		expect(url).toBe(media.url);
		expect(url.startsWith(`${base}/storage/${ID}/`)).toBe(true);
		const res = await fetch(url);
		expect(res.status).toBe(200);
		const data = Buffer.from(await res.arrayBuffer());
		expect(data.length).toBe(5000);
		expect(crypto.createHash('sha256').update(data).digest('hex')).toBe(media.sha256);
		expect(res.headers.get('content-type')).toBe(SERVED_AS[kind]);
	});

	it('an expired file answers 404, or the status asked for', async () => {
		const gone = await standIn.emit(ID, 'audio', { mediaExpired: true });
		expect((await fetch(gone.media.url)).status).toBe(404);
		const gone410 = await standIn.emit(ID, 'image', { mediaExpired: 410 });
		expect((await fetch(gone410.media.url)).status).toBe(410);
		expect((await call('GET', `/storage/${ID}/NOPE.ogg`)).status).toBe(404);
	});

	it('media: true on a kind without a file is refused', async () => {
		await expect(standIn.emit(ID, 'text', { media: true })).rejects.toThrow(/needs a media kind/);
	});
});

describe('repeated deliveries', () => {
	beforeEach(() => standIn.setWebhook(ID, 'received', `${receiver.base}/received`));

	it('repeat: n sends the same delivery n more times', async () => {
		const { payload, repeats } = await standIn.emit(ID, 'text', { message: 'again', repeat: 2 });
		expect(repeats).toHaveLength(2);
		expect(receiver.requests.map((r) => r.json)).toEqual([payload, payload, payload]);
	});

	it('the control route sends a logged delivery again, as it was', async () => {
		const { seq, payload } = await standIn.emit(ID, 'text', { message: 'once' });
		const res = await call('POST', '/_control/redeliver', { seq });
		expect(res.status).toBe(200);
		expect(res.json().delivered).toEqual([expect.objectContaining({ status: 200 })]);
		expect(receiver.requests.map((r) => r.json)).toEqual([payload, payload]);
		expect((await call('POST', '/_control/redeliver', { seq: 999 })).status).toBe(404);
	});
});
