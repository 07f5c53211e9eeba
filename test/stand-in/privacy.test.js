'use strict';
/** The stand-in's privacy settings: each page's values, the excluded contacts of each setting, the two paths that list them. */
const { standInPerTest } = require('./harness');

const ID = 'PRIVACYINSTANCE';
const TOKEN = 'privacy-token';

const harness = standInPerTest({ id: ID, token: TOKEN });
const { api } = harness;

describe('stand-in: privacy', () => {
	it('keeps each setting, and each setting its own excluded contacts', async () => {
		const changes = [
			{ action: 'add', phone: '554411111111' },
			{ action: 'add', phone: '554422222222' },
		];
		expect((await api('POST', '/privacy/last-seen', { visualizationType: 'CONTACT_BLACKLIST', contactsBlacklist: changes })).json).toEqual({ success: true });
		expect((await api('POST', '/privacy/last-seen', { visualizationType: 'CONTACT_BLACKLIST', contactsBlacklist: [{ action: 'remove', phone: '554422222222' }] })).json).toEqual({ success: true });
		expect((await api('POST', '/privacy/group-add', { type: 'CONTACTS' })).json).toEqual({ success: true });
		expect((await api('POST', '/privacy/online', { visualizationType: 'SAME_LAST_SEEN' })).json).toEqual({ success: true });
		expect((await api('POST', '/privacy/read-receipts?value=disable')).json).toEqual({ success: true });
		expect((await api('POST', '/privacy/messages-duration?value=days7')).json).toEqual({ success: true });
		expect(harness.standIn.privacy(ID)).toMatchObject({ lastSeen: 'CONTACT_BLACKLIST', groupAdd: 'CONTACTS', online: 'SAME_LAST_SEEN', readReceipts: 'disable', messagesDuration: 'days7' });
		expect((await api('GET', '/privacy/disallowed-contacts?type=lastSeen')).json).toEqual({ disallowedContacts: ['554411111111'] });
		expect((await api('GET', '/disallowed-contacts?type=lastSeen')).json).toEqual({ disallowedContacts: ['554411111111'] });
		expect((await api('GET', '/privacy/disallowed-contacts?type=photo')).json).toEqual({ disallowedContacts: [] });
	});

	it.each([
		['/privacy/photo', { visualizationType: 'EVERYONE' }],
		['/privacy/group-add', { type: 'NONE' }],
		['/privacy/online', { visualizationType: 'CONTACTS' }],
		['/privacy/online', { visualizationType: 'ALL', contactsBlacklist: [] }],
		['/privacy/description', { visualizationType: 'ALL', contactsBlacklist: [{ action: 'add', phone: '554411111111' }] }],
		['/privacy/description', { visualizationType: 'CONTACT_BLACKLIST', contactsBlacklist: [{ action: 'block', phone: '554411111111' }] }],
		['/privacy/read-receipts?value=on', undefined],
		['/privacy/messages-duration?value=7_DAYS', undefined],
	])('refuses POST %s %j with a 400', async (path, body) => {
		expect((await api('POST', path, body)).status).toBe(400);
	});

	it('refuses a listing of a setting that keeps no excluded contacts', async () => {
		expect((await api('GET', '/privacy/disallowed-contacts?type=online')).status).toBe(400);
	});
});
