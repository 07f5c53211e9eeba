/** Channels: every operation's documented call; channel IDs, phones and filters checked before any request; refusals in 200 answers. */
import { channel } from '../../../../../nodes/ZApi/actions/channel';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { api, describeOperations, expectCall } from '../../../../helpers/operationExamples';
import { CHANNEL, CHANNEL_IN_PATH, EXAMPLES } from './examples';

describeOperations(channel, EXAMPLES);

const run = (operation: string, extra: object = {}) => runAction({ resource: 'channel', operation, ...EXAMPLES[operation].parameters, ...extra });

const anyRequest = () => api().get(/.*/).reply(200, {}).post(/.*/).reply(200, {}).put(/.*/).reply(200, {}).delete(/.*/).reply(200, {});

const WITH_CHANNEL_ID = channel.operations.map(({ value }) => value).filter((value) => 'channelId' in EXAMPLES[value].parameters);

describe('Channel: refusals', () => {
	it('every operation but Create, Get Many and Search takes a channel ID', () => {
		expect(WITH_CHANNEL_ID.sort()).toEqual(channel.operations.map(({ value }) => value).filter((value) => !['create', 'getMany', 'search'].includes(value)).sort());
	});

	it.each(WITH_CHANNEL_ID)('%s refuses a channel ID without its @newsletter suffix before any request, naming the ID to write', async (operation) => {
		const scope = anyRequest();
		const result = await run(operation, { channelId: '999999999999999999' });
		expect(result.error?.message).toBe("Channel ID '999999999999999999' has no @newsletter suffix");
		expect(result.error?.description).toMatch(/write 999999999999999999@newsletter/);
		expect(scope.pendingMocks()).toHaveLength(4);
	});

	it.each([
		['getMetadata', { channelId: '../status' }, "Channel ID '../status' is not a WhatsApp channel ID"],
		['follow', { channelId: '120363019502650977-group' }, "Channel ID '120363019502650977-group' is not a WhatsApp channel ID"],
		['follow', { channelId: 'https://whatsapp.com/channel/0029Va5Xk71a' }, "Channel ID 'https://whatsapp.com/channel/0029Va5Xk71a' is a channel link, not its ID"],
		['delete', { channelId: ' ' }, 'Channel ID is empty'],
		['create', { name: '  ' }, 'Name is empty'],
		['updateName', { name: ' ' }, 'Name is empty'],
		['updateDescription', { description: ' ' }, 'Description is empty'],
		['updatePicture', { pictureUrl: 'logo.svg' }, "Picture URL 'logo.svg' is not an http(s) URL"],
		['updateSettings', { reactionCodes: 'none' }, "Reactions 'none' is not a setting Z-API knows"],
		['search', { countryCodes: ' , ' }, 'Country Codes is empty'],
		['search', { countryCodes: 'BR, Brazil' }, "Country code 'BRAZIL' is not a two-letter code"],
		['search', { limit: 0 }, 'Limit must be a whole number of 1 or more (got 0)'],
		['removeAdmin', { phone: CHANNEL }, `Phone '${CHANNEL}' is not a phone number`],
		['transferOwnership', { phone: ' ' }, 'Phone is empty'],
	])('%s refuses %j before any request', async (operation, change, message) => {
		const scope = anyRequest();
		const result = await run(operation, change);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toEqual(expect.any(String));
		expect(scope.pendingMocks()).toHaveLength(4);
	});

	it.each([
		['follow', `Z-API could not follow channel ${CHANNEL} (it answered {"value":false})`, /Check the channel ID/],
		['mute', `Z-API could not mute channel ${CHANNEL} (it answered {"value":false})`, /Check the channel ID/],
		['delete', `Z-API could not delete channel ${CHANNEL} (it answered {"value":false})`, /owns the channel or is one of its admins/],
		['updateName', `Z-API could not rename channel ${CHANNEL} (it answered {"value":false})`, /owns the channel/],
		['updateSettings', `Z-API could not change the settings of channel ${CHANNEL} (it answered {"value":false})`, /owns the channel/],
		['transferOwnership', `Z-API could not make 5511999999999 the owner of channel ${CHANNEL} (it answered {"value":false})`, /already one of its admins/],
	])('%s fails the item when Z-API does not confirm', async (operation, message, hint) => {
		expectCall(EXAMPLES[operation], { value: false });
		const result = await run(operation);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(hint);
	});

	it.each(['follow', 'updatePicture', 'updateSettings'])('%s fails the item when the 200 answer says nothing', async (operation) => {
		expectCall(EXAMPLES[operation], {});
		const result = await run(operation);
		expect(result.error?.message).toMatch(/^Z-API could not .+ \(it answered \{\}\)$/);
	});

	it.each(['acceptAdminInvite', 'removeAdmin', 'revokeAdminInvite'])('%s fails the item when the answer carries an error', async (operation) => {
		expectCall(EXAMPLES[operation], { error: 'Invite not found' }, 200);
		const result = await run(operation);
		expect(result.error?.message).toMatch(/^Z-API could not .+ \(it answered \{"error":"Invite not found"\}\)$/);
	});

	it('fails Create when no ID comes back', async () => {
		expectCall(EXAMPLES.create, {});
		const result = await run('create');
		expect(result.error?.message).toBe("Z-API did not create the channel 'Newsletter Name'");
		expect(result.error?.description).toMatch(/^It answered \{\}\. Check that the WhatsApp account/);
	});

	it('creates a channel with its name only when no description is given', async () => {
		const scope = api().post(`${INSTANCE_PATH}/create-newsletter`, { name: 'Shop' }).reply(201, { id: CHANNEL });
		const result = await run('create', { name: ' Shop ', options: {} });
		expect(result.json).toEqual([{ id: CHANNEL, name: 'Shop' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('sends the picture as a data URI when given as base64', async () => {
		const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
		const scope = api()
			.post(`${INSTANCE_PATH}/update-newsletter-picture`, (body: { id: string; pictureUrl: string }) => body.id === CHANNEL && body.pictureUrl === `data:image/png;base64,${png}`)
			.reply(201, { value: true });
		const result = await run('updatePicture', { pictureSource: 'base64', pictureBase64: png });
		expect(result.json).toEqual([{ success: true, channelId: CHANNEL, pictureSource: 'base64' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('transfers ownership without quitAdmin when the option is not set, as the page first shows it', async () => {
		const scope = api().post(`${INSTANCE_PATH}/newsletter/transfer-ownership/${CHANNEL_IN_PATH}`, { phone: '5511999999999' }).reply(200, { value: true });
		const result = await run('transferOwnership', { options: {} });
		expect(result.json).toEqual([{ success: true, channelId: CHANNEL, phone: '5511999999999' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('searches with only the required fields: the limit and the countries', async () => {
		const scope = api().post(`${INSTANCE_PATH}/search-newsletter`, { limit: 2, filters: { countryCodes: ['BR'] } }).reply(200, { cursor: null, data: [{ id: CHANNEL }, { id: '1@newsletter' }, { id: '2@newsletter' }] });
		const result = await run('search', { countryCodes: ['br', 'BR'], limit: 2, options: {} });
		expect(result.json).toEqual([{ id: CHANNEL }, { id: '1@newsletter' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('fails Search and Get Many when the answer holds no list', async () => {
		expectCall(EXAMPLES.search, { cursor: null });
		expect((await run('search')).error?.message).toBe('Z-API did not answer the channel search with a list');
		expectCall(EXAMPLES.getMany, {});
		expect((await run('getMany')).error?.message).toBe('Z-API did not answer with a list of channels');
	});

	it('outputs no item when the instance has no channel', async () => {
		expectCall(EXAMPLES.getMany, []);
		const result = await run('getMany');
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([]);
	});

	it("accepts the admin invite of a Z-API Trigger item, its channel mapped from 'content.newsletterId'", async () => {
		const scope = expectCall(EXAMPLES.acceptAdminInvite);
		const invite = { kind: 'channelAdminInvite', content: { newsletterId: '120363166555745933@newsletter', newsletterName: 'Ofertas', inviteExpiration: 1706809668 } };
		const result = await runAction({ resource: 'channel', operation: 'acceptAdminInvite', channelId: '={{ $json.content.newsletterId }}' }, [{ json: invite }]);
		expect(result.json).toEqual([{ success: true, channelId: '120363166555745933@newsletter' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('fails Get Metadata when the answer is empty', async () => {
		expectCall(EXAMPLES.getMetadata, {});
		const result = await run('getMetadata');
		expect(result.error?.message).toBe(`Z-API gave no details of channel ${CHANNEL}`);
	});
});
