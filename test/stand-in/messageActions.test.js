'use strict';
/** The stand-in's pins and poll votes: state kept, refusals. */
const { standInPerTest } = require('./harness');

const ID = 'ACTIONSINSTANCE';
const TOKEN = 'tok/en with space';
const ANA = '5511988887777';

const harness = standInPerTest({ id: ID, token: TOKEN, statusStepMs: 5 });
const { api } = harness;

describe('stand-in: pin and unpin a message', () => {
	it('pins a received message for its duration, then unpins it', async () => {
		const [messageId] = harness.standIn.seedChat(ID, ANA, { count: 1, fromMeEvery: 0 }).messageIds;
		const pinned = await api('POST', '/pin-message', { phone: ANA, messageId, messageAction: 'pin', pinMessageDuration: '7_days' });
		expect(pinned).toEqual({ status: 200, json: { zaapId: expect.stringMatching(/^[0-9A-F]{32}$/), messageId: expect.any(String), id: pinned.json.messageId } });
		const { pins } = harness.standIn.messageState(ID);
		expect(pins).toEqual([{ phone: ANA, messageId, duration: '7_days', until: expect.any(Number) }]);
		expect(pins[0].until - Date.now()).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60000);
		expect((await api('POST', '/pin-message', { phone: ANA, messageId, messageAction: 'unpin', pinMessageDuration: '24_hours' })).status).toBe(200);
		expect(harness.standIn.messageState(ID).pins).toEqual([]);
	});

	it.each([
		['a message not in the chat', { messageId: 'NOPE', messageAction: 'pin', pinMessageDuration: '7_days' }, /No message NOPE/],
		['a pin without duration', { messageAction: 'pin' }, /pinMessageDuration must be/],
		['an unknown action', { messageAction: 'stick', pinMessageDuration: '7_days' }, /messageAction must be pin or unpin/],
		['an unpin of a message not pinned', { messageAction: 'unpin' }, /is not pinned/],
	])('refuses %s with 400', async (_label, fields, error) => {
		const [messageId] = harness.standIn.seedChat(ID, ANA, { count: 1, fromMeEvery: 0 }).messageIds;
		const { status, json } = await api('POST', '/pin-message', { phone: ANA, messageId, ...fields });
		expect(status).toBe(400);
		expect(json.error).toMatch(error);
	});
});

describe('stand-in: vote in a poll', () => {
	const sendPoll = async (extra = {}) => (await api('POST', '/send-poll', { phone: ANA, message: 'Lunch?', poll: [{ name: 'Pizza' }, { name: 'Sushi' }], ...extra })).json.messageId;

	it('records the vote, and a second vote replaces it', async () => {
		const pollMessageId = await sendPoll();
		expect((await api('POST', '/send-poll-vote', { phone: ANA, pollMessageId, pollVote: [{ name: 'Pizza' }, { name: 'Sushi' }] })).status).toBe(200);
		expect(harness.standIn.messageState(ID).votes).toEqual([{ phone: ANA, pollMessageId, options: ['Pizza', 'Sushi'] }]);
		await api('POST', '/send-poll-vote', { phone: ANA, pollMessageId, pollVote: [{ name: 'Sushi' }] });
		expect(harness.standIn.messageState(ID).votes).toEqual([{ phone: ANA, pollMessageId, options: ['Sushi'] }]);
	});

	it('refuses an answer the poll does not have, two answers in a single-choice poll, and an unknown poll', async () => {
		const pollMessageId = await sendPoll({ pollMaxOptions: 1 });
		expect((await api('POST', '/send-poll-vote', { phone: ANA, pollMessageId, pollVote: [{ name: 'Tacos' }] })).json.error).toMatch(/"Tacos" is not an answer/);
		expect((await api('POST', '/send-poll-vote', { phone: ANA, pollMessageId, pollVote: [{ name: 'Pizza' }, { name: 'Sushi' }] })).json.error).toBe('The poll takes one answer only');
		expect((await api('POST', '/send-poll-vote', { phone: ANA, pollMessageId: 'NOPE', pollVote: [{ name: 'Pizza' }] })).json.error).toMatch(/No poll NOPE/);
		expect(harness.standIn.messageState(ID).votes).toEqual([]);
	});

	it('shows the state on the control route', async () => {
		const pollMessageId = await sendPoll();
		await api('POST', '/send-poll-vote', { phone: ANA, pollMessageId, pollVote: [{ name: 'Pizza' }] });
		const res = await fetch(`${harness.base}/_control/message-state?instanceId=${ID}`);
		expect(await res.json()).toEqual({ pins: [], votes: [{ phone: ANA, pollMessageId, options: ['Pizza'] }] });
	});
});
