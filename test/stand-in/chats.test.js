'use strict';
/** The stand-in's chats and contacts: list, flags that modify-chat changes, paging, contacts, checks, blocking. */
const { createStandIn } = require('./server');
const { CHAT_ACTIONS } = require('./chats');

const ID = 'CHATINSTANCE';
const TOKEN = 'tok/en with space';
const ANA = '5511988887777';
const BRUNO = '5521977776666';

let standIn;
let base;

async function api(method, path, body) {
	const res = await fetch(`${base}/instances/${ID}/token/${encodeURIComponent(TOKEN)}${path}`, {
		method,
		headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	return { status: res.status, json: text ? JSON.parse(text) : undefined, reason: res.headers.get('x-stand-in-reason') };
}
const flags = (phone) => standIn.chatBook(ID).chats.find((chat) => chat.phone === phone);

beforeEach(async () => {
	standIn = createStandIn({ instances: [{ id: ID, token: TOKEN }] });
	base = (await standIn.start()).url;
	standIn.seedChat(ID, ANA, { count: 3, fromMeEvery: 0 });
	// Bruno wrote last.
	standIn.seedChat(ID, BRUNO, { messages: [{ momment: Date.now() - 30000 }, { momment: Date.now() - 10000 }], fromMeEvery: 0 });
});
afterEach(async () => {
	await standIn.stop();
});

describe('stand-in: chats', () => {
	it('lists chats with the string flags of the examples, newest first, pinned on top', async () => {
		standIn.seedChatEntry(ID, { phone: '5531966665555', pinned: true });
		const { status, json } = await api('GET', '/chats?page=1&pageSize=10');
		expect(status).toBe(200);
		expect(json.map((chat) => chat.phone)).toEqual(['5531966665555', BRUNO, ANA]);
		expect(json[2]).toMatchObject({ phone: ANA, unread: '3', isMuted: '0', archived: 'false', pinned: 'false', isGroup: false });
		expect(json[0].pinned).toBe('true');
	});

	it('pages by page and pageSize, and refuses a listing without them', async () => {
		expect((await api('GET', '/chats?page=2&pageSize=1')).json.map((chat) => chat.phone)).toEqual([ANA]);
		expect((await api('GET', '/chats?page=3&pageSize=1')).json).toEqual([]);
		expect((await api('GET', '/chats')).status).toBe(400);
	});

	it.each([
		['archive', { archived: true }],
		['pin', { pinned: true }],
		['mute', { muted: true }],
		['read', { unread: 0 }],
		['unread', { unread: 3 }],
	])('modify-chat %s changes the chat', async (action, expected) => {
		expect((await api('POST', '/modify-chat', { phone: ANA, action })).json).toEqual({ value: true });
		expect(flags(ANA)).toMatchObject(expected);
		expect(flags(BRUNO)).toMatchObject({ archived: false, pinned: false, muted: false, unread: 2 });
	});

	it('undoes archive, pin and mute, and keeps a read chat marked unread at 1', async () => {
		for (const action of ['archive', 'pin', 'mute', 'read', 'unread']) await api('POST', '/modify-chat', { phone: ANA, action });
		expect(flags(ANA)).toMatchObject({ archived: true, pinned: true, muted: true, unread: 1 });
		for (const action of ['unarchive', 'unpin', 'unmute']) await api('POST', '/modify-chat', { phone: ANA, action });
		expect(flags(ANA)).toMatchObject({ archived: false, pinned: false, muted: false });
	});

	it('clear empties the messages and keeps the chat; delete removes it until a new message', async () => {
		await api('POST', '/modify-chat', { phone: ANA, action: 'clear' });
		expect((await api('GET', `/chat-messages/${ANA}?amount=10`)).json).toEqual([]);
		expect(flags(ANA)).toBeDefined();
		await api('POST', '/modify-chat', { phone: BRUNO, action: 'delete' });
		expect(flags(BRUNO)).toBeUndefined();
		expect((await api('GET', `/chats/${BRUNO}`)).status).toBe(404);
		standIn.seedChat(ID, BRUNO, { messages: [{ momment: Date.now() + 1000 }], fromMeEvery: 0 });
		expect(flags(BRUNO)).toMatchObject({ unread: 1 });
	});

	it('answers {value: false} for a chat not in the list and for a disconnected instance; 400 for a bad action', async () => {
		expect(await api('POST', '/modify-chat', { phone: '5599900000000', action: 'pin' })).toMatchObject({ json: { value: false }, reason: 'unknown-chat' });
		expect((await api('POST', '/modify-chat', { phone: ANA, action: 'star' })).status).toBe(400);
		standIn.addInstance({ id: ID, token: TOKEN, connected: false });
		expect(await api('POST', '/modify-chat', { phone: ANA, action: 'pin' })).toMatchObject({ json: { value: false }, reason: 'not-connected' });
		expect(CHAT_ACTIONS).toContain('unread');
	});

	it('serves one chat on both documented paths, with about', async () => {
		standIn.seedContacts(ID, [{ phone: ANA, about: 'Busy' }]);
		const plural = await api('GET', `/chats/${ANA}`);
		const singular = await api('GET', `/chat/${ANA}`);
		expect(plural.json).toEqual(singular.json);
		expect(plural.json).toMatchObject({ phone: ANA, about: 'Busy', unread: '3' });
	});
});

describe('stand-in: contacts', () => {
	it('lists seeded contacts, group members and chat partners, paged, without the instance itself', async () => {
		standIn.addGroup(ID, { participants: ['5541955554444'] });
		standIn.seedContacts(ID, [{ phone: '5511900000001', name: 'Carla', onWhatsApp: true }]);
		const { json } = await api('GET', '/contacts?page=1&pageSize=50');
		expect(json.map((c) => c.phone)).toEqual(['5511900000001', ANA, BRUNO, '5541955554444']);
		expect(json[0]).toMatchObject({ name: 'Carla' });
		expect((await api('GET', '/contacts?page=2&pageSize=3')).json.map((c) => c.phone)).toEqual(['5541955554444']);
	});

	it('checks numbers one by one (wrapped in a list) and in batches, with LIDs and the ninth digit', async () => {
		standIn.seedContacts(ID, [{ phone: '5511900000002', onWhatsApp: false }, { phone: ANA, lid: '777@lid' }]);
		expect((await api('GET', `/phone-exists/${ANA}`)).json).toEqual([{ exists: true, phone: ANA, lid: '777@lid' }]);
		const { json } = await api('POST', '/phone-exists-batch', { phones: ['551188887777', '5511900000002'] });
		expect(json).toEqual([
			{ exists: true, inputPhone: '551188887777', outputPhone: ANA, lid: '777@lid' },
			{ exists: false, inputPhone: '5511900000002', outputPhone: null, lid: null },
		]);
		expect((await api('POST', '/phone-exists-batch', { phones: ['12'] })).status).toBe(400);
	});

	it('blocks and unblocks', async () => {
		expect((await api('POST', '/contacts/modify-blocked', { phone: ANA, action: 'block' })).json).toEqual({ value: true });
		expect(standIn.chatBook(ID).blocked).toEqual([ANA]);
		await api('POST', '/contacts/modify-blocked', { phone: ANA, action: 'unblock' });
		expect(standIn.chatBook(ID).blocked).toEqual([]);
		expect((await api('POST', '/contacts/modify-blocked', { phone: ANA, action: 'ban' })).status).toBe(400);
	});

	it('gives a fresh picture address as [{link}], null without a picture', async () => {
		standIn.seedContacts(ID, [{ phone: ANA, imgUrl: 'https://pps.whatsapp.net/ana.jpg' }]);
		expect((await api('GET', `/profile-picture?phone=${ANA}`)).json).toEqual([{ link: expect.stringMatching(/^https:\/\/pps\.whatsapp\.net\/ana\.jpg\?oe=/) }]);
		expect((await api('GET', `/profile-picture?phone=${BRUNO}`)).json).toEqual([{ link: null }]);
	});
});

describe('stand-in: disappearing messages and notes', () => {
	it('sets the disappearing-message timer of a chat, and refuses a timer WhatsApp does not offer', async () => {
		expect((await api('POST', '/send-chat-expiration', { phone: ANA, chatExpiration: '90_DAYS' })).json).toEqual({ value: true });
		expect(flags(ANA)).toMatchObject({ disappearing: '90_DAYS' });
		expect(flags(BRUNO)).toMatchObject({ disappearing: 'OFF' });
		expect((await api('POST', '/send-chat-expiration', { phone: ANA, chatExpiration: '30_DAYS' })).status).toBe(400);
	});

	it('keeps a note on a chat, shown by the chat metadata; a second note replaces the text and keeps its id', async () => {
		expect((await api('POST', `/chats/${ANA}/notes`, { notes: 'Wants blue' })).json).toEqual({ success: true });
		const first = (await api('GET', `/chats/${ANA}`)).json.notes;
		expect(first).toEqual({ id: expect.any(String), content: 'Wants blue', createdAt: expect.any(Number), lastUpdateAt: expect.any(Number) });
		await api('POST', `/chats/${ANA}/notes`, { notes: 'Wants red' });
		expect((await api('GET', `/chats/${ANA}`)).json.notes).toMatchObject({ id: first.id, content: 'Wants red', createdAt: first.createdAt });
		expect((await api('GET', `/chats/${BRUNO}`)).json.notes).toBeUndefined();
		expect(await api('POST', '/chats/5599900000000/notes', { notes: 'x' })).toMatchObject({ json: { success: false }, reason: 'unknown-chat' });
	});
});

describe('stand-in: address book and reports', () => {
	it('adds contacts to the address book under their names, and removes them', async () => {
		const added = await api('POST', '/contacts/add', [{ firstName: 'Ana', lastName: 'Lima', phone: ANA }, { firstName: 'X', phone: 'nope' }]);
		expect(added.json).toEqual({ success: false, errors: [{ phone: 'nope', error: 'Invalid phone' }] });
		expect((await api('GET', `/contacts/${ANA}`)).json).toMatchObject({ name: 'Ana Lima', short: 'Ana' });
		expect(standIn.chatBook(ID).addressBook).toEqual([ANA]);
		expect((await api('DELETE', '/contacts/remove', [ANA])).json).toEqual({ success: true, errors: [] });
		expect((await api('GET', `/contacts/${ANA}`)).json).toMatchObject({ name: '' });
		expect((await api('DELETE', '/contacts/remove', [ANA])).json).toEqual({ success: false, errors: [{ phone: ANA, error: 'Not in the address book' }] });
	});

	it('reports a contact (documented without a body) and refuses a bad phone as the page shows', async () => {
		const res = await fetch(`${base}/instances/${ID}/token/${encodeURIComponent(TOKEN)}/contacts/${ANA}/report`, { method: 'POST', headers: { 'Content-Type': 'application/json' } });
		expect(await res.json()).toEqual({ success: true });
		expect(standIn.chatBook(ID).reported).toEqual([ANA]);
		expect(await api('POST', '/contacts/12/report', {})).toMatchObject({ status: 400, json: { error: 'Invalid phone' } });
	});
});
