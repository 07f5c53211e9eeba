/**
 * Message → Send and Wait for Reply: the question goes out through the send call of its kind,
 * the execution waits (limited), and the record the trigger routes the reply by is written to
 * the workflow's static data; bad input stops the node before anything is sent; the resume
 * webhook takes only a hand-off signed with the instance token and puts out the reply.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { signHandOff, WAITING_REPLIES_KEY, type WaitingReply } from '../../../../../nodes/shared/waitingReplies';
import { INSTANCE_PATH, TEST_CREDENTIALS } from '../../../../helpers/engine';
import { EXECUTION_ID, resume, runWaitingAction, WAITING_BASE } from '../../../../helpers/waiting';
import { PHONE, SENT } from './examples';

const api = () => nock('https://api.z-api.io');
const ask = (extra: IDataObject = {}) => ({ resource: 'message', operation: 'sendAndWaitForReply', phone: PHONE, message: 'Which day suits you?', ...extra });
const BUTTONS = { buttons: { button: [{ label: 'Monday', id: 'mon' }, { label: 'Tuesday', id: 'tue' }] } };
const MINUTE = 60_000;
/** The workflow's saved static data as a run started by the trigger holds it. */
const saved = (): IDataObject => ({ global: { [WAITING_REPLIES_KEY]: {} } });

function expectSend(path: string, body: nock.DataMatcherMap) {
	return api().post(`${INSTANCE_PATH}${path}`, body).reply(200, SENT);
}

const waitsIn = (staticData: IDataObject) => ((staticData.global as IDataObject | undefined)?.[WAITING_REPLIES_KEY] ?? {}) as Record<string, WaitingReply>;

afterEach(() => nock.cleanAll());

describe('Message > Send and Wait for Reply: the question and the wait', () => {
	it('sends buttons, waits an hour by default, and records the chat, the rule and the resume address', async () => {
		const send = expectSend('/send-button-list', { phone: PHONE, message: 'Which day suits you?', buttonList: { buttons: [{ label: 'Monday', id: 'mon' }, { label: 'Tuesday', id: 'tue' }] } });
		const staticData: IDataObject = saved();
		const before = Date.now();
		const result = await runWaitingAction(ask({ questionType: 'buttons', ...BUTTONS, answerRule: 'choice' }), [{ json: { customer: 7 } }], { staticData });
		expect(result.error).toBeUndefined();
		expect(send.isDone()).toBe(true);
		expect(result.status).toBe('waiting');
		expect(result.waitTill!.getTime()).toBeGreaterThanOrEqual(before + 60 * MINUTE);
		expect(result.waitTill!.getTime()).toBeLessThanOrEqual(Date.now() + 60 * MINUTE);
		const records = waitsIn(staticData);
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
		const staticData: IDataObject = saved();
		const result = await runWaitingAction(ask({ questionType, answerRule: 'choice', ...extra }), undefined, { staticData });
		expect(result.error).toBeUndefined();
		expect(send.isDone()).toBe(true);
		expect(waitsIn(staticData)[`${EXECUTION_ID}#0`].rule).toEqual({ type: 'choice', choices });
	});

	it('keeps a number range, a pattern and the wait limit given', async () => {
		expectSend('/send-text', { phone: PHONE, message: 'How many people?' });
		const staticData: IDataObject = saved();
		const before = Date.now();
		const result = await runWaitingAction(
			ask({ message: 'How many people?', answerRule: 'number', minimum: 1, maximum: 8, reaskTimes: 0, options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 10, resumeUnit: 'minutes' } } } }),
			undefined,
			{ staticData },
		);
		expect(result.waitTill!.getTime()).toBeGreaterThanOrEqual(before + 10 * MINUTE);
		expect(result.waitTill!.getTime()).toBeLessThan(before + 11 * MINUTE);
		expect(waitsIn(staticData)[`${EXECUTION_ID}#0`]).toMatchObject({ rule: { type: 'number', min: 1, max: 8 }, reasksLeft: 0 });
		nock.cleanAll();
		expectSend('/send-text', { phone: PHONE, message: 'Your postal code?' });
		const patterned: IDataObject = saved();
		await runWaitingAction(ask({ message: 'Your postal code?', answerRule: 'pattern', pattern: '^\\d{5}-?\\d{3}$' }), undefined, { staticData: patterned });
		expect(waitsIn(patterned)[`${EXECUTION_ID}#0`].rule).toEqual({ type: 'pattern', pattern: '^\\d{5}-?\\d{3}$', flags: 'i' });
	});

	it('a newer question of the same run replaces its older record; other executions’ records stay', async () => {
		expectSend('/send-text', { phone: PHONE, message: 'Which day suits you?' });
		const other = { instanceId: 'I', chat: '5511900000000', chatOtherForm: null, from: null, resumeUrl: 'https://x/y', questionMessageId: null, askedAt: 1, expiresAt: Date.now() + MINUTE, rule: { type: 'anyMessage' }, reasksLeft: 0, reaskMessage: '' };
		const staticData: IDataObject = { global: { [WAITING_REPLIES_KEY]: { [`${EXECUTION_ID}#1`]: { ...other, chat: PHONE }, 'exec-1#0': other } } };
		await runWaitingAction(ask(), undefined, { staticData });
		const records = waitsIn(staticData);
		expect(Object.keys(records).sort()).toEqual(['exec-1#0', `${EXECUTION_ID}#0`]);
		expect(records[`${EXECUTION_ID}#0`].questionMessageId).toBe(SENT.messageId);
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
		const result = await runWaitingAction(ask(extra), undefined, { staticData: saved() });
		expect(result.error?.message).toMatch(message);
		expect(anything.isDone()).toBe(false);
		expect(result.status).not.toBe('waiting');
	});

	it('refuses, before sending, in a run n8n gave none of the workflow’s saved data (saving there would erase the trigger’s)', async () => {
		const anything = api().post(/.*/).reply(200, SENT);
		const staticData: IDataObject = {};
		const result = await runWaitingAction(ask(), undefined, { staticData });
		expect(result.error?.message).toBe('This run cannot record the question: n8n gave it none of the workflow’s saved data');
		expect(result.error?.description).toMatch(/queue mode/);
		expect(anything.isDone()).toBe(false);
		expect(waitsIn(staticData)).toEqual({});
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
	const askedAt = Date.now() - 42_000;
	const signed = (token = TEST_CREDENTIALS.instanceToken, counted = true) => signHandOff(token, { reply, counted, questionMessageId: '3EB0QUESTION', askedAt }) as unknown as IDataObject;

	it('comes out as the trigger’s item with the button, the question and how long it took', async () => {
		const result = await resume(ask({ questionType: 'buttons' }), { method: 'POST', body: signed() });
		expect(result.response).toMatchObject({ status: 200, body: { accepted: true } });
		expect(result.items).toHaveLength(1);
		const [item] = result.items!;
		expect(item).toMatchObject({ ...reply, replied: true, answerCounts: true, buttonId: 'tue', listOptionId: null, questionMessageId: '3EB0QUESTION' });
		expect(item.waitedSeconds).toBeGreaterThanOrEqual(42);
		expect(item.waitedSeconds).toBeLessThan(50);
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
