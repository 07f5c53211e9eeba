'use strict';
/** The stand-in's group calls beyond the contract: answers, and their effect on the group state. */
const { createStandIn } = require('./server');

const ID = 'GROUPSINSTANCE';
const TOKEN = 'tok/en with space';
const SELF = '5511900000001';
const ANA = '5511988887777';
const BIA = '5511977776666';
const CAIO = '5511966665555';
const GROUP = '120363019502650977-group';

let standIn;
let base;

async function api(method, path, body, headers = {}) {
	const res = await fetch(`${base}/instances/${ID}/token/${encodeURIComponent(TOKEN)}${path}`, {
		method,
		headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
		body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
	});
	const text = await res.text();
	return { status: res.status, reason: res.headers.get('x-stand-in-reason'), json: text ? JSON.parse(text) : undefined };
}
const group = (id = GROUP) => standIn.snapshot(ID).groups.find((g) => g.id === id);

beforeEach(async () => {
	standIn = createStandIn({
		instances: [{ id: ID, token: TOKEN, phone: SELF }],
		groups: [{ instanceId: ID, id: GROUP, name: 'Shop', participants: [ANA, BIA], admins: [ANA], pending: [CAIO] }],
	});
	base = (await standIn.start()).url;
});
afterEach(async () => {
	await standIn.stop();
});

describe('stand-in: create, read and list groups', () => {
	it('creates a group with the instance as owner and admin, and reads it back', async () => {
		const created = await api('POST', '/create-group', { groupName: 'New', phones: [ANA], autoInvite: false });
		expect(created.status).toBe(200);
		expect(created.json).toEqual({ phone: expect.stringMatching(/^\d+-group$/), invitationLink: expect.stringMatching(/^https:\/\/chat\.whatsapp\.com\/\w{22}$/) });
		const meta = await api('GET', `/group-metadata/${created.json.phone}`);
		expect(meta.json).toMatchObject({ phone: created.json.phone, subject: 'New', owner: SELF, invitationLink: created.json.invitationLink, adminOnlyMessage: false });
		expect(meta.json.participants).toEqual([
			{ phone: SELF, isAdmin: true, isSuperAdmin: true, short: '', name: '' },
			{ phone: ANA, isAdmin: false, isSuperAdmin: false, short: '', name: '' },
		]);
	});

	it.each([
		['no name', { phones: [ANA] }, 'missing-groupName'],
		['no phones', { groupName: 'X', phones: [] }, 'missing-phones'],
		["the instance's own phone", { groupName: 'X', phones: [SELF] }, 'own-phone-in-phones'],
	])('refuses a group with %s as {value: false}', async (_label, body, reason) => {
		const before = standIn.snapshot(ID).groups.length;
		const r = await api('POST', '/create-group', body);
		expect(r).toMatchObject({ status: 200, json: { value: false }, reason });
		expect(standIn.snapshot(ID).groups).toHaveLength(before);
	});

	it('answers the metadata on GET and POST, and the light form without the link', async () => {
		expect((await api('POST', `/group-metadata/${GROUP}`, {})).json.invitationLink).toBe(group().invitationLink);
		const light = await api('GET', `/light-group-metadata/${GROUP}`);
		expect(light.json).toMatchObject({ phone: GROUP, subject: 'Shop', invitationLink: null });
	});

	it('lists the groups the instance is in, page by page from 1', async () => {
		await api('POST', '/create-group', { groupName: 'Two', phones: [ANA] });
		standIn.addGroup(ID, { name: 'Not mine', member: false });
		const first = await api('GET', '/groups?page=1&pageSize=1');
		const second = await api('GET', '/groups?page=2&pageSize=1');
		const third = await api('GET', '/groups?page=3&pageSize=1');
		expect([...first.json, ...second.json].map((g) => g.name)).toEqual(['Shop', 'Two']);
		expect(first.json[0]).toMatchObject({ isGroup: true, phone: GROUP, isMuted: '0', archived: 'false' });
		expect(third.json).toEqual([]);
		expect((await api('GET', '/groups')).status).toBe(400);
	});
});

describe('stand-in: members, admins and join requests', () => {
	it('removes a participant (and its admin role) and tells the received webhook', async () => {
		const r = await api('POST', '/remove-participant', { groupId: GROUP, phones: [ANA] });
		expect(r.json).toEqual({ value: true });
		expect(group().participants).toEqual([SELF, BIA]);
		expect(group().admins).toEqual([SELF]);
		const [notice] = await standIn.waitForDeliveries({ instanceId: ID, source: 'remove-participant', count: 1 });
		expect(notice.payload).toMatchObject({ notification: 'GROUP_PARTICIPANT_REMOVE', notificationParameters: [ANA], phone: GROUP });
	});

	it('demotes an admin, who stays a participant', async () => {
		expect((await api('POST', '/remove-admin', { groupId: GROUP, phones: [ANA] })).json).toEqual({ value: true });
		expect(group().admins).toEqual([SELF]);
		expect(group().participants).toContain(ANA);
	});

	it('approves and rejects join requests', async () => {
		standIn.addGroup(ID, { id: '120363000000000002-group', participants: ['5511955554444'], pending: [ANA, BIA] });
		const other = '120363000000000002-group';
		expect((await api('POST', '/approve-participant', { groupId: other, phones: [ANA] })).json).toEqual({ value: true });
		expect((await api('POST', '/reject-participant', { groupId: other, phones: [BIA] })).json).toEqual({ value: true });
		expect(group(other).pending).toEqual([]);
		expect(group(other).participants).toContain(ANA);
		expect(group(other).participants).not.toContain(BIA);
	});

	it.each([
		['/remove-participant', CAIO, 'not-in-participants'],
		['/remove-admin', BIA, 'not-in-admins'],
		['/remove-participant', SELF, 'group-owner'],
		['/approve-participant', BIA, 'not-in-pending'],
		['/reject-participant', ANA, 'not-in-pending'],
	])('%s of %s fails as {value: false} and changes nothing', async (path, phone, reason) => {
		const before = group();
		const r = await api('POST', path, { groupId: GROUP, phones: [phone] });
		expect(r).toMatchObject({ json: { value: false }, reason });
		expect(group()).toEqual(before);
	});

	it('needs the instance to be an admin; a group it does not administer has another owner', async () => {
		standIn.addGroup(ID, { id: '120363000000000003-group', selfIsAdmin: false });
		expect(group('120363000000000003-group')).toMatchObject({ owner: ANA, admins: [ANA], selfIsAdmin: false });
		const r = await api('POST', '/remove-participant', { groupId: '120363000000000003-group', phones: [BIA] });
		expect(r).toMatchObject({ json: { value: false }, reason: 'not-admin' });
	});

	it('an admin that demotes itself is no longer one for the contract calls either', async () => {
		standIn.addGroup(ID, { id: '120363000000000008-group', owner: ANA, admins: [ANA] });
		expect((await api('POST', '/remove-admin', { groupId: '120363000000000008-group', phones: [SELF] })).json).toEqual({ value: true });
		expect(group('120363000000000008-group').selfIsAdmin).toBe(false);
		expect(await api('POST', '/add-admin', { groupId: '120363000000000008-group', phones: [BIA] })).toMatchObject({ json: { value: false }, reason: 'not-admin' });
	});

	it('leaving takes the instance out; the group is then out of its reach', async () => {
		expect((await api('POST', '/leave-group', { groupId: GROUP })).json).toEqual({ value: true });
		expect(group().participants).not.toContain(SELF);
		expect(group().admins).not.toContain(SELF);
		expect(await api('GET', `/group-metadata/${GROUP}`)).toMatchObject({ json: { value: false }, reason: 'not-a-member' });
		expect((await api('GET', '/groups?page=1&pageSize=10')).json).toEqual([]);
	});
});

describe('stand-in: name, description, settings', () => {
	it('renames and describes a group; metadata shows it', async () => {
		await api('POST', '/update-group-name', { groupId: GROUP, groupName: 'Shop 2' });
		await api('POST', '/update-group-description', { groupId: GROUP, groupDescription: 'Open 9 to 18' });
		expect((await api('GET', `/group-metadata/${GROUP}`)).json).toMatchObject({ subject: 'Shop 2', description: 'Open 9 to 18' });
	});

	it.each([
		['phone', { phone: GROUP }],
		['groupId', { groupId: GROUP }],
	])('changes only the settings given, with the group named %s', async (_label, id) => {
		const r = await api('POST', '/update-group-settings', { ...id, adminOnlyMessage: true, requireAdminApproval: 'true' });
		expect(r.json).toEqual({ value: true });
		expect(group()).toMatchObject({ adminOnlyMessage: true, requireAdminApproval: true, adminOnlySettings: false, adminOnlyAddMember: false });
		expect((await api('GET', `/light-group-metadata/${GROUP}`)).json).toMatchObject({ adminOnlyMessage: true, requireAdminApproval: true });
	});

	it.each([
		['no setting', { groupId: GROUP }, 'no-setting'],
		['a setting that is not a boolean', { groupId: GROUP, adminOnlyMessage: 'yes' }, 'setting-not-boolean'],
	])('refuses %s', async (_label, body, reason) => {
		expect(await api('POST', '/update-group-settings', body)).toMatchObject({ json: { value: false }, reason });
	});

	it('lets a participant rename only while the group lets everyone edit its info', async () => {
		const id = '120363000000000004-group';
		standIn.addGroup(ID, { id, selfIsAdmin: false, owner: ANA });
		expect((await api('POST', '/update-group-name', { groupId: id, groupName: 'Ours' })).json).toEqual({ value: true });
		standIn.state.instances.get(ID).groups.get(id).adminOnlySettings = true;
		expect(await api('POST', '/update-group-name', { groupId: id, groupName: 'Mine' })).toMatchObject({ json: { value: false }, reason: 'not-admin' });
		expect(group(id).name).toBe('Ours');
	});
});

describe('stand-in: invite links', () => {
	it('reads the link on GET and POST; a reset makes a new one and the old one stops working', async () => {
		const old = group().invitationLink;
		expect((await api('GET', `/group-invitation-link/${GROUP}`)).json).toEqual({ phone: GROUP, invitationLink: old });
		expect((await api('POST', `/group-invitation-link/${GROUP}`, {})).json.invitationLink).toBe(old);
		const reset = await api('POST', `/redefine-invitation-link/${GROUP}`, '');
		expect(reset.json.invitationLink).not.toBe(old);
		expect(group().invitationLink).toBe(reset.json.invitationLink);
		standIn.addGroup(ID, { id: '120363000000000005-group', member: false, owner: ANA, participants: [ANA] });
		const foreign = group('120363000000000005-group').invitationLink;
		expect((await api('GET', `/accept-invite-group?url=${encodeURIComponent(old)}`)).json).toEqual({ success: false });
		expect((await api('GET', `/accept-invite-group?url=${encodeURIComponent(foreign)}`)).json).toEqual({ success: true });
		expect(group('120363000000000005-group').participants).toContain(SELF);
	});

	it('a group that requires approval takes the instance as a join request', async () => {
		const id = '120363000000000006-group';
		standIn.addGroup(ID, { id, member: false, owner: ANA, participants: [ANA], requireAdminApproval: true });
		const r = await api('GET', `/accept-invite-group?url=${encodeURIComponent(group(id).invitationLink)}`);
		expect(r.json).toEqual({ success: true });
		expect(group(id).pending).toEqual([SELF]);
		expect(group(id).participants).not.toContain(SELF);
	});

	it('a reset still needs a JSON Content-Type, and an admin', async () => {
		expect((await api('POST', `/redefine-invitation-link/${GROUP}`, undefined)).status).toBe(415);
		standIn.addGroup(ID, { id: '120363000000000007-group', selfIsAdmin: false, owner: ANA });
		expect(await api('POST', '/redefine-invitation-link/120363000000000007-group', '')).toMatchObject({ json: { value: false }, reason: 'not-admin' });
	});
});

describe('stand-in: group invitation metadata', () => {
	it('shows the group of a link, without joining it and without its settings', async () => {
		standIn.addGroup(ID, { id: '120363019502650978-group', name: 'Outside', participants: [ANA], admins: [ANA], member: false });
		const link = group('120363019502650978-group').invitationLink;
		const { json } = await api('GET', `/group-invitation-metadata?url=${encodeURIComponent(link)}`);
		expect(json).toEqual({
			phone: '120363019502650978-group',
			owner: expect.any(String),
			subject: 'Outside',
			creation: expect.any(Number),
			participants: [{ phone: ANA, isAdmin: true, isSuperAdmin: expect.any(Boolean) }],
			subjectTime: expect.any(Number),
			subjectOwner: expect.any(String),
		});
		expect(group('120363019502650978-group').participants).not.toContain(SELF);
		expect((await api('GET', `/group-invitation-metadata?url=${encodeURIComponent('https://chat.whatsapp.com/NoSuchLink123')}`)).json).toEqual({ value: false });
	});
});
