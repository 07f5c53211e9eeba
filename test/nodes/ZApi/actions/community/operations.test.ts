/** Communities: every operation's documented call; IDs and groups checked before any request; refusals in 200 answers; the list read page by page. */
import { community } from '../../../../../nodes/ZApi/actions/community';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { api, describeOperations, expectCall } from '../../../../helpers/operationExamples';
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
