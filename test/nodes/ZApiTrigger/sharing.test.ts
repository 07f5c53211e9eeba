/**
 * Several workflows with a Z-API Trigger on one instance: joining, leaving, handing over, in
 * every order (sharedInstance.ts plays n8n and the service).
 */
import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import { CONTENT_KINDS } from '../../../nodes/shared/delivery/kinds';
import { ENCODED_TOKEN } from '../../helpers/encodedToken';
import { FakeDataTables } from '../../helpers/dataTables';
import { ACTION_TYPE, makeNode, triggerLifecycle, type TriggerSetup } from '../../helpers/engine';
import { EXECUTION_ID, runWaitingAction } from '../../helpers/waiting';
import { contentFixture, n8nDelete } from './fixtures';
import {
	EVENTS,
	N8N,
	OTHER_PROGRAM,
	activate,
	control,
	controlsSent,
	deactivate,
	expectEachReceivesWhatItChose,
	fromTriggers,
	log,
	newId,
	serviceSends,
	settings,
	standIn,
	workflow,
	workflows,
	useSharedInstance,
} from './sharedInstance';

useSharedInstance();

function permutations<T>(list: T[]): T[][] {
	if (list.length <= 1) return [list];
	return list.flatMap((first, index) => permutations([...list.slice(0, index), ...list.slice(index + 1)]).map((rest) => [first, ...rest]));
}

const ORDERS = permutations([0, 1, 2]);
const SEQUENCES = ORDERS.flatMap((up) => ORDERS.map((down) => ({ up, down })));

describe('three workflows, activated and deactivated in every order', () => {
	it.each(SEQUENCES)('activated $up, deactivated $down', async ({ up, down }) => {
		const all = EVENTS.map((events, index) => workflow(index + 1, events));
		for (const index of up) {
			await activate(all[index]);
			await expectEachReceivesWhatItChose(`after activating W${index + 1}`);
		}
		for (const index of down) {
			await deactivate(all[index]);
			await expectEachReceivesWhatItChose(`after deactivating W${index + 1}`);
		}
		// The other program's addresses and notify sent by me are back as they were.
		const end = await settings();
		expect(end.addresses).toEqual({ ...end.addresses, receivedAndSent: OTHER_PROGRAM, messageStatus: OTHER_PROGRAM, connected: '' });
		expect(end.sentByMe).toBe(false);
		expect(log.warn).not.toHaveBeenCalled();
		expect(log.error).not.toHaveBeenCalled();
		// The node's record ends; the workflow's shared part stays empty (no LID learned; questions wait in the conversation table).
		for (const each of all) {
			expect(each.setup.staticData).toEqual({ 'node:Z-API Trigger': { retired: [expect.stringMatching(/^[0-9a-f]{32}$/)] }, global: {} });
		}
	}, 60_000);
});

describe('an answer to a waiting question starts no other workflow on the instance unless asked to', () => {
	const phone = '5511944445555';
	const asks = (workflowId: string) =>
		runWaitingAction(
			{ resource: 'message', operation: 'sendAndWaitForReply', phone, message: 'Which day?', questionType: 'buttons', buttons: { button: [{ label: 'Monday', id: 'mon' }] }, answerRule: 'choice' },
			undefined,
			{ credentials: { instanceToken: ENCODED_TOKEN, baseUrl: standIn.url }, workflowId },
		);
	const answer = () =>
		contentFixture(CONTENT_KINDS.find((kind) => kind.key === 'buttonsResponseMessage')!, { phone, messageId: newId(), buttonsResponseMessage: { buttonId: 'mon', message: 'Monday' } });
	const resumed = () => nock(N8N).post(`/webhook-waiting/${EXECUTION_ID}/action-node-id`).query(true).reply(200, { accepted: true });

	// The asking workflow's trigger reads its questions from the conversation table (n8n's data-table API, played here).
	let tables: FakeDataTables;
	beforeEach(() => {
		tables = new FakeDataTables();
	});

	it.each([
		['the question waits in a member’s workflow; the head', 'wf-1', 0, [], ['W0']],
		['the question waits in the head’s workflow; a member', 'wf-0', 1, [], ['W1']],
	])('%s starts for it only with Start on Answers Elsewhere on', async (_name, askingWorkflow, other, off, on) => {
		for (const startOnAnswersElsewhere of [false, true]) {
			workflows.splice(0);
			standIn.reset();
			const all = [workflow(0, ['messageReceived']), workflow(1, ['messageReceived'])];
			all[other].setup.parameters = { ...all[other].setup.parameters, options: { startOnAnswersElsewhere } };
			all[1 - other].setup.after = [makeNode(ACTION_TYPE, { resource: 'message', operation: 'sendAndWaitForReply', phone, message: 'Which day?' })];
			for (const each of all) await activate(each);
			expect((await asks(askingWorkflow)).status).toBe('waiting');
			const resume = resumed();
			expect(await serviceSends('receivedAndSent', answer())).toEqual(startOnAnswersElsewhere ? on : off);
			expect(resume.isDone()).toBe(true);
			// The question was taken by the answer: no question of the table waits any more.
			expect(tables.rowsOf('Z-API Conversations').filter((row) => row.kind === 'question' && !row.claimedBy)).toEqual([]);
			// A message that answers nothing starts both.
			expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { phone, messageId: newId() }))).toEqual(['W0', 'W1']);
		}
	}, 60_000);
});

describe('joining, leaving, handing over', () => {
	it('a second workflow joins instead of taking the webhook: the service keeps the first one’s address', async () => {
		const first = workflow(1, ['messageReceived']);
		const second = workflow(2, ['messageReceived']);
		await activate(first);
		const held = (await settings()).addresses.receivedAndSent;
		await activate(second);
		expect((await settings()).addresses.receivedAndSent).toBe(held);
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { text: { message: 'Olá' } }))).toEqual(['W1', 'W2']);
		expect(second.started).toEqual([expect.objectContaining({ event: 'message', kind: 'text', content: { message: 'Olá' } })]);
	});

	it('the head leaving hands the webhook and its members over; the other program comes back after the last', async () => {
		const head = workflow(1, ['messageReceived']);
		const second = workflow(2, ['messageReceived']);
		const third = workflow(3, ['messageReceived']);
		for (const each of [head, second, third]) await activate(each);
		await deactivate(head);
		const now = (await settings()).addresses.receivedAndSent;
		expect(now.startsWith(`${N8N}/webhook/${second.webhookId}/webhook?activation=`)).toBe(true);
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W2', 'W3']);
		await deactivate(second);
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W3']);
		await deactivate(third);
		expect((await settings()).addresses.receivedAndSent).toBe(OTHER_PROGRAM);
	});

	it('n8n restarting activates every workflow again: each still receives once, nothing changes hands', async () => {
		const all = EVENTS.map((events, index) => workflow(index + 1, events));
		for (const each of all) await activate(each);
		const held = (await settings()).addresses;
		for (const each of all) await activate(each);
		expect((await settings()).addresses).toEqual(held);
		await expectEachReceivesWhatItChose('after a restart');
	});

	it('a head whose first member is gone hands over to the next one', async () => {
		const head = workflow(1, ['messageReceived']);
		const gone = workflow(2, ['messageReceived']);
		const next = workflow(3, ['messageReceived']);
		for (const each of [head, gone, next]) await activate(each);
		gone.active = false;
		await deactivate(head);
		expect((await settings()).addresses.receivedAndSent.startsWith(`${N8N}/webhook/${next.webhookId}/webhook?activation=`)).toBe(true);
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W3']);
		await deactivate(next);
		expect((await settings()).addresses.receivedAndSent).toBe(OTHER_PROGRAM);
	});

	it('a workflow of this n8n that holds the webhook but no longer answers is taken over; its address is not kept', async () => {
		const stale = `${N8N}/webhook/c0ffee00-0000-4000-8000-000000000199/webhook?activation=${'0'.repeat(12)}${'a'.repeat(20)}&signature=${'b'.repeat(64)}`;
		await control('webhooks', { received: stale });
		const arriving = workflow(1, ['messageReceived']);
		await activate(arriving);
		expect((await settings()).addresses.receivedAndSent.startsWith(`${N8N}/webhook/${arriving.webhookId}/webhook?activation=`)).toBe(true);
		expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('did not answer (HTTP 404); this one takes them over'));
		expect(JSON.stringify(arriving.setup.staticData)).not.toContain('b'.repeat(64));
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W1']);
		// Nothing known to put back: cleared.
		await deactivate(arriving);
		expect((await settings()).addresses.receivedAndSent).toBe('');
	});

	it('a member that is gone without leaving (answers 404) is tried three times a delivery, and dropped only after failing 5 deliveries over 10 minutes', async () => {
		const head = workflow(1, ['messageReceived']);
		const member = workflow(2, ['messageReceived']);
		await activate(head);
		await activate(member);
		// Its n8n stopped serving it and never ran the clean-up.
		member.active = false;
		const membersOf = () => (head.setup.staticData!['node:Z-API Trigger'] as IDataObject).members as IDataObject[];
		for (let delivery = 1; delivery <= 5; delivery++) {
			fromTriggers.count = 0;
			expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W1']);
			// Three tries, then the head's report of the failure to itself.
			expect(fromTriggers.count).toBe(4);
			expect(controlsSent.filter((each) => each.op === 'relayed')).toHaveLength(delivery);
			expect(membersOf()).toEqual([expect.objectContaining({ scope: 'wf-2:trigger-2', failures: delivery })]);
		}
		// Failing since 10 minutes ago: the next failure drops it, and the delivery after goes to nobody.
		(membersOf()[0] as IDataObject).failingSince = Date.now() - 10 * 60_000;
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W1']);
		expect(membersOf()).toEqual([]);
		fromTriggers.count = 0;
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W1']);
		expect(fromTriggers.count).toBe(0);
		expect(log.info).toHaveBeenCalledWith(expect.stringContaining('workflow wf-2 took no delivery 5 times in a row over 10 minutes; it is dropped'));
		expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('could not pass a delivery on to workflow wf-2 after 3 tries (HTTP 404)'));
	}, 60_000);

	it('Message Sent by Me in a member turns notify sent by me on; the last one out turns it off again', async () => {
		const head = workflow(1, ['messageReceived']);
		const mirror = workflow(2, ['messageSent']);
		await activate(head);
		expect((await settings()).sentByMe).toBe(false);
		await activate(mirror);
		expect((await settings()).sentByMe).toBe(true);
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { fromMe: true }))).toEqual(['W2']);
		await deactivate(head);
		expect((await settings()).sentByMe).toBe(true);
		await deactivate(mirror);
		expect(await settings()).toEqual({ addresses: expect.objectContaining({ receivedAndSent: OTHER_PROGRAM }), sentByMe: false });
	});

	it('listening for a test event takes the webhooks over and puts the head back; its members receive again', async () => {
		const head = workflow(1, ['messageReceived']);
		const member = workflow(2, ['messageReceived']);
		await activate(head);
		await activate(member);
		const held = (await settings()).addresses.receivedAndSent;
		const session: TriggerSetup = { ...head.setup, staticData: {}, active: false };
		await triggerLifecycle(session).activate(true);
		expect((await settings()).addresses.receivedAndSent).toMatch(/^https:\/\/n8n\.example\.com\/webhook-test\//);
		await n8nDelete(session, true);
		expect((await settings()).addresses.receivedAndSent).toBe(held);
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W1', 'W2']);
	});

	it('no secret reaches the log or the static data', async () => {
		const all = EVENTS.map((events, index) => workflow(index + 1, events));
		for (const each of all) await activate(each);
		const addresses = Object.values((await settings()).addresses).filter((address) => address.startsWith(N8N));
		const signatures = addresses.map((address) => new URL(address).searchParams.get('signature') as string);
		const stored = JSON.stringify(all.map((each) => each.setup.staticData));
		for (const secret of [ENCODED_TOKEN, encodeURIComponent(ENCODED_TOKEN), ...signatures]) {
			expect(stored).not.toContain(secret);
			for (const call of [...log.info.mock.calls, ...log.warn.mock.calls]) expect(JSON.stringify(call)).not.toContain(secret);
		}
		for (const each of [...all].reverse()) await deactivate(each);
		for (const call of [...log.info.mock.calls, ...log.warn.mock.calls]) {
			for (const secret of [ENCODED_TOKEN, ...signatures]) expect(JSON.stringify(call)).not.toContain(secret);
		}
	});
});
