/** Privacy: every operation's documented call; value lists and excluded phones checked before any request; the two paths of the excluded contacts. */
import { ZApi } from '../../../../../nodes/ZApi/ZApi.node';
import { privacy } from '../../../../../nodes/ZApi/actions/privacy';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { api, describeOperations, expectCall } from '../../../../helpers/operationExamples';
import { EXAMPLES } from './examples';

describeOperations(privacy, EXAMPLES);

const run = (operation: string, extra: object = {}) => runAction({ resource: 'privacy', operation, ...EXAMPLES[operation].parameters, ...extra });

describe('Privacy: refusals', () => {
	it.each([
		['setLastSeen', { visualizationType: '={{ "EVERYBODY" }}' }, 'Who Can See must be one of ALL, CONTACTS, CONTACT_BLACKLIST, NONE (got "EVERYBODY")'],
		['setGroupAdd', { groupAdd: '={{ "NONE" }}' }, 'Who Can Add must be one of ALL, CONTACTS, CONTACT_BLACKLIST (got "NONE")'],
		['setOnlineVisibility', { onlineVisibility: '={{ "CONTACTS" }}' }, 'Who Can See Online must be one of ALL, SAME_LAST_SEEN (got "CONTACTS")'],
		['setReadReceipts', { readReceipts: '={{ true }}' }, 'Read Receipts must be one of enable, disable (got true)'],
		['setMessagesDuration', { messagesDuration: '={{ "7_DAYS" }}' }, 'Messages Disappear After must be one of hours24, days7, days90, disable (got "7_DAYS")'],
		['getDisallowedContacts', { setting: '={{ "online" }}' }, 'Setting must be one of lastSeen, photo, description, groupAdd (got "online")'],
		['setPhotoVisibility', { visualizationType: 'CONTACTS', options: { excludePhones: '554411111111' } }, 'Excluded phones go only with My Contacts Except…'],
		['setAboutVisibility', { visualizationType: 'CONTACT_BLACKLIST', options: { excludePhones: 'ana' } }, "Exclude Phones entry 'ana' is not a phone number"],
		['setLastSeen', { options: { excludePhones: '554411111111', includePhones: '+55 44 1111-1111' } }, '554411111111 is both in Exclude Phones and in Stop Excluding Phones'],
	])('%s refuses %j before any request', async (operation, change, message) => {
		const scope = api().post(/.*/).reply(200, {}).get(/.*/).reply(200, {});
		const result = await run(operation, change);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toEqual(expect.any(String));
		expect(scope.pendingMocks()).toHaveLength(2);
	});

	it.each(Object.keys(EXAMPLES).filter((operation) => operation.startsWith('set')))('%s fails the item when Z-API answers success false', async (operation) => {
		expectCall(EXAMPLES[operation], { success: false });
		const result = await run(operation);
		expect(result.error?.message).toMatch(/^Z-API could not set .+ \(it answered \{"success":false\}\)$/);
		expect(result.error?.description).toMatch(/instance is connected/);
	});

	it('sends My Contacts Except… without a list when no phone changes (the pages: already excluded phones need not be sent again)', async () => {
		const scope = api().post(`${INSTANCE_PATH}/privacy/photo`, { visualizationType: 'CONTACT_BLACKLIST' }).reply(200, { success: true });
		const result = await run('setPhotoVisibility', { visualizationType: 'CONTACT_BLACKLIST' });
		expect(result.json).toEqual([{ success: true, visualizationType: 'CONTACT_BLACKLIST' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('offers exactly the values each page lists', () => {
		const { properties } = new ZApi().description;
		const values = (name: string) => (properties.find((property) => property.name === name)?.options as Array<{ value: string }>).map((option) => option.value).sort();
		expect(values('visualizationType')).toEqual(['ALL', 'CONTACTS', 'CONTACT_BLACKLIST', 'NONE']);
		expect(values('groupAdd')).toEqual(['ALL', 'CONTACTS', 'CONTACT_BLACKLIST']);
		expect(values('onlineVisibility')).toEqual(['ALL', 'SAME_LAST_SEEN']);
		expect(values('readReceipts')).toEqual(['disable', 'enable']);
		expect(values('messagesDuration')).toEqual(['days7', 'days90', 'disable', 'hours24']);
		expect(values('setting')).toEqual(['description', 'groupAdd', 'lastSeen', 'photo']);
	});
});

describe('Privacy: Get Disallowed Contacts reads either documented path', () => {
	// docs/privacy/get-disallowed-contacts.md: /privacy/disallowed-contacts in its heading, /disallowed-contacts in its URL example.
	it('asks /disallowed-contacts when /privacy/disallowed-contacts is not found', async () => {
		const scope = api()
			.get(`${INSTANCE_PATH}/privacy/disallowed-contacts`)
			.query({ type: 'photo' })
			.reply(404, { error: 'Not found' })
			.get(`${INSTANCE_PATH}/disallowed-contacts`)
			.query({ type: 'photo' })
			.reply(200, { disallowedContacts: ['554411111111'] });
		const result = await run('getDisallowedContacts', { setting: 'photo' });
		expect(result.json).toEqual([{ setting: 'photo', disallowedContacts: ['554411111111'] }]);
		expect(scope.isDone()).toBe(true);
	});

	it('fails with the first answer when it is not a 404, without asking the other path', async () => {
		const scope = api()
			.get(`${INSTANCE_PATH}/privacy/disallowed-contacts`)
			.query({ type: 'lastSeen' })
			.reply(400, { error: 'You are not connected' })
			.get(`${INSTANCE_PATH}/disallowed-contacts`)
			.query(true)
			.reply(200, { disallowedContacts: [] });
		const result = await run('getDisallowedContacts');
		expect(result.error?.message).toMatch(/400/);
		expect(scope.pendingMocks()).toHaveLength(1);
	});

	it('fails when the answer holds no list', async () => {
		expectCall(EXAMPLES.getDisallowedContacts, { phones: [] });
		const result = await run('getDisallowedContacts');
		expect(result.error?.message).toBe('Z-API did not return the contacts excluded from the lastSeen setting');
	});
});
