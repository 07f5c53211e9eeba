/**
 * Questions waiting for their reply in the chat (waitingReplies.ts): what counts as an answer
 * per rule, which messages come from the chat asked, which rows hold questions still waiting,
 * where a chat's questions are looked for, and the signed hand-off the waiting node accepts.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	chatFormsOf,
	chosenChoice,
	fromAskedChat,
	questionItemOf,
	questionKeyOf,
	questionsIn,
	REPLY_RULES,
	replyCounts,
	signHandOff,
	verifyHandOff,
	waitingFor,
	type ReplyRule,
	type WaitingReply,
} from '../../../nodes/shared/waitingReplies';
import type { LidPairs } from '../../../nodes/shared/lidPairs';

const TOKEN = 'tok3n/with+slash&amp=';
const ANA = '5511988887777';
const GROUP = '120363019502650977-group';

const record = (rule: ReplyRule, extra: Partial<WaitingReply> = {}): WaitingReply => ({
	instanceId: 'I1',
	chat: ANA,
	chatOtherForm: null,
	from: null,
	resumeUrl: 'https://n8n.example.com/webhook-waiting/7/node?signature=abc',
	questionMessageId: 'Q1',
	askedAt: 1_000,
	expiresAt: 10_000,
	rule,
	reasksLeft: 2,
	reaskMessage: 'Again?',
	...extra,
});

const text = (value: string): IDataObject => ({ event: 'message', kind: 'text', text: value, phone: ANA });
const button = (buttonId: string, label: string): IDataObject => ({ event: 'message', kind: 'buttonsResponse', text: label, content: { buttonId, message: label }, phone: ANA });
const listPick = (selectedRowId: string, title: string): IDataObject => ({ event: 'message', kind: 'listResponse', text: title, content: { selectedRowId, title, message: title }, phone: ANA });
const vote = (pollMessageId: string, names: string[]): IDataObject => ({ event: 'message', kind: 'pollVote', text: names.join(', '), content: { pollMessageId, options: names.map((name) => ({ name })) }, phone: ANA });

const CHOICE: ReplyRule = { type: 'choice', choices: [{ label: 'Monday', id: 'mon' }, { label: 'Tuesday', id: 'tue' }] };

describe('what counts as the answer', () => {
	const cases: Array<[string, ReplyRule, IDataObject, boolean]> = [
		['any message: a text', { type: 'anyMessage' }, text('whatever'), true],
		['any message: an image without caption', { type: 'anyMessage' }, { event: 'message', kind: 'image', text: null }, true],
		['choice: the button of a choice, by its id', CHOICE, button('tue', 'Some other label'), true],
		['choice: a button by its label', CHOICE, button('x', 'Monday'), true],
		['choice: a button not offered', CHOICE, button('wed', 'Wednesday'), false],
		['choice: a list option by its id', CHOICE, listPick('mon', 'Mon'), true],
		['choice: a list option not offered', CHOICE, listPick('sun', 'Sunday'), false],
		['choice: a typed label, any case and spacing', CHOICE, text('  tuesday '), true],
		['choice: a typed number of a choice', CHOICE, text('2'), true],
		['choice: a typed number beyond the choices', CHOICE, text('3'), false],
		['choice: another text', CHOICE, text('maybe friday'), false],
		['choice: a vote in this poll', CHOICE, vote('Q1', ['Monday']), true],
		['choice: a vote in another poll', CHOICE, vote('Q0', ['Monday']), false],
		['choice: a vote taken back (nothing chosen)', CHOICE, vote('Q1', []), false],
		['number: inside the range', { type: 'number', min: 1, max: 5 }, text('3'), true],
		['number: with a decimal comma', { type: 'number', min: 1, max: 5 }, text('4,5'), true],
		['number: on a bound', { type: 'number', min: 1, max: 5 }, text('5'), true],
		['number: outside the range', { type: 'number', min: 1, max: 5 }, text('6'), false],
		['number: not a number', { type: 'number', min: 1, max: 5 }, text('three'), false],
		['number: no bounds', { type: 'number' }, text('-12'), true],
		['pattern: a match', { type: 'pattern', pattern: '^\\d{5}-?\\d{3}$', flags: 'i' }, text('01310-100'), true],
		['pattern: no match', { type: 'pattern', pattern: '^\\d{5}-?\\d{3}$', flags: 'i' }, text('Av. Paulista'), false],
		['pattern: ignoring case', { type: 'pattern', pattern: '^yes$', flags: 'i' }, text('YES'), true],
		['pattern: a message without text', { type: 'pattern', pattern: '.*', flags: '' }, { event: 'message', kind: 'sticker', text: null }, false],
	];
	it.each(cases)('%s', (_name, rule, item, counts) => {
		expect(replyCounts(record(rule), item)).toBe(counts);
	});

	it('covers every rule of the table', () => {
		expect(new Set(cases.map(([, rule]) => rule.type))).toEqual(new Set(Object.keys(REPLY_RULES)));
	});
});

describe('the choice an answer picked, with its position among the choices', () => {
	const TEXT_CHOICES: ReplyRule = { type: 'choice', choices: [{ label: 'Monday 9:00' }, { label: 'Tuesday 10:00' }, { label: 'Friday 15:00' }] };
	const cases: Array<[string, ReplyRule, IDataObject, IDataObject | null]> = [
		['a typed number', TEXT_CHOICES, text('2'), { position: 2, label: 'Tuesday 10:00' }],
		['a typed label, any case and spacing', TEXT_CHOICES, text('  friday 15:00 '), { position: 3, label: 'Friday 15:00' }],
		['a number beyond the choices', TEXT_CHOICES, text('4'), null],
		['a button, by its id', CHOICE, button('tue', 'Some other label'), { position: 2, label: 'Tuesday', id: 'tue' }],
		['a button, by its label', CHOICE, button('x', 'Monday'), { position: 1, label: 'Monday', id: 'mon' }],
		['a list option, by its id', CHOICE, listPick('tue', 'Tue'), { position: 2, label: 'Tuesday', id: 'tue' }],
		['a vote for one option', CHOICE, vote('Q1', ['Tuesday']), { position: 2, label: 'Tuesday', id: 'tue' }],
		['a vote for two options', CHOICE, vote('Q1', ['Monday', 'Tuesday']), null],
		['an answer to a question of another rule', { type: 'anyMessage' }, text('2'), null],
	];
	it.each(cases)('%s', (_name, rule, item, expected) => {
		expect(chosenChoice(record(rule), item)).toEqual(expected);
	});
});

describe('fromAskedChat', () => {
	const pairs = { '81896604192873@lid': [ANA, 20000] as [string, number] };
	const cases: Array<[string, Partial<WaitingReply>, IDataObject, boolean]> = [
		['the chat asked', {}, { event: 'message', phone: ANA }, true],
		['the chat asked, by its LID only, learned', {}, { event: 'message', phone: '81896604192873@lid', chatLid: '81896604192873@lid' }, true],
		['another chat', {}, { event: 'message', phone: '5511977776666' }, false],
		['a message sent by me in the chat', {}, { event: 'message', phone: ANA, fromMe: true }, false],
		['the person asked, writing in a group', {}, { event: 'message', isGroup: true, phone: GROUP, participantPhone: ANA }, false],
		['a status change of the chat', {}, { event: 'status', phone: ANA }, false],
		['a group asked: any member', { chat: GROUP }, { event: 'message', isGroup: true, phone: GROUP, participantPhone: '5511900000000' }, true],
		['a group asked for one member: that member', { chat: GROUP, from: ANA }, { event: 'message', isGroup: true, phone: GROUP, participantPhone: ANA }, true],
		['a group asked for one member: someone else', { chat: GROUP, from: ANA }, { event: 'message', isGroup: true, phone: GROUP, participantPhone: '5511900000000' }, false],
		['a group asked: another group', { chat: GROUP }, { event: 'message', isGroup: true, phone: '120363000000000000-group', participantPhone: ANA }, false],
		['a group asked: the member privately', { chat: GROUP, from: ANA }, { event: 'message', phone: ANA }, false],
	];
	it.each(cases)('%s', (_name, extra, item, expected) => {
		expect(fromAskedChat(record({ type: 'anyMessage' }, extra), item, pairs)).toBe(expected);
	});
});

describe('questions in the table', () => {
	const row = (id: number, value: unknown, kind = 'question') => ({ id, kind, item: typeof value === 'string' ? value : JSON.stringify(value) });

	it('reads the questions still waiting from their rows; expired ones, other kinds and rows of the wrong shape are left out', () => {
		const rows = [
			row(1, record({ type: 'anyMessage' })),
			row(2, record({ type: 'anyMessage' }, { expiresAt: 500 })),
			row(3, { chat: ANA }),
			row(4, 'not json'),
			row(5, record({ type: 'anyMessage' }), 'message'),
		];
		expect(questionsIn(rows, 600).map(([id]) => id)).toEqual([1]);
	});

	it('keeps a question as its record, read back unchanged', () => {
		const asked = record(CHOICE, { from: '5511900000000' });
		expect(questionsIn([row(9, questionItemOf(asked))], 600)).toEqual([[9, asked]]);
	});

	it('keys each question asked apart: the same execution and item asking again later is another question', () => {
		expect(questionKeyOf('7', 0, 1_000)).toBe('7#0@1000');
		expect(new Set([questionKeyOf('7', 0, 1_000), questionKeyOf('7', 0, 2_000), questionKeyOf('7', 1, 1_000), questionKeyOf('70', 0, 1_000)]).size).toBe(4);
	});

	it('finds the questions of the chat on this instance, newest question first', () => {
		const questions: Array<[string, WaitingReply]> = [
			['old', record({ type: 'anyMessage' }, { askedAt: 1 })],
			['newer', record({ type: 'anyMessage' }, { askedAt: 2 })],
			['otherInstance', record({ type: 'anyMessage' }, { instanceId: 'I2', askedAt: 3 })],
			['otherChat', record({ type: 'anyMessage' }, { chat: '5511977776666', askedAt: 4 })],
		];
		expect(waitingFor(questions, 'I1', { event: 'message', phone: ANA }, {}).map(([key]) => key)).toEqual(['newer', 'old']);
	});

	const LID = '123456789012345@lid';
	const today = Math.floor(Date.now() / 86_400_000);
	it.each([
		['a private chat: its phone and LID as the message carries them', { event: 'message', phone: ANA, chatLid: LID, contactPhone: ANA, contactLid: LID }, {}, [ANA, LID]],
		['a private chat by LID only: the phone learned for it too', { event: 'message', phone: LID, chatLid: LID }, { [LID]: [ANA, today] }, [LID, ANA]],
		['a private chat by phone only, nothing learned', { event: 'message', phone: ANA }, {}, [ANA]],
		['a group: the group alone, not its member', { event: 'message', isGroup: true, phone: GROUP, participantPhone: ANA, contactPhone: ANA }, {}, [GROUP]],
	])('looks for the questions of %s', (_name, item, pairs, forms) => {
		expect(chatFormsOf(item as IDataObject, pairs as LidPairs)).toEqual(forms);
	});
});

describe('the signed hand-off', () => {
	const handOff = { reply: text('Monday'), counted: true, questionMessageId: 'Q1', askedAt: 1_000 };

	it('is accepted with the instance token that signed it', () => {
		expect(verifyHandOff(TOKEN, signHandOff(TOKEN, handOff))).toEqual(handOff);
	});

	it('is refused with another token, a changed payload, or no signature', () => {
		const signed = signHandOff(TOKEN, handOff);
		expect(verifyHandOff('another-token', signed)).toBeUndefined();
		expect(verifyHandOff(TOKEN, { ...signed, payload: signed.payload.replace('Monday', 'Tuesday') })).toBeUndefined();
		expect(verifyHandOff(TOKEN, { payload: signed.payload })).toBeUndefined();
		expect(verifyHandOff(TOKEN, handOff)).toBeUndefined();
	});

	it('carries no secret: the token is not in it in any encoding', () => {
		const body = JSON.stringify(signHandOff(TOKEN, handOff));
		for (const form of [TOKEN, encodeURIComponent(TOKEN), Buffer.from(TOKEN).toString('base64')]) expect(body).not.toContain(form);
	});
});
