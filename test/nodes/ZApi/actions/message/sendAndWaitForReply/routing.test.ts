/**
 * Send and Wait for Reply and the Z-API Trigger of its workflow, both through n8n-core: the
 * asking run finds the trigger at the address the service holds for received messages
 * (GET /me), places its questions there before sending (and again with the sent questions'
 * ids), never writes the workflow's static data itself, and a reply then reaches its resume
 * address through the trigger. Where no trigger of this n8n can take the questions, the node
 * says why and sends nothing.
 */
import { createHmac } from 'crypto';
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { CONTENT_KINDS } from '../../../../../../nodes/shared/delivery/kinds';
import { verifyHandOff, WAITING_REPLIES_KEY, type WaitingReply } from '../../../../../../nodes/shared/waitingReplies';
import { deliver, INSTANCE_PATH, TEST_CREDENTIALS } from '../../../../../helpers/engine';
import { EXECUTION_ID, resume, runWaitingAction, WAITING_BASE } from '../../../../../helpers/waiting';
import { contentFixture, listening, type Listening } from '../../../../ZApiTrigger/fixtures';
import { PHONE, SENT } from '../examples';

const API = 'https://api.z-api.io';
const N8N = 'https://n8n.example.com';
const CREDENTIALS = {};
const TOKEN = TEST_CREDENTIALS.instanceToken;
const ASK = {
	resource: 'message',
	operation: 'sendAndWaitForReply',
	phone: PHONE,
	message: 'Which day suits you?',
	questionType: 'buttons',
	buttons: { button: [{ label: 'Monday', id: 'mon' }, { label: 'Tuesday', id: 'tue' }] },
	answerRule: 'choice',
};
const BUTTONS_SENT = { phone: PHONE, message: 'Which day suits you?', buttonList: { buttons: [{ label: 'Monday', id: 'mon' }, { label: 'Tuesday', id: 'tue' }] } };

let trigger: Listening;
/** Every request, in order: the service's and n8n's. */
let requests: string[];
/** The control requests the trigger got, as the asking node sent them. */
let controls: IDataObject[];

const waitsAtTrigger = () => ((trigger.setup.staticData!.global as IDataObject | undefined)?.[WAITING_REPLIES_KEY] ?? {}) as Record<string, WaitingReply>;

/** The service: /me shows `received` as the received-messages address; sends answer SENT. */
function service(received: string, sends = 1) {
	nock(API)
		.get(`${INSTANCE_PATH}/me`)
		.reply(200, () => {
			requests.push('GET /me');
			return { receivedCallbackUrl: received, deliveryCallbackUrl: '', messageStatusCallbackUrl: '' };
		});
	return nock(API)
		.post(`${INSTANCE_PATH}/send-button-list`, BUTTONS_SENT)
		.times(sends)
		.reply(200, () => {
			requests.push('POST /send-button-list');
			return SENT;
		});
}

/**
 * n8n's webhook server: the trigger's address reaches the trigger (control requests by PUT,
 * deliveries by POST); any other is not registered.
 */
function n8nServes(active = () => true) {
	for (const method of ['PUT', 'POST'] as const) {
		nock(N8N)
			.persist()
			.intercept(/^\/webhook\//, method)
			.reply(function (path, body, callback) {
				requests.push(`${method} trigger`);
				controls.push(body as IDataObject);
				const url = new URL(path, N8N);
				if (!active() || url.pathname !== new URL(trigger.url).pathname) {
					callback(null, [404, { code: 404, message: 'The requested webhook is not registered.' }]);
					return;
				}
				deliver(trigger.setup, { method, body, query: Object.fromEntries(url.searchParams) }).then(
					(result) => callback(null, result.response.status !== undefined ? [result.response.status, result.response.body] : [200, result.result.webhookResponse ?? {}]),
					(error: Error) => callback(error, [500, {}]),
				);
			});
	}
}

beforeEach(async () => {
	requests = [];
	controls = [];
	trigger = await listening({ events: ['messageReceived'] }, { options: CREDENTIALS });
});
afterEach(() => nock.cleanAll());

describe('Send and Wait for Reply places its questions at the Z-API Trigger', () => {
	it('before sending and twice more to confirm it saved, then with the question’s id, confirmed twice too; the trigger keeps the record, the run writes no static data, and the reply reaches the run', async () => {
		const send = service(trigger.url);
		n8nServes();
		const runStaticData: IDataObject = {};
		const result = await runWaitingAction(ASK, [{ json: { customer: 7 } }], { ...CREDENTIALS, staticData: runStaticData });
		expect(result.error).toBeUndefined();
		expect(send.isDone()).toBe(true);
		expect(result.status).toBe('waiting');
		expect(requests).toEqual(['GET /me', 'PUT trigger', 'PUT trigger', 'PUT trigger', 'POST /send-button-list', 'PUT trigger', 'PUT trigger', 'PUT trigger']);
		expect(runStaticData).toEqual({});

		// Each control request is proven with the instance token (HMAC-SHA256 of "control:" and the text).
		const texts = controls.map((control) => {
			const text = String(control.zApiTriggerControl);
			expect(control.proof).toBe(createHmac('sha256', TOKEN).update(`control:${text}`).digest('hex'));
			return JSON.parse(text) as IDataObject;
		});
		expect(texts.map((text) => [text.op, text.workflowId])).toEqual(texts.map(() => ['await', 'wf1']));
		expect(texts).toHaveLength(6);
		const firstRecord = ((texts[0].questions as IDataObject).records as IDataObject)[`${EXECUTION_ID}#0`] as IDataObject;
		expect(firstRecord.questionMessageId).toBeNull();

		const records = waitsAtTrigger();
		expect(Object.keys(records)).toEqual([`${EXECUTION_ID}#0`]);
		const record = records[`${EXECUTION_ID}#0`];
		expect(record).toMatchObject({
			chat: PHONE,
			questionMessageId: SENT.messageId,
			rule: { type: 'choice', choices: [{ label: 'Monday', id: 'mon' }, { label: 'Tuesday', id: 'tue' }] },
			expiresAt: result.waitTill!.getTime(),
		});
		expect(record.resumeUrl.startsWith(`${WAITING_BASE}/${EXECUTION_ID}/action-node-id?signature=`)).toBe(true);

		// The contact presses Tuesday: the trigger hands the message to the waiting run and starts nothing.
		const posted: unknown[] = [];
		const resume = nock(N8N)
			.post(`/webhook-waiting/${EXECUTION_ID}/action-node-id`, (body) => posted.push(body) > 0)
			.query(true)
			.reply(200, { accepted: true });
		const reply = contentFixture(CONTENT_KINDS.find((kind) => kind.key === 'buttonsResponseMessage')!, { phone: PHONE, buttonsResponseMessage: { buttonId: 'tue', message: 'Tuesday' } });
		const delivered = await deliver(trigger.setup, { body: reply, query: trigger.query });
		expect(delivered.items).toBeUndefined();
		expect(resume.isDone()).toBe(true);
		expect(verifyHandOff(TOKEN, posted[0])).toMatchObject({ counted: true, questionMessageId: SENT.messageId, reply: { kind: 'buttonsResponse', text: 'Tuesday' } });
		expect(waitsAtTrigger()).toEqual({});
	});

	it('a question that could not be sent is taken back in the second placing; the others wait', async () => {
		nock(API)
			.get(`${INSTANCE_PATH}/me`)
			.reply(200, { receivedCallbackUrl: trigger.url });
		nock(API).post(`${INSTANCE_PATH}/send-button-list`, { ...BUTTONS_SENT, phone: '5511911112222' }).reply(400, { error: 'Invalid phone' });
		nock(API).post(`${INSTANCE_PATH}/send-button-list`, BUTTONS_SENT).reply(200, SENT);
		n8nServes();
		const result = await runWaitingAction({ ...ASK, phone: '={{ $json.phone }}' }, [{ json: { phone: '5511911112222' } }, { json: { phone: PHONE } }], {
			...CREDENTIALS,
			continueOnFail: true,
		});
		expect(result.status).toBe('waiting');
		expect(Object.keys(waitsAtTrigger())).toEqual([`${EXECUTION_ID}#1`]);
		const placings = controls.map((control) => Object.keys((JSON.parse(String(control.zApiTriggerControl)).questions as IDataObject).records as IDataObject));
		// Placed, then found saved twice; again without the question not sent, found saved twice.
		expect(placings).toEqual([
			[`${EXECUTION_ID}#0`, `${EXECUTION_ID}#1`],
			[`${EXECUTION_ID}#0`, `${EXECUTION_ID}#1`],
			[`${EXECUTION_ID}#0`, `${EXECUTION_ID}#1`],
			[`${EXECUTION_ID}#1`],
			[`${EXECUTION_ID}#1`],
			[`${EXECUTION_ID}#1`],
		]);
	});

	it('places again, after a pause, until the trigger finds the questions saved (another save overwrote them)', async () => {
		const send = service(trigger.url);
		n8nServes();
		// Another delivery's save lands after each of the first two placings, as when runs ask at once.
		const saved = trigger.setup.staticData!;
		let overwritten = 0;
		const original = controls.push.bind(controls);
		controls.push = (...bodies: IDataObject[]) => {
			const count = original(...bodies);
			if (count >= 1 && overwritten < 2) {
				overwritten++;
				setTimeout(() => (saved.global = { [WAITING_REPLIES_KEY]: {} }), 100);
			}
			return count;
		};
		const result = await runWaitingAction(ASK, undefined, CREDENTIALS);
		expect(result.status).toBe('waiting');
		expect(send.isDone()).toBe(true);
		// Placed, overwritten twice (placed again each time), then found saved twice; after the send, placed and found saved twice.
		expect(requests.filter((request) => request === "PUT trigger")).toHaveLength(8);
		expect(requests.indexOf('POST /send-button-list')).toBe(6);
		expect(Object.keys(waitsAtTrigger())).toEqual([`${EXECUTION_ID}#0`]);
	});
});

describe('a choice typed instead of pressed fills the chosen button’s id and the choice in the output', () => {
	it.each([
		['its number', '2', { buttonId: 'tue', text: '2', choice: { position: 2, label: 'Tuesday', id: 'tue' } }],
		['its title, in other case', ' monday ', { buttonId: 'mon', text: ' monday ', choice: { position: 1, label: 'Monday', id: 'mon' } }],
	])('typed by %s', async (_name, typed, expected) => {
		service(trigger.url);
		n8nServes();
		const result = await runWaitingAction(ASK, undefined, CREDENTIALS);
		expect(result.status).toBe('waiting');
		const posted: IDataObject[] = [];
		nock(N8N)
			.post(`/webhook-waiting/${EXECUTION_ID}/action-node-id`, (body) => posted.push(body as IDataObject) > 0)
			.query(true)
			.reply(200, { accepted: true });
		const reply = contentFixture(CONTENT_KINDS.find((kind) => kind.key === 'text')!, { phone: PHONE, text: { message: typed } });
		expect((await deliver(trigger.setup, { body: reply, query: trigger.query })).items).toBeUndefined();
		const resumed = await resume(ASK, { method: 'POST', body: posted[0] });
		expect(resumed.items).toEqual([expect.objectContaining({ kind: 'text', answerCounts: true, listOptionId: null, ...expected })]);
	});
});

describe('a text question with Choices answered by a number names the choice', () => {
	it('"2" puts out choice { position: 2, label }', async () => {
		const ask = { ...ASK, questionType: 'text', message: 'Which time? 1) Monday 9:00 2) Tuesday 10:00', textChoices: 'Monday 9:00\nTuesday 10:00' };
		nock(API).get(`${INSTANCE_PATH}/me`).reply(200, { receivedCallbackUrl: trigger.url });
		const send = nock(API).post(`${INSTANCE_PATH}/send-text`, { phone: PHONE, message: ask.message }).reply(200, SENT);
		n8nServes();
		const result = await runWaitingAction(ask, undefined, CREDENTIALS);
		expect(result.status).toBe('waiting');
		expect(send.isDone()).toBe(true);
		const posted: IDataObject[] = [];
		nock(N8N)
			.post(`/webhook-waiting/${EXECUTION_ID}/action-node-id`, (body) => posted.push(body as IDataObject) > 0)
			.query(true)
			.reply(200, { accepted: true });
		const reply = contentFixture(CONTENT_KINDS.find((kind) => kind.key === 'text')!, { phone: PHONE, text: { message: '2' } });
		expect((await deliver(trigger.setup, { body: reply, query: trigger.query })).items).toBeUndefined();
		const resumed = await resume(ask, { method: 'POST', body: posted[0] });
		expect(resumed.items).toEqual([expect.objectContaining({ text: '2', answerCounts: true, choice: { position: 2, label: 'Tuesday 10:00' } })]);
	});
});

describe('a full waiting store refuses the new question; none waiting is dropped', () => {
	it('the 501st question fails its item before it is sent, saying the limit and what to do; the 500 keep waiting', async () => {
		const other = (index: number): WaitingReply => ({
			instanceId: TEST_CREDENTIALS.instanceId,
			chat: `55119${String(index).padStart(8, '0')}`,
			chatOtherForm: null,
			from: null,
			resumeUrl: `${WAITING_BASE}/other-${index}/action-node-id`,
			questionMessageId: `Q${index}`,
			askedAt: Date.now(),
			expiresAt: Date.now() + 3_600_000,
			rule: { type: 'anyMessage' },
			reasksLeft: 0,
			reaskMessage: '',
		});
		const waiting = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`other-${index}#0`, other(index)]));
		trigger.setup.staticData!.global = { [WAITING_REPLIES_KEY]: waiting };
		const send = service(trigger.url);
		n8nServes();
		const result = await runWaitingAction(ASK, undefined, CREDENTIALS);
		expect(result.error?.message).toBe('The Z-API Trigger already keeps 500 questions waiting for this workflow, at most 500');
		expect(result.error?.description).toBe(
			'None was dropped to make room. Let some of them be answered or reach their limit (a shorter Limit Wait Time frees room sooner), or ask from fewer items at once, then run it again. Nothing was sent.',
		);
		expect(send.isDone()).toBe(false);
		expect(result.status).not.toBe('waiting');
		expect(waitsAtTrigger()).toEqual(waiting);
	});
});

describe('where no trigger of this n8n takes the questions, nothing is sent', () => {
	it.each([
		['the service sends messages nowhere', () => '', /No Z-API Trigger of this n8n receives messages of this instance/, /sends received messages nowhere/],
		[
			'the service sends messages to another program',
			() => 'https://crm.example.com/zapi/inbound?key=crm-secret',
			/No Z-API Trigger of this n8n receives messages of this instance/,
			/to crm\.example\.com, not to this n8n \(n8n\.example\.com\)/,
		],
		['the workflow was deactivated (n8n serves that address no more)', () => trigger.url, /not served by this n8n any more/, /Activate the workflow again/],
		[
			'the address is of an earlier activation',
			() => trigger.url.replace(/signature=[^&]+/, 'signature=0000'),
			/The Z-API Trigger refused the question \(HTTP 403: Invalid signature\)/,
			/earlier activation/,
		],
	])('%s', async (_name, received, message, hint) => {
		const send = service(received());
		n8nServes(() => !/deactivated/.test(_name));
		const result = await runWaitingAction(ASK, undefined, CREDENTIALS);
		expect(result.error?.message).toMatch(message);
		expect(result.error?.description).toMatch(hint);
		expect(result.error?.description).toMatch(/Nothing was sent\.$/);
		expect(send.isDone()).toBe(false);
		expect(result.status).not.toBe('waiting');
		expect(waitsAtTrigger()).toEqual({});
		// Neither the token nor the trigger's signature reaches the error.
		const shown = `${result.error?.message} ${result.error?.description}`;
		for (const secret of [TOKEN, encodeURIComponent(TOKEN), String(trigger.query.signature)]) expect(shown).not.toContain(secret);
	});

	it('n8n cannot reach its own webhook address: said without the trigger’s signature', async () => {
		const send = service(trigger.url);
		nock(N8N).put(/^\/webhook\//).query(true).replyWithError(Object.assign(new Error(`connect ECONNREFUSED ${trigger.url}`), { code: 'ECONNREFUSED' }));
		const result = await runWaitingAction(ASK, undefined, CREDENTIALS);
		expect(result.error?.message).toBe('This n8n could not reach the Z-API Trigger at its own webhook address');
		expect(result.error?.description).toMatch(/^connect ECONNREFUSED .*WEBHOOK_URL/);
		expect(`${result.error?.message} ${result.error?.description}`).not.toContain(String(trigger.query.signature));
		expect(send.isDone()).toBe(false);
	});

	it('a trigger listening for a test event', async () => {
		const test = await listening({ events: ['messageReceived'] }, { isTest: true, options: CREDENTIALS });
		const send = service(test.url);
		nock(N8N)
			.put(/^\/webhook-test\//)
			.reply(function (path, body, callback) {
				deliver(test.setup, { method: 'PUT', body, query: Object.fromEntries(new URL(path, N8N).searchParams), isTest: true }).then(
					(result) => callback(null, [result.response.status ?? 200, result.response.body ?? {}]),
					(error: Error) => callback(error, [500, {}]),
				);
			});
		const result = await runWaitingAction(ASK, undefined, CREDENTIALS);
		expect(result.error?.message).toBe('The Z-API Trigger is listening for a test event, so no reply can be routed');
		expect(send.isDone()).toBe(false);
	});

	it('another workflow’s trigger holding the address, with no trigger of this workflow behind it', async () => {
		const send = service(trigger.url);
		n8nServes();
		const result = await runWaitingAction(ASK, undefined, { ...CREDENTIALS, workflowId: 'wf-without-trigger' });
		expect(result.error?.message).toBe('No active Z-API Trigger of this workflow receives messages of this instance');
		expect(send.isDone()).toBe(false);
	});
});
