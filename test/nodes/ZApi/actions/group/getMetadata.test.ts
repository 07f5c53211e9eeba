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

	it('outputs the name and its last change in the words of the other Group outputs (the old-form page example)', async () => {
		api()
			.get(`${INSTANCE_PATH}/group-metadata/${OLD_GROUP}`)
			.reply(200, {
				phone: OLD_GROUP,
				owner: '5511999999999',
				subject: 'My group on WhatsApp',
				creation: 1588721491000,
				participants: [{ phone: '5511888888888', isAdmin: false, isSuperAdmin: false }],
				subjectTime: 1617805323000,
				subjectOwner: '554497050785',
			});
		const result = await runAction(getMetadata({ groupId: OLD_GROUP }));
		expect(result.json).toEqual([
			{
				groupId: OLD_GROUP,
				name: 'My group on WhatsApp',
				description: null,
				owner: '5511999999999',
				createdAt: '2020-05-05T23:31:31.000Z',
				creation: 1588721491000,
				invitationLink: null,
				communityId: null,
				adminOnlyMessage: null,
				adminOnlySettings: null,
				requireAdminApproval: null,
				adminOnlyAddMember: null,
				isGroupAnnouncement: null,
				participants: [
					{ phone: '5511888888888', isAdmin: false, isSuperAdmin: false, name: null, savedName: null, savedShortName: null, whatsappName: null, contactCardName: null },
				],
				nameChangedAt: '2021-04-07T14:22:03.000Z',
				subjectTime: 1617805323000,
				nameChangedBy: '554497050785',
			},
		]);
	});

	it('with Simplify off, outputs the group as Z-API sent it', async () => {
		api().get(`${INSTANCE_PATH}/group-metadata/${GROUP}`).reply(200, METADATA);
		const result = await runAction(getMetadata({ simplify: false }));
		expect(result.json).toEqual([METADATA]);
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
