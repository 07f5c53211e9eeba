import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { ZApi } from '../../../../../nodes/ZApi/ZApi.node';
import { getMessages as getMessagesOperation } from '../../../../../nodes/ZApi/actions/chat/getMessages.operation';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';

const api = () => nock('https://api.z-api.io');
const messagesPath = (chat: string) => `${INSTANCE_PATH}/chat-messages/${chat}`;

/** Chat message records with ids `${prefix}${from}`..`${prefix}${from + count - 1}`. */
function page(from: number, count: number, prefix = 'M'): IDataObject[] {
	return Array.from({ length: count }, (_, index) => ({
		messageId: `${prefix}${from + index}`,
		phone: '5511999999999',
		fromMe: false,
		momment: 1700000000000 + from + index,
		text: { message: `message ${from + index}` },
	}));
}

const ids = (json: IDataObject[]) => json.map((record) => record.messageId);

/**
 * Answers the listing of `chat` page by page, in order: each entry is the cursor the node
 * must send (none on the first request), the page to answer with and, when it differs from
 * `amount`, the amount that request must ask for.
 */
function servePages(pages: Array<[string | undefined, unknown, string?]>, chat = '5511999999999', amount = '10') {
	const scope = api();
	for (const [after, reply, asked = amount] of pages) {
		scope
			.get(messagesPath(chat))
			.query(after ? { amount: asked, lastMessageId: after } : { amount: asked })
			.reply(200, reply as nock.Body);
	}
	return scope;
}

function getMessages(extra: IDataObject = {}) {
	return { resource: 'chat', operation: 'getMessages', phone: '5511999999999', ...extra };
}

describe('Chat > Get Messages: which chat', () => {
	it.each([
		['+55 (11) 99999-9999', '5511999999999'],
		['55 11 99999 9999', '5511999999999'],
		['5511999999999', '5511999999999'],
		['120363019502650977-group', '120363019502650977-group'],
		['5511999999999-1623281429', '5511999999999-1623281429'],
		[' 120363019502650977-group ', '120363019502650977-group'],
	])('reads %j as /chat-messages/%s', async (input, expected) => {
		const scope = api()
			.get(messagesPath(expected))
			.query({ amount: '5' })
			.reply(200, page(1, 2));
		const result = await runAction(getMessages({ phone: input, limit: 5 }));
		expect(result.error).toBeUndefined();
		expect(ids(result.json)).toEqual(['M1', 'M2']);
		expect(scope.isDone()).toBe(true);
	});

	it('passes a LID id through unchanged (URL-encoded in the path)', async () => {
		const scope = servePages([[undefined, page(1, 1)]], '123%40lid');
		const result = await runAction(getMessages({ phone: '123@lid' }));
		expect(result.error).toBeUndefined();
		expect(ids(result.json)).toEqual(['M1']);
		expect(scope.isDone()).toBe(true);
	});

	it('refuses an empty phone (from an expression) before any request', async () => {
		const scope = api().get(/.*/).reply(200, []);
		const result = await runAction(getMessages({ phone: '={{ $json.phone }}' }), [{ json: { phone: '' } }]);
		expect(result.error?.message).toBe('Phone is empty');
		expect(scope.isDone()).toBe(false);
	});

	it('passes a real-length LID id through unchanged', async () => {
		const scope = servePages([[undefined, []]], '195893014196369%40lid');
		const result = await runAction(getMessages({ phone: '195893014196369@lid' }));
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it.each([
		['hello', /'hello' is not a phone number/],
		['12345', /has 5 digits/],
		['5511999999999@g.us', /is not a phone number/],
		['../status', /is not a phone number/],
	])('refuses %j before any request', async (input, message) => {
		const scope = api().get(/.*/).reply(200, []);
		const result = await runAction(getMessages({ phone: input }));
		expect(result.error?.message).toMatch(message);
		expect(result.error?.description).toMatch(/country code/);
		expect(result.json).toEqual([]);
		expect(scope.isDone()).toBe(false);
	});
});

describe('Chat > Get Messages: paging', () => {
	it('asks for the default page size of 10, then continues after the last id of the page', async () => {
		const scope = servePages([[undefined, page(1, 10)], ['M10', page(11, 4)]]);
		const result = await runAction(getMessages({ returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(ids(result.json)).toEqual(ids(page(1, 14)));
		expect(scope.isDone()).toBe(true);
	});

	it('sends the Page Size option as amount', async () => {
		const scope = servePages([[undefined, page(1, 3)], ['M3', page(4, 1)]], '5511999999999', '3');
		const result = await runAction(getMessages({ returnAll: true, options: { pageSize: 3 } }));
		expect(ids(result.json)).toEqual(['M1', 'M2', 'M3', 'M4']);
		expect(scope.isDone()).toBe(true);
	});

	it('starts after the Start After Message ID option', async () => {
		const scope = servePages([['START-ID', page(1, 2)]]);
		const result = await runAction(getMessages({ returnAll: true, options: { lastMessageId: ' START-ID ' } }));
		expect(result.error).toBeUndefined();
		expect(ids(result.json)).toEqual(['M1', 'M2']);
		expect(scope.isDone()).toBe(true);
	});

	it('Return All reads every page until a short page', async () => {
		const scope = servePages([[undefined, page(1, 10)], ['M10', page(11, 10)], ['M20', page(21, 10)], ['M30', page(31, 9)]]);
		const result = await runAction(getMessages({ returnAll: true }));
		expect(result.json).toHaveLength(39);
		expect(ids(result.json)).toEqual(ids(page(1, 39)));
		expect(scope.isDone()).toBe(true);
	});

	it('stops on a short first page without asking for more', async () => {
		const scope = servePages([[undefined, page(1, 3)]]);
		const result = await runAction(getMessages({ returnAll: true }));
		expect(ids(result.json)).toEqual(['M1', 'M2', 'M3']);
		expect(scope.isDone()).toBe(true);
	});

	it('stops on an empty page', async () => {
		const scope = servePages([[undefined, page(1, 10)], ['M10', []]]);
		const result = await runAction(getMessages({ returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(ids(result.json)).toEqual(ids(page(1, 10)));
		expect(scope.isDone()).toBe(true);
	});

	it('stops when a page repeats (a server that ignores the cursor)', async () => {
		const scope = api()
			.get(messagesPath('5511999999999'))
			.query(true)
			.times(2)
			.reply(200, page(1, 10));
		const extra = api().get(messagesPath('5511999999999')).query(true).reply(200, page(1, 10));
		const result = await runAction(getMessages({ returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(ids(result.json)).toEqual(ids(page(1, 10)));
		expect(scope.isDone()).toBe(true);
		expect(extra.isDone()).toBe(false);
	});

	it('stops on a page whose ids were all seen, even if its last id is a new cursor', async () => {
		// Page 2 repeats page 1 in another order: nothing new, so no third request.
		const first = page(1, 10);
		const scope = servePages([[undefined, first], ['M10', [...first].reverse()]]);
		const extra = api().get(messagesPath('5511999999999')).query(true).reply(200, page(11, 10));
		const result = await runAction(getMessages({ returnAll: true }));
		expect(ids(result.json)).toEqual(ids(first));
		expect(scope.isDone()).toBe(true);
		expect(extra.isDone()).toBe(false);
	});

	it('never returns a message twice when pages overlap', async () => {
		const scope = api()
			.get(messagesPath('5511999999999'))
			.query({ amount: '10' })
			.reply(200, page(1, 10))
			.get(messagesPath('5511999999999'))
			.query({ amount: '10', lastMessageId: 'M10' })
			.reply(200, page(8, 10)) // M8..M17: three already seen
			.get(messagesPath('5511999999999'))
			.query({ amount: '10', lastMessageId: 'M17' })
			.reply(200, page(15, 5)); // M15..M19, short
		const result = await runAction(getMessages({ returnAll: true }));
		expect(ids(result.json)).toEqual(ids(page(1, 19)));
		expect(new Set(ids(result.json)).size).toBe(result.json.length);
		expect(scope.isDone()).toBe(true);
	});

	it('terminates with every message once when pages come oldest-first and the cursor means "before"', async () => {
		// 25 messages, oldest first. Without a cursor the server gives the newest page; with
		// one it gives the `amount` messages just before it, still oldest first. The node's
		// cursor (the last record of a page) is then the newest one: the walk overlaps heavily.
		const all = page(1, 25);
		let calls = 0;
		api()
			.get(messagesPath('5511999999999'))
			.query(true)
			.times(100)
			.reply(200, (uri) => {
				calls++;
				const query = new URL(uri, 'https://api.z-api.io').searchParams;
				const amount = Number(query.get('amount'));
				const cursor = query.get('lastMessageId');
				const end = cursor ? all.findIndex((record) => record.messageId === cursor) : all.length;
				return all.slice(Math.max(0, end - amount), end);
			});
		const result = await runAction(getMessages({ returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(new Set(ids(result.json)).size).toBe(25);
		expect(result.json).toHaveLength(25);
		expect(calls).toBeLessThan(30);
	});

	it('terminates when the server answers every cursor with the same full page', async () => {
		let calls = 0;
		api()
			.get(messagesPath('5511999999999'))
			.query(true)
			.times(100)
			.reply(200, () => {
				calls++;
				return page(1, 10);
			});
		const result = await runAction(getMessages({ returnAll: true }));
		expect(result.json).toHaveLength(10);
		expect(calls).toBe(2);
	});
});

describe('Chat > Get Messages: Limit', () => {
	it('defaults to 50 when Return All is off', async () => {
		const scope = api();
		for (let from = 1; from <= 41; from += 10) {
			scope
				.get(messagesPath('5511999999999'))
				.query(from === 1 ? { amount: '10' } : { amount: '10', lastMessageId: `M${from - 1}` })
				.reply(200, page(from, 10));
		}
		const extra = api().get(messagesPath('5511999999999')).query(true).reply(200, page(51, 10));
		const result = await runAction(getMessages());
		expect(result.json).toHaveLength(50);
		expect(scope.isDone()).toBe(true);
		expect(extra.isDone()).toBe(false);
	});

	it('asks the last page for only what the Limit still needs', async () => {
		const scope = servePages([[undefined, page(1, 10)], ['M10', page(11, 10)], ['M20', page(21, 5), '5']]);
		const result = await runAction(getMessages({ returnAll: false, limit: 25 }));
		expect(result.error).toBeUndefined();
		expect(ids(result.json)).toEqual(ids(page(1, 25)));
		expect(scope.isDone()).toBe(true);
	});

	it('honours a Limit in the middle of a page exactly, asking only for the rest', async () => {
		const scope = servePages([[undefined, page(1, 10)], ['M10', page(11, 5), '5']]);
		const result = await runAction(getMessages({ returnAll: false, limit: 15 }));
		expect(ids(result.json)).toEqual(ids(page(1, 15)));
		expect(scope.isDone()).toBe(true);
	});

	it('asks for no more than a Limit smaller than the page size', async () => {
		const scope = servePages([[undefined, page(1, 3)]], '5511999999999', '3');
		const result = await runAction(getMessages({ limit: 3 }));
		expect(ids(result.json)).toEqual(['M1', 'M2', 'M3']);
		expect(scope.isDone()).toBe(true);
	});

	it('a server that answers more than asked still gives exactly the Limit', async () => {
		const scope = servePages([[undefined, page(1, 10)]], '5511999999999', '3');
		const result = await runAction(getMessages({ limit: 3 }));
		expect(ids(result.json)).toEqual(['M1', 'M2', 'M3']);
		expect(scope.isDone()).toBe(true);
	});

	it('makes no further request once a Limit at a page boundary is reached', async () => {
		const scope = servePages([[undefined, page(1, 10)]]);
		const extra = api().get(messagesPath('5511999999999')).query(true).reply(200, page(11, 10));
		const result = await runAction(getMessages({ limit: 10 }));
		expect(result.json).toHaveLength(10);
		expect(scope.isDone()).toBe(true);
		expect(extra.isDone()).toBe(false);
	});

	it('counts only new messages toward the Limit when pages overlap, and asks full pages after an overlap', async () => {
		const scope = servePages([
			[undefined, page(1, 10)],
			['M10', page(8, 10)], // M8..M17: three already seen, 17 in hand
			['M17', page(15, 10)], // 7 still needed, but a full page is asked; M18.. are new
		]);
		const result = await runAction(getMessages({ limit: 24 }));
		expect(ids(result.json)).toEqual(ids(page(1, 24)));
		expect(scope.isDone()).toBe(true);
	});

	it.each([0, -1, 2.5])('refuses a Limit of %p before any request', async (limit) => {
		const scope = api().get(/.*/).reply(200, []);
		const result = await runAction(getMessages({ limit }));
		expect(result.error?.message).toMatch(/Limit must be a whole number of 1 or more/);
		expect(scope.isDone()).toBe(false);
	});
});

describe('Chat > Get Messages: odd answers', () => {
	it('an empty first page gives no items, no error, and a hint about multi-device', async () => {
		const scope = servePages([[undefined, []]]);
		const result = await runAction(getMessages({ returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([]);
		expect(scope.isDone()).toBe(true);
		const task = result.run.data.resultData.runData['Z-API'][0];
		expect(task.executionStatus).toBe('success');
		expect(JSON.stringify(task.hints)).toMatch(/Multi-device/i);
	});

	it.each([
		[{ error: 'Multi device not supported' }],
		[{ value: false }],
		['not a list'],
	])('a non-array answer %j fails with an error that mentions multi-device', async (answer) => {
		servePages([[undefined, answer as object]]);
		const result = await runAction(getMessages());
		expect(result.error?.message).toBe('Z-API did not return a list of messages for 5511999999999');
		expect(result.error?.description).toMatch(/multi-device/i);
		expect(result.error?.description).toContain(JSON.stringify(answer).slice(0, 30));
		expect(result.json).toEqual([]);
	});

	it('with Simplify off, passes records through untouched, whatever their content kind', async () => {
		const records = [
			{ messageId: 'A', fromMe: true, text: { message: 'hi', url: 'https://x.y' } },
			{ messageId: 'B', image: { mimeType: 'image/jpeg', imageUrl: 'https://i', thumbnailUrl: 'https://t', caption: '' } },
			{ messageId: 'C', contact: { displayName: 'Ana', vCard: 'BEGIN:VCARD', phones: ['5511'] } },
		];
		servePages([[undefined, records]]);
		const result = await runAction(getMessages({ simplify: false }));
		expect(result.json).toEqual(records);
	});

	it('simplified, each record comes out as the Z-API Trigger shapes a received message: kind, text, content, ISO time', async () => {
		servePages([[undefined, [{ messageId: 'B', momment: 1623008355000, image: { mimeType: 'image/jpeg', imageUrl: 'https://i', caption: 'Box' } }]]]);
		const result = await runAction(getMessages());
		expect(result.json).toEqual([
			{
				event: 'message',
				kind: 'image',
				text: 'Box',
				chatId: null,
				senderId: null,
				instanceId: null,
				messageId: 'B',
				phone: null,
				fromMe: null,
				isGroup: false,
				momment: 1623008355000,
				status: null,
				chatName: null,
				senderName: null,
				senderPhoto: null,
				participantPhone: null,
				photo: null,
				broadcast: null,
				forwarded: null,
				waitingMessage: null,
				referenceMessageId: null,
				fromApi: null,
				sentBy: 'contact',
				isEdit: null,
				isStatusReply: null,
				isNewsletter: null,
				connectedPhone: null,
				chatLid: null,
				senderLid: null,
				participantLid: null,
				messageExpirationSeconds: null,
				timestamp: '2021-06-06T19:39:15.000Z',
				content: { mimeType: 'image/jpeg', imageUrl: 'https://i', caption: 'Box' },
				payload: { messageId: 'B', momment: 1623008355000, image: { mimeType: 'image/jpeg', imageUrl: 'https://i', caption: 'Box' } },
			},
		]);
	});

	it("in a group's history, the sender is the participant and the chat the group, though the records do not say isGroup", async () => {
		const record = { messageId: 'G1', phone: '120363019502650977-group', participantPhone: '5511888888888', fromMe: false, text: { message: 'hello' } };
		servePages([[undefined, [record]]], '120363019502650977-group');
		const result = await runAction(getMessages({ phone: '120363019502650977-group' }));
		expect(result.json.map(({ chatId, senderId, isGroup, text, payload }) => ({ chatId, senderId, isGroup, text, payload }))).toEqual([
			{ chatId: '120363019502650977-group', senderId: '5511888888888', isGroup: true, text: 'hello', payload: record },
		]);
	});
});

describe('Chat: Get Messages in the editor', () => {
	// docs/chats/get-message-chats.md: hidden from the docs' menu, not on multi-device, lastMessageId listed as required.
	it('says, before any run, that the call is not available on multi-device and that the first request has no last message ID', () => {
		const { properties } = new ZApi().description;
		const notice = properties.find((property) => property.name === 'getMessagesNotice');
		expect(notice?.type).toBe('notice');
		expect(notice?.displayOptions?.show).toEqual({ resource: ['chat'], operation: ['getMessages'] });
		expect(notice?.displayName).toMatch(/not available on multi-device instances/);
		expect(notice?.displayName).toMatch(/lists the last message ID as required; the first request goes without one/);
		expect(getMessagesOperation.description).toMatch(/Not available on multi-device instances\.$/);
	});
});
