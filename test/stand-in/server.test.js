'use strict';
/** Tests of the Z-API stand-in (test/stand-in/server.js) over real HTTP. */
const { createStandIn, classifyPhoto, isValidGroupId } = require('./server');
const { makeSelfSignedCert, startReceiver } = require('./helpers');
const images = require('./sample-images');
const cb = require('../fixtures/callbacks');

jest.setTimeout(20000);

const A = { id: '3C01A5B2F4E6D8C0B1A2C3D4E5F6A7B8', token: 'A1B2C3D4E5F6A7B8C9D0E1F2' };
const SECURE = { id: 'SECURE0000000000000000000000000', token: 'sec-token', clientToken: 'F00DCAFE-client-token' };
const MD = { id: 'MULTIDEVICE000000000000000000000', token: 'md-token', multiDevice: true };
const CONTACT = '5511988887777';

let tls;
let standIn;
let base;
let receiver;

/** fetch() against the stand-in; returns { status, body, headers }. */
async function call(method, path, { body, headers = {}, raw } = {}) {
	const init = { method, headers: { ...headers } };
	if (raw !== undefined) init.body = raw;
	else if (body !== undefined) {
		init.body = JSON.stringify(body);
		if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) init.headers['Content-Type'] = 'application/json';
	}
	const res = await fetch(base + path, init);
	const text = await res.text();
	let parsed;
	try {
		parsed = JSON.parse(text);
	} catch {
		parsed = text;
	}
	return { status: res.status, body: parsed, headers: res.headers };
}
const inst = (i = A) => `/instances/${i.id}/token/${i.token}`;
const api = (method, path, opts, i = A) => call(method, inst(i) + path, opts);
const control = (method, path, body) => call(method, `/_control${path}`, body === undefined ? {} : { body });

beforeAll(async () => {
	tls = makeSelfSignedCert();
	receiver = await startReceiver({ tls: { key: tls.key, cert: tls.cert } });
	standIn = createStandIn({ instances: [A, SECURE, MD], deliveryCa: tls.cert });
	({ url: base } = await standIn.start(0));
});

afterAll(async () => {
	await standIn.stop();
	await receiver.close();
	tls.cleanup();
});

beforeEach(() => {
	standIn.reset();
	receiver.requests.length = 0;
});

describe('authentication', () => {
	test('unknown instance id and wrong token answer 400 Instance not found', async () => {
		let r = await call('GET', `/instances/NOPE/token/${A.token}/status`);
		expect(r).toMatchObject({ status: 400, body: { error: 'Instance not found' } });
		r = await call('GET', `/instances/${A.id}/token/wrong/status`);
		expect(r).toMatchObject({ status: 400, body: { error: 'Instance not found' } });
		r = await api('GET', '/status');
		expect(r.status).toBe(200);
	});

	test('Client-Token: missing 400 "null not allowed", wrong 403, right 200; ignored when the instance has none', async () => {
		let r = await api('GET', '/status', {}, SECURE);
		expect(r).toMatchObject({ status: 400, body: { error: 'null not allowed' } });
		r = await api('GET', '/status', { headers: { 'Client-Token': SECURE.token } }, SECURE);
		expect(r).toMatchObject({ status: 403, body: { error: 'Client-Token not allowed' } });
		r = await api('GET', '/status', { headers: { 'Client-Token': SECURE.clientToken } }, SECURE);
		expect(r.status).toBe(200);
		r = await api('PUT', '/update-webhook-received-delivery', { body: { value: 'https://x.example/h' }, headers: { 'Client-Token': SECURE.clientToken } }, SECURE);
		expect(r).toMatchObject({ status: 200, body: { value: true } });
		r = await api('GET', '/status', { headers: { 'Client-Token': 'anything' } });
		expect(r.status).toBe(200);
	});
});

describe('protocol errors', () => {
	test('404 on unknown paths, inside and outside the instance prefix', async () => {
		expect((await api('GET', '/no-such-endpoint')).status).toBe(404);
		expect((await call('GET', '/hello')).status).toBe(404);
		expect((await api('GET', '/chat-messages')).status).toBe(404);
		// the contract's section heading says /update-webhook-status; the real path is update-webhook-message-status
		expect((await api('PUT', '/update-webhook-status', { body: { value: 'https://x.example' } })).status).toBe(404);
		expect((await control('GET', '/nothing')).status).toBe(404);
	});

	test('405 with an Allow header when a known endpoint gets the wrong method', async () => {
		let r = await api('GET', '/update-webhook-received-delivery');
		expect(r.status).toBe(405);
		expect(r.headers.get('allow')).toBe('PUT');
		r = await api('POST', `/chat-messages/${CONTACT}`, { body: {} });
		expect(r.status).toBe(405);
		expect(r.headers.get('allow')).toBe('GET');
		r = await api('GET', '/add-participant');
		expect(r.status).toBe(405);
		r = await api('DELETE', '/me');
		expect(r.status).toBe(405);
		r = await control('GET', '/emit');
		expect(r.status).toBe(405);
	});

	test('415 when a POST/PUT lacks Content-Type application/json or names another type', async () => {
		let r = await api('PUT', '/update-webhook-message-status', { raw: JSON.stringify({ value: 'https://x.example/s' }) });
		expect(r.status).toBe(415);
		r = await api('POST', '/add-admin', { raw: '{"groupId":"1-group","phones":["1"]}', headers: { 'Content-Type': 'text/plain' } });
		expect(r.status).toBe(415);
		r = await api('PUT', '/update-webhook-message-status', { body: { value: 'https://x.example/s' }, headers: { 'content-type': 'application/json; charset=utf-8' } });
		expect(r).toMatchObject({ status: 200, body: { value: true } });
		expect(standIn.snapshot(A.id).webhooks.status).toBe('https://x.example/s');
	});

	test('400 on a body that is not valid JSON', async () => {
		let r = await api('PUT', '/update-webhook-received-delivery', { raw: '{value: nope', headers: { 'Content-Type': 'application/json' } });
		expect(r).toMatchObject({ status: 400, body: { error: 'Invalid JSON body' } });
		r = await api('POST', '/add-participant', { raw: '', headers: { 'Content-Type': 'application/json' } });
		expect(r.status).toBe(400);
	});
});

describe('webhook configuration', () => {
	test.each([
		['http URL', 'http://hooks.example.com/zapi'],
		['relative URL', '/webhook/zapi'],
		['not a URL', 'hooks.example.com'],
		['ftp URL', 'ftp://hooks.example.com/zapi'],
		['a number', 42],
		['null', null],
	])('refuses %s with 400 saying only https is accepted', async (_label, value) => {
		const r = await api('PUT', '/update-webhook-received-delivery', { body: { value } });
		expect(r.status).toBe(400);
		expect(r.body.error).toMatch(/only https/i);
		expect(standIn.snapshot(A.id).webhooks.received).toBe('');
	});

	test('missing value and a non-object body are refused', async () => {
		expect((await api('PUT', '/update-webhook-message-status', { body: {} })).status).toBe(400);
		expect((await api('PUT', '/update-webhook-message-status', { body: ['https://x.example'] })).status).toBe(400);
	});

	test('accepts https, keeps one URL per kind (last writer wins), reflects it in /me, "" clears', async () => {
		let r = await api('PUT', '/update-webhook-received-delivery', { body: { value: 'https://first.example/webhook/a' } });
		expect(r).toEqual({ status: 200, body: { value: true }, headers: expect.anything() });
		r = await api('PUT', '/update-webhook-received-delivery', { body: { value: 'https://second.example/webhook/b' } });
		expect(r.body).toEqual({ value: true });
		r = await api('PUT', '/update-webhook-message-status', { body: { value: 'https://status.example/s' } });
		expect(r.body).toEqual({ value: true });
		let me = (await api('GET', '/me')).body;
		expect(me.receivedCallbackUrl).toBe('https://second.example/webhook/b');
		expect(me.messageStatusCallbackUrl).toBe('https://status.example/s');
		r = await api('PUT', '/update-webhook-received-delivery', { body: { value: '' } });
		expect(r.body).toEqual({ value: true });
		me = (await api('GET', '/me')).body;
		expect(me.receivedCallbackUrl).toBe('');
		expect(me.messageStatusCallbackUrl).toBe('https://status.example/s');
		expect(standIn.snapshot(A.id).webhooks).toEqual({ received: '', status: 'https://status.example/s' });
	});
});

describe('read-only extras', () => {
	test('GET /status reports the connection', async () => {
		expect((await api('GET', '/status')).body).toEqual({ connected: true, error: 'You are already connected.', smartphoneConnected: true });
		await control('POST', '/instances', { ...A, connected: false });
		expect((await api('GET', '/status')).body).toEqual({ connected: false, error: 'You are not connected.', smartphoneConnected: false });
	});

	test('GET /me returns instance settings without the token', async () => {
		const { status, body } = await api('GET', '/me');
		expect(status).toBe(200);
		expect(body).toMatchObject({
			id: A.id,
			name: expect.any(String),
			receivedCallbackUrl: '',
			messageStatusCallbackUrl: '',
			deliveryCallbackUrl: '',
			connectedCallbackUrl: '',
			disconnectedCallbackUrl: '',
			receiveCallbackSentByMe: true,
			connected: true,
		});
		expect(JSON.stringify(body)).not.toContain(A.token);
	});

	test('GET /me fails with the status set through /_control/me-failure, until it is cleared', async () => {
		await api('PUT', '/update-webhook-received-delivery', { body: { value: 'https://n8n.example/hook' } });
		expect((await control('POST', '/me-failure', { instanceId: A.id, status: 500 })).body).toEqual({ meFailure: { status: 500, served: 0 } });
		expect(await api('GET', '/me')).toMatchObject({ status: 500, body: { error: expect.stringContaining('unavailable') } });
		expect(await api('GET', '/me')).toMatchObject({ status: 500 });
		expect(standIn.snapshot(A.id).meFailure).toEqual({ status: 500, served: 2 });
		// Only the read fails: the webhooks are kept and can still be set.
		expect((await api('PUT', '/update-webhook-message-status', { body: { value: 'https://n8n.example/s' } })).body).toEqual({ value: true });
		standIn.failMe(A.id, null);
		expect((await api('GET', '/me')).body).toMatchObject({
			receivedCallbackUrl: 'https://n8n.example/hook',
			messageStatusCallbackUrl: 'https://n8n.example/s',
		});
	});
});

describe('chat listing', () => {
	let ids;
	beforeEach(() => {
		ids = standIn.seedChat(A.id, CONTACT, { count: 25 }).messageIds; // oldest -> newest
	});

	test('without lastMessageId: the newest 10 (default amount), newest first, records of section 2.2', async () => {
		const r = await api('GET', `/chat-messages/${CONTACT}`);
		expect(r.status).toBe(200);
		expect(r.body.map((m) => m.messageId)).toEqual(ids.slice(15).reverse());
		for (let i = 1; i < r.body.length; i++) expect(r.body[i - 1].momment).toBeGreaterThan(r.body[i].momment);
		for (const m of r.body) {
			expect(m).toMatchObject({ instanceId: A.id, phone: CONTACT, participantPhone: null, broadcast: false });
			expect(typeof m.fromMe).toBe('boolean');
			expect(String(m.momment)).toMatch(/^\d{13}$/);
			const contents = ['text', 'image', 'document', 'contact'].filter((k) => m[k] !== undefined);
			expect(contents).toHaveLength(1);
		}
	});

	test('paging with lastMessageId walks back to the oldest and ends with a short page', async () => {
		let r = await api('GET', `/chat-messages/${CONTACT}?amount=10`);
		const seen = r.body.map((m) => m.messageId);
		r = await api('GET', `/chat-messages/${CONTACT}?amount=10&lastMessageId=${seen[seen.length - 1]}`);
		expect(r.body.map((m) => m.messageId)).toEqual(ids.slice(5, 15).reverse());
		seen.push(...r.body.map((m) => m.messageId));
		r = await api('GET', `/chat-messages/${CONTACT}?amount=10&lastMessageId=${seen[seen.length - 1]}`);
		expect(r.body.map((m) => m.messageId)).toEqual(ids.slice(0, 5).reverse());
		r = await api('GET', `/chat-messages/${CONTACT}?amount=10&lastMessageId=${ids[0]}`);
		expect(r.body).toEqual([]);
	});

	test('amount is honoured; unknown lastMessageId and unknown chat give []', async () => {
		expect((await api('GET', `/chat-messages/${CONTACT}?amount=3`)).body.map((m) => m.messageId)).toEqual(ids.slice(22).reverse());
		expect((await api('GET', `/chat-messages/${CONTACT}?amount=100`)).body).toHaveLength(25);
		expect((await api('GET', `/chat-messages/${CONTACT}?amount=5&lastMessageId=NOPE`)).body).toEqual([]);
		expect((await api('GET', '/chat-messages/5521900000000?amount=5')).body).toEqual([]);
	});

	test.each(['0', '-1', 'abc', '1.5', '10x'])('amount=%s is refused with 400', async (amount) => {
		const r = await api('GET', `/chat-messages/${CONTACT}?amount=${amount}`);
		expect(r.status).toBe(400);
		expect(r.body.error).toMatch(/amount/);
	});

	test('a multi-device instance answers every listing with []', async () => {
		const seeded = standIn.seedChat(MD.id, CONTACT, { count: 5 });
		expect(seeded.size).toBe(0);
		expect(standIn.snapshot(MD.id).chats).toEqual({});
		const r = await api('GET', `/chat-messages/${CONTACT}?amount=10`, {}, MD);
		expect(r).toMatchObject({ status: 200, body: [] });
	});

	test('record kinds: text with link fields, image, document and contact all occur', async () => {
		const all = (await api('GET', `/chat-messages/${CONTACT}?amount=25`)).body;
		const link = all.find((m) => m.text && m.text.url);
		expect(link.text).toEqual({ message: expect.any(String), url: expect.any(String), urlDescription: null, urlTitle: expect.any(String), isCatalog: false });
		expect(all.find((m) => m.image).image).toEqual({ mimeType: 'image/jpeg', imageUrl: expect.any(String), thumbnailUrl: expect.any(String), caption: expect.any(String) });
		expect(all.find((m) => m.document).document.pageCount).toEqual(expect.any(Number));
		expect(all.find((m) => m.contact).contact.phones).toEqual(expect.any(Array));
		expect(all.some((m) => m.fromMe) && all.some((m) => !m.fromMe)).toBe(true);
	});
});

describe('groups', () => {
	let group;
	let oldGroup;
	let notAdmin;
	beforeEach(() => {
		group = standIn.addGroup(A.id, { name: 'Equipe Vendas', participants: [CONTACT, '5511977776666'] });
		oldGroup = standIn.addGroup(A.id, { form: 'old', name: 'Família' });
		notAdmin = standIn.addGroup(A.id, { name: 'Condomínio', selfIsAdmin: false, participants: [CONTACT] });
	});
	const groupState = (id) => standIn.snapshot(A.id).groups.find((g) => g.id === id);
	const expectFail = (r, reason) => {
		expect(r.status).toBe(200);
		expect(r.body).toEqual({ value: false });
		expect(r.headers.get('x-stand-in-reason')).toBe(reason);
	};

	test('both group id forms are generated and recognised', () => {
		expect(group.id).toMatch(/^\d+-group$/);
		expect(oldGroup.id).toMatch(/^5511999990000-\d{10}$/);
		expect(isValidGroupId('120363019502650977-group')).toBe(true);
		expect(isValidGroupId('5511999990000-1623281429')).toBe(true);
		expect(isValidGroupId('5511999990000')).toBe(false);
		expect(isValidGroupId('5511999990000-16232')).toBe(false);
		expect(isValidGroupId('abc-group')).toBe(false);
	});

	describe('update-group-photo', () => {
		test('a URL', async () => {
			const r = await api('POST', '/update-group-photo', { body: { groupId: group.id, groupPhoto: 'https://cdn.example.com/logo.jpg' } });
			expect(r.body).toEqual({ value: true });
			expect(groupState(group.id)).toMatchObject({ photo: 'https://cdn.example.com/logo.jpg', photoSource: 'url' });
		});

		test('a JPEG data URI, on an old-form id', async () => {
			const r = await api('POST', '/update-group-photo', { body: { groupId: oldGroup.id, groupPhoto: images.jpegDataUri } });
			expect(r.body).toEqual({ value: true });
			expect(groupState(oldGroup.id)).toMatchObject({ photoSource: 'data-uri', photoBytes: images.jpeg.length, photo: expect.stringMatching(/\.jpg$/) });
		});

		test('bare base64 of a PNG', async () => {
			const r = await api('POST', '/update-group-photo', { body: { groupId: group.id, groupPhoto: images.pngBase64 } });
			expect(r.body).toEqual({ value: true });
			expect(groupState(group.id)).toMatchObject({ photoSource: 'base64', photoBytes: images.png.length, photo: expect.stringMatching(/\.png$/) });
		});

		test.each([
			['base64 of text', Buffer.from('hello, this is not an image').toString('base64'), 'invalid-photo'],
			['garbage', 'not a photo at all!', 'invalid-photo'],
			['a data URI of another type', `data:text/plain;base64,${images.pngBase64}`, 'invalid-photo'],
			['a data URI without base64', 'data:image/png,abc', 'invalid-photo'],
			['an empty photo', '', 'missing-groupPhoto'],
		])('refuses %s', async (_label, groupPhoto, reason) => {
			const r = await api('POST', '/update-group-photo', { body: { groupId: group.id, groupPhoto } });
			expectFail(r, reason);
			expect(groupState(group.id).photo).toBeNull();
		});

		test('unknown, malformed or missing group, and a group where the instance is not admin', async () => {
			expectFail(await api('POST', '/update-group-photo', { body: { groupId: '120363000000000000-group', groupPhoto: images.pngBase64 } }), 'unknown-group');
			expectFail(await api('POST', '/update-group-photo', { body: { groupId: '5511999990000', groupPhoto: images.pngBase64 } }), 'malformed-groupId');
			expectFail(await api('POST', '/update-group-photo', { body: { groupPhoto: images.pngBase64 } }), 'missing-groupId');
			expectFail(await api('POST', '/update-group-photo', { body: { groupId: group.id } }), 'missing-groupPhoto');
			expectFail(await api('POST', '/update-group-photo', { body: { groupId: notAdmin.id, groupPhoto: images.pngBase64 } }), 'not-admin');
			expectFail(await api('POST', '/update-group-photo', { body: [group.id] }), 'body-not-object');
			expect(groupState(notAdmin.id).photo).toBeNull();
		});

		test('classifyPhoto unit', () => {
			expect(classifyPhoto(images.jpegBase64)).toMatchObject({ source: 'base64', type: 'jpeg' });
			expect(classifyPhoto(images.pngDataUri)).toMatchObject({ source: 'data-uri', type: 'png' });
			expect(classifyPhoto('http://a.example/x.png')).toMatchObject({ source: 'url' });
			expect(classifyPhoto('https://')).toBeNull();
			expect(classifyPhoto(12)).toBeNull();
		});
	});

	describe('add-admin', () => {
		test('promotes participants', async () => {
			const r = await api('POST', '/add-admin', { body: { groupId: group.id, phones: [CONTACT] } });
			expect(r.body).toEqual({ value: true });
			expect(groupState(group.id).admins).toEqual(['5511999990000', CONTACT]);
		});

		test('fails for non-participants, empty or missing phones, non-admin instance, unknown group', async () => {
			expectFail(await api('POST', '/add-admin', { body: { groupId: group.id, phones: [CONTACT, '5511900000000'] } }), 'not-participant');
			expectFail(await api('POST', '/add-admin', { body: { groupId: group.id, phones: [] } }), 'missing-phones');
			expectFail(await api('POST', '/add-admin', { body: { groupId: group.id } }), 'missing-phones');
			expectFail(await api('POST', '/add-admin', { body: { groupId: group.id, phones: CONTACT } }), 'missing-phones');
			expectFail(await api('POST', '/add-admin', { body: { groupId: notAdmin.id, phones: [CONTACT] } }), 'not-admin');
			expectFail(await api('POST', '/add-admin', { body: { groupId: '999-group', phones: [CONTACT] } }), 'malformed-groupId');
			expectFail(await api('POST', '/add-admin', { body: { phones: [CONTACT] } }), 'missing-groupId');
			expect(groupState(group.id).admins).toEqual(['5511999990000']);
		});
	});

	describe('add-participant', () => {
		test('adds phones and delivers one GROUP_PARTICIPANT_ADD per added phone over https', async () => {
			standIn.setWebhook(A.id, 'received', receiver.url('/received'));
			const phones = ['5511955554444', '5511944443333'];
			const r = await api('POST', '/add-participant', { body: { groupId: group.id, phones } });
			expect(r.body).toEqual({ value: true });
			expect(groupState(group.id).participants).toEqual(expect.arrayContaining(phones));
			await receiver.waitFor(2);
			expect(receiver.requests.map((q) => q.json.notificationParameters)).toEqual([[phones[0]], [phones[1]]]);
			for (const q of receiver.requests) {
				expect(q).toMatchObject({ method: 'POST', path: '/received', secure: true });
				expect(q.headers['content-type']).toBe('application/json');
				expect(q.json).toMatchObject({ type: 'ReceivedCallback', notification: 'GROUP_PARTICIPANT_ADD', phone: group.id, isGroup: true, instanceId: A.id, chatName: 'Equipe Vendas' });
			}
			const log = await standIn.waitForDeliveries({ count: 2, instanceId: A.id });
			expect(log.map((d) => [d.source, d.webhook, d.status])).toEqual([['add-participant', 'received', 200], ['add-participant', 'received', 200]]);
		});

		test('phones already in the group are not re-added nor notified', async () => {
			standIn.setWebhook(A.id, 'received', receiver.url());
			const r = await api('POST', '/add-participant', { body: { groupId: group.id, phones: [CONTACT, '5511955554444'] } });
			expect(r.body).toEqual({ value: true });
			await receiver.waitFor(1);
			await new Promise((res) => setTimeout(res, 100));
			expect(receiver.requests).toHaveLength(1);
			expect(receiver.requests[0].json.notificationParameters).toEqual(['5511955554444']);
			expect(groupState(group.id).participants.filter((p) => p === CONTACT)).toHaveLength(1);
		});

		test('works on an old-form id, without a webhook the notification is logged as skipped', async () => {
			const r = await api('POST', '/add-participant', { body: { groupId: oldGroup.id, phones: ['5511955554444'], autoInvite: false } });
			expect(r.body).toEqual({ value: true });
			const [d] = await standIn.waitForDeliveries({ count: 1 });
			expect(d).toMatchObject({ skipped: true, url: null, error: 'No received webhook registered' });
			expect(receiver.requests).toHaveLength(0);
		});

		test('restricted phones: without autoInvite the answer is false, with autoInvite an invite is sent', async () => {
			const g = standIn.addGroup(A.id, { restrictedPhones: ['5511922221111'] });
			expectFail(await api('POST', '/add-participant', { body: { groupId: g.id, phones: ['5511922221111', '5511955554444'] } }), 'restricted-phone-without-autoInvite');
			expect(groupState(g.id).participants).toContain('5511955554444');
			expect(groupState(g.id).participants).not.toContain('5511922221111');
			const r = await api('POST', '/add-participant', { body: { groupId: g.id, phones: ['5511922221111'], autoInvite: true } });
			expect(r.body).toEqual({ value: true });
			expect(groupState(g.id).invitesSent).toEqual(['5511922221111']);
			expect(groupState(g.id).participants).not.toContain('5511922221111');
		});

		test('fails for missing/empty/invalid phones, non-admin, unknown or malformed group, disconnected instance', async () => {
			expectFail(await api('POST', '/add-participant', { body: { groupId: group.id, phones: [] } }), 'missing-phones');
			expectFail(await api('POST', '/add-participant', { body: { groupId: group.id } }), 'missing-phones');
			expectFail(await api('POST', '/add-participant', { body: { groupId: group.id, phones: ['+55 (11) 95555-4444'] } }), 'invalid-phone');
			expectFail(await api('POST', '/add-participant', { body: { groupId: notAdmin.id, phones: ['5511955554444'] } }), 'not-admin');
			expectFail(await api('POST', '/add-participant', { body: { groupId: '120363000000000000-group', phones: ['5511955554444'] } }), 'unknown-group');
			expectFail(await api('POST', '/add-participant', { body: { groupId: 'team', phones: ['5511955554444'] } }), 'malformed-groupId');
			expectFail(await api('POST', '/add-participant', { body: {} }), 'missing-groupId');
			standIn.addInstance({ ...A, connected: false });
			expectFail(await api('POST', '/add-participant', { body: { groupId: group.id, phones: ['5511955554444'] } }), 'not-connected');
			expect(groupState(group.id).participants).not.toContain('5511955554444');
			expect(standIn.deliveries()).toHaveLength(0);
		});
	});
});

describe('deliveries', () => {
	test('emit delivers over https with the configured CA and stores the message in the chat', async () => {
		await api('PUT', '/update-webhook-received-delivery', { body: { value: receiver.url('/zapi') } });
		const r = await control('POST', '/emit', { instanceId: A.id, kind: 'text', phone: '5511912345678', message: 'Oi, tudo bem?' });
		expect(r.status).toBe(200);
		expect(r.body.delivered).toEqual({ url: receiver.url('/zapi'), status: 200, error: null });
		expect(r.body.payload).toMatchObject({ type: 'ReceivedCallback', instanceId: A.id, phone: '5511912345678', fromMe: false, text: { message: 'Oi, tudo bem?' } });
		expect(receiver.requests).toHaveLength(1);
		expect(receiver.requests[0]).toMatchObject({ method: 'POST', secure: true, json: r.body.payload });
		const listing = await api('GET', '/chat-messages/5511912345678?amount=10');
		expect(listing.body).toHaveLength(1);
		expect(listing.body[0]).toMatchObject({ messageId: r.body.payload.messageId, text: { message: 'Oi, tudo bem?' } });
		expect(listing.body[0]).not.toHaveProperty('type');
		const log = standIn.deliveries();
		expect(log).toEqual([expect.objectContaining({ webhook: 'received', source: 'emit', url: receiver.url('/zapi'), status: 200, payload: r.body.payload })]);
	});

	test('emitted messages become the newest of an existing chat; fromMe and group messages', async () => {
		const { messageIds } = standIn.seedChat(A.id, CONTACT, { count: 3 });
		standIn.setWebhook(A.id, 'received', receiver.url());
		const mine = await control('POST', '/emit', { instanceId: A.id, kind: 'image', phone: CONTACT, fromMe: true, message: 'catálogo' });
		expect(mine.body.payload).toMatchObject({ fromMe: true, status: 'SENT', image: { caption: 'catálogo' } });
		const listing = (await api('GET', `/chat-messages/${CONTACT}`)).body.map((m) => m.messageId);
		expect(listing).toEqual([mine.body.payload.messageId, ...messageIds.reverse()]);
		const g = standIn.addGroup(A.id, { name: 'Equipe' });
		const inGroup = await control('POST', '/emit', { instanceId: A.id, kind: 'text', group: g.id, phone: '5511977776666', message: 'bom dia' });
		expect(inGroup.body.payload).toMatchObject({ isGroup: true, phone: g.id, participantPhone: '5511977776666', chatName: 'Equipe' });
		expect((await api('GET', `/chat-messages/${g.id}`)).body[0]).toMatchObject({ participantPhone: '5511977776666' });
	});

	test.each(Object.keys(cb.CONTENT_KINDS))('emit of content kind %s', async (kind) => {
		standIn.setWebhook(A.id, 'received', receiver.url());
		const r = await control('POST', '/emit', { instanceId: A.id, kind });
		expect(r.status).toBe(200);
		expect(cb.contentKindOf(receiver.requests[0].json)).toBe(kind);
	});

	test('notifications go to the received webhook; group notices update the group', async () => {
		standIn.setWebhook(A.id, 'received', receiver.url());
		const g = standIn.addGroup(A.id, { participants: [CONTACT] });
		let r = await control('POST', '/emit', { instanceId: A.id, kind: 'notification', code: 'GROUP_PARTICIPANT_LEAVE', group: g.id, parameters: [CONTACT] });
		expect(r.body.payload).toMatchObject({ notification: 'GROUP_PARTICIPANT_LEAVE', phone: g.id, notificationParameters: [CONTACT] });
		expect(standIn.snapshot(A.id).groups[0].participants).not.toContain(CONTACT);
		r = await control('POST', '/emit', { instanceId: A.id, kind: 'notification', code: 'GROUP_PARTICIPANT_ADD', group: g.id, phone: '203512345678901@lid' });
		expect(r.body.payload.notificationParameters).toEqual(['203512345678901@lid']);
		expect(standIn.snapshot(A.id).groups[0].participants).toContain('203512345678901@lid');
		r = await control('POST', '/emit', { instanceId: A.id, kind: 'notification', code: 'PAYMENT_ACTION_REQUEST_DECLINED', phone: CONTACT, parameters: 'x,BRL,5.00' });
		expect(r.body.payload.notificationParameters).toEqual(['x', 'BRL', '5.00']);
		expect(standIn.snapshot(A.id).chats).toEqual({}); // notifications are not chat messages
		expect(receiver.requests.map((q) => q.json.notification)).toEqual(['GROUP_PARTICIPANT_LEAVE', 'GROUP_PARTICIPANT_ADD', 'PAYMENT_ACTION_REQUEST_DECLINED']);
		expect((await control('POST', '/emit', { instanceId: A.id, kind: 'notification' })).status).toBe(400);
	});

	test('status events go to the status webhook and update the stored message status', async () => {
		standIn.setWebhook(A.id, 'received', receiver.url('/received'));
		await api('PUT', '/update-webhook-message-status', { body: { value: receiver.url('/status') } });
		const sent = await control('POST', '/emit', { instanceId: A.id, kind: 'text', phone: CONTACT, fromMe: true });
		const id = sent.body.payload.messageId;
		let r = await control('POST', '/emit', { instanceId: A.id, kind: 'status', status: 'READ', phone: CONTACT, ids: [id] });
		expect(r.body.payload).toEqual({ instanceId: A.id, status: 'READ', ids: [id], momment: expect.any(Number), phone: CONTACT, type: 'MessageStatusCallback' });
		expect(receiver.requests[1]).toMatchObject({ path: '/status', json: r.body.payload });
		expect((await api('GET', `/chat-messages/${CONTACT}`)).body[0]).toMatchObject({ messageId: id, status: 'READ' });
		// without ids: the newest owner-sent message of the chat
		r = await control('POST', '/emit', { instanceId: A.id, kind: 'status', status: 'PLAYED', phone: CONTACT, variants: ['wildExtras'] });
		expect(r.body.payload).toMatchObject({ ids: [id], phoneDevice: 0, isGroup: false });
		expect((await control('POST', '/emit', { instanceId: A.id, kind: 'status', status: 'DELIVERED' })).status).toBe(400);
		expect((await control('POST', '/emit', { instanceId: A.id, kind: 'status' })).status).toBe(400);
	});

	test('emit answers 409 with a clear message when no webhook is registered, and changes nothing', async () => {
		let r = await control('POST', '/emit', { instanceId: A.id, kind: 'text', phone: CONTACT });
		expect(r.status).toBe(409);
		expect(r.body.error).toMatch(/No received\/sent-message webhook is registered for instance/);
		r = await control('POST', '/emit', { instanceId: A.id, kind: 'status', status: 'READ' });
		expect(r.status).toBe(409);
		expect(r.body.error).toMatch(/message-status webhook/);
		expect(standIn.snapshot(A.id).chats).toEqual({});
		expect(standIn.deliveries()).toHaveLength(0);
		expect((await control('POST', '/emit', { instanceId: 'NOPE', kind: 'text' })).status).toBe(404);
		expect((await control('POST', '/emit', { instanceId: A.id, kind: 'hologram', url: receiver.url() })).status).toBe(400);
	});

	test('the receiver\'s answer is recorded, including errors', async () => {
		const failing = await startReceiver({ respondWith: 500 });
		try {
			await control('POST', '/webhooks', { instanceId: A.id, received: failing.url('/plain-http') });
			const r = await control('POST', '/emit', { instanceId: A.id, kind: 'audio' });
			expect(r.body.delivered).toEqual({ url: failing.url('/plain-http'), status: 500, error: null });
			expect(failing.requests[0].secure).toBe(false);
		} finally {
			await failing.close();
		}
		await control('POST', '/webhooks', { instanceId: A.id, received: 'http://127.0.0.1:1/closed' });
		const r = await control('POST', '/emit', { instanceId: A.id, kind: 'text' });
		expect(r.body.delivered.status).toBeNull();
		expect(r.body.delivered.error).toMatch(/ECONNREFUSED/);
	});

	test('without the CA, an https delivery to a self-signed receiver fails and the error is logged', async () => {
		const strict = createStandIn({ instances: [A] });
		await strict.start(0);
		try {
			strict.setWebhook(A.id, 'received', receiver.url());
			const r = await strict.emit(A.id, 'text', {});
			expect(r.delivered.status).toBeNull();
			expect(r.delivered.error).toMatch(/self[- ]signed|SELF_SIGNED|certificate/i);
			expect(receiver.requests).toHaveLength(0);
			expect(strict.deliveries()[0]).toMatchObject({ error: expect.stringMatching(/certificate/i), status: null });
		} finally {
			await strict.stop();
		}
	});

	test('deliver-raw sends forged or malformed bodies as given', async () => {
		standIn.setWebhook(A.id, 'status', receiver.url('/status'));
		let r = await control('POST', '/deliver-raw', { instanceId: A.id, webhook: 'status', payload: { type: 'PresenceChatCallback', phone: CONTACT, status: 'COMPOSING' } });
		expect(r.status).toBe(200);
		expect(receiver.requests[0].json).toEqual({ type: 'PresenceChatCallback', phone: CONTACT, status: 'COMPOSING' });
		r = await control('POST', '/deliver-raw', { instanceId: A.id, webhook: 'status', rawBody: '{"type": "MessageStatusCallback", broken', url: receiver.url('/other') });
		expect(r.body.delivered.status).toBe(200);
		expect(receiver.requests[1]).toMatchObject({ path: '/other', body: '{"type": "MessageStatusCallback", broken', json: undefined });
		r = await control('POST', '/deliver-raw', { instanceId: A.id, webhook: 'received', payload: {} });
		expect(r.status).toBe(409);
		r = await control('POST', '/deliver-raw', { instanceId: A.id, webhook: 'presence', payload: {} });
		expect(r.status).toBe(400);
		r = await control('POST', '/deliver-raw', { instanceId: A.id, webhook: 'status' });
		expect(r.status).toBe(400);
		expect(standIn.deliveries({ source: 'raw' }).map((d) => d.source)).toEqual(['raw', 'raw']);
	});

	test('variants can be emitted (capital B, @lid, extras, string numbers)', async () => {
		standIn.setWebhook(A.id, 'received', receiver.url());
		const r = await control('POST', '/emit', { instanceId: A.id, kind: 'document', phone: CONTACT, variants: ['capitalB', 'lid', 'wildExtras', 'stringNumbers'] });
		const got = receiver.requests[0].json;
		expect(got).toEqual(r.body.payload);
		expect(got.type).toBe('ReceivedCallBack');
		expect(got.phone).toMatch(/@lid$/);
		expect(typeof got.momment).toBe('string');
		expect(got.isEdit).toBe(false);
		expect((await control('POST', '/emit', { instanceId: A.id, kind: 'text', variants: ['nope'] })).status).toBe(400);
	});
});

describe('control interface', () => {
	test('instances: create, then usable; upsert keeps state; bad input 400', async () => {
		let r = await control('POST', '/instances', { id: 'NEWINST', token: 'new-token', clientToken: 'ct' });
		expect(r.status).toBe(201);
		expect(r.body).toMatchObject({ id: 'NEWINST', hasClientToken: true });
		expect(JSON.stringify(r.body)).not.toContain('new-token');
		const n = { id: 'NEWINST', token: 'new-token' };
		expect((await api('GET', '/status', { headers: { 'Client-Token': 'ct' } }, n)).status).toBe(200);
		await api('PUT', '/update-webhook-message-status', { body: { value: 'https://keep.example/s' }, headers: { 'Client-Token': 'ct' } }, n);
		r = await control('POST', '/instances', { id: 'NEWINST', token: 'new-token', clientToken: null, multiDevice: true });
		expect(r.body).toMatchObject({ hasClientToken: false, multiDevice: true, webhooks: { status: 'https://keep.example/s' } });
		expect((await api('GET', '/status', {}, n)).status).toBe(200);
		expect((await control('POST', '/instances', { id: 'X' })).status).toBe(400);
	});

	test('groups: seeded through control, malformed id refused', async () => {
		let r = await control('POST', '/groups', { instanceId: A.id, id: '5511999990000-1623281429', name: 'Antigo', participants: [CONTACT], admins: [CONTACT] });
		expect(r.status).toBe(201);
		expect(r.body).toMatchObject({ id: '5511999990000-1623281429', admins: ['5511999990000', CONTACT], selfIsAdmin: true });
		r = await control('POST', '/groups', { instanceId: A.id, id: 'grupo-bad' });
		expect(r.status).toBe(400);
		expect(r.body.error).toMatch(/Malformed group id/);
		r = await control('POST', '/groups', { instanceId: 'NOPE' });
		expect(r.status).toBe(404);
		expect((await api('POST', '/add-admin', { body: { groupId: '5511999990000-1623281429', phones: [CONTACT] } })).body).toEqual({ value: true });
	});

	test('chats: seed N records, explicit messages, state shows sizes', async () => {
		let r = await control('POST', '/chats', { instanceId: A.id, phone: CONTACT, count: 12, kinds: ['text', 'contact'] });
		expect(r).toMatchObject({ status: 201, body: { phone: CONTACT, size: 12 } });
		expect(r.body.messageIds).toHaveLength(12);
		r = await control('POST', '/chats', { instanceId: A.id, phone: CONTACT, messages: [{ kind: 'link', fromMe: true }, { text: { message: 'último' } }] });
		expect(r.body.size).toBe(14);
		const newest = (await api('GET', `/chat-messages/${CONTACT}?amount=2`)).body;
		expect(newest[0].text.message).toBe('último');
		expect(newest[1]).toMatchObject({ fromMe: true, text: { url: expect.any(String) } });
		expect((await control('POST', '/chats', { instanceId: A.id, phone: CONTACT, kinds: ['hologram'] })).status).toBe(400);
		expect((await control('POST', '/chats', { instanceId: A.id, phone: CONTACT, messages: [{ kind: 'hologram' }] })).status).toBe(400);
		expect((await control('POST', '/chats', { instanceId: A.id })).status).toBe(400);
		const s = await control('GET', `/state?instanceId=${A.id}`);
		expect(s.body).toMatchObject({ id: A.id, chats: { [CONTACT]: 14 }, webhooks: { received: '', status: '' }, groups: [] });
	});

	test('state without instanceId lists every instance and never shows tokens', async () => {
		const s = await control('GET', '/state');
		expect(s.body.instances.map((i) => i.id)).toEqual([A.id, SECURE.id, MD.id]);
		const text = JSON.stringify(s.body);
		for (const secret of [A.token, SECURE.token, SECURE.clientToken, MD.token]) expect(text).not.toContain(secret);
		expect((await control('GET', '/state?instanceId=NOPE')).status).toBe(404);
	});

	test('webhooks control route accepts http and clears with null', async () => {
		let r = await control('POST', '/webhooks', { instanceId: A.id, received: 'http://127.0.0.1:5678/webhook/x', status: 'https://s.example' });
		expect(r.body.webhooks).toEqual({ received: 'http://127.0.0.1:5678/webhook/x', status: 'https://s.example' });
		r = await control('POST', '/webhooks', { instanceId: A.id, status: null });
		expect(r.body.webhooks).toEqual({ received: 'http://127.0.0.1:5678/webhook/x', status: '' });
	});

	test('deliveries: filter, wait for late ones with minCount, clear', async () => {
		standIn.setWebhook(A.id, 'received', receiver.url());
		const g = standIn.addGroup(A.id, {});
		await api('POST', '/add-participant', { body: { groupId: g.id, phones: ['5511955554444', '5511944443333', '5511933332222'] } });
		const r = await control('GET', `/deliveries?instanceId=${A.id}&webhook=received&minCount=3&timeoutMs=3000`);
		expect(r.body.timedOut).toBeUndefined();
		expect(r.body.deliveries).toHaveLength(3);
		expect(r.body.deliveries.every((d) => d.status === 200)).toBe(true);
		const since = r.body.deliveries[1].seq;
		expect((await control('GET', `/deliveries?since=${since}`)).body.deliveries).toHaveLength(1);
		expect((await control('GET', '/deliveries?webhook=status')).body.deliveries).toHaveLength(0);
		const late = await control('GET', '/deliveries?webhook=status&minCount=1&timeoutMs=100');
		expect(late.body).toEqual({ deliveries: [], timedOut: true });
		expect((await control('DELETE', '/deliveries')).body).toEqual({ cleared: true });
		expect((await control('GET', '/deliveries')).body.deliveries).toEqual([]);
	});

	test('reset returns to the creation options', async () => {
		await control('POST', '/instances', { id: 'TEMP', token: 't' });
		standIn.seedChat(A.id, CONTACT, { count: 2 });
		standIn.setWebhook(A.id, 'received', receiver.url());
		await control('POST', '/emit', { instanceId: A.id, kind: 'text' });
		const r = await control('POST', '/reset');
		expect(r.body).toEqual({ reset: true, instances: [A.id, SECURE.id, MD.id] });
		expect(standIn.snapshot(A.id)).toMatchObject({ chats: {}, webhooks: { received: '', status: '' }, groups: [] });
		expect(standIn.deliveries()).toEqual([]);
		expect((await control('GET', '/state?instanceId=TEMP')).status).toBe(404);
	});

	test('control bodies must be JSON', async () => {
		const r = await call('POST', '/_control/emit', { raw: 'not json', headers: { 'Content-Type': 'application/json' } });
		expect(r.status).toBe(400);
	});
});

describe('options', () => {
	test('groups and instances seeded from options, verbose logs without tokens', async () => {
		const lines = [];
		const spy = jest.spyOn(process.stderr, 'write').mockImplementation((s) => {
			lines.push(String(s));
			return true;
		});
		const s = createStandIn({
			instances: [{ ...A, clientToken: 'hidden-client-token', groups: [{ id: '120363111111111111-group', name: 'Via instância' }] }],
			groups: [{ instanceId: A.id, id: '5511999990000-1700000000', name: 'Via options' }],
			verbose: true,
		});
		try {
			const { url } = await s.start(0);
			expect(s.snapshot(A.id).groups.map((g) => g.name)).toEqual(['Via instância', 'Via options']);
			await fetch(`${url}/instances/${A.id}/token/${A.token}/status`, { headers: { 'Client-Token': 'hidden-client-token' } });
			await fetch(`${url}/instances/${A.id}/token/${A.token}/me`);
		} finally {
			await s.stop();
			spy.mockRestore();
		}
		const out = lines.join('');
		expect(out).toMatch(/GET \/instances\/3C01A5B2F4E6D8C0B1A2C3D4E5F6A7B8\/token\/\*\*\*\/status -> 200/);
		expect(out).toMatch(/\/me -> 400/);
		expect(out).not.toContain(A.token);
		expect(out).not.toContain('hidden-client-token');
	});

	test('quiet by default', async () => {
		const spy = jest.spyOn(process.stderr, 'write');
		try {
			await api('GET', '/status');
			expect(spy).not.toHaveBeenCalled();
		} finally {
			spy.mockRestore();
		}
	});

	test('serves over https when options.tls is given', async () => {
		const s = createStandIn({ instances: [A], tls: { key: tls.key, cert: tls.cert } });
		const { url } = await s.start(0);
		try {
			expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
			const https = require('node:https');
			const status = await new Promise((resolve, reject) => {
				https.get(`${url}/instances/${A.id}/token/${A.token}/status`, { ca: tls.cert }, (res) => {
					res.resume();
					resolve(res.statusCode);
				}).on('error', reject);
			});
			expect(status).toBe(200);
		} finally {
			await s.stop();
		}
	});

	test('instanceUrl and the route table', async () => {
		expect(standIn.instanceUrl(A.id)).toBe(`${base}/instances/${A.id}/token/${A.token}`);
		expect(standIn.routes.service).toContainEqual({ method: 'GET', pattern: '/chat-messages/:phone' });
		// One route per method and path: no later route is shadowed by an earlier one.
		const keys = standIn.routes.service.map(({ method, pattern }) => `${method} ${pattern}`);
		expect(new Set(keys).size).toBe(keys.length);
	});
});

describe('options for load and comparison runs', () => {
	/** A receiver that holds every answer until `open()`, counting how many wait at once. */
	async function heldReceiver() {
		const waiting = [];
		let most = 0;
		const http = require('node:http');
		const server = http.createServer((req, res) => {
			req.resume();
			req.on('end', () => {
				waiting.push(() => res.end('{}'));
				most = Math.max(most, waiting.length);
			});
		});
		await new Promise((r) => server.listen(0, '127.0.0.1', r));
		return {
			url: `http://127.0.0.1:${server.address().port}/hook`,
			waiting: () => waiting.length,
			most: () => most,
			open() {
				for (const answer of waiting.splice(0)) answer();
			},
			close: () =>
				new Promise((r) => {
					server.close(() => r());
					server.closeAllConnections();
				}),
		};
	}
	const until = async (fn) => {
		for (let i = 0; i < 200 && !fn(); i++) await new Promise((r) => setTimeout(r, 10));
	};

	test.each([
		[undefined, 1],
		[3, 3],
	])('deliveryConcurrency %s: at most %i deliveries in flight, and all of them arrive', async (concurrency, inFlight) => {
		const receiver = await heldReceiver();
		const s = createStandIn({ instances: [A], deliveryConcurrency: concurrency });
		await s.start(0);
		try {
			s.setWebhook(A.id, 'received', receiver.url);
			const emits = Array.from({ length: 5 }, (_, i) => s.emit(A.id, 'text', { phone: CONTACT, message: `m${i}` }));
			await until(() => receiver.waiting() === inFlight);
			await new Promise((r) => setTimeout(r, 100));
			expect(receiver.waiting()).toBe(inFlight);
			let answered = 0;
			while (answered < 5) {
				await until(() => receiver.waiting() > 0);
				answered += receiver.waiting();
				receiver.open();
			}
			const results = await Promise.all(emits);
			expect(results.map((r) => r.delivered.status)).toEqual([200, 200, 200, 200, 200]);
			expect(receiver.most()).toBe(inFlight);
		} finally {
			await s.stop();
			await receiver.close();
		}
	});

	test('recordRequests: service requests are listed per instance with the path after the token, and reset clears them', async () => {
		const s = createStandIn({ instances: [A, SECURE], recordRequests: true });
		const { url } = await s.start(0);
		try {
			await fetch(`${url}${inst()}/send-text`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ phone: CONTACT, message: 'Oi' }) });
			await fetch(`${url}${inst()}/chat-messages/${CONTACT}?amount=2`);
			await fetch(`${url}${inst(SECURE)}/status`, { headers: { 'Client-Token': SECURE.clientToken } });
			expect(s.requests(A.id)).toEqual([
				{ instanceId: A.id, method: 'POST', path: '/send-text', query: {}, body: { phone: CONTACT, message: 'Oi' } },
				{ instanceId: A.id, method: 'GET', path: `/chat-messages/${CONTACT}`, query: { amount: '2' }, body: null },
			]);
			expect(s.requests().map((r) => r.instanceId)).toEqual([A.id, A.id, SECURE.id]);
			expect(JSON.stringify(s.requests())).not.toContain(A.token);
			s.reset();
			expect(s.requests()).toEqual([]);
		} finally {
			await s.stop();
		}
	});

	test('without recordRequests nothing is kept', async () => {
		await api('GET', '/status');
		expect(standIn.requests()).toEqual([]);
	});
});
