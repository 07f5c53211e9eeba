import nock from 'nock';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { GROUP, METADATA, METADATA_OUTPUT, OLD_GROUP } from './examples';

const api = () => nock('https://api.z-api.io');
const getMetadata = (extra = {}) => ({ resource: 'group', operation: 'getMetadata', groupId: GROUP, ...extra });

describe('Group > Get Metadata', () => {
	it('without the invite link reads the light metadata', async () => {
		const light = { ...METADATA, invitationLink: null };
		const scope = api().get(`${INSTANCE_PATH}/light-group-metadata/${GROUP}`).reply(200, light);
		const result = await runAction(getMetadata({ includeInviteLink: false }));
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ ...METADATA_OUTPUT, invitationLink: null }]);
		expect(scope.isDone()).toBe(true);
	});

	it('reads a group of the old id form', async () => {
		const scope = api().get(`${INSTANCE_PATH}/group-metadata/${OLD_GROUP}`).reply(200, { ...METADATA, phone: OLD_GROUP });
		const result = await runAction(getMetadata({ groupId: OLD_GROUP }));
		expect(result.json[0].groupId).toBe(OLD_GROUP);
		expect(scope.isDone()).toBe(true);
	});

	it('reads the group from a one-element list as well as from an object', async () => {
		api().get(`${INSTANCE_PATH}/group-metadata/${GROUP}`).reply(200, [METADATA]);
		const result = await runAction(getMetadata());
		expect(result.json).toEqual([METADATA_OUTPUT]);
	});

	it.each([
		['an answer without the group', {}],
		['an error in a 200 answer', { error: 'Group not found' }],
		['an empty answer', ''],
	])('fails the item on %s, naming the group', async (_label, answer) => {
		api().get(`${INSTANCE_PATH}/group-metadata/${GROUP}`).reply(200, answer);
		const result = await runAction(getMetadata());
		expect(result.error?.message).toMatch(new RegExp(`^Z-API could not read the data of group ${GROUP} \\(it answered `));
		expect(result.error?.description).toMatch(/still a participant/);
	});
});
