import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { INSTANCE_PATH, runAction } from '../../../helpers/engine';

const api = () => nock('https://api.z-api.io');
const GROUP = '120363019502650977-group';

const getMessagesOf = (phone: string) => ({
	resource: 'chat',
	operation: 'getMessages',
	phone,
	returnAll: true,
});

describe('router: one run per input item', () => {
	it('evaluates expressions per item and pairs every output with its input item', async () => {
		const scope = api()
			.get(`${INSTANCE_PATH}/chat-messages/5511111111111`)
			.query({ amount: '10' })
			.reply(200, [{ messageId: 'a1' }, { messageId: 'a2' }])
			.get(`${INSTANCE_PATH}/chat-messages/5522222222222`)
			.query({ amount: '10' })
			.reply(200, [])
			.get(`${INSTANCE_PATH}/chat-messages/${GROUP}`)
			.query({ amount: '10' })
			.reply(200, [{ messageId: 'c1' }]);
		const result = await runAction(getMessagesOf('={{ $json.phone }}'), [
			{ json: { phone: '+55 11 11111-1111' } },
			{ json: { phone: '5522222222222' } },
			{ json: { phone: GROUP } },
		]);
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			{ json: { messageId: 'a1' }, pairedItem: { item: 0 } },
			{ json: { messageId: 'a2' }, pairedItem: { item: 0 } },
			{ json: { messageId: 'c1' }, pairedItem: { item: 2 } },
		]);
		expect(scope.isDone()).toBe(true);
	});

	it('runs every item, not only the first (webhook URL per item)', async () => {
		const scope = api()
			.put(`${INSTANCE_PATH}/update-webhook-message-status`, { value: 'https://a.example.com/hook' })
			.reply(200, { value: true })
			.put(`${INSTANCE_PATH}/update-webhook-message-status`, { value: 'https://b.example.com/hook' })
			.reply(200, { value: true });
		const result = await runAction(
			{ resource: 'webhook', operation: 'setStatusUrl', url: '=https://{{ $json.host }}/hook' },
			[{ json: { host: 'a.example.com' } }, { json: { host: 'b.example.com' } }],
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			{ json: { webhook: 'messageStatus', url: 'https://a.example.com/hook', success: true }, pairedItem: { item: 0 } },
			{ json: { webhook: 'messageStatus', url: 'https://b.example.com/hook', success: true }, pairedItem: { item: 1 } },
		]);
		expect(scope.isDone()).toBe(true);
	});

	it('reads every parameter at its own item, not at item 0', async () => {
		const scope = api()
			.get(`${INSTANCE_PATH}/chat-messages/5511111111111`)
			.query({ amount: '2' })
			.reply(200, [{ messageId: 'a1' }])
			.get(`${INSTANCE_PATH}/chat-messages/5522222222222`)
			.query({ amount: '5', lastMessageId: 'x9' })
			.reply(200, [{ messageId: 'b1' }]);
		const result = await runAction(
			{
				resource: 'chat',
				operation: 'getMessages',
				phone: '={{ $json.phone }}',
				returnAll: false,
				limit: '={{ $json.limit }}',
				options: { pageSize: '={{ $json.size }}', lastMessageId: '={{ $json.after }}' },
			},
			[
				{ json: { phone: '5511111111111', limit: 5, size: 2, after: '' } },
				{ json: { phone: '5522222222222', limit: 7, size: 5, after: 'x9' } },
			],
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			{ json: { messageId: 'a1' }, pairedItem: { item: 0 } },
			{ json: { messageId: 'b1' }, pairedItem: { item: 1 } },
		]);
		expect(scope.isDone()).toBe(true);
	});
});

describe('router: failures', () => {
	const threeChats = [
		{ json: { phone: '5511111111111' } },
		{ json: { phone: 'not a phone' } },
		{ json: { phone: '5533333333333' } },
	];

	it('without Continue On Fail, stops at the failing item and names it', async () => {
		const first = api()
			.get(`${INSTANCE_PATH}/chat-messages/5511111111111`)
			.query({ amount: '10' })
			.reply(200, [{ messageId: 'a1' }]);
		const third = api().get(`${INSTANCE_PATH}/chat-messages/5533333333333`).query(true).reply(200, []);
		const result = await runAction(getMessagesOf('={{ $json.phone }}'), threeChats);
		expect(result.error?.message).toBe("Phone 'not a phone' is not a phone number");
		expect(result.error?.context?.itemIndex).toBe(1);
		expect(result.json).toEqual([]);
		expect(result.run.data.resultData.runData['Z-API'][0].executionStatus).toBe('error');
		expect(first.isDone()).toBe(true);
		expect(third.isDone()).toBe(false);
	});

	it('without Continue On Fail, a service error names the item too', async () => {
		api()
			.get(`${INSTANCE_PATH}/chat-messages/5511111111111`)
			.query(true)
			.reply(200, [])
			.get(`${INSTANCE_PATH}/chat-messages/5522222222222`)
			.query(true)
			.reply(401, { error: 'Unauthorized' });
		const result = await runAction(getMessagesOf('={{ $json.phone }}'), [
			{ json: { phone: '5511111111111' } },
			{ json: { phone: '5522222222222' } },
		]);
		expect(result.error?.message).toBe('Z-API did not recognise the instance ID or instance token (401)');
		expect(result.error?.context?.itemIndex).toBe(1);
	});

	it('with Continue On Fail, the failing item becomes an error item and the others go on', async () => {
		const scope = api()
			.get(`${INSTANCE_PATH}/chat-messages/5511111111111`)
			.query({ amount: '10' })
			.reply(200, [{ messageId: 'a1' }])
			.get(`${INSTANCE_PATH}/chat-messages/5533333333333`)
			.query({ amount: '10' })
			.reply(200, [{ messageId: 'c1' }, { messageId: 'c2' }]);
		const result = await runAction(getMessagesOf('={{ $json.phone }}'), threeChats, { continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			{ json: { messageId: 'a1' }, pairedItem: { item: 0 } },
			{
				json: {
					error: "Phone 'not a phone' is not a phone number",
					details: expect.stringContaining('country code'),
				},
				pairedItem: { item: 1 },
			},
			{ json: { messageId: 'c1' }, pairedItem: { item: 2 } },
			{ json: { messageId: 'c2' }, pairedItem: { item: 2 } },
		]);
		expect(scope.isDone()).toBe(true);
	});

	it('with Continue On Fail, service errors of several items each become an error item', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/add-admin`, { groupId: GROUP, phones: ['5511111111111'] })
			.reply(404, { error: 'Not Found' })
			.post(`${INSTANCE_PATH}/add-admin`, { groupId: GROUP, phones: ['5522222222222'] })
			.reply(200, { value: true })
			.post(`${INSTANCE_PATH}/add-admin`, { groupId: GROUP, phones: ['5533333333333'] })
			.reply(405, '');
		const result = await runAction(
			{ resource: 'group', operation: 'promoteToAdmin', groupId: GROUP, phones: '={{ $json.phone }}' },
			[{ json: { phone: '5511111111111' } }, { json: { phone: '5522222222222' } }, { json: { phone: '5533333333333' } }],
			{ continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(result.json.map((json: IDataObject) => json.error ?? json.success)).toEqual([
			'Z-API did not recognise the instance ID or instance token (404)',
			true,
			'Z-API refused the HTTP method of this call (405)',
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(scope.isDone()).toBe(true);
	});

	it('refuses an unknown operation, naming it', async () => {
		const result = await runAction({ resource: 'chat', operation: 'sendText' }, [{ json: {} }], { continueOnFail: true });
		expect(result.json).toEqual([{ error: "The operation 'sendText' of 'chat' is not supported" }]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});
});
