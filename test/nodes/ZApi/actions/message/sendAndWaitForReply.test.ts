/**
 * Message → Send and Wait for Reply: the question goes out through the send call of its kind,
 * the execution waits (limited), and the question waits in the conversation table for the
 * trigger to route its reply (the trigger's side: ZApiTrigger/replyInChat.test.ts); bad input
 * stops the node before anything is sent; the resume webhook takes only a hand-off signed with
 * the instance token and puts out the reply.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { COLUMNS } from '../../../../../nodes/shared/conversationState/table';
import { signHandOff, type WaitingReply } from '../../../../../nodes/shared/waitingReplies';
import { AGENT_TYPE, actionNode, runChain, standInNode, triggerNode } from '../../../../helpers/chain';
import { FakeDataTables } from '../../../../helpers/dataTables';
import { INSTANCE_PATH, TEST_CREDENTIALS } from '../../../../helpers/engine';
import { EXECUTION_ID, resume, runWaitingAction, WAITING_BASE } from '../../../../helpers/waiting';
import { PHONE, SENT } from './examples';

const api = () => nock('https://api.z-api.io');
const ask = (extra: IDataObject = {}) => ({ resource: 'message', operation: 'sendAndWaitForReply', phone: PHONE, message: 'Which day suits you?', ...extra });
const BUTTONS = { buttons: { button: [{ label: 'Monday', id: 'mon' }, { label: 'Tuesday', id: 'tue' }] } };
const MINUTE = 60_000;
const TRIGGER_ADDRESS = 'https://n8n.example.com/webhook/c0ffee00-0000-4000-8000-000000000001/webhook?activation=0123456789abcdef0123456789abcdef&signature=ffffffffeeeeeeeeddddddddccccccccbbbbbbbbaaaaaaaa9999999988888888';
const TABLE = 'Z-API Conversations';
let tables: FakeDataTables;

/** The questions waiting in the table, by `<execution>#<item>`: what the trigger routes replies by. */
function placed(table = TABLE): Record<string, WaitingReply> {
	return Object.fromEntries(
		tables
			.rowsOf(table)
			.filter((row) => row.kind === 'question' && !row.claimedBy)
			.map((row) => [String(row.messageId).split('@')[0], JSON.parse(String(row.item)) as WaitingReply]),
	);
}

/** A question's record as an earlier run kept it. */
const placedRecord = (): WaitingReply => ({
	instanceId: TEST_CREDENTIALS.instanceId,
	chat: '5521900000000',
	chatOtherForm: null,
	from: null,
	resumeUrl: `${WAITING_BASE}/exec-old/action-node-id?signature=old`,
	questionMessageId: 'Q-OLD',
	askedAt: Date.now(),
	expiresAt: Date.now() + MINUTE,
	rule: { type: 'anyMessage' },
	reasksLeft: 0,
	reaskMessage: '',
});

/** The instance's settings show the trigger's address, on this n8n; the table is n8n's. */
function triggerTakesQuestions() {
	tables = new FakeDataTables();
	api().get(`${INSTANCE_PATH}/me`).reply(200, { receivedCallbackUrl: TRIGGER_ADDRESS });
}

function expectSend(path: string, body: nock.DataMatcherMap) {
	return api().post(`${INSTANCE_PATH}${path}`, body).reply(200, SENT);
}

beforeEach(triggerTakesQuestions);
afterEach(() => nock.cleanAll());

describe('Message > Send and Wait for Reply: the question and the wait', () => {
	it('sends buttons, waits an hour by default, and records the chat, the rule and the resume address', async () => {
		const send = expectSend('/send-button-list', { phone: PHONE, message: 'Which day suits you?', buttonList: { buttons: [{ label: 'Monday', id: 'mon' }, { label: 'Tuesday', id: 'tue' }] } });
		const before = Date.now();
		const result = await runWaitingAction(ask({ questionType: 'buttons', ...BUTTONS, answerRule: 'choice' }), [{ json: { customer: 7 } }]);
		expect(result.error).toBeUndefined();
		expect(send.isDone()).toBe(true);
		expect(result.status).toBe('waiting');
		expect(result.waitTill!.getTime()).toBeGreaterThanOrEqual(before + 60 * MINUTE);
		expect(result.waitTill!.getTime()).toBeLessThanOrEqual(Date.now() + 60 * MINUTE);
		const records = placed();
		expect(Object.keys(records)).toEqual([`${EXECUTION_ID}#0`]);
		const record = records[`${EXECUTION_ID}#0`];
		expect(record).toMatchObject({
			instanceId: TEST_CREDENTIALS.instanceId,
			chat: PHONE,
			from: null,
			questionMessageId: SENT.messageId,
			rule: { type: 'choice', choices: [{ label: 'Monday', id: 'mon' }, { label: 'Tuesday', id: 'tue' }] },
			reasksLeft: 2,
			reaskMessage: 'Sorry, I did not get that. Please answer with one of the options.',
			expiresAt: result.waitTill!.getTime(),
		});
		// n8n's waiting address of this execution and node, with n8n's resume token.
		const resumeUrl = new URL(record.resumeUrl);
		expect(`${resumeUrl.origin}${resumeUrl.pathname}`).toBe(`${WAITING_BASE}/${EXECUTION_ID}/action-node-id`);
		expect(resumeUrl.searchParams.get('signature')).toBe(result.run.data.resumeToken);
		// What n8n passes on if no reply comes in time: the input as it came.
		expect(result.json).toEqual([{ customer: 7 }]);
	});

	it('with Phone left empty, asks the chat of the trigger message the item comes from, through an AI Agent', async () => {
		const send = expectSend('/send-text', { phone: '5521988887777', message: 'Which day suits you?' });
		const result = await runChain(
			[triggerNode(), standInNode(AGENT_TYPE, 'AI Agent'), actionNode('Ask the day', ask({ phone: '' }))],
			[{ json: { event: 'message', kind: 'text', phone: '5521988887777', text: 'book' } }],
			{ executionId: EXECUTION_ID, active: true },
		);
		expect(result.error).toBeUndefined();
		expect(send.isDone()).toBe(true);
		expect(result.run.status).toBe('waiting');
		expect(placed()[`${EXECUTION_ID}#0`]).toMatchObject({ chat: '5521988887777' });
	});

	it.each([
		['text', { textChoices: 'Monday\nTuesday' }, '/send-text', { phone: PHONE, message: 'Which day suits you?' }, [{ label: 'Monday' }, { label: 'Tuesday' }]],
		['poll', { answers: 'Monday\nTuesday', singleChoice: true }, '/send-poll', { phone: PHONE, message: 'Which day suits you?', poll: [{ name: 'Monday' }, { name: 'Tuesday' }], pollMaxOptions: 1 }, [{ label: 'Monday' }, { label: 'Tuesday' }]],
		[
			'optionList',
			{ listTitle: 'Days', buttonLabel: 'Pick', listOptions: { option: [{ title: 'Monday', description: '10h', id: 'mon' }] } },
			'/send-option-list',
			{ phone: PHONE, message: 'Which day suits you?', optionList: { title: 'Days', buttonLabel: 'Pick', options: [{ title: 'Monday', description: '10h', id: 'mon' }] } },
			[{ label: 'Monday', id: 'mon' }],
		],
	])('a %s question goes out as that send, its choices in the rule', async (questionType, extra, path, body, choices) => {
		const send = expectSend(path, body);
		const result = await runWaitingAction(ask({ questionType, answerRule: 'choice', ...extra }));
		expect(result.error).toBeUndefined();
		expect(send.isDone()).toBe(true);
		expect(placed()[`${EXECUTION_ID}#0`].rule).toEqual({ type: 'choice', choices });
	});

	it('keeps a number range, a pattern and the wait limit given', async () => {
		expectSend('/send-text', { phone: PHONE, message: 'How many people?' });
		const before = Date.now();
		const result = await runWaitingAction(
			ask({ message: 'How many people?', answerRule: 'number', minimum: 1, maximum: 8, reaskTimes: 0, options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 10, resumeUnit: 'minutes' } } } }),
		);
		expect(result.waitTill!.getTime()).toBeGreaterThanOrEqual(before + 10 * MINUTE);
		expect(result.waitTill!.getTime()).toBeLessThan(before + 11 * MINUTE);
		expect(placed()[`${EXECUTION_ID}#0`]).toMatchObject({ rule: { type: 'number', min: 1, max: 8 }, reasksLeft: 0 });
		nock.cleanAll();
		triggerTakesQuestions();
		expectSend('/send-text', { phone: PHONE, message: 'Your postal code?' });
		await runWaitingAction(ask({ message: 'Your postal code?', answerRule: 'pattern', pattern: '^\\d{5}-?\\d{3}$' }));
		expect(placed()[`${EXECUTION_ID}#0`].rule).toEqual({ type: 'pattern', pattern: '^\\d{5}-?\\d{3}$', flags: 'i' });
	});

	it('keeps each question in its own row before it goes out, then its id; the row waits until the limit', async () => {
		let rowsWhenSent: number | undefined;
		api()
			.post(`${INSTANCE_PATH}/send-text`)
			.times(2)
			.reply(200, () => {
				rowsWhenSent ??= placed()[`${EXECUTION_ID}#0`] ? tables.rowsOf(TABLE).length : 0;
				return SENT;
			});
		const result = await runWaitingAction(ask(), [{ json: {} }, { json: { phone: '5521988887777' } }].map((item, index) => ({ json: { ...item.json, index } })));
		expect(result.status).toBe('waiting');
		// Both questions waited before the first went out: an answer that comes at once finds its own.
		expect(rowsWhenSent).toBe(2);
		const rows = tables.rowsOf(TABLE);
		expect(rows.map((row) => [row.kind, row.chatId, row.claimedBy ?? null, row.pausedUntil])).toEqual([
			['question', PHONE, null, result.waitTill!.getTime()],
			['question', PHONE, null, result.waitTill!.getTime()],
		]);
		expect(rows.map((row) => String(row.messageId).replace(/@\d+$/, ''))).toEqual([`${EXECUTION_ID}#0`, `${EXECUTION_ID}#1`]);
		expect(Object.values(placed()).map((record) => record.questionMessageId)).toEqual([SENT.messageId, SENT.messageId]);
	});

	it('a question asked weeks ago, still within its limit, outlives the clearing of old rows another run makes', async () => {
		const DAY = 24 * 60 * MINUTE;
		const old = { ...placedRecord(), askedAt: Date.now() - 31 * DAY, expiresAt: Date.now() + 9 * DAY };
		tables.tables.set('dt1', { id: 'dt1', name: TABLE, columns: COLUMNS.map((column) => ({ ...column })), rows: [] });
		const oldRow = tables.insertRow(TABLE, { chatId: '5521900000000', kind: 'question', messageId: `exec-old#0@${old.askedAt}`, pausedUntil: old.expiresAt, claimedBy: null, item: JSON.stringify(old) });
		expectSend('/send-text', { phone: PHONE, message: 'Which day suits you?' });
		const result = await runWaitingAction(ask());
		expect(result.status).toBe('waiting');
		expect(tables.requests).toContain('DELETE /data-tables/dt1/rows/delete');
		expect(tables.rowsOf(TABLE).map((row) => row.id)).toContain(oldRow);
		// A question's row carries no arrival time: the clearing of message rows by that time never takes it.
		expect(tables.rowsOf(TABLE).every((row) => row.arrivedAt === undefined || row.arrivedAt === null)).toBe(true);
	});

	it('a question that could not be sent leaves the table; the others wait', async () => {
		api().post(`${INSTANCE_PATH}/send-text`, { phone: PHONE, message: 'First?' }).reply(200, SENT);
		api().post(`${INSTANCE_PATH}/send-text`, { phone: PHONE, message: 'Second?' }).reply(400, { error: 'phone not on WhatsApp' });
		const result = await runWaitingAction(ask({ message: '={{ $json.message }}' }), [{ json: { message: 'First?' } }, { json: { message: 'Second?' } }], { continueOnFail: true });
		expect(result.status).toBe('waiting');
		expect(Object.keys(placed())).toEqual([`${EXECUTION_ID}#0`]);
		expect(tables.rowsOf(TABLE)).toHaveLength(1);
	});

	it.each([
		['a manual run of a workflow that is not active', { active: false, mode: 'manual' as const }, undefined, /No active Z-API Trigger of this workflow receives messages/],
		['the service sends messages to another program', {}, 'https://elsewhere.example.org/hook', /No Z-API Trigger of this n8n receives messages of this instance/],
		['a trigger is listening for a test event', {}, 'https://n8n.example.com/webhook-test/c0ffee00/webhook', /listening for a test event/],
	])('nothing is asked or kept when %s', async (_name, options, address, message) => {
		if (address) {
			nock.cleanAll();
			api().get(`${INSTANCE_PATH}/me`).reply(200, { receivedCallbackUrl: address });
		}
		const anything = api().post(/.*/).reply(200, SENT);
		const result = await runWaitingAction(ask(), undefined, options);
		expect(result.error?.message).toMatch(message);
		expect(result.error?.description).toMatch(/Nothing was sent\.$/);
		expect(anything.isDone()).toBe(false);
		expect(tables.rowsOf(TABLE)).toEqual([]);
		expect(result.status).not.toBe('waiting');
	});

	it("n8n's API failing before any send: nothing is sent, the item says so", async () => {
		nock.cleanAll();
		api().get(`${INSTANCE_PATH}/me`).reply(200, { receivedCallbackUrl: TRIGGER_ADDRESS });
		nock('https://n8n.example.com').get(/\/api\/v1\/data-tables/).reply(503, { message: 'unavailable' });
		const anything = api().post(/.*/).reply(200, SENT);
		const result = await runWaitingAction(ask());
		expect(result.error?.message).toMatch(/n8n/i);
		expect(anything.isDone()).toBe(false);
		expect(result.status).not.toBe('waiting');
	});

	it.each([
		['a pattern that is not one', { answerRule: 'pattern', pattern: '(' }, /Pattern '\(' is not a regular expression/],
		['a choice without choices', { answerRule: 'choice', textChoices: '' }, /There are no choices to answer with/],
		['Minimum above Maximum', { answerRule: 'number', minimum: 9, maximum: 2 }, /Minimum 9 is above Maximum 2/],
		['a negative Ask Again Times', { answerRule: 'number', reaskTimes: -1 }, /Ask Again Times '-1' is not a whole number/],
		['a wait limit that is not a date', { options: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: 'soon' } } } }, /Max Date and Time 'soon' is not a date/],
		['a phone that is not one', { phone: 'call me' }, /is not a phone number/],
	])('%s is refused before anything is sent', async (_name, extra, message) => {
		const anything = api().post(/.*/).reply(200, SENT);
		const result = await runWaitingAction(ask(extra));
		expect(result.error?.message).toMatch(message);
		expect(anything.isDone()).toBe(false);
		expect(result.status).not.toBe('waiting');
	});
});

describe('Message > Send and Wait for Reply: the reply', () => {
	const reply = {
		event: 'message',
		kind: 'buttonsResponse',
		text: 'Tuesday',
		phone: PHONE,
		messageId: '3EB0REPLY',
		content: { buttonId: 'tue', message: 'Tuesday' },
		contactPhone: PHONE,
		contactLid: null,
	};
	// Made when signed: how long the answer took is measured from the question to the resume.
	const signed = (token = TEST_CREDENTIALS.instanceToken, counted = true) =>
		signHandOff(token, { reply, counted, questionMessageId: '3EB0QUESTION', askedAt: Date.now() - 42_000 }) as unknown as IDataObject;

	it('comes out as the trigger’s item with the button, the question and how long it took', async () => {
		const result = await resume(ask({ questionType: 'buttons' }), { method: 'POST', body: signed() });
		expect(result.response).toMatchObject({ status: 200, body: { accepted: true } });
		expect(result.items).toHaveLength(1);
		const [item] = result.items!;
		expect(item).toMatchObject({ ...reply, replied: true, answerCounts: true, buttonId: 'tue', listOptionId: null, questionMessageId: '3EB0QUESTION' });
		expect(item.waitedSeconds).toBeGreaterThanOrEqual(42);
		expect(item.waitedSeconds).toBeLessThan(50);
	});

	it.each([
		['pressed', { questionType: 'buttons', ...BUTTONS, answerRule: 'choice' }, { position: 2, label: 'Tuesday', id: 'tue' }, { position: 2, label: 'Tuesday', id: 'tue' }],
		['typed by its number', { textChoices: 'Monday 9:00\nTuesday 10:00', answerRule: 'choice' }, { position: 2, label: 'Tuesday 10:00' }, { position: 2, label: 'Tuesday 10:00' }],
	])('names the choice %s: its position, label and ID', async (_how, parameters, choice, expected) => {
		const body = signHandOff(TEST_CREDENTIALS.instanceToken, { reply, counted: true, questionMessageId: '3EB0QUESTION', askedAt: Date.now(), choice }) as unknown as IDataObject;
		const result = await resume(ask(parameters), { method: 'POST', body });
		expect(result.items![0].choice).toEqual(expected);
	});

	it('puts out choice null when the answer names no choice', async () => {
		const result = await resume(ask(), { method: 'POST', body: signed() });
		expect(result.items![0].choice).toBeNull();
	});

	it('marks an answer that did not count', async () => {
		const result = await resume(ask(), { method: 'POST', body: signed(undefined, false) });
		expect(result.items![0]).toMatchObject({ answerCounts: false, replied: true });
	});

	it.each([
		['signed with another token', () => signed('another-instance-token')],
		['unsigned', () => ({ payload: JSON.stringify({ reply, counted: true }) })],
		['not a hand-off at all', () => ({ text: 'Tuesday' })],
	])('%s is refused and resumes nothing', async (_name, body) => {
		const result = await resume(ask(), { method: 'POST', body: body() as IDataObject });
		expect(result.items).toBeUndefined();
		expect(result.response).toMatchObject({ status: 401, body: { accepted: false } });
	});

	it('a GET (a link opened) resumes nothing', async () => {
		const result = await resume(ask(), { method: 'GET' });
		expect(result.items).toBeUndefined();
		expect(result.response.status).toBe(405);
	});
});
