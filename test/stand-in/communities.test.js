'use strict';
/** The stand-in's communities: create, list by page, metadata, linking the instance's groups and unlinking them. */
const { standInPerTest } = require('./harness');

const ID = 'COMMUNITYINSTANCE';
const TOKEN = 'community-token';
const SALES = '120363019502650977-group';
const SUPPORT = '120363019502650978-group';

const harness = standInPerTest({
	id: ID,
	token: TOKEN,
	groups: [
		{ instanceId: ID, id: SALES, name: 'Sales' },
		{ instanceId: ID, id: SUPPORT, name: 'Support' },
	],
});
const { api } = harness;

describe('stand-in: communities', () => {
	it('creates a community with its announcement group, lists it and shows its metadata', async () => {
		const { json: created } = await api('POST', '/communities', { name: 'My first community', description: 'Customers' });
		expect(created).toEqual({ id: expect.stringMatching(/^\d{20}$/), subGroups: [{ name: 'My first community', phone: expect.stringMatching(/-group$/), isGroupAnnouncement: true }] });
		await api('POST', '/communities', { name: 'Second' });
		expect((await api('GET', '/communities?page=1&pageSize=1')).json).toEqual([{ name: 'My first community', id: created.id }]);
		expect((await api('GET', '/communities?page=2&pageSize=1')).json).toEqual([{ name: 'Second', id: expect.any(String) }]);
		expect((await api('GET', `/communities-metadata/${created.id}`)).json).toEqual({ name: 'My first community', id: created.id, description: 'Customers', subGroups: created.subGroups });
		expect((await api('POST', '/communities', {})).status).toBe(400);
	});

	it('links groups of the instance, names the ones it could not link, and keeps a group in one community only', async () => {
		const { json: first } = await api('POST', '/communities', { name: 'First' });
		const { json: second } = await api('POST', '/communities', { name: 'Second' });
		expect((await api('POST', '/communities/link', { communityId: first.id, groupsPhones: [SALES, '1203630000000000-group'] })).json).toEqual({
			success: true,
			notLinked: [{ phone: '1203630000000000-group', reason: 'not a group of the instance' }],
		});
		expect(await api('POST', '/communities/link', { communityId: second.id, groupsPhones: [SALES] })).toMatchObject({ json: { success: false }, reason: `${SALES}: already in a community` });
		expect(harness.standIn.communities(ID)[0].subGroups.map((group) => group.phone)).toContain(SALES);
	});

	it('unlinks a group but keeps one besides the announcement group', async () => {
		const { json: community } = await api('POST', '/communities', { name: 'First' });
		await api('POST', '/communities/link', { communityId: community.id, groupsPhones: [SALES, SUPPORT] });
		expect((await api('POST', '/communities/unlink', { communityId: community.id, groupsPhones: [SALES] })).json).toEqual({ success: true });
		expect(await api('POST', '/communities/unlink', { communityId: community.id, groupsPhones: [SUPPORT] })).toMatchObject({
			json: { success: false },
			reason: 'a community keeps at least one group besides its announcement group',
		});
		expect(await api('POST', '/communities/unlink', { communityId: '1', groupsPhones: [SUPPORT] })).toMatchObject({ json: { success: false }, reason: 'no such community' });
	});
});

describe('stand-in: the members, admins, link, description, photo and settings of a community', () => {
	const PNG = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]).toString('base64')}`;
	const create = async () => (await api('POST', '/communities', { name: 'Shop' })).json.id;
	const community = () => harness.standIn.communities(ID)[0];

	it('adds members, promotes and demotes admins, removes members, with communityId as the pages send it', async () => {
		const communityId = await create();
		// docs/communities/add-community-participant.md
		expect((await api('POST', '/add-participant', { autoInvite: true, communityId, phones: ['5544999999999', '5544888888888'] })).json).toEqual({ value: true });
		// docs/communities/add-community-admin.md
		expect((await api('POST', '/add-admin', { communityId, phones: ['5544999999999'] })).json).toEqual({ value: true });
		expect(community().admins).toContain('5544999999999');
		// docs/communities/remove-admin.md
		expect((await api('POST', '/remove-admin', { communityId, phones: ['5544999999999'] })).json).toEqual({ value: true });
		// docs/communities/remove-participant.md
		expect((await api('POST', '/remove-participant', { communityId, phones: ['5544999999999', '5544888888888'] })).json).toEqual({ value: true });
		expect(community()).toMatchObject({ members: [community().creator], admins: [community().creator] });
	});

	it('refuses member changes it cannot make with {value: false} and the reason', async () => {
		const communityId = await create();
		expect(await api('POST', '/add-admin', { communityId, phones: ['5544999999999'] })).toMatchObject({ json: { value: false }, reason: 'not-a-member' });
		expect(await api('POST', '/remove-admin', { communityId, phones: [community().creator] })).toMatchObject({ json: { value: false }, reason: 'community-creator' });
		expect(await api('POST', '/add-participant', { communityId: '1', phones: ['5544999999999'] })).toMatchObject({ json: { value: false }, reason: 'no such community' });
		expect(await api('POST', '/remove-participant', { communityId, phones: ['call me'] })).toMatchObject({ json: { value: false }, reason: 'invalid-phone' });
	});

	it('leaves group calls to the groups: a groupId goes to the group', async () => {
		await create();
		expect(await api('POST', '/remove-participant', { groupId: SALES, phones: ['5544999999999'] })).toMatchObject({ json: { value: false }, reason: 'not-in-participants' });
		expect((await api('POST', `/redefine-invitation-link/${SALES}`)).json).toEqual({ invitationLink: expect.stringMatching(/^https:\/\/chat\.whatsapp\.com\/\w{22}$/) });
	});

	it('resets the invite link (docs/communities/redefine-invitation-link.md)', async () => {
		const communityId = await create();
		const before = community().invitationLink;
		const { json } = await api('POST', `/redefine-invitation-link/${communityId}`);
		expect(json).toEqual({ invitationLink: expect.stringMatching(/^https:\/\/chat\.whatsapp\.com\/\w{22}$/) });
		expect(json.invitationLink).not.toBe(before);
		expect(await api('POST', '/redefine-invitation-link/123')).toMatchObject({ json: { value: false }, reason: 'no such community' });
	});

	it('changes the description and the photo, answering {value: true}', async () => {
		const communityId = await create();
		expect((await api('POST', '/update-community-description', { communityId, communityDescription: 'descrição da comunidade' })).json).toEqual({ value: true });
		expect((await api('GET', `/communities-metadata/${communityId}`)).json.description).toBe('descrição da comunidade');
		expect((await api('POST', '/update-community-photo', { communityId, communityPhoto: 'https://www.z-api.io/wp-content/themes/z-api/dist/images/logo.svg' })).json).toEqual({ value: true });
		expect((await api('POST', '/update-community-photo', { communityId, communityPhoto: PNG })).json).toEqual({ value: true });
		expect(community().photo).toEqual({ type: 'png', sha1: expect.any(String) });
		expect(await api('POST', '/update-community-photo', { communityId, communityPhoto: 'a cat' })).toMatchObject({ json: { value: false }, reason: 'invalid-photo' });
	});

	it('sets who can add groups (docs/communities/community-settings.md)', async () => {
		const communityId = await create();
		expect((await api('POST', '/communities/settings', { communityId, whoCanAddNewGroups: 'all' })).json).toEqual({ success: true });
		expect(community().whoCanAddNewGroups).toBe('all');
		expect((await api('POST', '/communities/settings', { communityId, whoCanAddNewGroups: 'owners' })).status).toBe(400);
		expect(await api('POST', '/communities/settings', { communityId: '1', whoCanAddNewGroups: 'all' })).toMatchObject({ json: { success: false }, reason: 'no such community' });
	});

	it('deactivates a community: its groups are unlinked and it leaves the list', async () => {
		const communityId = await create();
		await api('POST', '/communities/link', { communityId, groupsPhones: [SALES] });
		expect((await api('DELETE', `/communities/${communityId}`)).status).toBe(204);
		expect((await api('GET', '/communities?page=1&pageSize=10')).json).toEqual([]);
		expect((await api('POST', '/communities', { name: 'Again' })).status).toBe(200);
		expect((await api('POST', '/communities/link', { communityId: community().id, groupsPhones: [SALES] })).json).toEqual({ success: true });
		expect(await api('DELETE', `/communities/${communityId}`)).toMatchObject({ json: { value: false }, reason: 'no such community' });
	});
});
