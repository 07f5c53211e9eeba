/**
 * The Channel operations and Send Channel Admin Invite through n8n's engine against the
 * stand-in (a real local server that keeps state): what one operation changes, the next reads.
 * Channel IDs go into paths encoded, and the stand-in reads them back.
 */
import type { IDataObject } from 'n8n-workflow';

import { runAction, TEST_CREDENTIALS } from '../../../../helpers/engine';

interface StandIn {
	start(port: number): Promise<{ url: string }>;
	stop(): Promise<void>;
	newsletters(instanceId: string): { channels: IDataObject[]; deleted: string[]; adminInvites: string[] };
}
// Plain CommonJS shared with the end-to-end suite; no type declarations of its own.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createStandIn } = require('../../../../stand-in/server') as { createStandIn(options: IDataObject): StandIn };

const ID = TEST_CREDENTIALS.instanceId;
const ZAPI = '120363166555745933@newsletter';
const standIn = createStandIn({ instances: [{ id: ID, token: TEST_CREDENTIALS.instanceToken }] });
let baseUrl = '';

beforeAll(async () => {
	baseUrl = (await standIn.start(0)).url;
});
afterAll(async () => {
	await standIn.stop();
});

const run = (parameters: IDataObject) => runAction(parameters, [{ json: {} }], { credentials: { baseUrl } });
const channel = (operation: string, parameters: IDataObject = {}) => run({ resource: 'channel', operation, ...parameters });
const control = async (path: string, body: IDataObject) =>
	await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('Channel against the stand-in', () => {
	it('creates a channel, runs it, hands it to an admin it invited, and stays an admin', async () => {
		const created = await channel('create', { name: 'Store news', options: { description: 'Offers' } });
		expect(created.error).toBeUndefined();
		const channelId = created.json[0].id as string;
		expect(channelId).toMatch(/^\d{18}@newsletter$/);

		for (const [operation, parameters] of [
			['updateName', { name: 'Store news 2' }],
			['updateDescription', { description: 'Weekly offers' }],
			['updatePicture', { pictureSource: 'url', pictureUrl: 'https://example.com/logo.png' }],
			['updateSettings', { reactionCodes: 'basic' }],
		] as const) {
			expect((await channel(operation, { channelId, ...parameters })).json).toEqual([expect.objectContaining({ success: true, channelId })]);
		}
		const [metadata] = (await channel('getMetadata', { channelId })).json;
		expect(metadata).toMatchObject({ id: channelId, name: 'Store news 2', description: 'Weekly offers', picture: 'https://example.com/logo.png', viewMetadata: { role: 'OWNER' } });

		const invite = await run({ resource: 'message', operation: 'sendChannelAdminInvite', phone: '+55 11 99999-9999', channelId, caption: 'Run it with me' });
		expect(invite.json).toEqual([{ zaapId: expect.any(String), messageId: expect.any(String), phone: '5511999999999' }]);
		const early = await channel('transferOwnership', { channelId, phone: '5511999999999', options: {} });
		expect(early.error?.message).toBe(`Z-API could not make 5511999999999 the owner of channel ${channelId} (it answered {"value":false,"message":"The new owner must be an admin of the channel"})`);

		await control('/_control/newsletter-admins', { instanceId: ID, newsletterId: channelId, phone: '5511999999999' });
		expect((await channel('transferOwnership', { channelId, phone: '5511999999999', options: {} })).json).toEqual([{ success: true, channelId, phone: '5511999999999' }]);
		expect(standIn.newsletters(ID).channels.find((entry) => entry.id === channelId)).toMatchObject({ role: 'ADMIN', reactionCodes: 'basic' });
		expect((await channel('delete', { channelId })).error?.message).toBe(`Z-API could not delete channel ${channelId} (it answered {"value":false})`);
	});

	it('finds a public channel, follows, mutes and unfollows it', async () => {
		const found = await channel('search', { countryCodes: 'br, ca', limit: 10, options: { view: 'TRENDING', searchText: 'z-api' } });
		expect(found.json.map((entry) => entry.id)).toEqual([ZAPI]);
		expect((await channel('follow', { channelId: ZAPI })).json).toEqual([{ success: true, channelId: ZAPI }]);
		expect((await channel('mute', { channelId: ZAPI })).json).toEqual([{ success: true, channelId: ZAPI }]);
		const listed = await channel('getMany');
		expect(listed.json).toEqual(expect.arrayContaining([expect.objectContaining({ id: ZAPI, viewMetadata: { mute: 'ON', role: 'SUBSCRIBER' } })]));
		expect((await channel('unmute', { channelId: ZAPI })).json).toEqual([{ success: true, channelId: ZAPI }]);
		expect((await channel('unfollow', { channelId: ZAPI })).json).toEqual([{ success: true, channelId: ZAPI }]);
		expect((await channel('unfollow', { channelId: ZAPI })).error?.message).toBe(`Z-API could not unfollow channel ${ZAPI} (it answered {"value":false})`);
	});

	it('accepts an admin invite the instance received, then revokes and removes admins of its own channel, and deletes it', async () => {
		expect((await channel('acceptAdminInvite', { channelId: ZAPI })).error?.message).toBe(`Z-API could not accept the invite to be an admin of channel ${ZAPI} (it answered {"value":false})`);
		await control('/_control/newsletter-admin-invites', { instanceId: ID, newsletterId: ZAPI });
		expect((await channel('acceptAdminInvite', { channelId: ZAPI })).json).toEqual([{ success: true, channelId: ZAPI }]);
		expect(standIn.newsletters(ID).channels.find((entry) => entry.id === ZAPI)).toMatchObject({ role: 'ADMIN' });

		const channelId = (await channel('create', { name: 'Second', options: {} })).json[0].id as string;
		await run({ resource: 'message', operation: 'sendChannelAdminInvite', phone: '5511888888888', channelId, caption: 'Help me' });
		expect((await channel('revokeAdminInvite', { channelId, phone: '5511888888888' })).json).toEqual([{ success: true, channelId, phone: '5511888888888' }]);
		await run({ resource: 'message', operation: 'sendChannelAdminInvite', phone: '5511888888888', channelId, caption: 'Help me' });
		await control('/_control/newsletter-admins', { instanceId: ID, newsletterId: channelId, phone: '5511888888888' });
		expect((await channel('removeAdmin', { channelId, phone: '5511888888888' })).json).toEqual([{ success: true, channelId, phone: '5511888888888' }]);
		expect((await channel('removeAdmin', { channelId, phone: '5511888888888' })).error?.message).toMatch(/^Z-API could not remove 5511888888888 from the admins/);
		expect((await channel('delete', { channelId })).json).toEqual([{ success: true, channelId }]);
		expect(standIn.newsletters(ID).deleted).toContain(channelId);
	});
});
