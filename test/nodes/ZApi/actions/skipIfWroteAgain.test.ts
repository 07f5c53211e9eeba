/**
 * Skip If the Person Wrote Again, run as n8n runs the executions: one per message, each
 * Combine Quick Messages → a slow AI Agent → Send Text, the state in n8n's data tables (a
 * stand-in behind nock), Z-API behind nock. What the person receives is what Z-API was asked
 * to send.
 */
import nock from 'nock';
import type { ICredentialDataDecryptedObject, IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { actionNode, runChain, standInNode, type ChainRun } from '../../../helpers/chain';
import { FakeDataTables } from '../../../helpers/dataTables';
import { INSTANCE_PATH, registerNodeType } from '../../../helpers/engine';
import { ANA, incoming } from './conversation/messages';

const TABLE = 'Z-API Conversations';
const SLOW_AGENT = 'test.slowAgentStandIn';
const ENDPOINT = `${INSTANCE_PATH}/send-text`;

/** What the agent does while it thinks about a text: the test's own (nothing by default). */
let thinking: (text: string) => Promise<void> = async () => {};

/** As n8n's AI Agent: answers each item with `output` only, linked to the item it answers, after thinking. */
registerNodeType(SLOW_AGENT, {
	description: {
		displayName: 'AI Agent',
		name: SLOW_AGENT,
		group: ['transform'],
		version: 1,
		description: 'AI Agent',
		defaults: { name: 'AI Agent' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		for (const item of items) await thinking(String(item.json.text ?? ''));
		return [items.map((item, index) => ({ json: { output: `Answer to ${String(item.json.text)}. Thanks.` }, pairedItem: { item: index } }))];
	},
});

const after = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

const combine = actionNode('Combine Quick Messages', { resource: 'conversation', operation: 'combineMessages', quietSeconds: 1, maxWaitSeconds: 10 });
const agent = standInNode(SLOW_AGENT, 'AI Agent');
const send = (extra: IDataObject = {}) =>
	actionNode('Send the answer', { resource: 'message', operation: 'sendText', message: '={{ $json.output }}', skipIfWroteAgain: true, ...extra });

let run = 0;
/** The execution one message starts, as the trigger starts it. */
const execute = async (text: string, sendNode = send(), n8nApi?: ICredentialDataDecryptedObject, combineNode = combine) =>
	await runChain([combineNode, agent, sendNode], [incoming(ANA, text)], { executionId: `exec-${++run}`, mode: 'webhook', ...(n8nApi ? { n8nApi } : {}) });

/** What Z-API was asked to send, in order, with when each request came and when its answer left. */
function zApi(replyAfter: (index: number) => number = () => 0, onRequest: (index: number) => void = () => {}) {
	const sent: Array<{ message: string; at: number; answeredAt?: number }> = [];
	nock('https://api.z-api.io')
		.persist()
		.post(ENDPOINT)
		.reply(async (_uri, body) => {
			const index = sent.length;
			const entry: (typeof sent)[number] = { message: String((body as IDataObject).message), at: Date.now() };
			sent.push(entry);
			onRequest(index);
			await after(replyAfter(index));
			entry.answeredAt = Date.now();
			return [200, { zaapId: `z${index}`, messageId: `OUT-${index}` }];
		});
	return sent;
}

describe('Skip If the Person Wrote Again', () => {
	let tables: FakeDataTables;
	beforeEach(() => {
		tables = new FakeDataTables();
		thinking = async () => {};
	});
	afterEach(() => nock.cleanAll());

	it('a message written while the agent answers: the earlier answer is not sent; one answer takes every message, in order', async () => {
		const sent = zApi();
		let newer: Promise<ChainRun> | undefined;
		thinking = async (text) => {
			if (text !== 'A\nB') return;
			// 100 ms into the answer, the person writes C; the answer takes 2.5 s.
			newer = after(100).then(async () => await execute('C'));
			await after(2500);
		};
		const first = execute('A');
		await after(150);
		const [, earlier] = await Promise.all([first, execute('B')]);
		const later = await newer!;
		expect([earlier.error, later.error]).toEqual([undefined, undefined]);
		expect(earlier.outputs['Send the answer']).toEqual([{ sent: false, skippedBecause: 'personWroteAgain', chatId: ANA, burstId: expect.any(String) }]);
		expect(later.outputs['Combine Quick Messages']).toEqual([expect.objectContaining({ text: 'A\nB\nC', count: 3, carriedOver: 2 })]);
		expect(sent.map(({ message }) => message)).toEqual(['Answer to A\nB\nC. Thanks.']);
		// Every answer is accounted for: the first overtaken, the second sent.
		const answers = tables.rowsOf(TABLE).filter((row) => row.kind === 'answer');
		expect(answers.map((row) => row.pausedBy)).toEqual(['overtaken', 'sent']);
	});

	it('a message written just before the answer is ready, its quiet period still running: the answer is not sent; one answer takes every message', async () => {
		const sent = zApi();
		let newer: Promise<ChainRun> | undefined;
		thinking = async (text) => {
			if (text !== 'A\nB') return;
			// C 1.2 s into a 1.5 s answer: when the answer is ready, C's burst is still 0.7 s from going on.
			newer = after(1200).then(async () => await execute('C'));
			await after(1500);
		};
		const first = execute('A');
		await after(150);
		const [, earlier] = await Promise.all([first, execute('B')]);
		const later = await newer!;
		expect(earlier.outputs['Send the answer']).toEqual([expect.objectContaining({ sent: false, skippedBecause: 'personWroteAgain' })]);
		expect(later.outputs['Combine Quick Messages']).toEqual([expect.objectContaining({ text: 'A\nB\nC', carriedOver: 2 })]);
		expect(sent.map(({ message }) => message)).toEqual(['Answer to A\nB\nC. Thanks.']);
	});

	it("a newer burst that claimed its message but has not yet overtaken the answer: the send skips, and leaves the answer for it to overtake", async () => {
		const sent = zApi();
		thinking = async (text) => {
			if (text !== 'A') return;
			// The person's next message, already claimed by its own burst's execution, which is about to overtake.
			tables.insertRow(TABLE, { chatId: ANA, kind: 'message', messageId: 'M-next', arrivedAt: Date.now(), claimedBy: 'exec-next:99', pausedUntil: Date.now() + 60_000, pausedBy: null, item: null });
		};
		const result = await execute('A');
		expect(result.outputs['Send the answer']).toEqual([expect.objectContaining({ sent: false, skippedBecause: 'personWroteAgain' })]);
		expect(sent).toEqual([]);
		expect(tables.rowsOf(TABLE).filter((row) => row.kind === 'answer').map((row) => row.pausedBy)).toEqual(['answering']);
	});

	it('the person typing when the answer is ready: it waits until they stop, then goes 2 s later; nothing is sent while they type', async () => {
		const sent = zApi();
		let stoppedAt = 0;
		thinking = async () => {
			// WhatsApp shows them typing from just after the burst until 1.5 s after the answer is ready.
			const typing = (status: string) => tables.updateRows(TABLE, (row) => row.kind === 'typing', { pausedBy: status, arrivedAt: Date.now() });
			tables.insertRow(TABLE, { chatId: ANA, kind: 'typing', pausedBy: 'COMPOSING', arrivedAt: Date.now(), claimedBy: null, messageId: null, item: null, pausedUntil: null });
			setTimeout(() => typing('COMPOSING'), 800);
			setTimeout(() => {
				typing('PAUSED');
				stoppedAt = Date.now();
			}, 1500);
		};
		const result = await execute('hello');
		expect(result.error).toBeUndefined();
		expect(sent.map(({ message }) => message)).toEqual(['Answer to hello. Thanks.']);
		expect(stoppedAt).toBeGreaterThan(0);
		expect(sent[0].at).toBeGreaterThanOrEqual(stoppedAt + 2000);
	});

	it('a message written while the answer is being sent: every bubble of it goes, then the new message is answered alone', async () => {
		let newer: Promise<ChainRun> | undefined;
		// Z-API takes 1.5 s over the first bubble; the person writes C as it arrives.
		const sent = zApi(
			(index) => (index === 0 ? 1500 : 0),
			(index) => {
				if (index === 0) newer = execute('C', send({ options: { splitInto: 'sentence' } }));
			},
		);
		const first = execute('A', send({ options: { splitInto: 'sentence' } }));
		await after(150);
		const [, earlier] = await Promise.all([first, execute('B', send({ options: { splitInto: 'sentence' } }))]);
		await after(50);
		const later = await newer!;
		expect([earlier.error, later.error]).toEqual([undefined, undefined]);
		expect(later.outputs['Combine Quick Messages']).toEqual([expect.not.objectContaining({ carriedOver: expect.anything() })]);
		// A sentence or line per bubble.
		expect(sent.map(({ message }) => message)).toEqual(['Answer to A', 'B.', 'Thanks.', 'Answer to C.', 'Thanks.']);
		// The newer answer starts once the earlier one's last bubble was answered.
		expect(sent[3].at).toBeGreaterThanOrEqual(sent[2].answeredAt!);
	});

	it('three messages, each written while the answer before was being made: one answer to all of them', async () => {
		const sent = zApi();
		const newer: Array<Promise<ChainRun>> = [];
		thinking = async (text) => {
			const next = { 'A\nB': 'C', 'A\nB\nC': 'D' }[text];
			if (!next) return;
			newer.push(after(100).then(async () => await execute(next)));
			await after(2500);
		};
		const first = execute('A');
		await after(150);
		await Promise.all([first, execute('B')]);
		await newer[0];
		await newer[1];
		expect(sent.map(({ message }) => message)).toEqual(['Answer to A\nB\nC\nD. Thanks.']);
		expect(tables.rowsOf(TABLE).filter((row) => row.kind === 'answer').map((row) => row.pausedBy)).toEqual(['overtaken', 'overtaken', 'sent']);
	});

	it("a chat's first message going on at once (Answer First Message At Once) is answered whatever follows", async () => {
		const sent = zApi();
		const greeting = actionNode('Combine Quick Messages', { ...combine.parameters, options: { firstMessageAtOnce: true } });
		thinking = async (text) => {
			if (text === 'oi') await after(1500);
		};
		const first = execute('oi', send(), undefined, greeting);
		await after(300);
		const [opened, next] = await Promise.all([first, execute('tudo bem', send(), undefined, greeting)]);
		expect([opened.error, next.error]).toEqual([undefined, undefined]);
		expect(opened.outputs['Combine Quick Messages']).toEqual([expect.objectContaining({ text: 'oi', wentOnBecause: 'firstMessage' })]);
		// Both answered, each on its own: the greeting was not overtaken.
		expect(sent.map(({ message }) => message).sort()).toEqual(['Answer to oi. Thanks.', 'Answer to tudo bem. Thanks.']);
		expect(next.outputs['Combine Quick Messages']).toEqual([expect.not.objectContaining({ carriedOver: expect.anything() })]);
	});

	it('no message in between: the answer goes as usual, and its row says it was sent', async () => {
		const sent = zApi();
		const only = await execute('hello');
		expect(only.error).toBeUndefined();
		expect(only.json).toEqual([expect.objectContaining({ messageId: 'OUT-0' })]);
		expect(sent.map(({ message }) => message)).toEqual(['Answer to hello. Thanks.']);
		expect(tables.rowsOf(TABLE).filter((row) => row.kind === 'answer').map((row) => row.pausedBy)).toEqual(['sent']);
	});

	it('a send that fails leaves its messages to the next burst: the person then gets one answer to all of them', async () => {
		let calls = 0;
		const sent: string[] = [];
		nock('https://api.z-api.io')
			.persist()
			.post(ENDPOINT)
			.reply((_uri, body) => {
				calls++;
				if (calls === 1) return [400, { error: 'phone not on WhatsApp' }];
				sent.push(String((body as IDataObject).message));
				return [200, { zaapId: 'z', messageId: `OUT-${calls}` }];
			});
		const failed = await execute('A');
		expect(failed.error?.message).toBeDefined();
		const next = await execute('B');
		expect(next.error).toBeUndefined();
		expect(next.outputs['Combine Quick Messages']).toEqual([expect.objectContaining({ text: 'A\nB', carriedOver: 1 })]);
		expect(sent).toEqual(['Answer to A\nB. Thanks.']);
	});

	describe('faults of n8n\'s API at the send, staged on a local server', () => {
		const KEY = 'n8n key/with+chars=&%?';
		let local: FakeDataTables;
		let n8nApi: ICredentialDataDecryptedObject;
		beforeEach(async () => {
			local = new FakeDataTables({ local: true, apiKey: KEY });
			n8nApi = { baseUrl: await local.listen(), apiKey: KEY };
			nock.enableNetConnect('127.0.0.1');
		});
		afterEach(async () => await local.close());

		it("the send's take lands and the connection drops: the answer is sent once, and its row says sent", async () => {
			const sent = zApi();
			let updates = 0;
			// The Combine's claim is the first row update, the send's take the second.
			local.fault = (request) => (request.endsWith('/rows/update') && ++updates === 2 ? 'cutAfterApplying' : undefined);
			const result = await execute('hello', send(), n8nApi);
			expect(result.error).toBeUndefined();
			expect(updates).toBeGreaterThanOrEqual(2);
			expect(sent.map(({ message }) => message)).toEqual(['Answer to hello. Thanks.']);
			expect(local.rowsOf(TABLE).filter((row) => row.kind === 'answer').map((row) => row.pausedBy)).toEqual(['sent']);
		});

		it("n8n's API down once the burst went on: the answer is sent all the same", async () => {
			const sent = zApi();
			let down = false;
			thinking = async () => {
				down = true;
			};
			local.fault = () => (down ? { status: 503, message: 'Service Unavailable' } : undefined);
			const result = await execute('hello', send(), n8nApi);
			expect(result.error).toBeUndefined();
			expect(sent.map(({ message }) => message)).toEqual(['Answer to hello. Thanks.']);
		});
	});

	it('with the option off, nothing is kept about answers: no row, no call, no field on the burst', async () => {
		const sent = zApi();
		const plain = await execute('hello', send({ skipIfWroteAgain: false }));
		expect(plain.error).toBeUndefined();
		expect(sent.map(({ message }) => message)).toEqual(['Answer to hello. Thanks.']);
		expect(plain.outputs['Combine Quick Messages'][0].burst).toBeUndefined();
		expect(tables.rowsOf(TABLE).filter((row) => row.kind === 'answer')).toEqual([]);
	});

	it('with the option on but no credential for the state, fails before sending and says which to choose', async () => {
		const sent = zApi();
		const node = send();
		node.credentials = { zApiApi: { id: 'cred-1', name: 'Z-API account' } };
		const result = await execute('hello', node);
		expect(result.error?.message).toBe("Skip If the Person Wrote Again needs a Z-API Conversation State credential: choose one in node 'Send the answer'");
		expect(sent).toEqual([]);
	});
});
