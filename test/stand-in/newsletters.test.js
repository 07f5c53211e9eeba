'use strict';
/** The stand-in's channels: every docs/newsletter/ call and the admin invite send, with their refusals. */
const { standInPerTest } = require('./harness');

const ID = 'NEWSLETTERINSTANCE';
const TOKEN = 'newsletter-token';
const ZAPI = '120363166555745933@newsletter';
const EXAMPLE = '120363199999999999@newsletter';

const harness = standInPerTest({ id: ID, token: TOKEN });
const { api } = harness;
const control = async (path, body) => {
	const res = await fetch(`${harness.base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
	return { status: res.status, json: await res.json() };
};
const channels = () => harness.standIn.newsletters(ID).channels;

async function createChannel(name = 'E2E news') {
	return (await api('POST', '/create-newsletter', { name, description: 'Weekly' })).json.id;
}

describe('stand-in: newsletters', () => {
	it('creates a channel, and a DELETE naming it in its body deletes it', async () => {
		const created = await api('POST', '/create-newsletter', { name: 'E2E news', description: 'Weekly' });
		expect(created.status).toBe(201);
		expect(created.json.id).toMatch(/^\d{18}@newsletter$/);
		expect(channels()).toEqual([
			{ id: created.json.id, name: 'E2E news', description: 'Weekly', picture: null, role: 'OWNER', mute: 'OFF', reactionCodes: 'all', admins: [], invited: [] },
		]);
		expect((await api('DELETE', '/delete-newsletter', { id: created.json.id })).json).toEqual({ value: true });
		expect(harness.standIn.newsletters(ID)).toEqual({ channels: [], deleted: [created.json.id], adminInvites: [] });
	});

	it('refuses a DELETE without the id in its body, or of an unknown channel, as {value: false}', async () => {
		expect(await api('DELETE', '/delete-newsletter', {})).toMatchObject({ status: 200, json: { value: false }, reason: 'the body has no channel id ending in @newsletter' });
		expect(await api('DELETE', '/delete-newsletter', { id: '12345@newsletter' })).toMatchObject({ json: { value: false }, reason: 'no such channel in the instance' });
		expect(await api('POST', '/create-newsletter', {})).toMatchObject({ status: 400, json: { error: 'name is required' } });
	});

	it('renames, describes and pictures a channel it owns, answering 201 {value: true}; lists and reads it as the pages show', async () => {
		const id = await createChannel();
		expect(await api('POST', '/update-newsletter-name', { id, name: 'New name' })).toMatchObject({ status: 201, json: { value: true } });
		expect(await api('POST', '/update-newsletter-description', { id, description: 'New description' })).toMatchObject({ status: 201, json: { value: true } });
		expect(await api('POST', '/update-newsletter-picture', { id, pictureUrl: 'https://example.com/logo.png' })).toMatchObject({ status: 201, json: { value: true } });
		const metadata = (await api('GET', `/newsletter/metadata/${encodeURIComponent(id)}`)).json;
		expect(metadata).toEqual({
			id,
			creationTime: expect.stringMatching(/^\d{10}$/),
			state: 'ACTIVE',
			name: 'New name',
			description: 'New description',
			subscribersCount: '0',
			inviteLink: expect.stringMatching(/^https:\/\/www\.whatsapp\.com\/channel\//),
			verification: 'UNVERIFIED',
			picture: 'https://example.com/logo.png',
			preview: 'https://example.com/logo.png?stp=dst-jpg_s192x192',
			viewMetadata: { mute: 'OFF', role: 'OWNER' },
		});
		expect((await api('GET', `/newsletter/metadata/${id}`)).json).toEqual(metadata);
		expect((await api('GET', '/newsletter')).json).toEqual([metadata]);
		expect(await api('POST', '/update-newsletter-picture', { id, pictureUrl: 'logo' })).toMatchObject({ json: { value: false }, reason: 'pictureUrl must be an http(s) URL or base64' });
		expect(await api('POST', '/update-newsletter-name', { id: EXAMPLE, name: 'x' })).toMatchObject({ json: { value: false }, reason: 'no such channel in the instance' });
		expect(await api('GET', '/newsletter/metadata/1@newsletter')).toMatchObject({ json: { error: 'Newsletter not found' } });
	});

	it('searches the directory by country, view and text, at most limit; refuses a search without limit or countries', async () => {
		const found = await api('POST', '/search-newsletter', { limit: 50, view: 'TRENDING', filters: { countryCodes: ['BR', 'AF', 'CA'] }, searchText: 'z-api' });
		expect(found.json).toEqual({
			cursor: null,
			data: [{ id: ZAPI, name: 'Z-API', description: 'Official Z-API Newsletter', subscribersCount: '123', picture: expect.stringMatching(/^https:/) }],
		});
		expect((await api('POST', '/search-newsletter', { limit: 50, filters: { countryCodes: ['CA'] } })).json.data.map((entry) => entry.id)).toEqual([EXAMPLE]);
		expect((await api('POST', '/search-newsletter', { limit: 1, filters: { countryCodes: ['BR', 'CA'] } })).json.data).toHaveLength(1);
		expect(await api('POST', '/search-newsletter', { filters: { countryCodes: ['BR'] } })).toMatchObject({ status: 400 });
		expect(await api('POST', '/search-newsletter', { limit: 5, filters: {} })).toMatchObject({ status: 400 });
		expect(await api('POST', '/search-newsletter', { limit: 5, view: 'HOT', filters: { countryCodes: ['BR'] } })).toMatchObject({ status: 400 });
	});

	it('follows, mutes, unmutes and unfollows a channel of the directory', async () => {
		expect((await api('PUT', '/follow-newsletter', { id: ZAPI })).json).toEqual({ value: true });
		expect(await api('PUT', '/follow-newsletter', { id: ZAPI })).toMatchObject({ json: { value: false }, reason: 'the channel is already in the instance' });
		expect((await api('PUT', '/mute-newsletter', { id: ZAPI })).json).toEqual({ value: true });
		expect((await api('GET', '/newsletter')).json).toEqual([expect.objectContaining({ id: ZAPI, name: 'Z-API', viewMetadata: { mute: 'ON', role: 'SUBSCRIBER' } })]);
		expect((await api('PUT', '/unmute-newsletter', { id: ZAPI })).json).toEqual({ value: true });
		expect(channels()[0]).toMatchObject({ mute: 'OFF' });
		expect(await api('POST', '/update-newsletter-name', { id: ZAPI, name: 'Mine' })).toMatchObject({ json: { value: false }, reason: 'the instance is SUBSCRIBER of the channel, not OWNER or ADMIN' });
		expect(await api('DELETE', '/delete-newsletter', { id: ZAPI })).toMatchObject({ json: { value: false }, reason: 'the instance is SUBSCRIBER of the channel, not OWNER' });
		expect((await api('PUT', '/unfollow-newsletter', { id: ZAPI })).json).toEqual({ value: true });
		expect(channels()).toEqual([]);
		expect(await api('PUT', '/follow-newsletter', { id: '55555@newsletter' })).toMatchObject({ json: { value: false }, reason: 'no such channel' });
		expect(await api('PUT', '/mute-newsletter', { id: ZAPI })).toMatchObject({ json: { value: false }, reason: 'no such channel in the instance' });
		expect(await api('PUT', '/follow-newsletter', { id: '5511999999999' })).toMatchObject({ json: { value: false }, reason: 'no channel id ending in @newsletter' });
	});

	it('sets which reactions a channel takes, by the ID in the path', async () => {
		const id = await createChannel();
		expect((await api('POST', `/newsletter/settings/${encodeURIComponent(id)}`, { reactionCodes: 'basic' })).json).toEqual({ value: true });
		expect(channels()[0].reactionCodes).toBe('basic');
		expect(await api('POST', `/newsletter/settings/${id}`, { reactionCodes: 'basic | all' })).toMatchObject({ json: { value: false }, reason: 'reactionCodes must be basic or all' });
	});

	it('invites an admin, who accepts; removes them, revokes an invite, transfers ownership to an admin', async () => {
		const id = await createChannel();
		const path = encodeURIComponent(id);
		const sent = await api('POST', '/send-newsletter-admin-invite', { phone: '5511999999999', adminInviteMessage: { newsletterId: id, caption: 'Be an admin' } });
		expect(sent.json).toEqual({ zaapId: expect.any(String), messageId: expect.any(String), id: sent.json.messageId });
		await api('POST', '/send-newsletter-admin-invite', { phone: '5511888888888', adminInviteMessage: { newsletterId: id, caption: 'Be an admin' } });
		expect(channels()[0].invited).toEqual(['5511999999999', '5511888888888']);
		expect(await api('POST', `/newsletter/revoke-admin-invite/${path}`, { phone: '5511888888888' })).toMatchObject({ status: 201, json: null });
		expect(await api('POST', `/newsletter/revoke-admin-invite/${path}`, { phone: '5511888888888' })).toMatchObject({ json: { value: false }, reason: 'the phone has no pending invite to the channel' });
		expect(await api('POST', `/newsletter/transfer-ownership/${path}`, { phone: '5511999999999' })).toMatchObject({
			json: { value: false, message: 'The new owner must be an admin of the channel' },
		});
		expect((await control('/_control/newsletter-admins', { instanceId: ID, newsletterId: id, phone: '5511999999999' })).status).toBe(200);
		expect(channels()[0]).toMatchObject({ admins: ['5511999999999'], invited: [] });
		expect(await api('POST', `/newsletter/remove-admin/${path}`, { phone: '5511999999999' })).toMatchObject({ status: 201, json: null });
		expect(await api('POST', `/newsletter/remove-admin/${path}`, { phone: '5511999999999' })).toMatchObject({ json: { value: false }, reason: 'the phone is not an admin of the channel' });
		await api('POST', '/send-newsletter-admin-invite', { phone: '5511999999999', adminInviteMessage: { newsletterId: id, caption: 'Again' } });
		await control('/_control/newsletter-admins', { instanceId: ID, newsletterId: id, phone: '5511999999999' });
		expect((await api('POST', `/newsletter/transfer-ownership/${path}`, { phone: '5511999999999', quitAdmin: false })).json).toEqual({ value: true });
		expect(channels()[0]).toMatchObject({ role: 'ADMIN', admins: [] });
		expect(await api('POST', '/send-newsletter-admin-invite', { phone: '5511777777777', adminInviteMessage: { newsletterId: id, caption: 'x' } })).toMatchObject({
			json: { value: false },
			reason: 'the instance is ADMIN of the channel, not OWNER',
		});
	});

	it('with quitAdmin the channel leaves the instance once it is no longer the owner', async () => {
		const id = await createChannel();
		await api('POST', '/send-newsletter-admin-invite', { phone: '5511999999999', adminInviteMessage: { newsletterId: id, caption: 'Be an admin' } });
		await control('/_control/newsletter-admins', { instanceId: ID, newsletterId: id, phone: '5511999999999' });
		expect((await api('POST', `/newsletter/transfer-ownership/${encodeURIComponent(id)}`, { phone: '5511999999999', quitAdmin: true })).json).toEqual({ value: true });
		expect(channels()).toEqual([]);
	});

	it('accepts an admin invite the instance received, with no body; the channel joins its list as ADMIN', async () => {
		expect(await api('POST', `/newsletter/accept-admin-invite/${encodeURIComponent(ZAPI)}`, '')).toMatchObject({ json: { value: false }, reason: 'no admin invite for this channel' });
		expect((await control('/_control/newsletter-admin-invites', { instanceId: ID, newsletterId: ZAPI })).json.adminInvites).toEqual([ZAPI]);
		expect(await api('POST', `/newsletter/accept-admin-invite/${encodeURIComponent(ZAPI)}`, '')).toMatchObject({ status: 201, json: null });
		expect(channels()).toEqual([expect.objectContaining({ id: ZAPI, role: 'ADMIN' })]);
		expect((await api('POST', '/update-newsletter-description', { id: ZAPI, description: 'Run by us too' })).json).toEqual({ value: true });
		expect(await api('DELETE', '/delete-newsletter', { id: ZAPI })).toMatchObject({ json: { value: false }, reason: 'the instance is ADMIN of the channel, not OWNER' });
	});
});
