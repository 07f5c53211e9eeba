/**
 * Send and Wait for Reply and the Z-API Trigger of its workflow, both through n8n-core, over
 * one n8n data table: the trigger, activated with the asking node after it, finds the table;
 * the asking run keeps its question there before sending it (and its id after), never writes
 * the workflow's static data, and a reply then reaches its resume address through the
 * trigger. Where no trigger of this n8n can route the reply, the node says why and sends nothing.
 */
import nock from 'nock';
import type { IDataObject, INode } from 'n8n-workflow';

import { CONTENT_KINDS } from '../../../../../../nodes/shared/delivery/kinds';
import { verifyHandOff, type WaitingReply } from '../../../../../../nodes/shared/waitingReplies';
import { FakeDataTables } from '../../../../../helpers/dataTables';
import { ACTION_TYPE, deliver, INSTANCE_PATH, makeNode, TEST_CREDENTIALS } from '../../../../../helpers/engine';
import { EXECUTION_ID, resume, runWaitingAction, WAITING_BASE } from '../../../../../helpers/waiting';
import { contentFixture, listening, type Listening } from '../../../../ZApiTrigger/fixtures';
import { PHONE, SENT } from '../examples';

const API = 'https://api.z-api.io';
const N8N = 'https://n8n.example.com';
const TOKEN = TEST_CREDENTIALS.instanceToken;
const TABLE = 'Z-API Conversations';
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
const askerAfter = (parameters: IDataObject = ASK): INode => ({ ...makeNode(ACTION_TYPE, parameters), name: 'Ask the day' });

let trigger: Listening;
let tables: FakeDataTables;
/** Every request to the service, in order. */
let requests: string[];

/** The questions waiting in the table, by `<execution>#<item>`. */
const waiting = (): Record<string, WaitingReply> =>
	Object.fromEntries(
		tables
			.rowsOf(TABLE)
			.filter((row) => row.kind === 'question' && !row.claimedBy)
			.map((row) => [String(row.messageId).split('@')[0], JSON.parse(String(row.item)) as WaitingReply]),
	);

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

/** n8n's waiting address of the asking run, recording what the trigger posts. */
function resumeAddress() {
	const posted: IDataObject[] = [];
	const scope = nock(N8N)
		.post(`/webhook-waiting/${EXECUTION_ID}/action-node-id`, (body) => posted.push(body as IDataObject) > 0)
		.query(true)
		.reply(200, { accepted: true });
	return { posted, scope };
}

beforeEach(async () => {
	requests = [];
	tables = new FakeDataTables();
	trigger = await listening({ events: ['messageReceived'] }, { after: [askerAfter()] });
});
afterEach(() => nock.cleanAll());

describe('Send and Wait for Reply keeps its questions where the Z-API Trigger reads them', () => {
	it('the trigger found the table at activation; the run keeps the question before sending it, writes no static data, and the reply reaches the run', async () => {
		expect((trigger.setup.staticData!['node:Z-API Trigger'] as IDataObject).questionTable).toEqual({ id: 'dt1', name: TABLE });
		const send = service(trigger.url);
		const runStaticData: IDataObject = {};
		const activation = tables.requests.length;
		const result = await runWaitingAction(ASK, [{ json: { customer: 7 } }], { staticData: runStaticData });
		expect(result.error).toBeUndefined();
		expect(send.isDone()).toBe(true);
		expect(result.status).toBe('waiting');
		expect(requests).toEqual(['GET /me', 'POST /send-button-list']);
		expect(runStaticData).toEqual({});
		// Kept (upsert) before the send, its id after; old rows are cleared once per run.
		expect(tables.requests.slice(activation).filter((request) => !request.startsWith('GET'))).toEqual([
			'POST /data-tables/dt1/rows/upsert',
			'DELETE /data-tables/dt1/rows/delete',
			'PATCH /data-tables/dt1/rows/update',
		]);

		const record = waiting()[`${EXECUTION_ID}#0`];
		expect(record).toMatchObject({
			chat: PHONE,
			questionMessageId: SENT.messageId,
			rule: { type: 'choice', choices: [{ label: 'Monday', id: 'mon' }, { label: 'Tuesday', id: 'tue' }] },
			expiresAt: result.waitTill!.getTime(),
		});
		expect(record.resumeUrl.startsWith(`${WAITING_BASE}/${EXECUTION_ID}/action-node-id?signature=`)).toBe(true);

		// The contact presses Tuesday: the trigger hands the message to the waiting run and starts nothing.
		const { posted, scope } = resumeAddress();
		const reply = contentFixture(CONTENT_KINDS.find((kind) => kind.key === 'buttonsResponseMessage')!, { phone: PHONE, buttonsResponseMessage: { buttonId: 'tue', message: 'Tuesday' } });
		const delivered = await deliver(trigger.setup, { body: reply, query: trigger.query });
		expect(delivered.items).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(verifyHandOff(TOKEN, posted[0])).toMatchObject({ counted: true, questionMessageId: SENT.messageId, reply: { kind: 'buttonsResponse', text: 'Tuesday' } });
		expect(waiting()).toEqual({});
		expect(tables.rowsOf(TABLE)[0]).toMatchObject({ kind: 'question', claimedBy: expect.any(String) });

		// A second press reaches nobody: the question was taken, so the message starts the workflow.
		const again = resumeAddress();
		const secondPress = { ...reply, messageId: 'SECOND-PRESS' };
		expect((await deliver(trigger.setup, { body: secondPress, query: trigger.query })).items).toHaveLength(1);
		expect(again.scope.isDone()).toBe(false);
	});
});

describe('a choice typed instead of pressed fills the chosen button’s id and the choice in the output', () => {
	it.each([
		['its number', '2', { buttonId: 'tue', text: '2', choice: { position: 2, label: 'Tuesday', id: 'tue' } }],
		['its title, in other case', ' monday ', { buttonId: 'mon', text: ' monday ', choice: { position: 1, label: 'Monday', id: 'mon' } }],
	])('typed by %s', async (_name, typed, expected) => {
		service(trigger.url);
		const result = await runWaitingAction(ASK);
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
		const result = await runWaitingAction(ask);
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

describe('where no trigger of this n8n routes the reply, nothing is sent', () => {
	it.each([
		['the service sends messages nowhere', () => '', /No Z-API Trigger of this n8n receives messages of this instance/, /sends received messages nowhere/],
		[
			'the service sends messages to another program',
			() => 'https://crm.example.com/zapi/inbound?key=crm-secret',
			/No Z-API Trigger of this n8n receives messages of this instance/,
			/to crm\.example\.com, not to this n8n \(n8n\.example\.com\)/,
		],
		['a trigger listens for a test event', () => trigger.url.replace('/webhook/', '/webhook-test/'), /listening for a test event/, /active workflows only/],
	])('%s', async (_name, received, message, hint) => {
		const send = service(received());
		const result = await runWaitingAction(ASK);
		expect(result.error?.message).toMatch(message);
		expect(result.error?.description).toMatch(hint);
		expect(result.error?.description).toMatch(/Nothing was sent\.$/);
		expect(send.isDone()).toBe(false);
		expect(result.status).not.toBe('waiting');
		expect(waiting()).toEqual({});
		// Neither the token nor the trigger's signature reaches the error.
		const shown = `${result.error?.message} ${result.error?.description}`;
		for (const secret of [TOKEN, encodeURIComponent(TOKEN), String(trigger.query.signature)]) expect(shown).not.toContain(secret);
	});

	it('a manual run of a workflow that is not active', async () => {
		const send = service(trigger.url);
		const result = await runWaitingAction(ASK, undefined, { active: false, mode: 'manual' });
		expect(result.error?.message).toBe('No active Z-API Trigger of this workflow receives messages of this instance');
		expect(send.isDone()).toBe(false);
		expect(waiting()).toEqual({});
	});

	it('a production run on a queue-mode worker, which reads every workflow as not active, asks all the same', async () => {
		const send = service(trigger.url);
		const result = await runWaitingAction(ASK, undefined, { active: false, mode: 'webhook' });
		expect(result.error).toBeUndefined();
		expect(result.status).toBe('waiting');
		expect(send.isDone()).toBe(true);
		expect(Object.keys(waiting())).toEqual([`${EXECUTION_ID}#0`]);
	});
});
