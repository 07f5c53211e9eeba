import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import nock from 'nock';

import { FakeDataTables } from '../../../../helpers/dataTables';
import { N8N_API_CREDENTIALS, runAction } from '../../../../helpers/engine';
import { ANA, BRUNO, incoming, sentByMe } from './messages';

const TABLE = 'Z-API Conversations';
const combine = (extra: IDataObject = {}) => ({
	resource: 'conversation',
	operation: 'combineMessages',
	quietSeconds: 1,
	maxWaitSeconds: 10,
	...extra,
});

let run = 0;
/** One execution per message, as the trigger starts them: each with its own execution id. */
const execute = async (item: INodeExecutionData, extra: IDataObject = {}) =>
	await runAction(combine(extra), [item], { executionId: `exec-${++run}`, mode: 'webhook' });

const after = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

describe('Conversation > Combine Quick Messages', () => {
	let tables: FakeDataTables;
	beforeEach(() => {
		tables = new FakeDataTables();
	});

	it('turns a burst of one chat into one item: texts in order, ids, kinds, count, first and last time', async () => {
		const messages = [incoming(ANA, 'oi'), incoming(ANA, 'tudo bem'), incoming(ANA, null, { kind: 'sticker' }), incoming(ANA, 'queria saber do meu pedido')];
		const runs = await Promise.all(messages.map(async (message, index) => (await after(index * 150), await execute(message))));
		expect(runs.map((one) => one.error)).toEqual([undefined, undefined, undefined, undefined]);
		const outputs = runs.map((one) => one.json);
		// Exactly one execution goes on: the one of the last message; the others end with no output.
		expect(outputs.map((json) => json.length)).toEqual([0, 0, 0, 1]);
		const [burst] = outputs[3];
		expect(burst).toMatchObject({
			phone: ANA,
			chatId: ANA,
			text: 'oi\ntudo bem\nqueria saber do meu pedido',
			messageIds: messages.map((message) => message.json.messageId),
			kinds: ['text', 'text', 'sticker', 'text'],
			count: 4,
			firstTimestamp: messages[0].json.timestamp,
			lastTimestamp: messages[3].json.timestamp,
			paused: false,
			wentOnBecause: 'quietPeriod',
		});
		expect(burst.payload).toBeUndefined();
		expect((burst.messages as IDataObject[])[2]).toEqual({ messageId: messages[2].json.messageId, kind: 'sticker', text: null, timestamp: messages[2].json.timestamp });
	});

	it('a message dated 10 minutes ahead (a phone whose clock is wrong) goes on after the quiet period, not 10 minutes later', async () => {
		const ahead = Date.now() + 10 * 60_000;
		const message = incoming(ANA, 'oi', { momment: ahead, timestamp: new Date(ahead).toISOString() });
		const started = Date.now();
		const result = await execute(message);
		expect(result.json).toEqual([expect.objectContaining({ text: 'oi', count: 1 })]);
		expect(Date.now() - started).toBeLessThan(5_000);
	});

	describe("a burst's files reach the next node stored in the execution that goes on", () => {
		const MEDIA = 'https://mmg.whatsapp.example/media';
		const PHOTO = Buffer.from('\xff\xd8\xff\xe0 a photo of the parcel', 'latin1');
		/** A file of the trigger's Download Media, stored under the execution that received it: n8n renames or deletes it later. */
		const storedElsewhere = (name: string) => ({ id: `filesystem-v2:workflows/wf1/executions/temp/binary_data/${name}`, data: 'filesystem-v2', mimeType: 'image/jpeg', fileName: `${name}.jpg` });
		const photoMessage = (name: string, address: string | null = `${MEDIA}/${name}.jpg`) => ({
			...incoming(ANA, 'olha essa', {
				kind: 'image',
				content: { imageUrl: address, mimeType: 'image/jpeg', caption: 'olha essa' },
				media: { downloaded: true, binaryProperty: 'data', fileName: `${name}.jpg`, mimeType: 'image/jpeg', fileSize: PHOTO.length },
			}),
			binary: { data: storedElsewhere(name) },
		});
		const bytesOf = (file: IDataObject | undefined) => Buffer.from(String(file?.data), 'base64');

		afterEach(() => nock.cleanAll());

		it('a photo and a text: the photo is downloaded again from its address and stored by this execution', async () => {
			const served = nock(MEDIA).get('/a.jpg').reply(200, PHOTO, { 'content-type': 'image/jpeg' });
			const runs = await Promise.all([execute(photoMessage('a')), (async () => (await after(150), await execute(incoming(ANA, 'o que é isso?'))))()]);
			expect(runs.map((one) => one.error?.message)).toEqual([undefined, undefined]);
			const [burst] = runs.flatMap((one) => one.items);
			expect(burst.json).toMatchObject({ count: 2, kinds: ['image', 'text'], text: 'olha essa\no que é isso?' });
			expect(burst.json.missingFiles).toBeUndefined();
			expect(Object.keys(burst.binary ?? {})).toEqual(['data']);
			// Not the other execution's reference: the bytes themselves, in this execution's storage.
			expect(burst.binary?.data.id).toBeUndefined();
			expect(burst.binary?.data).toMatchObject({ mimeType: 'image/jpeg', fileName: 'a.jpg' });
			expect(bytesOf(burst.binary?.data as unknown as IDataObject)).toEqual(PHOTO);
			expect(served.isDone()).toBe(true);
		});

		it('two photos: each its own file (the second data_2); the last one, this execution\'s own, is not downloaded', async () => {
			nock(MEDIA).get('/a.jpg').reply(200, PHOTO, { 'content-type': 'image/jpeg' });
			const first = photoMessage('a');
			const own = { ...photoMessage('b'), binary: { data: { data: Buffer.from('the second photo').toString('base64'), mimeType: 'image/jpeg', fileName: 'b.jpg' } } };
			const runs = await Promise.all([execute(first), (async () => (await after(150), await execute(own)))()]);
			const [burst] = runs.flatMap((one) => one.items);
			expect(Object.keys(burst.binary ?? {})).toEqual(['data', 'data_2']);
			expect(bytesOf(burst.binary?.data as unknown as IDataObject)).toEqual(PHOTO);
			expect(bytesOf(burst.binary?.data_2 as unknown as IDataObject).toString()).toBe('the second photo');
			// Every download asked for was made, and no other (n8n's API is caught separately).
			expect(nock.pendingMocks().filter((mock) => !mock.includes('data-tables'))).toEqual([]);
		});

		it('a file gone from its address: the burst goes on without it, missingFiles says which and why', async () => {
			nock(MEDIA).get('/a.jpg').reply(410);
			const photo = photoMessage('a');
			const runs = await Promise.all([execute(photo), (async () => (await after(150), await execute(incoming(ANA, 'viu?'))))()]);
			const [burst] = runs.flatMap((one) => one.items);
			expect(burst.binary).toBeUndefined();
			expect(burst.json.missingFiles).toEqual([
				{ messageId: photo.json.messageId, binaryProperty: 'data', message: expect.stringMatching(/no longer at its address \(HTTP 410\).*30 days/) },
			]);
		});

		it('a file with no address (put on the item by another node): left out with the reason, no request made', async () => {
			const photo = photoMessage('a', null);
			const runs = await Promise.all([execute(photo), (async () => (await after(150), await execute(incoming(ANA, 'viu?'))))()]);
			const [burst] = runs.flatMap((one) => one.items);
			expect(burst.json.text).toBe('olha essa\nviu?');
			expect(burst.json.missingFiles).toEqual([
				{ messageId: photo.json.messageId, binaryProperty: 'data', message: 'n8n no longer holds the file, and the message carries no address to download it again.' },
			]);
		});
	});

	describe('each execution says what it did, in the executions list (custom data) and, without output, in a hint', () => {
		const customData = (one: Awaited<ReturnType<typeof execute>>) => one.run.data.resultData.metadata;
		const hints = (one: Awaited<ReturnType<typeof execute>>) => (one.run.data.resultData.runData['Z-API']?.[0]?.hints ?? []).map((hint) => hint.message);

		it('the burst: answered N; the others: joined a later burst', async () => {
			const runs = await Promise.all([incoming(ANA, 'oi'), incoming(ANA, 'tudo bem?'), incoming(ANA, 'é o 123')].map(async (message, index) => (await after(index * 150), await execute(message))));
			expect(runs.map(customData)).toEqual([
				{ zapi_bot: 'Joined a later burst: the execution of its last message goes on with it', zapi_chat: ANA },
				{ zapi_bot: 'Joined a later burst: the execution of its last message goes on with it', zapi_chat: ANA },
				{ zapi_bot: 'Answered a burst of 3 messages', zapi_chat: ANA },
			]);
			expect(runs.map(hints)).toEqual([['Joined a later burst: the execution of its last message goes on with it'], ['Joined a later burst: the execution of its last message goes on with it'], []]);
			expect((await execute(incoming(BRUNO, 'oi'))).run.data.resultData.metadata).toEqual({ zapi_bot: 'Answered 1 message', zapi_chat: BRUNO });
		});

		it('a person answering, the bot off, the words, the bot\'s own message', async () => {
			const person = await execute(sentByMe(ANA, 'Oi Ana, aqui é a Carla', false));
			expect(customData(person)).toEqual({ zapi_bot: 'Paused: a person answered from the phone', zapi_chat: ANA });
			expect(hints(person)).toEqual(['Paused: a person answered from the phone']);
			expect(customData(await execute(incoming(ANA, 'obrigada')))).toEqual({ zapi_bot: 'Bot paused in this chat: not answered', zapi_chat: ANA });
			const marked = await execute(incoming(ANA, 'oi?'), { options: { whilePaused: 'markPaused' } });
			expect(customData(marked)).toEqual({ zapi_bot: 'Bot paused in this chat: passed on marked', zapi_chat: ANA });
			expect(hints(marked)).toEqual([]);
			expect(customData(await execute(sentByMe(ANA, '#bot on', false)))).toEqual({ zapi_bot: 'Resumed by the resume words', zapi_chat: ANA });
			expect(customData(await execute(sentByMe(BRUNO, '#bot off', true)))).toEqual({ zapi_bot: 'Paused by the pause words', zapi_chat: BRUNO });
			expect(customData(await execute(sentByMe(ANA, 'Resposta do bot', true)))).toEqual({ zapi_bot: 'A message sent by me: not answered', zapi_chat: ANA });
		});
	});

	it('keeps chats apart: five messages of one person and two of another give two items, each with its whole burst', async () => {
		const ana = [1, 2, 3, 4, 5].map((n) => incoming(ANA, `ana ${n}`));
		const bruno = [1, 2].map((n) => incoming(BRUNO, `bruno ${n}`));
		const all = [ana[0], bruno[0], ana[1], ana[2], bruno[1], ana[3], ana[4]];
		const runs = await Promise.all(all.map(async (message, index) => (await after(index * 100), await execute(message))));
		const bursts = runs.flatMap((one) => one.json);
		expect(bursts.map((burst) => [burst.chatId, burst.count, burst.text]).sort()).toEqual([
			[ANA, 5, 'ana 1\nana 2\nana 3\nana 4\nana 5'],
			[BRUNO, 2, 'bruno 1\nbruno 2'],
		]);
	});

	it('two processes claiming at the same moment: the one whose claim lands second gets nothing and ends quietly', async () => {
		const message = incoming(ANA, 'oi');
		// Another process's claim of the same rows lands just before this one's.
		tables.beforeUpdate = (fake) => {
			fake.updateRows(TABLE, (row) => row.kind === 'message' && !row.claimedBy, { claimedBy: 'exec-other:1' });
			tables.beforeUpdate = undefined;
		};
		const result = await execute(message);
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([]);
		expect(tables.rowsOf(TABLE).filter((row) => row.kind === 'message').map((row) => row.claimedBy)).toEqual(['exec-other:1']);
	});

	it('messages racing a send-at-once claim each go in exactly one burst', async () => {
		const first = incoming(ANA, 'pode me ajudar?');
		const second = incoming(ANA, 'é urgente?');
		const runs = await Promise.all([execute(first, { options: { sendAtOnce: ['question'] } }), execute(second, { options: { sendAtOnce: ['question'] } })]);
		const ids = runs.flatMap((one) => one.json).flatMap((burst) => burst.messageIds as string[]);
		expect(ids.sort()).toEqual([first.json.messageId, second.json.messageId].sort());
	});

	it('two copies of a message at once give one item counting it once; a late copy starts nothing', async () => {
		const message = incoming(ANA, 'oi');
		const copy = structuredClone(message);
		const runs = await Promise.all([execute(message), execute(copy)]);
		const bursts = runs.flatMap((one) => one.json);
		expect(bursts).toHaveLength(1);
		expect(bursts[0]).toMatchObject({ count: 1, text: 'oi' });
		const late = await execute(structuredClone(message));
		expect(late.error).toBeUndefined();
		expect(late.json).toEqual([]);
	});

	it('n8n restarted in the middle of a burst: the messages left behind go with the chat’s next burst', async () => {
		await execute(incoming(BRUNO, 'creates the table'));
		const left = incoming(ANA, 'mensagem antes do reinício');
		tables.insertRow(TABLE, {
			chatId: ANA,
			kind: 'message',
			messageId: String(left.json.messageId),
			// Past Maximum Wait and two minutes more: no execution of it can still be on its way.
			arrivedAt: Date.now() - 10_000 - 2 * 60_000 - 1000,
			createdAt: new Date(Date.now() - 10_000 - 2 * 60_000 - 1000).toISOString(),
			claimedBy: null,
			item: JSON.stringify({ json: { ...left.json, payload: undefined }, time: Date.parse(String(left.json.timestamp)) }),
		});
		const next = await execute(incoming(ANA, 'e agora?'));
		expect(next.json).toHaveLength(1);
		expect(next.json[0]).toMatchObject({ count: 2, text: 'mensagem antes do reinício\ne agora?' });
	});

	it('Maximum Wait bounds a person who never stops typing', async () => {
		const started = Date.now();
		const runs: Array<Promise<Awaited<ReturnType<typeof execute>>>> = [];
		// A message every 600 ms for 3 s, quiet period 1 s, maximum wait 2 s.
		for (let n = 0; n < 5; n++) {
			runs.push(execute(incoming(ANA, `parte ${n}`), { maxWaitSeconds: 2 }));
			await after(600);
		}
		const done = await Promise.all(runs);
		const bursts = done.flatMap((one) => one.json);
		expect(bursts.length).toBeGreaterThanOrEqual(2);
		expect(bursts.reduce((sum, burst) => sum + Number(burst.count), 0)).toBe(5);
		expect(Date.now() - started).toBeLessThan(8000);
	});

	it('a button reply goes on at once when the rule says so', async () => {
		const started = Date.now();
		const result = await execute(incoming(ANA, 'Sim', { kind: 'buttonsResponse' }), { quietSeconds: 5, options: { sendAtOnce: ['buttonReply'] } });
		expect(result.json).toHaveLength(1);
		expect(Date.now() - started).toBeLessThan(2000);
	});

	describe('going on before quiet, and saying why (wentOnBecause)', () => {
		/** Runs the messages 150 ms apart, each its own execution; resolves with every output and when each ended. */
		const typing = async (messages: INodeExecutionData[], extra: IDataObject) => {
			const started = Date.now();
			return await Promise.all(
				messages.map(async (message, index) => {
					await after(index * 150);
					const result = await execute(message, extra);
					return { json: result.json, error: result.error, endedAfter: Date.now() - started };
				}),
			);
		};

		it('Max Messages 3: the third message goes on at once with the three; the fourth starts a burst of its own', async () => {
			const messages = ['oi', 'quero', 'um bolo', 'de chocolate'].map((text) => incoming(ANA, text));
			const runs = await typing(messages, { quietSeconds: 3, options: { maxMessages: 3 } });
			expect(runs.map((one) => one.json.length)).toEqual([0, 0, 1, 1]);
			expect(runs[2].json[0]).toMatchObject({ text: 'oi\nquero\num bolo', count: 3, wentOnBecause: 'maxMessages' });
			// At once: well before the 3 s quiet period after the third message.
			expect(runs[2].endedAfter).toBeLessThan(2000);
			expect(runs[3].json[0]).toMatchObject({ text: 'de chocolate', count: 1, wentOnBecause: 'quietPeriod' });
		});

		it('a word the shop chose ends the burst at once, with the messages before it', async () => {
			const messages = [incoming(ANA, 'meu pedido não chegou'), incoming(ANA, 'Quero falar com um ATENDENTE!')];
			const runs = await typing(messages, { quietSeconds: 3, options: { goOnWords: 'atendente, humano' } });
			expect(runs.map((one) => one.json.length)).toEqual([0, 1]);
			expect(runs[1].json[0]).toMatchObject({ count: 2, text: 'meu pedido não chegou\nQuero falar com um ATENDENTE!', wentOnBecause: 'keyword' });
			expect(runs[1].endedAfter).toBeLessThan(2000);
		});

		it('a pattern ends the burst at once; a text it does not match waits for quiet', async () => {
			const cep = await typing([incoming(ANA, '01310-100')], { quietSeconds: 3, options: { goOnPattern: '^\\d{5}-?\\d{3}$' } });
			expect(cep[0].json[0]).toMatchObject({ text: '01310-100', wentOnBecause: 'keyword' });
			expect(cep[0].endedAfter).toBeLessThan(2000);
			const other = await typing([incoming(BRUNO, 'meu cep é 01310')], { quietSeconds: 1, options: { goOnPattern: '^\\d{5}-?\\d{3}$' } });
			expect(other[0].json[0]).toMatchObject({ wentOnBecause: 'quietPeriod' });
			expect(other[0].endedAfter).toBeGreaterThanOrEqual(900);
		});

		it('the question rule and the button rule say keyword and buttonReply', async () => {
			const question = await execute(incoming(ANA, 'tem de morango?'), { quietSeconds: 5, options: { sendAtOnce: ['question', 'buttonReply'] } });
			const button = await execute(incoming(BRUNO, 'Sim', { kind: 'buttonsResponse' }), { quietSeconds: 5, options: { sendAtOnce: ['question', 'buttonReply'] } });
			expect([question.json[0]?.wentOnBecause, button.json[0]?.wentOnBecause]).toEqual(['keyword', 'buttonReply']);
		});

		it("Answer First Message At Once: a chat's first message goes on alone at once; the next ones are combined", async () => {
			const extra = { quietSeconds: 2, options: { firstMessageAtOnce: true } };
			const runs = await typing([incoming(ANA, 'oi'), incoming(ANA, 'queria um bolo'), incoming(ANA, 'de chocolate')], extra);
			expect(runs.map((one) => one.json.length)).toEqual([1, 0, 1]);
			expect(runs[0].json[0]).toMatchObject({ text: 'oi', count: 1, wentOnBecause: 'firstMessage' });
			expect(runs[0].endedAfter).toBeLessThan(1500);
			expect(runs[2].json[0]).toMatchObject({ text: 'queria um bolo\nde chocolate', count: 2, wentOnBecause: 'quietPeriod' });
		});

		it('Answer First Message At Once: a message an hour after the last one opens a new conversation; one 10 minutes after does not', async () => {
			await execute(incoming(BRUNO, 'creates the table'));
			const recent = (minutes: number, text: string) => {
				tables.insertRow(TABLE, { chatId: ANA, kind: 'message', messageId: `old-${minutes}`, arrivedAt: Date.now() - minutes * 60_000, claimedBy: 'exec-old:1', item: '{}' });
				return incoming(ANA, text);
			};
			const extra = { quietSeconds: 1, options: { firstMessageAtOnce: true, newConversationMinutes: 60 } };
			const afterAnHour = await execute(recent(61, 'voltei'), extra);
			expect(afterAnHour.json[0]).toMatchObject({ text: 'voltei', wentOnBecause: 'firstMessage' });
			const afterTenMinutes = await execute(recent(10, 'mais uma coisa'), extra);
			expect(afterTenMinutes.json[0]).toMatchObject({ text: 'mais uma coisa', wentOnBecause: 'quietPeriod' });
		});

		it('a person writing every second is answered at Maximum Wait, not Quiet Period after their last message', async () => {
			// Quiet Period 2 s, Maximum Wait 3 s: the messages at 0, 0.9, 1.8 and 2.7 s make the first burst.
			const started = Date.now();
			const runs: Array<Promise<{ json: IDataObject[]; endedAfter: number }>> = [];
			for (let n = 0; n < 6; n++) {
				const message = incoming(ANA, `parte ${n}`);
				runs.push(execute(message, { quietSeconds: 2, maxWaitSeconds: 3 }).then((result) => ({ json: result.json, endedAfter: Date.now() - started })));
				await after(900);
			}
			const done = await Promise.all(runs);
			const cut = done.find((one) => one.json.length && one.json[0].wentOnBecause === 'maximumWait');
			expect(cut?.json[0]).toMatchObject({ text: 'parte 0\nparte 1\nparte 2\nparte 3', wentOnBecause: 'maximumWait' });
			// At Maximum Wait (3 s), when the execution of the message at 1.8 s looks; before: Quiet Period after the last, 4.7 s.
			expect(cut!.endedAfter).toBeLessThan(4300);
			expect(done.flatMap((one) => one.json).reduce((sum, burst) => sum + Number(burst.count), 0)).toBe(6);
		});

		it('Maximum Wait says so on the burst it cut', async () => {
			const runs: Array<Promise<Awaited<ReturnType<typeof execute>>>> = [];
			for (let n = 0; n < 4; n++) {
				runs.push(execute(incoming(ANA, `parte ${n}`), { maxWaitSeconds: 1 }));
				await after(400);
			}
			const bursts = (await Promise.all(runs)).flatMap((one) => one.json);
			expect(bursts[0]).toMatchObject({ wentOnBecause: 'maximumWait' });
		});

		it('a pattern that is not a regular expression, or Max Messages below 0, is refused before any call to n8n', async () => {
			const pattern = await execute(incoming(ANA, 'oi'), { options: { goOnPattern: '(atendente' } });
			expect(pattern.error?.message).toMatch(/^Go On At Once Pattern is not a regular expression: .*Unterminated group/);
			expect((pattern.error as { description?: string }).description).toMatch(/atendente\|humano/);
			const max = await execute(incoming(ANA, 'oi'), { options: { maxMessages: -1 } });
			expect(max.error?.message).toBe('Max Messages must be a whole number, 0 or more (got -1)');
			expect(tables.requests).toEqual([]);
		});
	});

	it('refuses an item that is not a message, and a quiet period out of range, before any call to n8n', async () => {
		const notMessage = await execute({ json: { event: 'status', kind: 'READ' } });
		expect(notMessage.error?.message).toBe('This item is not a chat message');
		const tooLong = await execute(incoming(ANA, 'oi'), { quietSeconds: 120 });
		expect(tooLong.error?.message).toBe('Quiet Period must be from 1 to 60 seconds (got 120)');
		expect(tables.requests).toEqual([]);
	});

	describe('a person takes over', () => {
		it('a message sent from the phone pauses the bot in that chat, not in others', async () => {
			const human = await execute(sentByMe(ANA, 'Oi Ana, aqui é a Carla', false));
			expect(human.json).toEqual([]);
			const ana = await execute(incoming(ANA, 'obrigada'));
			const bruno = await execute(incoming(BRUNO, 'oi'));
			expect(ana.json).toEqual([]);
			expect(bruno.json).toHaveLength(1);
			const pause = tables.rowsOf(TABLE).find((row) => row.kind === 'pause');
			expect(pause).toMatchObject({ chatId: ANA, pausedBy: 'personReplied' });
			// 30 minutes by default.
			expect(Number(pause?.pausedUntil) - Date.now()).toBeGreaterThan(29 * 60_000);
			expect(Number(pause?.pausedUntil) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
		});

		it('reads fromApi from the delivery when the item does not carry it', async () => {
			await execute(sentByMe(ANA, 'Oi, sou eu', false, 'payload'));
			expect((await execute(incoming(ANA, 'oi'))).json).toEqual([]);
		});

		it('a message sent by me whose delivery does not say fromApi pauses nothing', async () => {
			const unknown = incoming(ANA, 'Oi', { fromMe: true });
			delete (unknown.json.payload as IDataObject).fromApi;
			expect((await execute(unknown)).json).toEqual([]);
			expect((await execute(incoming(ANA, 'oi'))).json).toHaveLength(1);
		});

		it('the first burst of many chats at once creates one table, whoever loses the race', async () => {
			const runs = await Promise.all([ANA, BRUNO, '5531933333333'].map(async (phone) => await execute(incoming(phone, 'oi'))));
			expect(runs.map((one) => one.error?.message)).toEqual([undefined, undefined, undefined]);
			expect(runs.map((one) => one.json.length)).toEqual([1, 1, 1]);
			expect(tables.tables.size).toBe(1);
		});

		it("the bot's own messages (sent through the API) neither pause nor start anything", async () => {
			const own = await execute(sentByMe(ANA, 'Resposta do bot', true));
			expect(own.json).toEqual([]);
			expect((await execute(incoming(ANA, 'oi'))).json).toHaveLength(1);
		});

		it('pause and resume words from the phone; the same words from the other person do nothing', async () => {
			await execute(sentByMe(ANA, '#BOT OFF', true));
			expect((await execute(incoming(ANA, 'alguém?'))).json).toEqual([]);
			await execute(incoming(ANA, '#bot on'));
			expect((await execute(incoming(ANA, 'alô?'))).json).toEqual([]);
			await execute(sentByMe(ANA, ' #bot on ', true));
			expect((await execute(incoming(ANA, 'voltou?'))).json).toHaveLength(1);
		});

		it('Pass Them On Marked: a paused chat’s messages go on at once, uncombined, marked', async () => {
			await execute(sentByMe(ANA, 'Oi', false));
			const marked = await execute(incoming(ANA, 'oi'), { options: { whilePaused: 'markPaused' } });
			expect(marked.json).toHaveLength(1);
			expect(marked.json[0]).toMatchObject({ text: 'oi', paused: true, pausedBy: 'personReplied' });
			expect(typeof marked.json[0].pausedUntil).toBe('string');
		});

		it('Pause When a Person Answers off: a person’s message pauses nothing', async () => {
			await execute(sentByMe(ANA, 'Oi', false), { options: { pauseOnPersonReply: false } });
			expect((await execute(incoming(ANA, 'oi'))).json).toHaveLength(1);
		});
	});

	it('uses the API key as a header only: it reaches no output', async () => {
		const result = await execute(incoming(ANA, 'oi'));
		expect(JSON.stringify(result.run.data)).not.toContain(N8N_API_CREDENTIALS.apiKey);
	});
});

describe('Conversation on n8n 1.x', () => {
	it('fails with a message saying n8n 2.0 is needed', async () => {
		new FakeDataTables({ n8nLine: 1 });
		const result = await runAction(combine(), [incoming(ANA, 'oi')]);
		expect(result.error?.message).toBe('This n8n serves no data tables on its API: conversation features need n8n 2.0 or later');
		expect(result.error?.description).toMatch(/Update n8n/);
	});
});
