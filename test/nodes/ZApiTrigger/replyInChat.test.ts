/**
 * The trigger and the conversation features (replyInChat.ts), through n8n's WebhookContext:
 * the trigger is followed by a Send and Wait for Reply, so its activation finds the
 * conversation table, and the questions waiting are rows of that table (n8n's data-table API,
 * played by FakeDataTables). A reply an execution waits for takes its question's row and goes
 * to that execution's resume address, starting nothing; a reply that does not count is asked
 * again; another chat, my own message, an expired or gone wait start the workflow as usual;
 * two answers to one question hand it off once; and phone–LID pairs learned from one delivery
 * give the phone on a later LID-only one.
 */
import type { IDataObject, INode } from 'n8n-workflow';
import nock from 'nock';

import { CONTENT_KINDS } from '../../../nodes/shared/delivery/kinds';
import { LID_PAIRS_KEY } from '../../../nodes/shared/lidPairs';
import { verifyHandOff, type WaitingReply } from '../../../nodes/shared/waitingReplies';
import { FakeDataTables } from '../../helpers/dataTables';
import { ACTION_TYPE, deliver, INSTANCE_PATH, makeNode, N8N_API_CREDENTIALS, TEST_CREDENTIALS } from '../../helpers/engine';
import { echoedForms, holdsSecret } from '../../helpers/secrets';
import { API, callbacks, contentFixture, deliverTo, INSTANCE_ID, listening, registrationIn, unexpectedRequests, watchLog, type Listening } from './fixtures';

const ANA = '5511988887777';
const BRUNO = '5511977776666';
const ANA_LID = '81896604192873@lid';
const GROUP = callbacks.DEFAULTS.groupId;
const TABLE = 'Z-API Conversations';
const N8N = 'https://n8n.example.com';
const resumeUrlOf = (execution: string) => `${N8N}/webhook-waiting/${execution}/action-node-id?signature=resume-${execution}`;
const kind = (key: string) => CONTENT_KINDS.find((candidate) => candidate.key === key)!;

const buttonReply = (phone: string, buttonId: string, message: string, extra: IDataObject = {}) =>
	contentFixture(kind('buttonsResponseMessage'), { phone, buttonsResponseMessage: { buttonId, message }, ...extra });
const textFrom = (phone: string, message: string, extra: IDataObject = {}) => contentFixture(kind('text'), { phone, text: { message }, ...extra });

/** The Send and Wait for Reply after the trigger. */
const asker = (parameters: IDataObject = {}): INode =>
	makeNode(ACTION_TYPE, { resource: 'message', operation: 'sendAndWaitForReply', phone: ANA, message: 'Which day?', ...parameters });

function waiting(extra: Partial<WaitingReply> = {}): WaitingReply {
	return {
		instanceId: INSTANCE_ID,
		chat: ANA,
		chatOtherForm: null,
		from: null,
		resumeUrl: resumeUrlOf('exec-7'),
		questionMessageId: '3EB0QUESTION',
		askedAt: Date.now() - 5_000,
		expiresAt: Date.now() + 3_600_000,
		rule: { type: 'choice', choices: [{ label: 'Monday', id: 'mon' }, { label: 'Tuesday', id: 'tue' }] },
		reasksLeft: 1,
		reaskMessage: 'Please pick Monday or Tuesday.',
		...extra,
	};
}

let tables: FakeDataTables;
let target: Listening;
let unexpected: ReturnType<typeof unexpectedRequests>;
const globalOf = () => (target.setup.staticData!.global ?? {}) as IDataObject;
const questionRows = () => tables.rowsOf(TABLE).filter((row) => row.kind === 'question');
const rowOf = (id: number) => questionRows().find((row) => row.id === id)!;
const recordIn = (id: number) => JSON.parse(String(rowOf(id).item)) as WaitingReply;

/** A question as Send and Wait for Reply keeps it in the table; its row id. */
function ask(record: WaitingReply, execution = 'exec-7'): number {
	return tables.insertRow(TABLE, {
		chatId: record.chat,
		kind: 'question',
		messageId: `${execution}#0@${record.askedAt}`,
		arrivedAt: record.askedAt,
		pausedUntil: record.expiresAt,
		claimedBy: null,
		item: JSON.stringify(record),
	});
}

/** The resume address of `execution` as n8n serves it, recording what the trigger posts. */
function resumeAddress(execution = 'exec-7', status = 200, answer: IDataObject = { accepted: true }) {
	const posted: unknown[] = [];
	const scope = nock(N8N)
		.post(`/webhook-waiting/${execution}/action-node-id`, (body) => {
			posted.push(body);
			return true;
		})
		.query({ signature: `resume-${execution}` })
		.reply(status, answer);
	return { posted, scope };
}

/** Whatever the trigger posts to any waiting execution: none expected. */
function noResume() {
	const posted: string[] = [];
	nock(N8N)
		.persist()
		.post(/^\/webhook-waiting\//)
		.query(true)
		.reply((uri) => (posted.push(uri), [200, { accepted: true }]));
	return posted;
}

/** The question taken by the message `messageId`: claimed in its name, kept until the next clearing only. */
function expectTakenBy(id: number, messageId: unknown) {
	const row = rowOf(id);
	expect(String(row.claimedBy)).toMatch(new RegExp(`^${String(messageId)}@`));
	expect(Number(row.pausedUntil)).toBeLessThan(Date.now());
}

beforeEach(async () => {
	tables = new FakeDataTables();
	target = await listening({ events: ['messageReceived', 'messageSent'] }, { after: [asker()] });
	unexpected = unexpectedRequests();
});
afterEach(() => {
	unexpected.stop();
	nock.cleanAll();
});

it('the activation finds the table the questions wait in, and writes nothing into the workflow’s shared part', () => {
	expect(registrationIn(target.setup.staticData!)!.questionTable).toEqual({ id: 'dt1', name: TABLE });
	expect(globalOf()).toEqual({});
});

describe('a reply the execution waits for', () => {
	it('goes to its resume address, signed, and starts nothing; its question is taken by that message', async () => {
		const id = ask(waiting());
		const address = resumeAddress();
		const before = tables.requests.length;
		const reply = buttonReply(ANA, 'tue', 'Tuesday');
		const result = await deliverTo(target, reply);
		expect(result.items).toBeUndefined();
		expect(result.result.webhookResponse).toEqual({ received: true, started: false, answered: true });
		expect(address.scope.isDone()).toBe(true);
		const handOff = verifyHandOff(TEST_CREDENTIALS.instanceToken, address.posted[0]);
		expect(handOff).toMatchObject({ counted: true, questionMessageId: '3EB0QUESTION', choice: { position: 2, label: 'Tuesday', id: 'tue' } });
		expect(handOff!.reply).toMatchObject({ event: 'message', kind: 'buttonsResponse', text: 'Tuesday', phone: ANA, content: { buttonId: 'tue' } });
		expectTakenBy(id, reply.messageId);
		// The table found at activation, by its id: no lookup by name per message.
		expect(tables.requests.slice(before)).not.toContain('GET /data-tables');
		expect(tables.requests.slice(before)).toContain('PATCH /data-tables/dt1/rows/update');
		expect(unexpected.list).toEqual([]);
	});

	it('a second answer to a question already answered starts the workflow', async () => {
		const id = ask(waiting());
		resumeAddress();
		const first = buttonReply(ANA, 'tue', 'Tuesday');
		expect((await deliverTo(target, first)).items).toBeUndefined();
		const posted = noResume();
		const second = await deliverTo(target, buttonReply(ANA, 'mon', 'Monday'));
		expect(second.items).toEqual([expect.objectContaining({ text: 'Monday' })]);
		expect(posted).toEqual([]);
		expectTakenBy(id, first.messageId);
	});

	it('still reaches the execution n8n has not marked waiting yet (409 running already, then accepted)', async () => {
		const id = ask(waiting());
		const running = nock(N8N)
			.post('/webhook-waiting/exec-7/action-node-id')
			.query({ signature: 'resume-exec-7' })
			.reply(409, { code: 409, message: 'The execution "exec-7" is running already.' });
		const address = resumeAddress();
		const reply = buttonReply(ANA, 'mon', 'Monday');
		const result = await deliverTo(target, reply);
		expect(running.isDone()).toBe(true);
		expect(address.scope.isDone()).toBe(true);
		expect(result.items).toBeUndefined();
		expectTakenBy(id, reply.messageId);
	});

	it('goes to the newest question of the chat whose rule it meets; the newer one it does not meet keeps waiting', async () => {
		const newer = ask(waiting({ askedAt: Date.now() - 1_000, rule: { type: 'number', min: 1, max: 5 }, resumeUrl: resumeUrlOf('exec-1') }), 'exec-1');
		const older = ask(waiting({ askedAt: Date.now() - 9_000 }));
		const untouched = structuredClone(rowOf(newer));
		const address = resumeAddress();
		const reply = textFrom(ANA, 'Monday');
		const result = await deliverTo(target, reply);
		expect(result.items).toBeUndefined();
		expect(address.scope.isDone()).toBe(true);
		expectTakenBy(older, reply.messageId);
		expect(rowOf(newer)).toEqual(untouched);
		expect(unexpected.list).toEqual([]);
	});

	it('two questions it meets: the newest gets it, the older keeps waiting', async () => {
		const older = ask(waiting({ askedAt: Date.now() - 9_000, rule: { type: 'anyMessage' }, resumeUrl: resumeUrlOf('exec-1') }), 'exec-1');
		const newer = ask(waiting({ askedAt: Date.now() - 1_000 }));
		const untouched = structuredClone(rowOf(older));
		const address = resumeAddress();
		const reply = buttonReply(ANA, 'mon', 'Monday');
		expect((await deliverTo(target, reply)).items).toBeUndefined();
		expect(address.scope.isDone()).toBe(true);
		expectTakenBy(newer, reply.messageId);
		expect(rowOf(older)).toEqual(untouched);
		expect(unexpected.list).toEqual([]);
	});

	it('that does not count is asked again, quoting it, and starts nothing; the question waits with one re-ask less', async () => {
		const id = ask(waiting());
		const posted = noResume();
		const message = textFrom(ANA, 'maybe friday');
		const send = nock(API)
			.post(`${INSTANCE_PATH}/send-text`, { phone: ANA, message: 'Please pick Monday or Tuesday.', messageId: message.messageId as string })
			.reply(200, { zaapId: 'Z1', messageId: 'M1', id: 'M1' });
		const result = await deliverTo(target, message);
		expect(result.items).toBeUndefined();
		expect(send.isDone()).toBe(true);
		expect(posted).toEqual([]);
		expect(rowOf(id).claimedBy ?? null).toBeNull();
		expect(recordIn(id)).toEqual({ ...waiting(), askedAt: expect.any(Number), expiresAt: expect.any(Number), reasksLeft: 0 });
		expect(unexpected.list).toEqual([]);
	});

	it('that does not count, when another message took the question since it was read: not asked again, it starts the workflow', async () => {
		const id = ask(waiting());
		const posted = noResume();
		tables.beforeUpdate = (fake) => {
			tables.beforeUpdate = undefined;
			fake.updateRows(TABLE, (row) => row.id === id, { claimedBy: 'ANOTHER-MESSAGE' });
		};
		const result = await deliverTo(target, textFrom(ANA, 'maybe friday'));
		expect(result.items).toHaveLength(1);
		expect(posted).toEqual([]);
		expect(rowOf(id).claimedBy).toBe('ANOTHER-MESSAGE');
		expect(recordIn(id).reasksLeft).toBe(1);
		expect(unexpected.list).toEqual([]);
	});

	it('that does not count, with no asking again left, ends the wait marked as not counting', async () => {
		const id = ask(waiting({ reasksLeft: 0 }));
		const address = resumeAddress();
		const message = textFrom(ANA, 'maybe friday');
		const result = await deliverTo(target, message);
		expect(result.items).toBeUndefined();
		expect(verifyHandOff(TEST_CREDENTIALS.instanceToken, address.posted[0])).toMatchObject({ counted: false, choice: null, reply: { text: 'maybe friday' } });
		expectTakenBy(id, message.messageId);
		expect(unexpected.list).toEqual([]);
	});
});

describe('starts the workflow as usual', () => {
	const cases: Array<[string, () => IDataObject, Partial<WaitingReply>, { readsTable: boolean }]> = [
		['a message from another chat', () => buttonReply(BRUNO, 'tue', 'Tuesday'), {}, { readsTable: true }],
		['a message sent by me to the chat', () => buttonReply(ANA, 'tue', 'Tuesday', { fromMe: true }), {}, { readsTable: false }],
		['the person asked, writing in a group', () => buttonReply(GROUP, 'tue', 'Tuesday', { isGroup: true, participantPhone: ANA }), {}, { readsTable: true }],
		['a reply after the wait’s limit', () => buttonReply(ANA, 'tue', 'Tuesday'), { expiresAt: Date.now() - 1 }, { readsTable: true }],
		['a reply to a question of another instance', () => buttonReply(ANA, 'tue', 'Tuesday'), { instanceId: 'ANOTHER' }, { readsTable: true }],
	];
	it.each(cases)('%s, and the question stays as it was', async (_name, body, extra, { readsTable }) => {
		const id = ask(waiting(extra));
		const untouched = structuredClone(rowOf(id));
		const posted = noResume();
		const before = tables.requests.length;
		const result = await deliverTo(target, body());
		expect(result.items).toHaveLength(1);
		expect(posted).toEqual([]);
		expect(rowOf(id)).toEqual(untouched);
		expect(tables.requests.slice(before).every((request) => request.startsWith('GET '))).toBe(true);
		expect(tables.requests.length > before).toBe(readsTable);
		expect(unexpected.list).toEqual([]);
	});

	it('when the waiting execution is gone (n8n answers 409): the question stays taken', async () => {
		const id = ask(waiting());
		const address = resumeAddress('exec-7', 409, { message: 'The execution "exec-7 has finished already.' });
		const reply = buttonReply(ANA, 'tue', 'Tuesday');
		const result = await deliverTo(target, reply);
		expect(address.scope.isDone()).toBe(true);
		expect(result.items).toHaveLength(1);
		expect(result.items![0]).toMatchObject({ kind: 'buttonsResponse', text: 'Tuesday' });
		expectTakenBy(id, reply.messageId);
	});

	it('a gone execution’s question is passed over for the next question the reply meets', async () => {
		const gone = ask(waiting({ askedAt: Date.now() - 1_000, resumeUrl: resumeUrlOf('exec-1') }), 'exec-1');
		const next = ask(waiting({ askedAt: Date.now() - 9_000 }));
		const goneAddress = resumeAddress('exec-1', 404, { message: 'The requested webhook "exec-1" is not registered.' });
		const address = resumeAddress();
		const reply = buttonReply(ANA, 'mon', 'Monday');
		const result = await deliverTo(target, reply);
		expect(goneAddress.scope.isDone()).toBe(true);
		expect(address.scope.isDone()).toBe(true);
		expect(result.items).toBeUndefined();
		expect(verifyHandOff(TEST_CREDENTIALS.instanceToken, address.posted[0])).toMatchObject({ counted: true, reply: { text: 'Monday' } });
		expectTakenBy(gone, reply.messageId);
		expectTakenBy(next, reply.messageId);
	});
});

describe('two answers to one question', () => {
	/** Another process's claim of row `id` for its message lands just before this one's claim. */
	const claimedElsewhereFirst = (id: number, claimant: string) => {
		tables.beforeUpdate = (fake) => {
			fake.beforeUpdate = undefined;
			fake.updateRows(TABLE, (row) => row.id === id, { claimedBy: claimant, pausedUntil: 0 });
		};
	};

	it('the claim of the other lands first: no hand-off from here, and this message starts the workflow', async () => {
		const id = ask(waiting());
		claimedElsewhereFirst(id, '3EB0OTHERANSWER@1');
		const posted = noResume();
		const result = await deliverTo(target, buttonReply(ANA, 'tue', 'Tuesday'));
		expect(posted).toEqual([]);
		expect(result.items).toEqual([expect.objectContaining({ kind: 'buttonsResponse', text: 'Tuesday' })]);
		expect(rowOf(id).claimedBy).toBe('3EB0OTHERANSWER@1');
		expect(unexpected.list).toEqual([]);
	});

	it('the claim of the other lands first on the newest: this message goes to the next question it meets', async () => {
		const newest = ask(waiting({ askedAt: Date.now() - 1_000, resumeUrl: resumeUrlOf('exec-1') }), 'exec-1');
		const next = ask(waiting({ askedAt: Date.now() - 9_000 }));
		claimedElsewhereFirst(newest, '3EB0OTHERANSWER@1');
		const address = resumeAddress();
		const reply = buttonReply(ANA, 'tue', 'Tuesday');
		const result = await deliverTo(target, reply);
		expect(result.items).toBeUndefined();
		expect(address.scope.isDone()).toBe(true);
		expect(rowOf(newest).claimedBy).toBe('3EB0OTHERANSWER@1');
		expectTakenBy(next, reply.messageId);
		expect(unexpected.list).toEqual([]);
	});

	it('delivered at the same time: the question is handed off once, and the other answer starts the workflow', async () => {
		const id = ask(waiting());
		const posted: unknown[] = [];
		nock(N8N)
			.persist()
			.post('/webhook-waiting/exec-7/action-node-id', (body) => posted.push(body) > 0)
			.query(true)
			.reply(200, { accepted: true });
		const answers = [buttonReply(ANA, 'mon', 'Monday'), buttonReply(ANA, 'tue', 'Tuesday')];
		const results = await Promise.all(answers.map(async (answer) => await deliverTo(target, answer)));
		expect(posted).toHaveLength(1);
		const handedOff = verifyHandOff(TEST_CREDENTIALS.instanceToken, posted[0])!.reply;
		const taker = answers.findIndex((answer) => answer.messageId === handedOff.messageId);
		expect(taker).toBeGreaterThanOrEqual(0);
		expect(results[taker].items).toBeUndefined();
		expect(results[1 - taker].items).toEqual([expect.objectContaining({ messageId: answers[1 - taker].messageId })]);
		expectTakenBy(id, answers[taker].messageId);
	});
});

describe('in a group', () => {
	const inGroup = (member: string, message: string) => textFrom(GROUP, message, { isGroup: true, participantPhone: member });

	it('a question to one member is answered by that member in the group', async () => {
		const id = ask(waiting({ chat: GROUP, from: ANA, rule: { type: 'anyMessage' } }));
		const address = resumeAddress();
		const reply = inGroup(ANA, 'terça');
		const result = await deliverTo(target, reply);
		expect(result.items).toBeUndefined();
		expect(verifyHandOff(TEST_CREDENTIALS.instanceToken, address.posted[0])).toMatchObject({ counted: true, reply: { text: 'terça', phone: GROUP } });
		expectTakenBy(id, reply.messageId);
	});

	it.each([
		['another member’s message in that group', () => inGroup(BRUNO, 'eu prefiro terça')],
		['a message of the member asked, in their private chat', () => textFrom(ANA, 'terça')],
	])('%s starts the workflow, and the question put in the group stays as it was', async (_name, message) => {
		const id = ask(waiting({ chat: GROUP, from: ANA, rule: { type: 'anyMessage' } }));
		const untouched = structuredClone(rowOf(id));
		const posted = noResume();
		const result = await deliverTo(target, message());
		expect(result.items).toHaveLength(1);
		expect(posted).toEqual([]);
		expect(rowOf(id)).toEqual(untouched);
	});
});

describe('who a LID is', () => {
	it('a LID-only delivery after one with both forms gives an item with the phone', async () => {
		const both = await deliverTo(target, textFrom(ANA, 'Oi', { chatLid: ANA_LID, senderLid: ANA_LID }));
		expect(both.items![0]).toMatchObject({ phone: ANA, contactPhone: ANA, contactLid: ANA_LID });
		expect(Object.keys(globalOf()[LID_PAIRS_KEY] as IDataObject)).toEqual([ANA_LID]);
		const lidOnly = await deliverTo(target, textFrom(ANA_LID, 'Tudo bem?', { chatLid: ANA_LID, senderLid: null }));
		expect(lidOnly.items![0]).toMatchObject({ phone: ANA_LID, contactPhone: ANA, contactLid: ANA_LID });
	});

	it('a question asked to the phone is answered from a LID-only message once the pair is learned', async () => {
		await deliverTo(target, textFrom(ANA, 'Oi', { chatLid: ANA_LID, senderLid: ANA_LID }));
		const id = ask(waiting());
		const address = resumeAddress();
		const reply = textFrom(ANA_LID, 'Tuesday', { chatLid: ANA_LID, senderLid: null });
		const result = await deliverTo(target, reply);
		expect(result.items).toBeUndefined();
		expect(verifyHandOff(TEST_CREDENTIALS.instanceToken, address.posted[0])).toMatchObject({ counted: true, reply: { text: 'Tuesday', contactPhone: ANA } });
		expectTakenBy(id, reply.messageId);
	});

	it('a question asked to the LID is answered by a message carrying the phone and that LID', async () => {
		const id = ask(waiting({ chat: ANA_LID }));
		const address = resumeAddress();
		const reply = textFrom(ANA, 'Monday', { chatLid: ANA_LID, senderLid: ANA_LID });
		const result = await deliverTo(target, reply);
		expect(result.items).toBeUndefined();
		expect(address.scope.isDone()).toBe(true);
		expectTakenBy(id, reply.messageId);
	});

	it('a delivery teaching a pair is answered by the trigger itself, so n8n saves what it learned', async () => {
		const result = await deliverTo(target, textFrom(ANA, 'Oi', { chatLid: ANA_LID }));
		expect(result.result.noWebhookResponse).toBe(true);
		expect(result.response).toEqual({ status: 200, body: { received: true, started: true } });
	});

	it('a message of someone never seen with both forms has both fields, null where unknown', async () => {
		const result = await deliverTo(target, textFrom('999000111@lid', 'Oi', { chatLid: '999000111@lid', senderLid: null }));
		expect(result.items![0]).toMatchObject({ contactPhone: null, contactLid: '999000111@lid' });
	});
});

describe('where no question is read', () => {
	it('a trigger with no Send and Wait for Reply after it makes no table request for a message', async () => {
		nock.cleanAll();
		tables = new FakeDataTables();
		const alone = await listening({ events: ['messageReceived'] });
		expect(registrationIn(alone.setup.staticData!)!.questionTable).toBeUndefined();
		const result = await deliverTo(alone, buttonReply(ANA, 'tue', 'Tuesday'));
		expect(result.items).toHaveLength(1);
		expect(tables.requests).toEqual([]);
	});

	it('a test delivery (Listen for Test Event) reads no question and starts the test run', async () => {
		nock.cleanAll();
		tables = new FakeDataTables();
		const listeningForTest = await listening({ events: ['messageReceived'] }, { isTest: true, after: [asker()] });
		const id = ask(waiting());
		const untouched = structuredClone(rowOf(id));
		const posted = noResume();
		const before = tables.requests.length;
		const result = await deliverTo(listeningForTest, buttonReply(ANA, 'tue', 'Tuesday'), true);
		expect(result.items).toEqual([expect.objectContaining({ text: 'Tuesday' })]);
		expect(tables.requests.slice(before)).toEqual([]);
		expect(posted).toEqual([]);
		expect(rowOf(id)).toEqual(untouched);
	});
});

describe("n8n's API failing when the questions are read", () => {
	const log = watchLog();

	it('the message starts the workflow, and the warning says why without any secret', async () => {
		const id = ask(waiting());
		const untouched = structuredClone(rowOf(id));
		nock.cleanAll();
		const echoed = `bad gateway for ${echoedForms(TEST_CREDENTIALS.instanceToken).join(' ')} and ${echoedForms(N8N_API_CREDENTIALS.apiKey).join(' ')}`;
		nock(new URL(N8N_API_CREDENTIALS.baseUrl).origin).persist().get(/\/data-tables\/dt1\/rows/).query(true).reply(502, { message: echoed });
		const posted = noResume();
		const result = await deliverTo(target, buttonReply(ANA, 'tue', 'Tuesday'));
		expect(result.items).toEqual([expect.objectContaining({ kind: 'buttonsResponse', text: 'Tuesday' })]);
		expect(posted).toEqual([]);
		const warnings = log.warn.mock.calls.map((call) => String(call[0]));
		expect(warnings).toEqual([expect.stringMatching(/^Z-API Trigger: the message could not be checked for a waiting question: n8n's API answered 502 to GET \/data-tables\/…\/rows/)]);
		expect(holdsSecret(warnings.join('\n'), TEST_CREDENTIALS.instanceToken)).toBe(false);
		expect(holdsSecret(warnings.join('\n'), N8N_API_CREDENTIALS.apiKey)).toBe(false);
		expect(rowOf(id)).toEqual(untouched);
	});

	it('n8n unreachable: the message starts the workflow, and the warning names the address that could not be reached', async () => {
		ask(waiting());
		nock.cleanAll();
		nock(new URL(N8N_API_CREDENTIALS.baseUrl).origin).get(/\/data-tables\/dt1\/rows/).query(true).replyWithError('connect ECONNREFUSED 127.0.0.1:5678');
		const result = await deliverTo(target, buttonReply(ANA, 'tue', 'Tuesday'));
		expect(result.items).toHaveLength(1);
		const warnings = log.warn.mock.calls.map((call) => String(call[0]));
		expect(warnings).toEqual([expect.stringMatching(/^Z-API Trigger: the message could not be checked for a waiting question: .*cannot be reached at n8n\.example\.com/)]);
		expect(holdsSecret(warnings.join('\n'), N8N_API_CREDENTIALS.apiKey)).toBe(false);
	});
});

describe('the credentials are read only for a reply a question waits for', () => {
	const log = watchLog();
	/** The same activation, with credentials n8n cannot serve whole: reading them fails. */
	const unreadable = (body: unknown) =>
		deliver({ ...target.setup, options: { credentials: { ...TEST_CREDENTIALS, instanceId: '' } } }, { body, query: target.query });

	it('with no question waiting, a message starts the workflow and a pair is learned without them', async () => {
		const result = await unreadable(textFrom(ANA, 'Oi', { chatLid: ANA_LID }));
		expect(result.items).toEqual([expect.objectContaining({ phone: ANA, contactPhone: ANA, contactLid: ANA_LID })]);
		expect(Object.keys(globalOf()[LID_PAIRS_KEY] as IDataObject)).toEqual([ANA_LID]);
		expect(log.warn).not.toHaveBeenCalled();
	});

	it('a question waiting for another chat does not make them needed', async () => {
		ask(waiting({ chat: BRUNO }));
		const result = await unreadable(textFrom(ANA, 'Tuesday'));
		expect(result.items).toEqual([expect.objectContaining({ phone: ANA, text: 'Tuesday' })]);
		expect(log.warn).not.toHaveBeenCalled();
	});

	it('for a message of the chat asked they are read; unreadable, the message starts the workflow and the question keeps waiting', async () => {
		const id = ask(waiting());
		const untouched = structuredClone(rowOf(id));
		const result = await unreadable(buttonReply(ANA, 'tue', 'Tuesday'));
		expect(result.items).toEqual([expect.objectContaining({ phone: ANA })]);
		expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/could not read its credentials to hand a reply to its waiting execution/));
		expect(rowOf(id)).toEqual(untouched);
		expect(unexpected.list).toEqual([]);
	});
});
