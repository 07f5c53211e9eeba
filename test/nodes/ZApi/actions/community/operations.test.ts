/** Communities: every operation's documented call; IDs and groups checked before any request; refusals in 200 answers; the list read page by page. */
import { community } from '../../../../../nodes/ZApi/actions/community';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { anyCall, api, describeOperations, expectCall } from '../../../../helpers/operationExamples';
import { COMMUNITY, EXAMPLES } from './examples';

describeOperations(community, EXAMPLES);

const run = (operation: string, extra: object = {}) => runAction({ resource: 'community', operation, ...EXAMPLES[operation].parameters, ...extra });

describe('Community: refusals', () => {
	it.each([
		['create', { name: '  ' }, 'Name is empty'],
		['getMetadata', { communityId: '../status' }, "Community ID '../status' is not an ID Z-API gives"],
		['linkGroups', { communityId: '  ' }, 'Community ID is empty'],
		['linkGroups', { groupIds: '5511999999999' }, "'5511999999999' is not a Z-API group ID"],
		['unlinkGroups', { groupIds: ' , ' }, 'Group IDs is empty'],
	])('%s refuses %j before any request', async (operation, change, message) => {
		const scope = api().post(/.*/).reply(200, {}).get(/.*/).reply(200, {});
		const result = await run(operation, change);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toEqual(expect.any(String));
		expect(scope.pendingMocks()).toHaveLength(2);
	});

	it.each([
		['linkGroups', `Z-API could not link 1345353454354354-group, 1203634230225498-group to community ${COMMUNITY} (it answered {"success":false})`, /one community only/],
		['unlinkGroups', `Z-API could not unlink 1345353454354354-group from community ${COMMUNITY} (it answered {"success":false})`, /at least one group/],
	])('%s fails the item when Z-API does not confirm', async (operation, message, hint) => {
		expectCall(EXAMPLES[operation], { success: false });
		const result = await run(operation);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(hint);
	});

	it('fails Create when no ID comes back', async () => {
		expectCall(EXAMPLES.create, {});
		const result = await run('create');
		expect(result.error?.message).toBe("Z-API did not create the community 'My first community'");
		expect(result.error?.description).toMatch(/^It answered \{\}\. Check that the WhatsApp account/);
	});

	it('sends the description of a new community when given', async () => {
		const scope = api().post(`${INSTANCE_PATH}/communities`, { name: 'Shop', description: 'Our customers' }).reply(200, { id: '1', subGroups: [] });
		const result = await run('create', { name: 'Shop', options: { description: ' Our customers ' } });
		expect(result.json).toEqual([{ id: '1', subGroups: [], name: 'Shop', description: 'Our customers' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('reads every page of the communities with Return All, until a short page', async () => {
		const page = (from: number, count: number) => Array.from({ length: count }, (_, index) => ({ name: `c${from + index}`, id: String(from + index) }));
		const scope = api()
			.get(`${INSTANCE_PATH}/communities`)
			.query({ page: '1', pageSize: '2' })
			.reply(200, page(1, 2))
			.get(`${INSTANCE_PATH}/communities`)
			.query({ page: '2', pageSize: '2' })
			.reply(200, page(3, 1));
		const result = await run('getMany', { returnAll: true, options: { pageSize: 2 } });
		expect(result.json.map((item) => item.id)).toEqual(['1', '2', '3']);
		expect(scope.isDone()).toBe(true);
	});

	it('fails Get Metadata when the answer is empty', async () => {
		expectCall(EXAMPLES.getMetadata, {});
		const result = await run('getMetadata');
		expect(result.error?.message).toBe(`Z-API gave no details of community ${COMMUNITY}`);
	});
});

describe('Community: IDs, members and settings', () => {
	const SHARED = ['addMembers', 'removeMembers', 'promoteToAdmin', 'demoteAdmin', 'resetInviteLink', 'updateDescription', 'updatePhoto', 'updateSettings', 'deactivate', 'getMetadata', 'linkGroups'];

	it.each(SHARED)('%s refuses a group ID where the community ID goes, before any request', async (operation) => {
		const scope = api().post(/.*/).reply(200, {}).delete(/.*/).reply(200, {});
		const result = await run(operation, { communityId: '120363019502650977-group' });
		expect(result.error?.message).toBe("'120363019502650977-group' is a group ID, not a community ID");
		expect(result.error?.description).toMatch(/digits only.*Group resource/);
		expect(scope.pendingMocks()).toHaveLength(2);
	});

	it.each([
		['addParticipants', { phones: '5511999999999' }],
		['removeParticipants', { phones: '5511999999999' }],
		['promoteToAdmin', { phones: '5511999999999' }],
		['demoteAdmins', { phones: '5511999999999' }],
		['resetInviteLink', {}],
		['updateDescription', { groupDescription: 'News' }],
	])('Group → %s refuses a community ID and points to the Community resource', async (operation, extra) => {
		const scope = anyCall();
		const result = await runAction({ resource: 'group', operation, groupId: COMMUNITY, ...extra });
		expect(result.error?.message).toBe(`'${COMMUNITY}' is a community ID, not a group ID`);
		expect(result.error?.description).toMatch(/^The Community resource manages a community/);
		expect(scope.pendingMocks()).toHaveLength(2);
	});

	it.each([
		['addMembers', { phones: ' , ' }, 'Phones is empty'],
		['removeMembers', { phones: 'ask Ana' }, "Phones entry 'ask Ana' is not a phone number"],
		['updateDescription', { communityDescription: '={{ $json.nothing }}' }, 'Description is empty'],
		['updateSettings', { whoCanAddNewGroups: '={{ "owners" }}' }, "Who Can Add Groups 'owners' is not admins or all"],
		['updatePhoto', { photoUrl: 'logo.png' }, "Photo URL 'logo.png' is not an http(s) URL"],
	])('%s refuses %j before any request', async (operation, change, message) => {
		const scope = anyCall();
		const result = await run(operation, change);
		expect(result.error?.message).toBe(message);
		expect(scope.pendingMocks()).toHaveLength(2);
	});

	it.each([
		['addMembers', { value: false }, 'Z-API could not add 5544999999999, 5544888888888 to community 120363019502650977 (it answered {"value":false})', /Community ID.*Send Invite Link If Needed/],
		['removeMembers', {}, 'Z-API could not remove 5544999999999, 5544888888888 from community 5511999999999 (it answered {})', /member of the community/],
		['demoteAdmin', { value: false }, 'Z-API could not demote 5544999999999, 5544888888888 in community 120363019502650977 (it answered {"value":false})', /admin of the community/],
		['updateSettings', { success: false }, `Z-API could not change who can add groups to community ${COMMUNITY} (it answered {"success":false})`, /community ID/],
		['updateDescription', { value: false }, 'Z-API could not update the description of community 120363019502650977 (it answered {"value":false})', /admin of the community/],
		['deactivate', { error: 'Community not found' }, `Z-API could not deactivate community ${COMMUNITY} (it answered {"error":"Community not found"})`, /community ID/],
		['resetInviteLink', { value: false }, 'Z-API could not reset the invite link of community 120363019502650977 (it answered {"value":false})', /community ID/],
	])('%s fails the item when Z-API does not confirm', async (operation, answer, message, hint) => {
		expectCall(EXAMPLES[operation], answer, 200);
		const result = await run(operation);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(hint);
	});

	it('Add Members sends autoInvite false when the option is off, as the page lists it required', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/add-participant`, { autoInvite: false, communityId: '120363019502650977', phones: ['5544999999999'] })
			.reply(200, { value: true });
		const result = await run('addMembers', { phones: '5544999999999', autoInvite: false });
		expect(result.json).toEqual([{ success: true, communityId: '120363019502650977', phones: ['5544999999999'] }]);
		expect(scope.isDone()).toBe(true);
	});

	it('Update Settings lets every member add groups', async () => {
		const scope = api().post(`${INSTANCE_PATH}/communities/settings`, { communityId: COMMUNITY, whoCanAddNewGroups: 'all' }).reply(200, { success: true });
		const result = await run('updateSettings', { whoCanAddNewGroups: 'all' });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});
});
