'use strict';
const { ASK, withBookingDialogue } = require('../lib/bookingDialogue');
const { conversationsAtOnce } = require('../lib/conversationsAtOnce');
const { conversationStateCredential } = require('../lib/conversationState');
/**
 * Send and Wait for Reply in a real n8n, with the Z-API Trigger of the same workflow: a
 * question with buttons waits; a message from another chat does not resume it (it starts the
 * workflow as usual); an answer that does not count is asked again; the contact's button
 * resumes the execution with that answer, and the reply starts nothing else; a question
 * nobody answers ends at its limit, marked. Beside a reply bot on the same instance, the
 * answer (typed as the option's number or title) resumes the question only and starts no bot
 * run. And who a LID is: a LID-only delivery after one with both forms gives an item with the phone.
 */
const crypto = require('node:crypto');

const ANA = '5511933336666';
const BRUNO = '5511933337777';

/**
 * Trigger → Send and Wait for Reply (buttons) → a text saying what was booked; the questions
 * wait in a data table of the n8n under test (the Conversation State credential in both nodes).
 */
async function bookingWorkflow(t, inst, askExtra = {}) {
	const wf = t.triggerWorkflow(inst, { events: ['messageReceived'], options: {} }, { name: 'e2e reply in chat' });
	const trigger = wf.nodes.find((n) => n.type === t.TRIGGER_TYPE);
	trigger.typeVersion = 1.2;
	const state = await conversationStateCredential(t.n8n);
	return withBookingDialogue(wf, { after: trigger.name, actionType: t.ACTION_TYPE, credentials: { zApiApi: { ...inst.credential } }, state, askExtra });
}

/** Messages the instance sent to a phone, oldest first. */
const sentTo = (t, inst, phone) => t.standIn.sent(inst.id).filter((s) => s.phone === phone);

async function executionsOf(t, deployed) {
	return (await t.n8n.executions(deployed.id, { includeData: true })).sort((a, b) => Number(a.id) - Number(b.id));
}

const BOT_REPLY = 'Thanks for writing! We answer in a minute.';

/** Trigger → Send Text: a bot answering every message received, as a second workflow on the instance. */
function replyBotWorkflow(t, inst) {
	const wf = t.triggerWorkflow(inst, { events: ['messageReceived'], options: {} }, { name: 'e2e reply bot' });
	const trigger = wf.nodes.find((n) => n.type === t.TRIGGER_TYPE);
	wf.nodes.push({
		id: crypto.randomUUID(),
		name: 'Bot reply',
		type: t.ACTION_TYPE,
		typeVersion: 1.1,
		position: [260, 0],
		parameters: { resource: 'message', operation: 'sendText', phone: '={{ $json.phone }}', message: BOT_REPLY, options: {} },
		credentials: { zApiApi: { ...inst.credential } },
	});
	wf.connections = { [trigger.name]: { main: [[{ node: 'Bot reply', type: 'main', index: 0 }]] } };
	return { workflow: wf, trigger: trigger.name };
}

/**
 * A reply bot and the booking dialogue on one instance, the one activated last holding the
 * instance's address (the other's trigger gets the messages from it): each first message
 * starts both; the answers, typed as the option's number or its title, resume the question
 * only, and the bot's own replies in the chat answer nothing.
 */
function besideABot({ botFirst }) {
	return {
		name: `beside a reply bot on the same instance (${botFirst ? 'bot' : 'booking'} activated first): the answer resumes the waiting question only, the bot gets no execution for it; a typed "2" or the option's title gives that option's id`,
		timeoutMs: 150_000,
		async run(t) {
			const { assert } = t;
			// n8n 1.x serves no data tables on its API: the questions cannot wait (examples.js checks the refusal).
			if (t.line === '1') return;
			const inst = await t.instance(`reply in chat beside a bot ${botFirst ? 'activated first' : 'activated last'}`);
			const botWf = replyBotWorkflow(t, inst);
			const deployBot = () => t.deploy(botWf.workflow);
			const deployBooking = async () => t.deploy(await bookingWorkflow(t, inst), { name: 'e2e booking beside a bot' });
			const bot = botFirst ? await deployBot() : null;
			const booking = await deployBooking();
			const botDeployed = bot ?? (await deployBot());
			const questionsTo = (phone) => sentTo(t, inst, phone).filter((s) => s.path === '/send-button-list');
			const botRepliesTo = (phone) => sentTo(t, inst, phone).filter((s) => s.body.message === BOT_REPLY);
			const botTexts = async () => (await t.n8n.executions(botDeployed.id, { includeData: true })).map((e) => t.nodeItems(e, botWf.trigger)[0]?.text).sort();

			// A first message starts both workflows: the bot answers, the booking asks.
			await t.emit(inst, 'text', { phone: ANA, message: 'I would like to book' });
			await t.waitFor(() => (questionsTo(ANA).length && botRepliesTo(ANA).length ? true : null), { what: 'the question and the bot reply to Ana' });
			await t.waitForExecutions(botDeployed.id, 1);

			// Ana types "2": the second button. Her execution goes on with it; the bot sees nothing.
			const typed = await t.emit(inst, 'text', { phone: ANA, message: '2' });
			await t.waitFor(() => sentTo(t, inst, ANA).find((s) => s.body.message === 'Booked: 2') ?? null, { what: "Ana's booking confirmed", timeoutMs: 30_000 });
			const [anas] = await t.waitForExecutions(booking.id, 1);
			assert.equal(anas.status, 'success', `ended ${anas.status}: ${t.executionError(anas)?.message}`);
			const [anaAnswer] = t.nodeItems(anas, ASK);
			assert.equal(anaAnswer.buttonId, 'tue', JSON.stringify(anaAnswer));
			assert.equal(anaAnswer.text, '2');
			assert.equal(anaAnswer.messageId, typed.messageId);
			assert.equal(anaAnswer.replied, true);
			assert.equal(anaAnswer.answerCounts, true);

			// Bruno writes the title of the first one, in lower case.
			await t.emit(inst, 'text', { phone: BRUNO, message: 'Hello, a table please' });
			await t.waitFor(() => (questionsTo(BRUNO).length && botRepliesTo(BRUNO).length ? true : null), { what: 'the question and the bot reply to Bruno' });
			await t.emit(inst, 'text', { phone: BRUNO, message: 'monday' });
			await t.waitFor(() => sentTo(t, inst, BRUNO).find((s) => s.body.message === 'Booked: monday') ?? null, { what: "Bruno's booking confirmed", timeoutMs: 30_000 });
			const bookings = await t.exactlyExecutions(booking.id, 2);
			assert.deepEqual(bookings.map((e) => e.status), ['success', 'success'], t.describeExecutions(bookings));
			const [brunoAnswer] = t.nodeItems(bookings[1], ASK);
			assert.equal(brunoAnswer.buttonId, 'mon', JSON.stringify(brunoAnswer));
			assert.equal(brunoAnswer.text, 'monday');

			// The bot ran for the two first messages only, never for an answer; no answer asked again.
			const botRuns = await t.exactlyExecutions(botDeployed.id, 2);
			assert.deepEqual(botRuns.map((e) => e.status), ['success', 'success'], t.describeExecutions(botRuns));
			assert.deepEqual(await botTexts(), ['Hello, a table please', 'I would like to book']);
			assert.equal(botRepliesTo(ANA).length, 1, 'the bot answered Ana more than once');
			assert.equal(botRepliesTo(BRUNO).length, 1, 'the bot answered Bruno more than once');
			assert.equal(questionsTo(ANA).length, 1, "Ana's answer started the booking again");
			assert.equal(questionsTo(BRUNO).length, 1, "Bruno's answer started the booking again");
		},
	};
}

module.exports = {
	group: 'reply in chat',
	order: 47,
	scenarios: [
		{
			name: 'a question with buttons waits; another chat does not resume it; a wrong answer is asked again; the button resumes it and starts nothing else',
			timeoutMs: 150_000,
			async run(t) {
				const { assert } = t;
				// n8n 1.x serves no data tables on its API: the questions cannot wait (examples.js checks the refusal).
				if (t.line === '1') return;
				const inst = await t.instance('reply in chat');
				const deployed = await t.deploy(await bookingWorkflow(t, inst));
				// "Still waiting" is "asked, and not ended", and "started nothing" is "no further
				// question to that chat" (every execution of this workflow starts by asking).
				const ended = async () => (await executionsOf(t, deployed)).filter((e) => !['new', 'running', 'waiting', 'unknown'].includes(e.status));
				const questionsTo = (phone) => sentTo(t, inst, phone).filter((s) => s.path === '/send-button-list');

				await t.emit(inst, 'text', { phone: ANA, message: 'I would like to book' });
				const [question] = await t.waitFor(() => (questionsTo(ANA).length ? questionsTo(ANA) : null), { what: 'the question at the stand-in' });
				assert.deepEqual(question.body.buttonList.buttons, [{ label: 'Monday', id: 'mon' }, { label: 'Tuesday', id: 'tue' }]);
				await t.sleep(2_000);
				assert.deepEqual(await ended(), []);
				assert.deepEqual((await executionsOf(t, deployed)).map((e) => e.status), ['waiting']);

				// Another chat: the workflow starts for it as usual (and asks it); Ana's wait goes on.
				await t.emit(inst, 'button', { phone: BRUNO, overrides: { buttonsResponseMessage: { buttonId: 'tue', message: 'Tuesday' } } });
				await t.waitFor(() => (questionsTo(BRUNO).length ? true : null), { what: 'the question to the other chat' });
				await t.sleep(2_000);
				assert.deepEqual(await ended(), []);

				// An answer that does not count is asked again, quoting it; nothing starts.
				const wrong = await t.emit(inst, 'text', { phone: ANA, message: 'Friday?' });
				const again = await t.waitFor(() => sentTo(t, inst, ANA).find((s) => s.body.message === 'Please tap Monday or Tuesday.') ?? null, { what: 'the question asked again' });
				assert.equal(again.body.messageId, wrong.messageId);
				await t.sleep(1_500);
				assert.equal(questionsTo(ANA).length, 1, 'the wrong answer started the workflow again');
				assert.deepEqual(await ended(), []);

				// The button: Ana's execution goes on with it; nothing else starts.
				const answer = await t.emit(inst, 'button', {
					phone: ANA,
					overrides: { buttonsResponseMessage: { buttonId: 'tue', message: 'Tuesday' }, referenceMessageId: question.messageId },
				});
				await t.waitFor(() => sentTo(t, inst, ANA).find((s) => s.body.message === 'Booked: Tuesday') ?? null, { what: 'the booking confirmed', timeoutMs: 30_000 });
				const [execution] = await t.waitForExecutions(deployed.id, 1);
				await t.sleep(1_500);
				assert.equal(questionsTo(ANA).length, 1, 'the reply started the workflow again');
				const done = await ended();
				assert.equal(done.length, 1, t.describeExecutions(done));
				assert.equal(execution.status, 'success', `ended ${execution.status}: ${t.executionError(execution)?.message}`);
				const [output] = t.nodeItems(execution, ASK);
				assert.equal(output.kind, 'buttonsResponse', JSON.stringify(output));
				assert.equal(output.buttonId, 'tue');
				assert.equal(output.text, 'Tuesday');
				assert.equal(output.messageId, answer.messageId);
				assert.equal(output.questionMessageId, question.messageId);
				assert.equal(output.replied, true);
				assert.equal(output.answerCounts, true);
				assert.ok(output.waitedSeconds >= 1, JSON.stringify(output));
				// Bruno's own execution still waits for him.
				assert.equal((await executionsOf(t, deployed)).filter((e) => e.status === 'waiting').length, 1);
			},
		},
		besideABot({ botFirst: false }),
		besideABot({ botFirst: true }),
		{
			name: 'twenty conversations asked at the same moment, answered at the same moment: each execution resumes with its own chat\'s answer, none lost, crossed or doubled, and the answers start nothing',
			timeoutMs: 300_000,
			async run(t) {
				// n8n 1.x serves no data tables on its API: the questions cannot wait (examples.js checks the refusal).
				if (t.line === '1') return;
				const inst = await t.instance('reply in chat at once');
				const deployed = await t.deploy(await bookingWorkflow(t, inst));
				await conversationsAtOnce(
					{
						emit: (phone, kind, fields) => t.emit(inst, kind, fields),
						sent: (phone) => sentTo(t, inst, phone),
						executions: () => t.executions(deployed.id),
						triggerName: deployed.nodes.find((n) => n.type === t.TRIGGER_TYPE).name,
						sleep: t.sleep,
						log: console.log,
					},
					{ count: 20, phoneOf: (index) => `55119444${String(index).padStart(5, '0')}` },
				);
			},
		},
		{
			// Waits for n8n's once-a-minute check of due waits. The limit is checked at engine level
			// (test/nodes/ZApi/actions/message/sendAndWaitForReply.test.ts); the same unanswered question
			// ending at its limit in real n8n runs in CI in the queue suite.
			heavy: 'waits for n8n\'s minute check of due waits',
			name: 'a question nobody answers ends at its limit: the input items go on, without replied',
			timeoutMs: 200_000,
			async run(t) {
				const { assert } = t;
				// n8n 1.x serves no data tables on its API: the questions cannot wait (examples.js checks the refusal).
				if (t.line === '1') return;
				const inst = await t.instance('reply in chat timeout');
				const deployed = await t.deploy(
					await bookingWorkflow(t, inst, { options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 0.1, resumeUnit: 'minutes' } } } }),
				);
				await t.emit(inst, 'text', { phone: ANA, message: 'book' });
				// n8n looks for due waits about once a minute.
				const [execution] = await t.waitForExecutions(deployed.id, 1, { timeoutMs: 150_000 });
				assert.equal(execution.status, 'success', `ended ${execution.status}: ${t.executionError(execution)?.message}`);
				const [output] = t.nodeItems(execution, ASK);
				assert.equal(output.replied, undefined, JSON.stringify(output));
				assert.equal(output.text, 'book', JSON.stringify(output));
				assert.ok(sentTo(t, inst, ANA).some((s) => s.body.message === 'No answer: nothing booked.'));
			},
		},
		{
			name: 'a LID-only delivery after one with both forms gives an item with the phone',
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('lid pairs');
				const deployed = await t.deploy(t.triggerWorkflow(inst, { events: ['messageReceived'], options: {} }, { name: 'e2e lid pairs' }));
				const both = await t.emit(inst, 'text', { phone: ANA, message: 'Oi', variants: ['wildExtras'] });
				assert.ok(/@lid$/.test(both.senderLid), JSON.stringify(both));
				// A person writes again seconds later. n8n saves what the trigger learned once it has
				// handled the delivery, after the trigger's own answer: a second delivery sent the same
				// instant could be read before that save.
				await t.waitForExecutions(deployed.id, 1);
				await t.sleep(1_000);
				const lidOnly = await t.emit(inst, 'text', { phone: ANA, message: 'Tudo bem?', variants: ['lid'] });
				assert.ok(/@lid$/.test(lidOnly.phone), JSON.stringify(lidOnly));
				const list = await t.exactlyExecutions(deployed.id, 2);
				const trigger = deployed.nodes.find((n) => n.type === t.TRIGGER_TYPE).name;
				const [first] = t.nodeItems(list[0], trigger);
				const [second] = t.nodeItems(list[1], trigger);
				assert.equal(first.contactPhone, ANA, JSON.stringify(first));
				assert.equal(first.contactLid, both.senderLid);
				assert.equal(second.phone, lidOnly.phone);
				assert.equal(second.contactPhone, ANA, JSON.stringify(second));
				assert.equal(second.contactLid, lidOnly.phone);
			},
		},
	],
};
