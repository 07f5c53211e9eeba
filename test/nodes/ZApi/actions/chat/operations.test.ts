/** What every Chat operation shares, and the chat list's paging and the chat changes' refusals. */
import type { IDataObject } from 'n8n-workflow';

import { chat } from '../../../../../nodes/ZApi/actions/chat';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { anyCall, api, describeOperations, expectCall } from '../../../../helpers/operationExamples';
import { chatOutput, chatRecord, EXAMPLES, GROUP, PHONE } from './examples';

describeOperations(chat, EXAMPLES);

const changes = chat.operations.filter((operation) => 'chatAction' in operation).map((operation) => [operation.name, operation.value] as const);

describe('Chat changes', () => {
	it('covers every documented modify-chat action', () => {
		const actions = chat.operations.map((operation) => (operation as { chatAction?: string }).chatAction).filter(Boolean);
		expect(actions.sort()).toEqual(['archive', 'clear', 'delete', 'mute', 'pin', 'read', 'unarchive', 'unmute', 'unpin', 'unread']);
	});

	it.each(changes)('%s fails the item when Z-API answers {value: false}, naming the chat', async (name, value) => {
		expectCall(EXAMPLES[value], { value: false });
		const result = await runAction({ resource: 'chat', operation: value, phone: PHONE });
		expect(result.error?.message).toMatch(new RegExp(`^Z-API could not .+ ${PHONE} \\(it answered \\{"value":false\\}\\)$`));
		expect(result.error?.description).toMatch(/chat list/);
		expect(result.json).toEqual([]);
	});

	it.each(changes)('%s takes a group ID and a LID ID as they are', async (_name, value) => {
		const action = String((EXAMPLES[value].body as IDataObject).action);
		const scope = api()
			.post(`${INSTANCE_PATH}/modify-chat`, { phone: GROUP, action })
			.reply(200, { value: 'true' })
			.post(`${INSTANCE_PATH}/modify-chat`, { phone: '123456789012345@lid', action })
			.reply(200, { value: true });
		const result = await runAction({ resource: 'chat', operation: value, phone: '={{ $json.chat }}' }, [{ json: { chat: GROUP } }, { json: { chat: ' 123456789012345@lid ' } }]);
		expect(result.json.map((item) => item.phone)).toEqual([GROUP, '123456789012345@lid']);
		expect(scope.isDone()).toBe(true);
	});

	it('says in the descriptions of Clear and Delete what they destroy', () => {
		const describe = (value: string) => chat.operations.find((operation) => operation.value === value)!.description;
		expect(describe('clearChat')).toMatch(/Delete every message .* Cannot be undone/);
		expect(describe('deleteChat')).toMatch(/Delete a chat and its messages .* Cannot be undone/);
	});
});

describe('Chat: disappearing messages and notes', () => {
	it('Set Disappearing Messages fails the item on {value: false}, naming the chat', async () => {
		api().post(`${INSTANCE_PATH}/send-chat-expiration`, { phone: GROUP, chatExpiration: 'OFF' }).reply(200, { value: false });
		const result = await runAction({ resource: 'chat', operation: 'setDisappearingMessages', phone: GROUP, chatExpiration: 'OFF' });
		expect(result.error?.message).toBe(`Z-API could not set disappearing messages in the chat with ${GROUP} (it answered {"value":false})`);
		expect(result.error?.description).toMatch(/only admins/);
	});

	it('Set Disappearing Messages refuses a timer WhatsApp does not offer, before any request', async () => {
		const scope = anyCall();
		const result = await runAction({ resource: 'chat', operation: 'setDisappearingMessages', phone: PHONE, chatExpiration: '30_DAYS' });
		expect(result.error?.message).toBe('Messages Disappear After must be 24 hours, 7 days, 90 days or off (got "30_DAYS")');
		expect(scope.pendingMocks()).toHaveLength(2);
	});

	it('Get Notes of a chat without a note: empty content, notes null', async () => {
		api().get(`${INSTANCE_PATH}/chats/${PHONE}`).reply(200, chatRecord(PHONE));
		const result = await runAction({ resource: 'chat', operation: 'getChatNotes', phone: PHONE });
		expect(result.json).toEqual([{ phone: PHONE, content: '', notes: null }]);
	});

	it('Set Notes refuses an empty text before any request', async () => {
		const scope = anyCall();
		const result = await runAction({ resource: 'chat', operation: 'setChatNotes', phone: PHONE, notes: '={{ "  " }}' });
		expect(result.error?.message).toBe('Notes is empty');
		expect(scope.pendingMocks()).toHaveLength(2);
	});

	it('Set Notes fails the item when Z-API answers {success: false}', async () => {
		expectCall(EXAMPLES.setChatNotes, { success: false });
		const result = await runAction({ resource: 'chat', operation: 'setChatNotes', phone: PHONE, notes: 'Wants the blue one' });
		expect(result.error?.message).toBe(`Z-API could not set the notes of the chat with ${PHONE} (it answered {"success":false})`);
		expect(result.error?.description).toMatch(/WhatsApp Business/);
	});
});

describe('Chat: Get Many pages', () => {
	const phones = (records: IDataObject[]) => records.map((record) => record.phone);
	const chats = (from: number, count: number) => Array.from({ length: count }, (_, index) => chatRecord(`55119000000${String(from + index).padStart(2, '0')}`));
	/** Expects these pages, in order: [page, pageSize, answer]. */
	const expectPages = (pages: Array<[number, number, unknown[]]>) =>
		pages.reduce(
			(scope, [page, pageSize, answer]) => scope.get(`${INSTANCE_PATH}/chats`).query({ page: String(page), pageSize: String(pageSize) }).reply(200, answer),
			api(),
		);

	it('Return All reads pages of Page Size until a short page', async () => {
		const scope = expectPages([
			[1, 3, chats(0, 3)],
			[2, 3, chats(3, 3)],
			[3, 3, chats(6, 1)],
		]);
		const result = await runAction({ resource: 'chat', operation: 'getChats', returnAll: true, options: { pageSize: 3 } });
		expect(phones(result.json)).toEqual(phones(chats(0, 7)));
		expect(scope.isDone()).toBe(true);
	});

	it('Limit asks for no more than needed: 250 by 100 reads pages 1 and 2 of 100, then page 5 of 50', async () => {
		const scope = expectPages([
			[1, 100, chats(0, 100)],
			[2, 100, chats(100, 100)],
			[5, 50, chats(200, 50)],
		]);
		const result = await runAction({ resource: 'chat', operation: 'getChats', returnAll: false, limit: 250 });
		expect(phones(result.json)).toEqual(phones(chats(0, 250)));
		expect(scope.isDone()).toBe(true);
	});

	it('stops when a page brings nothing new (a service that ignores page) and never outputs a chat twice', async () => {
		const scope = expectPages([
			[1, 2, chats(0, 2)],
			[2, 2, chats(0, 2)],
		]);
		const result = await runAction({ resource: 'chat', operation: 'getChats', returnAll: true, options: { pageSize: 2 } });
		expect(phones(result.json)).toEqual(phones(chats(0, 2)));
		expect(scope.isDone()).toBe(true);
	});

	it('refuses a Limit of 0 before any request', async () => {
		const scope = api().get(/.*/).reply(200, []);
		const result = await runAction({ resource: 'chat', operation: 'getChats', returnAll: false, limit: 0 });
		expect(result.error?.message).toBe('Limit must be a whole number of 1 or more (got 0)');
		expect(scope.pendingMocks()).toHaveLength(1);
	});

	it('says what came back when the answer is not a list', async () => {
		api().get(`${INSTANCE_PATH}/chats`).query(true).reply(200, { error: 'You are not connected.' });
		const result = await runAction({ resource: 'chat', operation: 'getChats', returnAll: true });
		expect(result.error?.message).toBe('Z-API did not return a list of chats');
		expect(result.error?.description).toContain('You are not connected.');
	});
});

describe('Chat: output shape', () => {
	/** The first chat of docs/chats/get-chats.md. */
	const documented = {
		name: 'Z-API SUPORTE',
		phone: '5511999999999',
		unread: '0',
		lastMessageTime: '1622991687',
		isMuted: '0',
		isMarkedSpam: 'false',
		profileThumbnail: null,
		messagesUnread: 0,
		isGroupAnnouncement: false,
		isGroup: false,
	};

	it('Get Many: flags as booleans, the count as a number, the time in seconds also as an ISO date', async () => {
		api().get(`${INSTANCE_PATH}/chats`).query({ page: '1', pageSize: '1' }).reply(200, [{ ...documented, archived: 'true', pinned: true, isMuted: '1', muteEndTime: '-1' }]);
		const result = await runAction({ resource: 'chat', operation: 'getChats', returnAll: false, limit: 1 });
		expect(result.json).toEqual([
			{
				phone: '5511999999999',
				name: 'Z-API SUPORTE',
				isGroup: false,
				unread: 0,
				lastMessageAt: '2021-06-06T15:01:27.000Z',
				lastMessageTime: 1622991687,
				isMuted: true,
				// -1 is "muted for ever": no date.
				mutedUntil: null,
				muteEndTime: -1,
				archived: true,
				pinned: true,
				isMarkedSpam: false,
				isGroupAnnouncement: false,
				photo: null,
			},
		]);
	});

	it('Get Many with Simplify off: the chats as Z-API sent them', async () => {
		api().get(`${INSTANCE_PATH}/chats`).query({ page: '1', pageSize: '1' }).reply(200, [documented]);
		const result = await runAction({ resource: 'chat', operation: 'getChats', returnAll: false, limit: 1, simplify: false });
		expect(result.json).toEqual([documented]);
	});
});

describe('Chat: Get Metadata and Get Notes read either documented path', () => {
	// docs/chats/get-metadata-chat.md: /chats/{phone} in its URL line, /chat/{phone} in its heading and the English sample.
	it.each([
		['getChatMetadata', [{ ...chatOutput(PHONE), about: 'Hi' }]],
		['getChatNotes', [{ phone: PHONE, content: 'Call back', notes: { content: 'Call back' } }]],
	])('%s asks /chat/{phone} when /chats/{phone} is not found', async (operation, output) => {
		const scope = api()
			.get(`${INSTANCE_PATH}/chats/${PHONE}`)
			.reply(404, { error: 'Not found' })
			.get(`${INSTANCE_PATH}/chat/${PHONE}`)
			.reply(200, { ...chatRecord(PHONE), about: 'Hi', notes: { content: 'Call back' } });
		const result = await runAction({ resource: 'chat', operation, phone: PHONE });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual(operation === 'getChatMetadata' ? [expect.objectContaining(output[0])] : output);
		expect(scope.isDone()).toBe(true);
	});

	it.each(['getChatMetadata', 'getChatNotes'])('%s asks /chats/{phone} only, when it answers', async (operation) => {
		const scope = api()
			.get(`${INSTANCE_PATH}/chats/${PHONE}`)
			.reply(200, chatRecord(PHONE))
			.get(`${INSTANCE_PATH}/chat/${PHONE}`)
			.reply(200, chatRecord(PHONE));
		const result = await runAction({ resource: 'chat', operation, phone: PHONE });
		expect(result.error).toBeUndefined();
		expect(scope.pendingMocks()).toEqual([expect.stringContaining(`/chat/${PHONE}`)]);
	});

	it('fails with the second 404 when neither path is found', async () => {
		const scope = api().get(`${INSTANCE_PATH}/chats/${PHONE}`).reply(404, {}).get(`${INSTANCE_PATH}/chat/${PHONE}`).reply(404, {});
		const result = await runAction({ resource: 'chat', operation: 'getChatMetadata', phone: PHONE });
		expect(result.error?.message).toMatch(/\(404\)/);
		expect(scope.isDone()).toBe(true);
	});

	it('does not ask the other path after a refusal that is not a 404', async () => {
		const scope = api().get(`${INSTANCE_PATH}/chats/${PHONE}`).reply(400, { error: 'Phone not on WhatsApp' }).get(`${INSTANCE_PATH}/chat/${PHONE}`).reply(200, {});
		const result = await runAction({ resource: 'chat', operation: 'getChatNotes', phone: PHONE });
		expect(result.error?.message).toMatch(/400/);
		expect(scope.pendingMocks()).toHaveLength(1);
	});
});
