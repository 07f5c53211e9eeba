/**
 * Twenty runs of Send and Wait for Reply asking at the same moment, each its own chat, placed
 * at a Z-API Trigger whose workflow static data behaves as n8n's: each handling reads it
 * whole when the request comes in and saves it whole a moment after answering, so handlings
 * that overlap overwrite each other (the last save wins). Every question must end up kept,
 * with its question's id, and each chat's answer must then reach its own run.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { pauseBefore } from '../../../../../../nodes/ZApi/actions/message/sendAndWaitForReply.operation';
import { CONTENT_KINDS } from '../../../../../../nodes/shared/delivery/kinds';
import { verifyHandOff, WAITING_REPLIES_KEY, type WaitingReply } from '../../../../../../nodes/shared/waitingReplies';
import { deliver, INSTANCE_PATH, TEST_CREDENTIALS } from '../../../../../helpers/engine';
import { runWaitingAction } from '../../../../../helpers/waiting';
import { contentFixture, listening, type Listening } from '../../../../ZApiTrigger/fixtures';

jest.setTimeout(180_000);

const API = 'https://api.z-api.io';
const N8N = 'https://n8n.example.com';
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

let trigger: Listening;
/** Saves of the trigger's static data that replaced records another handling had saved meanwhile. */
let overwrites: number;

const saved = () => trigger.setup.staticData!;
const waitsAtTrigger = () => ((saved().global as IDataObject | undefined)?.[WAITING_REPLIES_KEY] ?? {}) as Record<string, WaitingReply>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * n8n's webhook server for the trigger's address: reads the saved static data whole, lets the
 * trigger handle the request on that copy, answers, and saves the copy whole when the handling
 * ends (only when the trigger changed it, as n8n does).
 */
function n8nSavesWhole() {
	nock(N8N)
		.persist()
		.put(new URL(trigger.url).pathname)
		.query(true)
		.reply(function (path, body, callback) {
			const loadedAt = Date.now();
			const loaded = JSON.parse(JSON.stringify(saved())) as IDataObject;
			const before = JSON.stringify(loaded);
			const url = new URL(path, N8N);
			deliver({ ...trigger.setup, staticData: loaded }, { method: 'PUT', body, query: Object.fromEntries(url.searchParams) }).then(
				async (result) => {
					callback(null, result.response.status !== undefined ? [result.response.status, result.response.body] : [200, result.result.webhookResponse ?? {}]);
					await sleep(Math.max(0, loadedAt + HANDLING_MS - Date.now()));
					if (JSON.stringify(loaded) === before) return;
					const lost = Object.keys(waitsAtTrigger()).filter((key) => !(key in (((loaded.global as IDataObject)?.[WAITING_REPLIES_KEY] ?? {}) as IDataObject)));
					if (lost.length) overwrites++;
					for (const key of Object.keys(saved())) delete saved()[key];
					Object.assign(saved(), loaded);
				},
				(error: Error) => callback(error, [500, {}]),
			);
		});
}

beforeEach(async () => {
	overwrites = 0;
	trigger = await listening({ events: ['messageReceived'] }, { options: {} });
});
afterEach(() => nock.cleanAll());

it('twenty runs asking at the same moment keep all twenty questions, each with its id, and each answer reaches its own run', async () => {
	nock(API).get(`${INSTANCE_PATH}/me`).times(RUNS).reply(200, { receivedCallbackUrl: trigger.url, deliveryCallbackUrl: '', messageStatusCallbackUrl: '' });
	nock(API)
		.post(`${INSTANCE_PATH}/send-button-list`)
		.times(RUNS)
		.reply(200, (_path, body) => {
			const id = questionIdOf(String((body as IDataObject).phone));
			return { zaapId: id, messageId: id, id };
		});
	n8nSavesWhole();

	const runs = await Promise.all(
		Array.from({ length: RUNS }, (_, run) => runWaitingAction(ASK, [{ json: { phone: phoneOf(run) } }], { executionId: executionOf(run) })),
	);
	expect(runs.map((run) => (run.error ? `${run.error.message} ${(run.error as { description?: string }).description}` : run.status))).toEqual(runs.map(() => "waiting"));
	// The race was there: saves read before another's placement overwrote it.
	expect(overwrites).toBeGreaterThan(0);
	// Whatever n8n saves later was read after the last confirmation: let every handling end.
	await sleep(2 * HANDLING_MS);
	const records = waitsAtTrigger();
	expect(Object.keys(records).sort()).toEqual(Array.from({ length: RUNS }, (_, run) => `${executionOf(run)}#0`).sort());
	for (let run = 0; run < RUNS; run++) {
		expect(records[`${executionOf(run)}#0`]).toMatchObject({ chat: phoneOf(run), questionMessageId: questionIdOf(phoneOf(run)) });
	}

	// Each chat answers; its answer goes to its own run's resume address, and starts nothing.
	const handedTo: Array<[string, string]> = [];
	nock(N8N)
		.persist()
		.post(/^\/webhook-waiting\/exec-\d+\/action-node-id$/)
		.query(true)
		.reply(200, function (path, body) {
			const handOff = verifyHandOff(TEST_CREDENTIALS.instanceToken, body);
			handedTo.push([path.split('/')[2], String(handOff?.reply.phone)]);
			return { accepted: true };
		});
	const button = CONTENT_KINDS.find((kind) => kind.key === 'buttonsResponseMessage')!;
	for (let run = 0; run < RUNS; run++) {
		const answer = contentFixture(button, { phone: phoneOf(run), buttonsResponseMessage: { buttonId: 'mon', message: 'Monday' } });
		const delivered = await deliver(trigger.setup, { body: answer, query: trigger.query });
		expect(delivered.items).toBeUndefined();
	}
	expect(handedTo).toEqual(Array.from({ length: RUNS }, (_, run) => [executionOf(run), phoneOf(run)]));
});

describe('the pause before placing again', () => {
	it('is never shorter than twice the slowest placement seen, nor than a quarter second', () => {
		expect(pauseBefore(1, 0, 0)).toBe(250);
		expect(pauseBefore(1, 400, 0)).toBe(800);
	});

	it('spreads twice as wide with each round that had to write, up to four seconds', () => {
		expect([0, 1, 2, 3, 4, 5, 13].map((writes) => pauseBefore(writes, 0, 0.999_999))).toEqual([499, 749, 1_249, 2_249, 4_249, 4_249, 4_249]);
	});
});
