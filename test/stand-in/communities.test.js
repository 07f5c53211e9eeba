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
