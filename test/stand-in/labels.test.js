'use strict';
/** The stand-in's WhatsApp Business labels: list, colours, create, edit, delete, on chats; personal accounts refused. */
const { createStandIn } = require('./server');

const ID = 'LABELINSTANCE';
const TOKEN = 'tok/en with space';
const ANA = '5511988887777';

let standIn;
let base;

async function api(method, path, body) {
	const res = await fetch(`${base}/instances/${ID}/token/${encodeURIComponent(TOKEN)}${path}`, {
		method,
		headers: body === undefined && method !== 'PUT' ? {} : { 'Content-Type': 'application/json' },
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

describe('stand-in: labels', () => {
	it("starts with the page's five labels and lists the colours", async () => {
		const { json } = await api('GET', '/tags');
		expect(json[0]).toEqual({ id: '1', name: 'New customer', color: 1 });
		expect(json).toHaveLength(5);
		expect((await api('GET', '/business/tags/colors')).json).toMatchObject({ 0: '#FF9485', 1: '#64C4FF', 2: '#FFD429' });
	});

	it('creates, edits and deletes a label; a deleted label leaves the chats that had it', async () => {
		const { json: created } = await api('POST', '/business/create-tag', { name: 'VIP', color: 2 });
		expect(created).toEqual({ id: '6' });
		expect((await api('POST', '/business/edit-tag/6', { name: 'Gold', color: 3 })).json).toEqual({ success: true });
		expect((await api('PUT', `/chats/${ANA}/tags/6/add`)).json).toEqual({ value: true });
		expect(standIn.labels(ID).chats).toEqual({ [ANA]: ['6'] });
		expect(standIn.labels(ID).labels.find((l) => l.id === '6')).toEqual({ id: '6', name: 'Gold', color: 3 });
		expect((await api('DELETE', '/business/tag/6')).json).toEqual({ success: true });
		expect(standIn.labels(ID).chats).toEqual({});
		expect(await api('POST', '/business/edit-tag/6', { name: 'x' })).toMatchObject({ json: { success: false }, reason: 'no such label' });
	});

	it('adds and removes a label on a chat; an unknown label is refused; a missing name is a 400', async () => {
		await api('PUT', `/chats/${ANA}/tags/1/add`);
		await api('PUT', `/chats/${ANA}/tags/2/add`);
		await api('PUT', `/chats/${ANA}/tags/1/remove`);
		expect(standIn.labels(ID).chats).toEqual({ [ANA]: ['2'] });
		expect(await api('PUT', `/chats/${ANA}/tags/99/add`)).toMatchObject({ json: { value: false }, reason: 'no such label' });
		expect((await api('POST', '/business/create-tag', { color: 1 })).status).toBe(400);
	});

	it('refuses every label call on a personal account', async () => {
		await fetch(`${base}/_control/labels`, { method: 'POST', body: JSON.stringify({ instanceId: ID, business: false }) });
		expect((await api('GET', '/tags')).json).toEqual({ error: 'Only available for WhatsApp Business' });
		expect(await api('PUT', `/chats/${ANA}/tags/1/add`)).toMatchObject({ json: { value: false }, reason: 'not a WhatsApp Business account' });
	});
});
