/**
 * The table the questions of Send and Wait for Reply wait in, as the trigger finds it at
 * activation (arrivals.ts, tableForQuestions): with a Send and Wait for Reply after the
 * trigger, the activation finds or creates that node's table (its Data Table Name) with the
 * trigger's Conversation State credential and keeps its id and name; the same rules as for
 * Combine Quick Messages refuse an activation that could not read it; and a re-activation
 * finds the table again when the node after the trigger changed. Run through n8n-core's
 * HookContext against n8n's data-table API played by FakeDataTables.
 */
import type { IDataObject, INode } from 'n8n-workflow';
import nock from 'nock';

import { COLUMNS } from '../../../nodes/shared/conversationState/table';
import { CONTENT_KINDS } from '../../../nodes/shared/delivery/kinds';
import { LID_PAIRS_KEY } from '../../../nodes/shared/lidPairs';
import { ASKER_NEEDS_STATE_CREDENTIAL, ASKER_NEEDS_SWITCH } from '../../../nodes/ZApiTrigger/arrivals';
import { WEBHOOKS } from '../../../nodes/shared/webhooks';
import { FakeDataTables } from '../../helpers/dataTables';
import { ACTION_TYPE, INSTANCE_PATH, N8N_API_CREDENTIALS, TEST_CREDENTIALS, makeNode, triggerLifecycle, type TriggerSetup } from '../../helpers/engine';
import { echoedForms, holdsSecret } from '../../helpers/secrets';
import { activateAgainstService, API, contentFixture, deliverTo, listening, n8nDelete, registrationIn } from './fixtures';

const TABLE = 'Z-API Conversations';

const asker = (options?: IDataObject, overrides: Partial<INode> = {}): INode => ({
	...makeNode(ACTION_TYPE, { resource: 'message', operation: 'sendAndWaitForReply', phone: '5511988887777', message: 'Which day?', ...(options ? { options } : {}) }),
	name: 'Ask',
	...overrides,
});
const combine = (options?: IDataObject): INode => ({
	...makeNode(ACTION_TYPE, { resource: 'conversation', operation: 'combineMessages', ...(options ? { options } : {}) }),
	name: 'Combine',
	id: 'combine-node-id',
});
const noOp: INode = { ...makeNode('n8n-nodes-base.noOp', {}), name: 'Agent', id: 'agent-node-id' };

const recordOf = (setup: { staticData?: IDataObject }) => registrationIn(setup.staticData ?? {}) ?? {};

let tables: FakeDataTables;
beforeEach(() => {
	tables = new FakeDataTables();
});
afterEach(() => nock.cleanAll());

/** Activates a trigger followed by `after`; the activation's error, the webhooks set, the trigger's record. */
async function activate(after: INode[], { parameters = {}, node = {}, staticData = {} }: { parameters?: IDataObject; node?: Partial<INode>; staticData?: IDataObject } = {}) {
	const setup: TriggerSetup = { parameters: { events: ['messageReceived'], ...parameters }, staticData, after, node };
	const { failure, puts } = await activateAgainstService(setup);
	return { failure, puts, record: recordOf(setup), staticData };
}

describe('a trigger followed by Send and Wait for Reply', () => {
	it('creates the table at activation when there is none, and keeps its id and name', async () => {
		const { failure, puts, record } = await activate([asker()]);
		expect(failure).toBeUndefined();
		expect(puts.length).toBeGreaterThan(0);
		expect(tables.requests).toEqual(['GET /data-tables', 'POST /data-tables']);
		expect(record.questionTable).toEqual({ id: 'dt1', name: TABLE });
		expect(tables.tables.get('dt1')!.columns.map((column) => column.name)).toEqual(COLUMNS.map((column) => column.name));
		// Only Combine Quick Messages has arrivals recorded.
		expect(record.burstTable).toBeUndefined();
	});

	it('finds the table that is there already, creating none', async () => {
		tables.tables.set('dt7', { id: 'dt7', name: TABLE, columns: COLUMNS.map((column) => ({ ...column })), rows: [] });
		const { record } = await activate([asker()]);
		expect(tables.requests).toEqual(['GET /data-tables']);
		expect(record.questionTable).toEqual({ id: 'dt7', name: TABLE });
	});

	it("uses the node's Data Table Name", async () => {
		const { record } = await activate([asker({ tableName: '  Loja Centro ' })]);
		expect(record.questionTable).toEqual({ id: 'dt1', name: 'Loja Centro' });
		expect([...tables.tables.values()].map((table) => table.name)).toEqual(['Loja Centro']);
	});

	it('finds the node further down the chain too', async () => {
		const { record } = await activate([noOp, asker({ tableName: 'Loja Centro' })]);
		expect(record.questionTable).toEqual({ id: 'dt1', name: 'Loja Centro' });
	});

	it('two askers naming different tables: the activation is refused, naming both, before any webhook is set', async () => {
		const { failure, puts, record } = await activate([asker(), { ...asker({ tableName: 'Loja Centro' }), name: 'Ask again', id: 'ask-again-id' }]);
		expect(failure?.message).toBe(
			'The Send and Wait for Reply nodes after this trigger name different data tables (Loja Centro, Z-API Conversations). Give them the same Data Table Name (Options): the trigger reads the questions of one table, then publish again.',
		);
		expect(puts).toEqual([]);
		expect(record.questionTable).toBeUndefined();
	});

	it('two askers naming the same table: one table, kept once', async () => {
		const { failure, record } = await activate([asker(), { ...asker(), name: 'Ask again', id: 'ask-again-id' }]);
		expect(failure).toBeUndefined();
		expect(record.questionTable).toEqual({ id: 'dt1', name: TABLE });
	});

	it('with Combine Quick Messages too, on the same table: one table, found once, kept for both', async () => {
		const { record } = await activate([combine(), asker()]);
		expect(tables.requests).toEqual(['GET /data-tables', 'POST /data-tables', 'GET /data-tables']);
		expect(record.burstTable).toMatchObject({ id: 'dt1', name: TABLE });
		expect(record.questionTable).toEqual({ id: 'dt1', name: TABLE });
	});

	it('with Combine Quick Messages on another table: each keeps its own', async () => {
		const { record } = await activate([combine({ tableName: 'Bursts' }), asker({ tableName: 'Questions' })]);
		expect(record.burstTable).toMatchObject({ id: 'dt1', name: 'Bursts' });
		expect(record.questionTable).toEqual({ id: 'dt2', name: 'Questions' });
	});

	it.each([
		['no node after the trigger', []],
		['a No Op only', [noOp]],
		['a disabled Send and Wait for Reply', [asker(undefined, { disabled: true })]],
		['another Message operation (Send Text)', [{ ...asker(), parameters: { resource: 'message', operation: 'sendText', phone: '5511988887777', message: 'Oi' } }]],
		['Send and Wait for Response, which waits for a click, not a message in the chat', [{ ...asker(), parameters: { resource: 'message', operation: 'sendAndWait', phone: '5511988887777', message: 'Approve?' } }]],
	])('%s: no table is looked for, nothing is kept', async (_name, after) => {
		const { failure, record } = await activate(after as INode[]);
		expect(failure).toBeUndefined();
		expect(tables.requests).toEqual([]);
		expect(record.questionTable).toBeUndefined();
		expect(record.activation).toEqual(expect.any(String));
	});

	it('refuses the activation, before any webhook is set, when the trigger lacks the Conversation State credential', async () => {
		const { failure, puts, record } = await activate([asker()], { node: { credentials: { zApiApi: { id: 'cred-1', name: 'Z-API account' } } } });
		// What to do follows the message, as every activation error of the trigger says it.
		expect(failure?.message).toBe(`${ASKER_NEEDS_STATE_CREDENTIAL.message}. ${ASKER_NEEDS_STATE_CREDENTIAL.description}`);
		expect(failure?.message).toMatch(/^Send and Wait for Reply after this trigger needs the Z-API Conversation State credential in the trigger too/);
		expect(failure?.message).toMatch(/choose in Credential for Z-API Conversation State API the same credential as in Send and Wait for Reply/);
		expect(puts).toEqual([]);
		expect(record).toEqual({});
		expect(tables.requests).toEqual([]);
	});

	it("refuses the activation, before any webhook is set, when n8n's API cannot be used; the error holds no secret", async () => {
		nock.cleanAll();
		const echoed = `denied for ${echoedForms(N8N_API_CREDENTIALS.apiKey).join(' ')} and ${echoedForms(TEST_CREDENTIALS.instanceToken).join(' ')}`;
		nock(new URL(N8N_API_CREDENTIALS.baseUrl).origin).get(/\/data-tables/).query(true).reply(401, { message: echoed });
		const { failure, puts, record } = await activate([asker()]);
		expect(failure?.message).toMatch(/^n8n refused the API Key in the Z-API Conversation State credential "Conversation state": it is wrong, deleted or expired \(401\)/);
		expect(holdsSecret(`${failure?.message} ${failure?.description ?? ''}`, N8N_API_CREDENTIALS.apiKey)).toBe(false);
		expect(holdsSecret(`${failure?.message} ${failure?.description ?? ''}`, TEST_CREDENTIALS.instanceToken)).toBe(false);
		expect(puts).toEqual([]);
		expect(record).toEqual({});
	});
});

describe('a trigger of version 1.2: Followed by Combine or Send and Wait for Reply', () => {
	const v12 = (parameters: IDataObject, node: Partial<INode> = {}) => ({ parameters, node: { typeVersion: 1.2, ...node } });

	it('switched off with Send and Wait for Reply after it: the activation is refused, naming the switch and the credential to choose, before any webhook is set', async () => {
		const { failure, puts, record } = await activate([asker()], v12({}));
		expect(failure?.message).toBe(`${ASKER_NEEDS_SWITCH.message}. ${ASKER_NEEDS_SWITCH.description}`);
		expect(failure?.message).toMatch(/^Send and Wait for Reply follows this trigger, but the trigger’s Followed by Combine or Send and Wait for Reply is off/);
		expect(failure?.message).toMatch(
			/turn on Followed by Combine or Send and Wait for Reply and choose in Credential for Z-API Conversation State API the same credential as in Send and Wait for Reply/,
		);
		expect(puts).toEqual([]);
		expect(record).toEqual({});
		expect(tables.requests).toEqual([]);
	});

	it('switched on without the Conversation State credential: refused, naming the field', async () => {
		const { failure, puts } = await activate([asker()], v12({ followedByCombine: true }, { credentials: { zApiApi: { id: 'cred-1', name: 'Z-API account' } } }));
		expect(failure?.message).toBe(`${ASKER_NEEDS_STATE_CREDENTIAL.message}. ${ASKER_NEEDS_STATE_CREDENTIAL.description}`);
		expect(puts).toEqual([]);
	});

	it('switched on with the credential: the table is found at activation', async () => {
		const { failure, puts, record } = await activate([asker()], v12({ followedByCombine: true }));
		expect(failure).toBeUndefined();
		expect(puts.length).toBeGreaterThan(0);
		expect(record.questionTable).toEqual({ id: 'dt1', name: TABLE });
	});

	it('switched off with no such node after it: activated as before, no table', async () => {
		const { failure, record } = await activate([noOp], v12({}));
		expect(failure).toBeUndefined();
		expect(record.questionTable).toBeUndefined();
		expect(tables.requests).toEqual([]);
	});
});

describe('re-activation: the table is found again when the Send and Wait for Reply after the trigger changed', () => {
	/** /me as the service answers it once this activation's address holds the received webhook. */
	const serviceHolds = (url: string) =>
		nock(API)
			.get(`${INSTANCE_PATH}/me`)
			.reply(200, { [WEBHOOKS.receivedAndSent.settingsField]: url });

	it('unchanged: checkExists answers true', async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [asker()] });
		serviceHolds(target.url);
		expect(await triggerLifecycle(target.setup).checkExists()).toBe(true);
	});

	it("its Data Table Name changed: checkExists answers false, and the activation keeps the new table", async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [asker()] });
		const renamed: TriggerSetup = { ...target.setup, after: [asker({ tableName: 'Loja Centro' })] };
		serviceHolds(target.url);
		expect(await triggerLifecycle(renamed).checkExists()).toBe(false);
		nock(API).persist().get(`${INSTANCE_PATH}/me`).reply(200, {}).put(/.*/).reply(200, { value: true });
		await triggerLifecycle(renamed).activate();
		expect(recordOf(renamed).questionTable).toEqual({ id: 'dt2', name: 'Loja Centro' });
	});

	it('removed since: checkExists answers false, and the activation forgets the table', async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [asker()] });
		const without: TriggerSetup = { ...target.setup, after: [noOp] };
		serviceHolds(target.url);
		expect(await triggerLifecycle(without).checkExists()).toBe(false);
		nock(API).persist().get(`${INSTANCE_PATH}/me`).reply(200, {}).put(/.*/).reply(200, { value: true });
		await triggerLifecycle(without).activate();
		expect(recordOf(without).questionTable).toBeUndefined();
	});

	it('added since: checkExists answers false', async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [noOp] });
		serviceHolds(target.url);
		expect(await triggerLifecycle({ ...target.setup, after: [noOp, asker()] }).checkExists()).toBe(false);
	});

	it('deactivated: the record of the table goes with the activation; the table and its questions stay', async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [asker()] });
		tables.insertRow(TABLE, { chatId: '5511988887777', kind: 'question', messageId: 'exec-7#0@1', arrivedAt: 1, pausedUntil: Date.now() + 60_000, item: '{}' });
		const before = tables.requests.length;
		nock(API).persist().get(`${INSTANCE_PATH}/me`).reply(200, { [WEBHOOKS.receivedAndSent.settingsField]: target.url }).put(/.*/).reply(200, { value: true });
		expect(await n8nDelete(target.setup)).toBe(true);
		expect(recordOf(target.setup)).toEqual({ retired: [expect.stringMatching(/^[0-9a-f]{32}$/)] });
		expect(tables.requests.slice(before)).toEqual([]);
		expect(tables.rowsOf(TABLE)).toHaveLength(1);
	});
});

describe('a workflow saved by an earlier version, which kept its questions in the static data', () => {
	it('the activation leaves the shared part alone; the first message removes the questions kept there (nothing reads them any more) and keeps the phone–LID pairs learned', async () => {
		const pairs = { '81896604192873@lid': ['5511988887777', Math.floor(Date.now() / 86_400_000)] };
		const question = { instanceId: TEST_CREDENTIALS.instanceId, chat: '5511988887777', resumeUrl: 'https://n8n.example.com/webhook-waiting/exec-1/action-node-id?signature=s', expiresAt: Date.now() + 60_000, rule: { type: 'anyMessage' } };
		const earlier = { zApiWaitingReplies: { 'exec-1#0': question }, zApiEndedQuestions: { 'exec-0#0@1': Date.now() + 60_000 }, [LID_PAIRS_KEY]: pairs };
		const target = await listening({ events: ['messageReceived'] }, { after: [asker()] });
		target.setup.staticData!.global = structuredClone(earlier);
		const { items } = await deliverTo(target, contentFixture(CONTENT_KINDS.find((kind) => kind.key === 'text')!, { phone: '5511977776666', text: { message: 'oi' } }));
		expect(items).toHaveLength(1);
		expect(target.setup.staticData!.global).toEqual({ [LID_PAIRS_KEY]: pairs });
	});
});
