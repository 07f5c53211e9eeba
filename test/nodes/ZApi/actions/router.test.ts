import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { WorkflowExpression } from 'n8n-workflow';

import { resources } from '../../../../nodes/ZApi/actions/resources';
import { DEFAULT_ITEMS_AT_ONCE } from '../../../../nodes/ZApi/actions/router';
import { INSTANCE_PATH, runAction } from '../../../helpers/engine';
import { exampleOf } from './examples';

const api = () => nock('https://api.z-api.io');
const GROUP = '120363019502650977-group';

/** The records as the service lists them (Simplify off): these tests are about items, not their shape. */
const getMessagesOf = (phone: string) => ({
	resource: 'chat',
	operation: 'getMessages',
	phone,
	returnAll: true,
	simplify: false,
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
				simplify: false,
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

	it('without Continue On Fail, fails with the failing item and starts no item after it', async () => {
		// More items than run at once: the first 8 start together, the rest only as earlier ones
		// finish, and none does once item 1 failed.
		const atOnce = 8;
		const chats = Array.from({ length: atOnce + 4 }, (_, i) => ({ json: { phone: i === 1 ? 'not a phone' : `55119${String(i).padStart(8, '0')}` } }));
		const asked: string[] = [];
		api()
			.persist()
			.get(/\/chat-messages\//)
			.query(true)
			.reply((uri) => {
				asked.push(uri.split('/chat-messages/')[1].split('?')[0]);
				return [200, []];
			});
		const result = await runAction({ ...getMessagesOf('={{ $json.phone }}'), itemsAtOnce: atOnce }, chats);
		expect(result.error?.message).toBe("Phone 'not a phone' is not a phone number");
		expect(result.error?.context?.itemIndex).toBe(1);
		expect(result.json).toEqual([]);
		expect(result.run.data.resultData.runData['Z-API'][0].executionStatus).toBe('error');
		const started = chats.slice(0, atOnce).map((chat) => chat.json.phone).filter((phone) => phone !== 'not a phone');
		expect(asked.sort()).toEqual(started.sort());
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

describe('router: items at once', () => {
	afterEach(() => nock.cleanAll());

	/** A promise and the function that settles it. */
	const deferred = () => {
		let release!: () => void;
		const promise = new Promise<void>((resolve) => (release = resolve));
		return { promise, release };
	};

	/**
	 * Answers Send Text calls, logging each arrival ("A1 arrives") and answer ("A1 answered"),
	 * where the message text names the item. `hold` keeps a message's answer until its promise settles.
	 */
	function sendTextService(hold: Record<string, Promise<void>> = {}, fail: Record<string, number> = {}, answerAfterMs: (message: string) => number = () => 0) {
		const log: string[] = [];
		/** Chats that had a call arrive while another call to them was unanswered. */
		const overlapping = new Set<string>();
		const inFlight = new Set<string>();
		const scope = api()
			.persist()
			.post(`${INSTANCE_PATH}/send-text`)
			.reply(async (_uri, body) => {
				const { message, phone } = body as IDataObject;
				log.push(`${message} arrives`);
				if (inFlight.has(String(phone))) overlapping.add(String(phone));
				inFlight.add(String(phone));
				await hold[String(message)];
				await new Promise((resolve) => setTimeout(resolve, answerAfterMs(String(message))));
				inFlight.delete(String(phone));
				log.push(`${message} answered`);
				if (fail[String(message)]) return [fail[String(message)], { error: 'Bad request' }];
				return [200, { zaapId: `z-${message}`, messageId: `m-${message}`, phone }];
			});
		return { log, overlapping, scope };
	}

	/** Resolves once `seen` holds, or after 3 s so that a run that never overlaps fails on its order. */
	const until = (seen: () => boolean) =>
		new Promise<void>((resolve) => {
			let waiting = true;
			const giveUp = setTimeout(() => (waiting = false), 3000);
			const check = () => {
				if (waiting && !seen()) return void setImmediate(check);
				clearTimeout(giveUp);
				resolve();
			};
			check();
		});

	const send = (message: string, phone: string) => ({ json: { message, phone } });
	const sendText = { resource: 'message', operation: 'sendText', phone: '={{ $json.phone }}', message: '={{ $json.message }}' };

	it('sends to other chats while a call waits, and to the same chat only after the earlier item was answered', async () => {
		const otherChatArrived = deferred();
		const { log } = sendTextService({ A1: otherChatArrived.promise });
		const waiting = runAction(sendText, [send('A1', '5511111111111'), send('A2', '+55 (11) 11111-1111'), send('B1', '5522222222222')]);
		// A1's answer is held until B1 has arrived: only overlapping calls get there.
		await until(() => log.includes('B1 arrives'));
		otherChatArrived.release();
		const result = await waiting;
		expect(result.error).toBeUndefined();
		// A2 goes to the same chat as A1 (written another way): it waits for A1's answer.
		expect(log.filter((entry) => entry.startsWith('A'))).toEqual(['A1 arrives', 'A1 answered', 'A2 arrives', 'A2 answered']);
		expect(log.indexOf('B1 arrives')).toBeLessThan(log.indexOf('A1 answered'));
		// Output in input order, each paired with its item, though B1 was answered first.
		expect(result.items.map((item) => [item.json.messageId, item.pairedItem])).toEqual([
			['m-A1', { item: 0 }],
			['m-A2', { item: 1 }],
			['m-B1', { item: 2 }],
		]);
	});

	it('keeps the item order of many messages to one chat among messages to others', async () => {
		// Answers come back after varying times, so a later call could overtake an earlier one.
		const { log, overlapping } = sendTextService({}, {}, (message) => (Number(message.slice(1)) * 7) % 5);
		const items = Array.from({ length: 3 * 8 }, (_, i) => send(`${'ABC'[i % 3]}${i}`, ['5511111111111', '5522222222222', '5533333333333'][i % 3]));
		const result = await runAction(sendText, items);
		expect(result.error).toBeUndefined();
		for (const chat of 'ABC') {
			const sent = items.map((item) => String(item.json.message)).filter((message) => message.startsWith(chat));
			expect(log.filter((entry) => entry.startsWith(chat) && entry.endsWith('arrives'))).toEqual(sent.map((message) => `${message} arrives`));
		}
		expect([...overlapping]).toEqual([]);
		expect(result.items.map((item) => item.json.messageId)).toEqual(items.map((item) => `m-${item.json.message}`));
		expect(result.items.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
	});

	it('with Continue On Fail, an item failing while others are under way loses none of them', async () => {
		const othersArrived = deferred();
		const { log } = sendTextService({ A1: othersArrived.promise }, { A1: 400 });
		const waiting = runAction(sendText, [send('A1', '5511111111111'), send('B1', '5522222222222'), send('C1', '5533333333333')], { continueOnFail: true });
		await until(() => log.includes('B1 arrives') && log.includes('C1 arrives'));
		othersArrived.release();
		const result = await waiting;
		expect(log.indexOf('C1 arrives')).toBeLessThan(log.indexOf('A1 answered'));
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.error ?? item.json.messageId, item.pairedItem])).toEqual([
			['Z-API rejected the call (400): Bad request', { item: 0 }],
			['m-B1', { item: 1 }],
			['m-C1', { item: 2 }],
		]);
	});

	it('without Continue On Fail, sends nothing more to the chat of a failed item', async () => {
		const otherChatArrived = deferred();
		const { log } = sendTextService({ A1: otherChatArrived.promise }, { A1: 400 });
		const waiting = runAction(sendText, [send('A1', '5511111111111'), send('A2', '5511111111111'), send('B1', '5522222222222')]);
		await until(() => log.includes('B1 arrives'));
		otherChatArrived.release();
		const result = await waiting;
		expect(result.error?.message).toBe('Z-API rejected the call (400): Bad request');
		expect(result.error?.context?.itemIndex).toBe(0);
		expect(log).not.toContain('A2 arrives');
	});

	it('runs the calls on one group one after the other, in item order', async () => {
		const log: string[] = [];
		api()
			.persist()
			.post(`${INSTANCE_PATH}/add-participant`)
			.reply(async (_uri, body) => {
				const [phone] = (body as IDataObject).phones as string[];
				log.push(`${phone} arrives`);
				// Let every other item that could start do so before this one is answered.
				await new Promise((resolve) => setTimeout(resolve, 20));
				log.push(`${phone} answered`);
				return [200, { value: true }];
			});
		const phones = ['5511111111111', '5522222222222', '5533333333333'];
		const result = await runAction(
			{ resource: 'group', operation: 'addParticipants', groupId: '={{ $json.group }}', phones: '={{ $json.phone }}' },
			phones.map((phone, i) => ({ json: { phone, group: i === 1 ? '120363019502650977-group' : ' 120363019502650977-group' } })),
		);
		expect(result.error).toBeUndefined();
		expect(log).toEqual(phones.flatMap((phone) => [`${phone} arrives`, `${phone} answered`]));
	});

	it('runs the items of an operation without a chat or group one after the other', async () => {
		const log: string[] = [];
		api()
			.persist()
			.put(`${INSTANCE_PATH}/update-webhook-message-status`)
			.reply(async (_uri, body) => {
				const { value } = body as IDataObject;
				log.push(`${value} arrives`);
				await new Promise((resolve) => setTimeout(resolve, 20));
				log.push(`${value} answered`);
				return [200, { value: true }];
			});
		const hosts = ['a.example.com', 'b.example.com'];
		const result = await runAction(
			{ resource: 'webhook', operation: 'setStatusUrl', url: '=https://{{ $json.host }}/hook' },
			hosts.map((host) => ({ json: { host } })),
		);
		expect(result.error).toBeUndefined();
		expect(log).toEqual(hosts.flatMap((host) => [`https://${host}/hook arrives`, `https://${host}/hook answered`]));
	});
});

describe('router: ordering by declaration', () => {
	afterEach(() => {
		nock.cleanAll();
		jest.restoreAllMocks();
	});

	/** The operations that act on no one chat or group: their items run one by one. */
	const UNORDERED = [
		'chat:getChats',
		'contact:getContacts',
		'contact:checkNumbers',
		'group:create',
		'group:getMany',
		'group:acceptInvite',
		'instance:getStatus',
		'instance:getQrCode',
		'instance:getDevice',
		'instance:restart',
		'instance:disconnect',
		'webhook:setReceivedUrl',
		'webhook:setStatusUrl',
		// A list of phones, the instance's own phone, or no chat at all.
		'contact:removeFromAddressBook',
		'customApiCall:request',
		'group:previewInvite',
		'instance:getData',
		'instance:getPairingCode',
		'instance:getQrCodeText',
		'instance:rename',
		'instance:restoreSession',
		'instance:updateSettings',
		// The instance's communities and its own privacy settings and catalog: one by one.
		'community:create',
		'community:getMany',
		'community:getMetadata',
		'community:linkGroups',
		'community:unlinkGroups',
		'community:addMembers',
		'community:removeMembers',
		'community:promoteToAdmin',
		'community:demoteAdmin',
		'community:resetInviteLink',
		'community:updateDescription',
		'community:updatePhoto',
		'community:updateSettings',
		'community:deactivate',
		// Channels: one by one, as the communities.
		'channel:create',
		'channel:getMany',
		'channel:getMetadata',
		'channel:search',
		'channel:follow',
		'channel:unfollow',
		'channel:mute',
		'channel:unmute',
		'channel:updateName',
		'channel:updateDescription',
		'channel:updatePicture',
		'channel:updateSettings',
		'channel:acceptAdminInvite',
		'channel:removeAdmin',
		'channel:revokeAdminInvite',
		'channel:transferOwnership',
		'channel:delete',
		'privacy:getDisallowedContacts',
		'privacy:setAboutVisibility',
		'privacy:setGroupAdd',
		'privacy:setLastSeen',
		'privacy:setMessagesDuration',
		'privacy:setOnlineVisibility',
		'privacy:setPhotoVisibility',
		'privacy:setReadReceipts',
		// The account of a mobile instance and the registration of its number: one by one.
		'accountSecurity:getEmail',
		'accountSecurity:setEmail',
		'accountSecurity:verifyEmail',
		'accountSecurity:removeEmail',
		'accountSecurity:getTwoStepStatus',
		'accountSecurity:setTwoStepPin',
		'accountSecurity:removeTwoStepPin',
		'numberRegistration:checkAvailability',
		'numberRegistration:requestCode',
		'numberRegistration:respondCaptcha',
		'numberRegistration:confirmCode',
		'numberRegistration:confirmPin',
		'numberRegistration:recoverPin',
		'numberRegistration:requestUnbanning',
		'product:getMany',
		'product:createOrUpdate',
		'product:delete',
		'product:get',
		'product:getManyOfNumber',
		'product:updateCatalogSettings',
		'collection:addProducts',
		'collection:create',
		'collection:delete',
		'collection:getMany',
		'collection:getProducts',
		'collection:removeProducts',
		'collection:updateName',
		// The instance's business profile and call credentials; a number's business profile is a read.
		'businessProfile:get',
		'businessProfile:getAvailableCategories',
		'businessProfile:updateAddress',
		'businessProfile:updateCategories',
		'businessProfile:updateDescription',
		'businessProfile:updateEmail',
		'businessProfile:updateHours',
		'businessProfile:updateWebsites',
		'call:generateSipToken',
		'call:getCallToken',
		'call:getSipInfo',
		'label:create',
		'label:delete',
		'label:getColors',
		'label:getMany',
		'label:update',
		'profile:updateAbout',
		'profile:updateName',
		'profile:updatePicture',
		'queue:count',
		'queue:delete',
		'queue:deleteAll',
		'queue:getMany',
		'status:postImage',
		'status:postText',
		'status:postVideo',
		'webhook:getWebhooks',
		'webhook:setAllUrls',
		'webhook:setConnectedUrl',
		'webhook:setDisconnectedUrl',
		'webhook:setPresenceUrl',
		'webhook:setReceivedOnlyUrl',
		'webhook:setSendResultUrl',
		'webhook:setSentByMe',
		// The bot's state lives in an n8n data table, not at Z-API: these run one by one.
		'conversation:combineMessages',
		'conversation:getBotState',
		'conversation:pauseBot',
		'conversation:resumeBot',
		// The integrator account's instances, not a chat: one by one.
		'partner:createInstance',
		'partner:getManyInstances',
		'partner:signInstance',
		'partner:cancelInstance',
		'partner:addCalls',
	];
	const operations = resources.flatMap((resource) => resource.operations.map((operation) => ({ resource: resource.value, operation })));

	it('every operation on one chat or group declares the parameter naming it, and no other does', () => {
		const unordered = operations.filter(({ operation }) => !operation.orderedBy).map(({ resource, operation }) => `${resource}:${operation.value}`);
		expect(unordered.sort()).toEqual([...UNORDERED].sort());
		for (const { operation } of operations.filter(({ operation }) => operation.orderedBy)) {
			expect(operation.properties.map((property) => property.name)).toContain(operation.orderedBy);
		}
	});

	const ordered = operations.filter(({ operation }) => operation.orderedBy && !operation.executeAllItems);
	it.each(ordered.map(({ resource, operation }) => [`${resource} > ${operation.name}`, resource, operation.value, operation.orderedBy as string]))(
		'%s evaluates the expression of its chat or group once per item',
		async (_name, resource, operation, orderedBy) => {
			const example = exampleOf(resource, operation);
			for (const method of ['get', 'post', 'put', 'delete'] as const) api().persist()[method](/.*/).reply(200, (example.answer ?? { value: true }) as IDataObject);
			const expression = '={{ $json.chat }}';
			const evaluate = jest.spyOn(WorkflowExpression.prototype, 'getParameterValue');
			const chat = example.parameters[orderedBy];
			const result = await runAction({ resource, operation, ...example.parameters, [orderedBy]: expression }, [{ json: { chat } }, { json: { chat } }]);
			expect(result.error).toBeUndefined();
			expect(evaluate.mock.calls.filter(([value]) => value === expression)).toHaveLength(2);
		},
	);
});

describe('router: Items at Once', () => {
	afterEach(() => nock.cleanAll());

	/** Send Text to `count` chats; resolves with the most calls the service had open at once. */
	async function mostInFlight(count: number, parameters: IDataObject = {}, typeVersion?: number) {
		let open = 0;
		let most = 0;
		api()
			.persist()
			.post(`${INSTANCE_PATH}/send-text`)
			.reply(async () => {
				most = Math.max(most, ++open);
				await new Promise((resolve) => setTimeout(resolve, 30));
				open--;
				return [200, { zaapId: 'z', messageId: 'm' }];
			});
		const items = Array.from({ length: count }, (_, i) => ({ json: { phone: `55119${String(i).padStart(8, '0')}` } }));
		const result = await runAction({ resource: 'message', operation: 'sendText', phone: '={{ $json.phone }}', message: 'hi', ...parameters }, items, { typeVersion });
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(count);
		return most;
	}

	it(`sends up to ${DEFAULT_ITEMS_AT_ONCE} items to different chats at once by default`, async () => {
		expect(DEFAULT_ITEMS_AT_ONCE).toBe(100);
		expect(await mostInFlight(120)).toBe(100);
	});

	it('holds no more calls open than Items at Once', async () => {
		expect(await mostInFlight(12, { itemsAtOnce: 3 })).toBe(3);
	});

	it('a node of version 1.1 takes Items at Once from Options', async () => {
		expect(await mostInFlight(12, { options: { itemsAtOnce: 3 } }, 1.1)).toBe(3);
	});

	it('a node of version 1 keeps the value it saved among the main fields', async () => {
		expect(await mostInFlight(12, { itemsAtOnce: 4 }, 1)).toBe(4);
	});

	it('refuses Items at Once 0 in Options before any request', async () => {
		const scope = api().post(/.*/).reply(200, {});
		const result = await runAction({ resource: 'message', operation: 'sendText', phone: '5511999999999', message: 'hi', options: { itemsAtOnce: 0 } }, undefined, { typeVersion: 1.1 });
		expect(result.error?.message).toBe('Items at Once must be a whole number of 1 or more (got 0)');
		expect(scope.isDone()).toBe(false);
	});

	it.each([[0], [2.5], [-1]])('refuses Items at Once %p before any request', async (itemsAtOnce) => {
		const scope = api().post(/.*/).reply(200, {});
		const result = await runAction({ resource: 'message', operation: 'sendText', phone: '5511999999999', message: 'hi', itemsAtOnce });
		expect(result.error?.message).toBe(`Items at Once must be a whole number of 1 or more (got ${itemsAtOnce})`);
		expect(scope.isDone()).toBe(false);
	});
});

describe('router: errors built from parameter values hold no secret', () => {
	const TOKEN = 'to+k/en= SECRET/7f9a==';
	const CLIENT = 'client-SECRET-token-42';
	it.each([
		['the instance token pasted into a URL field', `token ${TOKEN}`, TOKEN],
		['the client token typed into a URL field', CLIENT, CLIENT],
	])('%s', async (_label, url, secret) => {
		for (const continueOnFail of [false, true]) {
			const result = await runAction({ resource: 'webhook', operation: 'setStatusUrl', url }, undefined, {
				credentials: { instanceToken: TOKEN, clientToken: CLIENT },
				continueOnFail,
			});
			const shown = continueOnFail ? JSON.stringify(result.json) : `${result.error?.message} ${result.error?.description}`;
			expect(shown).toMatch(/Webhook URL|URL/);
			expect(shown).toContain('[redacted]');
			expect(shown).not.toContain(secret);
			const { cause, stack } = (result.error ?? {}) as Error & { cause?: Error };
			expect(`${cause?.message ?? ''} ${cause?.stack ?? ''} ${stack ?? ''}`).not.toContain(secret);
			// The node's parameters, as typed, travel with n8n's error: they are the workflow itself.
			const runData = JSON.stringify(result.run.data, (key, value: unknown) => (key === 'node' ? undefined : value));
			expect(runData).not.toContain(secret);
		}
	});
});
