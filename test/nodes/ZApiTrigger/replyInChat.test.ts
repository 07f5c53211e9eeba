/**
 * The trigger and the conversation features (replyInChat.ts), through n8n's WebhookContext:
 * a reply an execution waits for goes to that execution's resume address and starts nothing;
 * a reply that does not count is asked again; another chat, my own message, an expired or
 * gone wait start the workflow as usual; and phone–LID pairs learned from one delivery give
 * the phone on a later LID-only one.
 */
import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import { CONTENT_KINDS } from '../../../nodes/shared/delivery/kinds';
import { LID_PAIRS_KEY } from '../../../nodes/shared/lidPairs';
import { verifyHandOff, WAITING_REPLIES_KEY, type WaitingReply } from '../../../nodes/shared/waitingReplies';
import { deliver, INSTANCE_PATH, TEST_CREDENTIALS } from '../../helpers/engine';
import { API, callbacks, contentFixture, deliverTo, INSTANCE_ID, listening, unexpectedRequests, watchLog, type Listening } from './fixtures';

const ANA = '5511988887777';
const BRUNO = '5511977776666';
const RESUME = 'https://n8n.example.com/webhook-waiting/exec-7/action-node-id?signature=resume-t0ken';
const kind = (key: string) => CONTENT_KINDS.find((candidate) => candidate.key === key)!;

const buttonReply = (phone: string, buttonId: string, message: string, extra: IDataObject = {}) =>
	contentFixture(kind('buttonsResponseMessage'), { phone, buttonsResponseMessage: { buttonId, message }, ...extra });
const textFrom = (phone: string, message: string, extra: IDataObject = {}) => contentFixture(kind('text'), { phone, text: { message }, ...extra });

function waiting(extra: Partial<WaitingReply> = {}): WaitingReply {
	return {
		instanceId: INSTANCE_ID,
		chat: ANA,
		chatOtherForm: null,
		from: null,
		resumeUrl: RESUME,
		questionMessageId: '3EB0QUESTION',
		askedAt: Date.now() - 5_000,
		expiresAt: Date.now() + 3_600_000,
		rule: { type: 'choice', choices: [{ label: 'Monday', id: 'mon' }, { label: 'Tuesday', id: 'tue' }] },
		reasksLeft: 1,
		reaskMessage: 'Please pick Monday or Tuesday.',
		...extra,
	};
}

/** The resume address as n8n serves it, recording what the trigger posts. */
function resumeAddress(status = 200, answer: IDataObject = { accepted: true }) {
	const posted: unknown[] = [];
	const scope = nock('https://n8n.example.com')
		.post('/webhook-waiting/exec-7/action-node-id', (body) => {
			posted.push(body);
			return true;
		})
		.query({ signature: 'resume-t0ken' })
		.reply(status, answer);
	return { posted, scope };
}

let target: Listening;
let unexpected: ReturnType<typeof unexpectedRequests>;
const globalOf = () => (target.setup.staticData!.global ?? {}) as IDataObject;
const waitsOf = () => (globalOf()[WAITING_REPLIES_KEY] ?? {}) as Record<string, WaitingReply>;

beforeEach(async () => {
	target = await listening({ events: ['messageReceived', 'messageSent'] });
	unexpected = unexpectedRequests();
});
afterEach(() => {
	unexpected.stop();
	nock.cleanAll();
});

function withWaiting(records: Record<string, WaitingReply>) {
	target.setup.staticData!.global = { [WAITING_REPLIES_KEY]: records };
}

it('the activation writes nothing into the workflow’s shared part: questions are placed by the asking node', () => {
	expect(globalOf()).toEqual({});
});

describe('a reply the execution waits for', () => {
	it('goes to its resume address, signed, and starts nothing; the wait is over', async () => {
		withWaiting({ 'exec-7#0': waiting() });
		const address = resumeAddress();
		const result = await deliverTo(target, buttonReply(ANA, 'tue', 'Tuesday'));
		expect(result.items).toBeUndefined();
		expect(result.result.webhookResponse).toEqual({ received: true, started: false, answered: true });
		expect(address.scope.isDone()).toBe(true);
		const handOff = verifyHandOff(TEST_CREDENTIALS.instanceToken, address.posted[0]);
		expect(handOff).toMatchObject({ counted: true, questionMessageId: '3EB0QUESTION' });
		expect(handOff!.reply).toMatchObject({ event: 'message', kind: 'buttonsResponse', text: 'Tuesday', phone: ANA, content: { buttonId: 'tue' } });
		expect(waitsOf()).toEqual({});
		expect(unexpected.list).toEqual([]);
	});

	it('still reaches the execution n8n has not marked waiting yet (409 running already, then accepted)', async () => {
		withWaiting({ 'exec-7#0': waiting() });
		const running = nock('https://n8n.example.com')
			.post('/webhook-waiting/exec-7/action-node-id')
			.query({ signature: 'resume-t0ken' })
			.reply(409, { code: 409, message: 'The execution "exec-7" is running already.' });
		const address = resumeAddress();
		const result = await deliverTo(target, buttonReply(ANA, 'mon', 'Monday'));
		expect(running.isDone()).toBe(true);
		expect(address.scope.isDone()).toBe(true);
		expect(result.items).toBeUndefined();
		expect(waitsOf()).toEqual({});
	});

	it('goes to the newest question of the chat whose rule it meets', async () => {
		withWaiting({
			'exec-1#0': waiting({ askedAt: Date.now() - 1_000, rule: { type: 'number', min: 1, max: 5 }, resumeUrl: 'https://n8n.example.com/webhook-waiting/exec-1/action-node-id?signature=other' }),
			'exec-7#0': waiting({ askedAt: Date.now() - 9_000 }),
		});
		const address = resumeAddress();
		const result = await deliverTo(target, textFrom(ANA, 'Monday'));
		expect(result.items).toBeUndefined();
		expect(address.scope.isDone()).toBe(true);
		expect(Object.keys(waitsOf())).toEqual(['exec-1#0']);
	});

	it('that does not count is asked again, quoting it, and starts nothing', async () => {
		withWaiting({ 'exec-7#0': waiting() });
		const message = textFrom(ANA, 'maybe friday');
		const send = nock(API)
			.post(`${INSTANCE_PATH}/send-text`, { phone: ANA, message: 'Please pick Monday or Tuesday.', messageId: message.messageId as string })
			.reply(200, { zaapId: 'Z1', messageId: 'M1', id: 'M1' });
		const result = await deliverTo(target, message);
		expect(result.items).toBeUndefined();
		expect(send.isDone()).toBe(true);
		expect(waitsOf()['exec-7#0'].reasksLeft).toBe(0);
		expect(unexpected.list).toEqual([]);
	});

	it('that does not count, with no asking again left, ends the wait marked as not counting', async () => {
		withWaiting({ 'exec-7#0': waiting({ reasksLeft: 0 }) });
		const address = resumeAddress();
		const result = await deliverTo(target, textFrom(ANA, 'maybe friday'));
		expect(result.items).toBeUndefined();
		expect(verifyHandOff(TEST_CREDENTIALS.instanceToken, address.posted[0])).toMatchObject({ counted: false, reply: { text: 'maybe friday' } });
		expect(waitsOf()).toEqual({});
	});
});

describe('starts the workflow as usual', () => {
	const cases: Array<[string, () => IDataObject, Partial<WaitingReply>]> = [
		['a message from another chat', () => buttonReply(BRUNO, 'tue', 'Tuesday'), {}],
		['a message sent by me to the chat', () => buttonReply(ANA, 'tue', 'Tuesday', { fromMe: true }), {}],
		['the person asked, writing in a group', () => buttonReply(callbacks.DEFAULTS.groupId ?? '120363019502650977-group', 'tue', 'Tuesday', { isGroup: true, participantPhone: ANA }), {}],
		['a reply after the wait’s limit', () => buttonReply(ANA, 'tue', 'Tuesday'), { expiresAt: Date.now() - 1 }],
		['a reply to a question of another instance', () => buttonReply(ANA, 'tue', 'Tuesday'), { instanceId: 'ANOTHER' }],
	];
	it.each(cases)('%s, and the wait stays', async (_name, body, extra) => {
		withWaiting({ 'exec-7#0': waiting(extra) });
		const result = await deliverTo(target, body());
		expect(result.items).toHaveLength(1);
		expect(unexpected.list).toEqual([]);
		if (!extra.expiresAt) expect(Object.keys(waitsOf())).toEqual(['exec-7#0']);
	});

	it('when the waiting execution is gone (n8n answers 409), and its record goes', async () => {
		withWaiting({ 'exec-7#0': waiting() });
		const address = resumeAddress(409, { message: 'The execution "exec-7 has finished already.' });
		const result = await deliverTo(target, buttonReply(ANA, 'tue', 'Tuesday'));
		expect(address.scope.isDone()).toBe(true);
		expect(result.items).toHaveLength(1);
		expect(result.items![0]).toMatchObject({ kind: 'buttonsResponse', text: 'Tuesday' });
		expect(waitsOf()).toEqual({});
	});
});

describe('who a LID is', () => {
	it('a LID-only delivery after one with both forms gives an item with the phone', async () => {
		const both = await deliverTo(target, textFrom(ANA, 'Oi', { chatLid: '81896604192873@lid', senderLid: '81896604192873@lid' }));
		expect(both.items![0]).toMatchObject({ phone: ANA, contactPhone: ANA, contactLid: '81896604192873@lid' });
		expect(Object.keys(globalOf()[LID_PAIRS_KEY] as IDataObject)).toEqual(['81896604192873@lid']);
		const lidOnly = await deliverTo(target, textFrom('81896604192873@lid', 'Tudo bem?', { chatLid: '81896604192873@lid', senderLid: null }));
		expect(lidOnly.items![0]).toMatchObject({ phone: '81896604192873@lid', contactPhone: ANA, contactLid: '81896604192873@lid' });
	});

	it('a delivery teaching a pair is answered by the trigger itself, so n8n saves what it learned', async () => {
		const result = await deliverTo(target, textFrom(ANA, 'Oi', { chatLid: '81896604192873@lid' }));
		expect(result.result.noWebhookResponse).toBe(true);
		expect(result.response).toEqual({ status: 200, body: { received: true, started: true } });
	});

	it('a message of someone never seen with both forms has both fields, null where unknown', async () => {
		const result = await deliverTo(target, textFrom('999000111@lid', 'Oi', { chatLid: '999000111@lid', senderLid: null }));
		expect(result.items![0]).toMatchObject({ contactPhone: null, contactLid: '999000111@lid' });
	});
});

describe('the credentials are read only for a reply a question waits for', () => {
	const log = watchLog();
	/** The same activation, with credentials n8n cannot serve whole: reading them fails. */
	const unreadable = (body: unknown) =>
		deliver({ ...target.setup, options: { credentials: { ...TEST_CREDENTIALS, instanceId: '' } } }, { body, query: target.query });

	it('with no question waiting, a message starts the workflow and a pair is learned without them', async () => {
		const result = await unreadable(textFrom(ANA, 'Oi', { chatLid: '81896604192873@lid' }));
		expect(result.items).toEqual([expect.objectContaining({ phone: ANA, contactPhone: ANA, contactLid: '81896604192873@lid' })]);
		expect(Object.keys(globalOf()[LID_PAIRS_KEY] as IDataObject)).toEqual(['81896604192873@lid']);
		expect(log.warn).not.toHaveBeenCalled();
	});

	it('a question waiting for another chat does not make them needed', async () => {
		withWaiting({ 'exec-7#0': waiting({ chat: BRUNO }) });
		const result = await unreadable(textFrom(ANA, 'Tuesday'));
		expect(result.items).toEqual([expect.objectContaining({ phone: ANA, text: 'Tuesday' })]);
		expect(log.warn).not.toHaveBeenCalled();
	});

	it('for a message of the chat asked they are read; unreadable, the message starts the workflow and the question keeps waiting', async () => {
		withWaiting({ 'exec-7#0': waiting() });
		const result = await unreadable(buttonReply(ANA, 'tue', 'Tuesday'));
		expect(result.items).toEqual([expect.objectContaining({ phone: ANA })]);
		expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/could not read its credentials to hand a reply to its waiting execution/));
		expect(Object.keys(waitsOf())).toEqual(['exec-7#0']);
		expect(unexpected.list).toEqual([]);
	});
});
