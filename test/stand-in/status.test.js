'use strict';
/** The stand-in's statuses and profile: posts kept with their media, replies, profile changes. */
const { createStandIn } = require('./server');
const sampleImages = require('./sample-images');

const ID = 'STATUSINSTANCE';
const TOKEN = 'tok/en with space';

let standIn;
let base;

async function api(method, path, body) {
	const res = await fetch(`${base}/instances/${ID}/token/${encodeURIComponent(TOKEN)}${path}`, {
		method,
		headers: { 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	return { status: res.status, json: text ? JSON.parse(text) : undefined, reason: res.headers.get('x-stand-in-reason') };
}

beforeEach(async () => {
	standIn = createStandIn({ instances: [{ id: ID, token: TOKEN }] });
	base = (await standIn.start()).url;
});
afterEach(async () => {
	await standIn.stop();
});

describe('stand-in: status', () => {
	it('keeps text, image and video posts, media as their size and hash', async () => {
		const text = await api('POST', '/send-text-status', { message: 'Open today' });
		expect(Object.keys(text.json)).toEqual(['zaapId', 'messageId']);
		await api('POST', '/send-image-status', { image: sampleImages.pngDataUri, caption: 'New' });
		await api('POST', '/send-video-status', { video: 'https://example.com/v.mp4' });
		const { posted } = standIn.statuses(ID);
		expect(posted.map((p) => p.kind)).toEqual(['text', 'image', 'video']);
		expect(posted[1]).toMatchObject({ caption: 'New', image: { source: 'data-uri', bytes: sampleImages.png.length } });
		expect(posted[2].video).toEqual({ source: 'url', url: 'https://example.com/v.mp4' });
	});

	it('refuses a missing field, a video over 10 MB, a GIF that is not a link', async () => {
		expect((await api('POST', '/send-text-status', {})).status).toBe(400);
		expect((await api('POST', '/send-video-status', { video: Buffer.alloc(10 * 1024 * 1024 + 3).toString('base64') })).json).toEqual({ error: 'video is larger than 10MB' });
		expect((await api('POST', '/reply-status-gif', { phone: '5544999999999', statusMessageId: 'S1', gif: 'AAAA' })).status).toBe(400);
	});

	it('keeps replies with whose status they answer', async () => {
		const { json } = await api('POST', '/reply-status-text', { phone: '5544999999999', message: 'Nice', statusMessageId: 'S1' });
		expect(json.id).toBe(json.messageId);
		await api('POST', '/reply-status-sticker', { phone: '5544999999999', sticker: sampleImages.pngBase64, statusMessageId: 'S1' });
		expect(standIn.statuses(ID).replies.map((r) => [r.kind, r.phone, r.statusMessageId])).toEqual([
			['text', '5544999999999', 'S1'],
			['sticker', '5544999999999', 'S1'],
		]);
	});

	it('answers a disconnected instance with the error every send gets', async () => {
		await api('GET', '/disconnect');
		expect((await api('POST', '/send-text-status', { message: 'x' })).json).toEqual({ error: 'You are not connected.' });
	});
});

describe('stand-in: profile', () => {
	it('changes the name, about text and picture; an unreadable picture is refused', async () => {
		expect((await api('PUT', '/profile-name', { value: 'My Shop' })).json).toEqual({ value: true });
		await api('PUT', '/profile-description', { value: 'Open 9-18' });
		await api('PUT', '/profile-picture', { value: sampleImages.jpegDataUri });
		expect(standIn.profile(ID)).toMatchObject({ name: 'My Shop', about: 'Open 9-18', picture: { source: 'data-uri', type: 'jpeg' } });
		expect(await api('PUT', '/profile-picture', { value: 'not a picture' })).toMatchObject({ json: { value: false }, reason: 'unreadable picture' });
	});
});
