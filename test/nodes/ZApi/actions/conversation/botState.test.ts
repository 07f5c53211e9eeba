import nock from 'nock';

import { FakeDataTables } from '../../../../helpers/dataTables';
import { N8N_API_CREDENTIALS, runAction } from '../../../../helpers/engine';
import { echoedForms, holdsSecret } from '../../../../helpers/secrets';
import { ANA, BRUNO, incoming } from './messages';

const state = (operation: string, chatId: string, extra = {}) => runAction({ resource: 'conversation', operation, chatId, ...extra });

describe('Conversation > Pause Bot, Resume Bot, Get Bot State', () => {
	let tables: FakeDataTables;
	beforeEach(() => {
		tables = new FakeDataTables();
	});

	it('a chat nobody paused: the bot answers', async () => {
		const result = await state('getBotState', ANA);
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ chatId: ANA, paused: false, pausedUntil: null, untilResumed: false, pausedBy: null }]);
	});

	it('pauses one chat for the minutes given, not the others; resuming lets the bot answer again', async () => {
		const before = Date.now();
		const paused = await state('pauseBot', ANA, { minutes: 45 });
		expect(paused.json[0]).toMatchObject({ chatId: ANA, paused: true, untilResumed: false, pausedBy: 'pauseBot' });
		const until = Date.parse(String(paused.json[0].pausedUntil));
		expect(until - before).toBeGreaterThanOrEqual(45 * 60_000);
		expect(until - before).toBeLessThan(45 * 60_000 + 5000);

		expect((await state('getBotState', ANA)).json[0]).toMatchObject({ paused: true, pausedUntil: paused.json[0].pausedUntil });
		expect((await state('getBotState', BRUNO)).json[0]).toMatchObject({ paused: false });
		// Combine Quick Messages sees the same pause.
		expect((await runAction({ resource: 'conversation', operation: 'combineMessages', quietSeconds: 1 }, [incoming(ANA, 'oi')])).json).toEqual([]);

		expect((await state('resumeBot', ANA)).json[0]).toMatchObject({ chatId: ANA, paused: false });
		expect((await state('getBotState', ANA)).json[0]).toMatchObject({ paused: false });
		expect((await runAction({ resource: 'conversation', operation: 'combineMessages', quietSeconds: 1 }, [incoming(ANA, 'oi de novo')])).json).toHaveLength(1);
	});

	it("reads the chat's pause alone: after 300 remembered messages it still costs one request", async () => {
		await state('getBotState', ANA);
		for (let n = 0; n < 300; n++) tables.insertRow('Z-API Conversations', { chatId: ANA, kind: 'message', messageId: `M${n}`, arrivedAt: Date.now(), claimedBy: 'exec-1:1' });
		tables.insertRow('Z-API Conversations', { chatId: ANA, kind: 'pause', pausedUntil: Date.now() + 60_000, pausedBy: 'pauseBot' });
		const before = tables.requests.length;
		expect((await state('getBotState', ANA)).json[0]).toMatchObject({ paused: true, pausedBy: 'pauseBot' });
		// The remembered messages are not read: the cost does not grow with the chat's history.
		expect(tables.requests.slice(before).filter((request) => request.endsWith('/rows'))).toHaveLength(1);
	});

	it('0 minutes pauses until resumed', async () => {
		await state('pauseBot', ANA, { minutes: 0 });
		expect((await state('getBotState', ANA)).json[0]).toEqual({ chatId: ANA, paused: true, pausedUntil: null, untilResumed: true, pausedBy: 'pauseBot' });
	});

	it('the chat comes from the trigger item by default', async () => {
		const result = await runAction({ resource: 'conversation', operation: 'pauseBot' }, [incoming(BRUNO, 'oi')]);
		expect(result.json[0]).toMatchObject({ chatId: BRUNO, paused: true });
	});

	it('shares state by table name: another name is another set of chats', async () => {
		await state('pauseBot', ANA, { options: { tableName: 'Support bot' } });
		expect((await state('getBotState', ANA)).json[0].paused).toBe(false);
		expect((await state('getBotState', ANA, { options: { tableName: 'Support bot' } })).json[0].paused).toBe(true);
		expect([...tables.tables.values()].map((table) => table.name).sort()).toEqual(['Support bot', 'Z-API Conversations']);
	});

	it.each([
		['an empty chat', { chatId: ' ' }, 'Chat ID is empty'],
		['negative minutes', { chatId: ANA, minutes: -5 }, 'Minutes must be 0 or more (got -5)'],
	])('refuses %s before any call to n8n', async (_label, parameters, message) => {
		const result = await runAction({ resource: 'conversation', operation: 'pauseBot', ...parameters });
		expect(result.error?.message).toBe(message);
		expect(tables.requests).toEqual([]);
	});
});

describe('Conversation: the n8n API key', () => {
	it.each([401, 403, 500])('n8n echoing it in a %i answer: the error says what to do, without the key', async (status) => {
		nock('https://n8n.example.com')
			.get(/.*/)
			.reply(status, { message: `key ${echoedForms(N8N_API_CREDENTIALS.apiKey).join(' ')} refused` });
		const result = await state('getBotState', ANA);
		const said = { 401: /^n8n refused the API Key in the Z-API Conversation State credential "Conversation state": it is wrong, deleted or expired \(401\)/, 403: /^The API Key in the Z-API Conversation State credential "Conversation state" may not use data tables \(403\)/, 500: /^n8n's API answered 500/ }[status];
		expect(result.error?.message).toMatch(said!);
		const everything = JSON.stringify({ message: result.error?.message, description: result.error?.description, run: result.run.data });
		expect(holdsSecret(everything, N8N_API_CREDENTIALS.apiKey)).toBe(false);
	});
});

describe('Conversation > Get Bot State on n8n 1.x', () => {
	it('says n8n 2.0 is needed', async () => {
		new FakeDataTables({ n8nLine: 1 });
		const result = await state('getBotState', ANA);
		expect(result.error?.message).toBe('This n8n serves no data tables on its API: conversation features need n8n 2.0 or later');
	});
});
