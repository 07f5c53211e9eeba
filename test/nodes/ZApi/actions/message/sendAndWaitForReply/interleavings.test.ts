/**
 * Questions asked and answers handed over at the same time, through n8n-core, over one data
 * table, with the trigger's static data saved as n8n saves it (read whole when a delivery comes
 * in, saved whole a moment after it was handled, the last save winning). A question is a row
 * written by its own upsert and taken by its own filtered update, so no order of the two loses
 * one: each interleaving is staged below, and every question must wait with its id until its
 * own answer reaches its own run, once.
 */
import nock from 'nock';
import type { IDataObject, INode } from 'n8n-workflow';

import { CONTENT_KINDS } from '../../../../../../nodes/shared/delivery/kinds';
import { verifyHandOff, type WaitingReply } from '../../../../../../nodes/shared/waitingReplies';
import { FakeDataTables } from '../../../../../helpers/dataTables';
import { ACTION_TYPE, deliver, INSTANCE_PATH, makeNode, TEST_CREDENTIALS } from '../../../../../helpers/engine';
import { runWaitingAction } from '../../../../../helpers/waiting';
import { contentFixture, listening, type Listening } from '../../../../ZApiTrigger/fixtures';

jest.setTimeout(180_000);

const API = 'https://api.z-api.io';
const N8N = 'https://n8n.example.com';
const TABLE = 'Z-API Conversations';
const RUNS = 20;
/** How long n8n takes from reading the static data to saving it, around the trigger's own work. */
const HANDLING_MS = 150;
const phoneOf = (run: number) => `55119444${String(run).padStart(5, '0')}`;
const executionOf = (run: number) => `exec-${run}`;
const questionIdOf = (phone: string) => `3EB0QUESTION${phone}`;
const ASK = {
	resource: 'message',
	operation: 'sendAndWaitForReply',
	phone: '={{ $json.phone }}',
	message: 'Which day suits you?',
	questionType: 'buttons',
	buttons: { button: [{ label: 'Monday', id: 'mon' }, { label: 'Tuesday', id: 'tue' }] },
	answerRule: 'choice',
};
const button = CONTENT_KINDS.find((kind) => kind.key === 'buttonsResponseMessage')!;
const pressFrom = (phone: string) => contentFixture(button, { phone, messageId: `PRESS-${phone}-${Math.random()}`, buttonsResponseMessage: { buttonId: 'mon', message: 'Monday' } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let trigger: Listening;
let tables: FakeDataTables;
/** Each hand-off the runs' resume addresses took: [execution, the answer's phone]. */
let handedTo: Array<[string, string]>;
/** Runs while a resume address handles a hand-off, before it answers. */
let duringHandOff: (() => Promise<void>) | undefined;
/** Runs while the service handles a question's send, before it answers. */
let duringSend: (() => Promise<void>) | undefined;

/** The questions waiting, by execution: their chat and id. */
const waiting = () =>
	Object.fromEntries(
		tables
			.rowsOf(TABLE)
			.filter((row) => row.kind === 'question' && !row.claimedBy)
			.map((row) => {
				const record = JSON.parse(String(row.item)) as WaitingReply;
				return [String(row.messageId).split('#')[0], { chat: record.chat, questionMessageId: record.questionMessageId }];
			}),
	);

/** A delivery as n8n handles it: on a copy of the static data read now, saved whole a moment after. */
async function deliverAsN8n(body: IDataObject) {
	const saved = trigger.setup.staticData!;
	const loaded = JSON.parse(JSON.stringify(saved)) as IDataObject;
	const loadedAt = Date.now();
	const result = await deliver({ ...trigger.setup, staticData: loaded }, { body, query: trigger.query });
	void sleep(Math.max(0, loadedAt + HANDLING_MS - Date.now())).then(() => {
		for (const key of Object.keys(saved)) delete saved[key];
		Object.assign(saved, loaded);
	});
	return result;
}

const ask = async (run: number) => await runWaitingAction(ASK, [{ json: { phone: phoneOf(run) } }], { executionId: executionOf(run) });

beforeEach(async () => {
	handedTo = [];
	duringHandOff = undefined;
	duringSend = undefined;
	tables = new FakeDataTables();
	const asker: INode = { ...makeNode(ACTION_TYPE, ASK), name: 'Ask the day' };
	trigger = await listening({ events: ['messageReceived'] }, { after: [asker] });
	nock(API).persist().get(`${INSTANCE_PATH}/me`).reply(200, { receivedCallbackUrl: trigger.url, deliveryCallbackUrl: '', messageStatusCallbackUrl: '' });
	nock(API)
		.persist()
		.post(`${INSTANCE_PATH}/send-button-list`)
		.reply((_path, body, callback) => {
			const id = questionIdOf(String((body as IDataObject).phone));
			void (duringSend?.() ?? Promise.resolve()).then(() => callback(null, [200, { zaapId: id, messageId: id, id }]));
		});
	nock(N8N)
		.persist()
		.post(/^\/webhook-waiting\/exec-\d+\/action-node-id$/)
		.query(true)
		.reply((path, body, callback) => {
			const handOff = verifyHandOff(TEST_CREDENTIALS.instanceToken, body);
			handedTo.push([path.split('/')[2], String(handOff?.reply.phone)]);
			void (duringHandOff?.() ?? Promise.resolve()).then(() => callback(null, [200, { accepted: true }]));
		});
});
afterEach(() => nock.cleanAll());

describe('a question asked while an answer is handed over, in every order', () => {
	it('asked while the answer of another run is being handed over: both hold', async () => {
		expect((await ask(0)).status).toBe('waiting');
		duringHandOff = async () => {
			duringHandOff = undefined;
			expect((await ask(1)).status).toBe('waiting');
		};
		expect((await deliverAsN8n(pressFrom(phoneOf(0)))).items).toBeUndefined();
		await sleep(2 * HANDLING_MS);
		expect(handedTo).toEqual([[executionOf(0), phoneOf(0)]]);
		expect(waiting()).toEqual({ [executionOf(1)]: { chat: phoneOf(1), questionMessageId: questionIdOf(phoneOf(1)) } });
		expect((await deliverAsN8n(pressFrom(phoneOf(1)))).items).toBeUndefined();
		expect(handedTo).toEqual([[executionOf(0), phoneOf(0)], [executionOf(1), phoneOf(1)]]);
	});

	it('an answer handed over while another run asks (between keeping its question and sending it): both hold', async () => {
		expect((await ask(0)).status).toBe('waiting');
		duringSend = async () => {
			duringSend = undefined;
			expect((await deliverAsN8n(pressFrom(phoneOf(0)))).items).toBeUndefined();
		};
		expect((await ask(1)).status).toBe('waiting');
		await sleep(2 * HANDLING_MS);
		expect(handedTo).toEqual([[executionOf(0), phoneOf(0)]]);
		expect(waiting()).toEqual({ [executionOf(1)]: { chat: phoneOf(1), questionMessageId: questionIdOf(phoneOf(1)) } });
	});

	it("a new question of the same chat written just before an answer's claim lands: the answer takes the question it read, the new one waits", async () => {
		expect((await ask(0)).status).toBe('waiting');
		tables.beforeUpdate = (fake) => {
			tables.beforeUpdate = undefined;
			const record = JSON.parse(String(fake.rowsOf(TABLE)[0].item)) as WaitingReply;
			fake.insertRow(TABLE, { chatId: phoneOf(0), kind: 'question', messageId: `${executionOf(5)}#0@${Date.now()}`, arrivedAt: Date.now(), pausedUntil: record.expiresAt, claimedBy: null, item: JSON.stringify({ ...record, resumeUrl: record.resumeUrl.replace(executionOf(0), executionOf(5)), askedAt: Date.now() }) });
		};
		expect((await deliverAsN8n(pressFrom(phoneOf(0)))).items).toBeUndefined();
		expect(handedTo).toEqual([[executionOf(0), phoneOf(0)]]);
		expect(Object.keys(waiting())).toEqual([executionOf(5)]);
	});

	it('two answers to one question handled at once: one hand-off, the other message starts the workflow', async () => {
		expect((await ask(0)).status).toBe('waiting');
		const both = await Promise.all([deliverAsN8n(pressFrom(phoneOf(0))), deliverAsN8n(pressFrom(phoneOf(0)))]);
		expect(handedTo).toEqual([[executionOf(0), phoneOf(0)]]);
		expect(both.map((result) => result.items?.length ?? 0).sort()).toEqual([0, 1]);
	});
});

it('twenty runs asking while twenty earlier questions are answered: every question waits with its id, and each answer reaches its own run once', async () => {
	const earlier = await Promise.all(Array.from({ length: RUNS }, async (_, run) => await ask(run)));
	expect(earlier.map((run) => run.status)).toEqual(earlier.map(() => 'waiting'));
	// Each hand-off takes a while, so the deliveries overlap the asking runs and each other.
	duringHandOff = async () => {
		await sleep(50);
	};
	const [answers, later] = await Promise.all([
		Promise.all(Array.from({ length: RUNS }, async (_, run) => await deliverAsN8n(pressFrom(phoneOf(run))))),
		Promise.all(Array.from({ length: RUNS }, async (_, run) => await ask(RUNS + run))),
	]);
	expect(answers.map((result) => result.items)).toEqual(answers.map(() => undefined));
	expect(later.map((run) => run.status)).toEqual(later.map(() => 'waiting'));
	await sleep(2 * HANDLING_MS);
	expect(handedTo.sort()).toEqual(Array.from({ length: RUNS }, (_, run): [string, string] => [executionOf(run), phoneOf(run)]).sort());
	expect(waiting()).toEqual(Object.fromEntries(Array.from({ length: RUNS }, (_, run) => [executionOf(RUNS + run), { chat: phoneOf(RUNS + run), questionMessageId: questionIdOf(phoneOf(RUNS + run)) }])));

	handedTo = [];
	duringHandOff = undefined;
	for (let run = RUNS; run < 2 * RUNS; run++) expect((await deliverAsN8n(pressFrom(phoneOf(run)))).items).toBeUndefined();
	expect(handedTo).toEqual(Array.from({ length: RUNS }, (_, run) => [executionOf(RUNS + run), phoneOf(RUNS + run)]));
});
