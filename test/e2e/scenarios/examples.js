'use strict';
/**
 * Every workflow shipped in examples/ imports as it is (only the credential id set),
 * activates, and produces an execution for a matching event. An example without an
 * exercise here fails, so a new example cannot ship untested.
 */
const fs = require('node:fs');
const path = require('node:path');

const { conversationStateCredential, withConversationState } = require('../lib/conversationState');
const { startFakeChatModel } = require('../lib/fakeChatModel');

const EXAMPLES_DIR = path.resolve(__dirname, '..', '..', '..', 'examples');

/**
 * n8n 1.x serves no data tables on its API: a bot example stops at Combine Quick Messages,
 * saying what it needs, and nothing is sent.
 */
/**
 * An exercise is run(t, wf, deployed), or { prepare(t, wf), run, cleanup(t) } when the
 * workflow needs more than the Z-API credential before it is deployed.
 */
const EXERCISES = {
	// The AI Agent runs for real, its model pointed at an offline stand-in of OpenAI's chat
	// interface (there is no network here): the test sees the conversation the agent's
	// memory kept per chatId, and the answers sent back through Z-API. Quick messages reach
	// it as one, and a chat a person answers from the phone is left to that person.
	'ai-agent-reply.json': {
		async prepare(t, wf) {
			t.model = await startFakeChatModel();
			const credential = await t.n8n.createCredential(`offline model ${t.hex(4)}`, 'openAiApi', {
				apiKey: 'sk-offline-e2e',
				url: t.model.url,
				header: false,
			});
			for (const node of wf.nodes) {
				if (node.credentials?.openAiApi) node.credentials.openAiApi = { id: String(credential.id), name: credential.name };
			}
			withConversationState(wf, await conversationStateCredential(t.n8n));
		},
		async run(t, wf, deployed) {
			const { assert, standIn } = t;
			const inst = t.current;
			const ana = '5511933331111';
			const bruno = '5511933332222';
			const asked = (count) =>
				t.waitFor(() => t.model.requests.length >= count, { timeoutMs: 60_000, what: `${count} question(s) to the model` });
			const quietPeriod = 1000 * wf.nodes.find((node) => node.parameters.operation === 'combineMessages').parameters.quietSeconds;
			// Two quick messages of Ana: one question to the model.
			await t.emit(inst, 'text', { phone: ana, message: 'Vocês abrem no sábado?' });
			await t.emit(inst, 'text', { phone: ana, message: 'E até que horas?' });
			await asked(1);
			await t.emit(inst, 'text', { phone: bruno, message: 'Oi' });
			await asked(2);
			// Carla answers Ana from the phone: the bot leaves Ana's chat to her, not Bruno's.
			await t.emit(inst, 'text', { phone: ana, message: 'Oi Ana, aqui é a Carla', fromMe: true, overrides: { fromApi: false } });
			await t.sleep(3_000);
			await t.emit(inst, 'text', { phone: ana, message: 'Obrigada, Carla' });
			await t.emit(inst, 'text', { phone: bruno, message: 'Tudo bem?' });
			await asked(3);
			await t.sleep(quietPeriod + 3_000);
			const requests = t.model.requests;
			assert.equal(requests.length, 3, `the model was asked ${requests.length} times`);
			const failed = (await t.executions(deployed.id)).filter((execution) => execution.status !== 'success');
			assert.deepEqual(failed.map((execution) => t.executionError(execution)?.message), []);
			// One execution per message of Ana, Bruno and Carla: the bot's own answers, sent back by
			// the service as messages sent by me through the API, start none.
			assert.equal((await t.exactlyExecutions(deployed.id, 6, { settleMs: 2_000 })).length, 6);
			const spoken = (request) => request.messages.filter((m) => m.role !== 'system').map((m) => `${m.role}: ${m.text}`);
			assert.deepEqual(spoken(requests[0]), ['user: Vocês abrem no sábado?\nE até que horas?']);
			// Bruno's chat starts empty, and his second message comes with his first exchange:
			// memory keyed by chatId.
			assert.deepEqual(spoken(requests[1]), ['user: Oi']);
			assert.deepEqual(spoken(requests[2]), ['user: Oi', `assistant: ${t.model.answerTo(2, 'Oi')}`, 'user: Tudo bem?']);
			const sent = standIn.sent(inst.id).map((s) => [s.body.phone, s.body.message]);
			assert.deepEqual(sent, [
				[ana, t.model.answerTo(1, 'Vocês abrem no sábado?\nE até que horas?')],
				[bruno, t.model.answerTo(2, 'Oi')],
				[bruno, t.model.answerTo(3, 'Tudo bem?')],
			]);
		},
		async cleanup(t) {
			await t.model?.stop();
		},
	},
	// The conversation features with no outside service: a burst of quick messages gets one
	// answer, in two bubbles; a person answering from the phone leaves the chat to them, and
	// the resume words bring the bot back. The trigger is as the node panel gives it.
	'burst-reply-bot.json': {
		async prepare(t, wf) {
			withConversationState(wf, await conversationStateCredential(t.n8n));
		},
		async run(t, wf, deployed) {
			const { assert, standIn } = t;
			const inst = t.current;
			const ana = '5511933337777';
			const quietPeriod = 1000 * wf.nodes.find((node) => node.parameters.operation === 'combineMessages').parameters.quietSeconds;
			const bubbles = () => standIn.sent(inst.id).map((sent) => [sent.body.phone, sent.body.message]);
			let runs = 0;
			/** Sends the messages, waits for their executions and the quiet period, and checks none failed. */
			const send = async (messages, { fromThePhone = false } = {}) => {
				for (const message of messages) {
					// A message sent by me from the phone, not through the API (docs/webhooks/on-message-received.md: fromApi).
					await t.emit(inst, 'text', { phone: ana, message, ...(fromThePhone ? { fromMe: true, overrides: { fromApi: false } } : {}) });
				}
				runs += messages.length;
				await t.waitForExecutions(deployed.id, runs, { timeoutMs: 60_000 });
				await t.sleep(quietPeriod + 2_000);
				// The bubbles, sent back by the service as messages sent by me through the API, start nothing.
				const all = await t.exactlyExecutions(deployed.id, runs, { settleMs: 1_000 });
				assert.deepEqual(all.filter((execution) => execution.status !== 'success').map((execution) => t.executionError(execution)?.message), []);
			};
			await send(['oi', 'tudo bem', 'queria saber do meu pedido']);
			assert.deepEqual(bubbles(), [
				[ana, 'You wrote 3 messages:'],
				[ana, 'oi\ntudo bem\nqueria saber do meu pedido'],
			]);
			// Carla answers Ana from the phone: the bot leaves the chat to her.
			await send(['Oi Ana, aqui é a Carla'], { fromThePhone: true });
			await send(['obrigada Carla']);
			assert.equal(bubbles().length, 2, `the bot answered a chat a person took over: ${JSON.stringify(bubbles())}`);
			await send(['#bot on'], { fromThePhone: true });
			await send(['voltei']);
			assert.deepEqual(bubbles().slice(2), [
				[ana, 'You wrote 1 message:'],
				[ana, 'voltei'],
			]);
		},
	},
	// A dialogue in the chat: each answer goes to the question waiting for it and starts no
	// new booking; a wrong number is asked again.
	'booking-dialogue.json': {
		async prepare(t, wf) {
			withConversationState(wf, await conversationStateCredential(t.n8n));
		},
		async run(t, wf, deployed) {
			const { assert } = t;
			const inst = t.current;
			const phone = '5511933338888';
			const sent = (text) => t.standIn.sent(inst.id).find((s) => s.phone === phone && s.body.message === text) ?? null;
			// Each question leaves a moment before n8n puts the execution to wait (a person is never that fast).
			const waiting = () => t.waitFor(async () => (await t.executions(deployed.id)).some((e) => e.status === 'waiting'), { what: 'the execution to wait for the answer' });
			await t.emit(inst, 'text', { phone, message: 'I want to book' });
			await t.waitFor(() => sent('Which day suits you?'), { what: 'the day question' });
			await waiting();
			await t.emit(inst, 'button', { phone, overrides: { buttonsResponseMessage: { buttonId: 'tue', message: 'Tuesday' } } });
			await t.waitFor(() => sent('How many people are coming? (1 to 8)'), { what: 'the second question', timeoutMs: 30_000 });
			await waiting();
			await t.emit(inst, 'text', { phone, message: '12' });
			await t.waitFor(() => sent('Please answer with a number from 1 to 8.'), { what: 'the number asked again' });
			await t.emit(inst, 'text', { phone, message: '3' });
			await t.waitFor(() => sent('Booked: Tuesday for 3 people.'), { what: 'the booking', timeoutMs: 30_000 });
			const [execution] = await t.exactlyExecutions(deployed.id, 1);
			assert.equal(execution.status, 'success', `ended ${execution.status}: ${t.executionError(execution)?.message}`);
		},
	},
	'echo-bot.json': async (t, wf, deployed) => {
		const { assert } = t;
		const inst = t.current;
		const incoming = await t.emit(inst, 'text', { phone: '5511933335555', message: 'hello bot' });
		await t.standIn.waitForDeliveries({ instanceId: inst.id, webhook: 'received', source: 'send', count: 1, timeoutMs: 15_000 });
		const [execution] = await t.exactlyExecutions(deployed.id, 1);
		assert.equal(execution.status, 'success', `ended ${execution.status}: ${t.executionError(execution)?.message}`);
		const sent = t.standIn.sent(inst.id);
		assert.deepEqual(sent.map((s) => s.body), [{ phone: '5511933335555', message: 'You said: hello bot', messageId: incoming.messageId }]);
	},
	'read-chat-on-new-message.json': async (t, wf, deployed) => {
		const { assert } = t;
		const inst = t.current;
		const phone = '5511933334444';
		const seeded = t.standIn.seedChat(inst.id, phone, { count: 8 });
		const payload = await t.emit(inst, 'text', { phone, message: 'Oi, tudo bem?' });
		const [execution] = await t.exactlyExecutions(deployed.id, 1);
		assert.equal(execution.status, 'success', `ended ${execution.status}: ${t.executionError(execution)?.message}`);
		const trigger = wf.nodes.find((n) => n.type === t.TRIGGER_TYPE);
		const reader = wf.nodes.find((n) => n.type === t.ACTION_TYPE);
		const [event] = t.nodeItems(execution, trigger.name);
		assert.equal(event?.kind, 'text');
		assert.equal(event?.messageId, payload.messageId);
		const messages = t.nodeItems(execution, reader.name);
		assert.equal(messages.length, 5, `the second node output ${messages.length} items`);
		const chatIds = new Set([...seeded.messageIds, payload.messageId]);
		assert.ok(messages.every((m) => m.phone === phone && chatIds.has(m.messageId)), `not the chat's messages: ${JSON.stringify(messages.map((m) => [m.phone, m.messageId]))}`);
		assert.equal(new Set(messages.map((m) => m.messageId)).size, 5, 'a message came out twice');
		assert.ok(messages.some((m) => m.messageId === payload.messageId), 'the message that started it is not among the recent ones');
	},
	'track-message-status.json': async (t, wf, deployed) => {
		const { assert } = t;
		const inst = t.current;
		const ids = [1, 2, 3].map(() => `3EB0${t.hex(9).toUpperCase()}`);
		await t.emit(inst, 'status', { status: 'READ', ids });
		const [execution] = await t.exactlyExecutions(deployed.id, 1);
		assert.equal(execution.status, 'success', `ended ${execution.status}: ${t.executionError(execution)?.message}`);
		const trigger = wf.nodes.find((n) => n.type === t.TRIGGER_TYPE);
		const items = t.nodeItems(execution, trigger.name);
		assert.deepEqual(items.map((i) => i.messageId), ids, 'not one item per id, in order');
		assert.ok(items.every((i) => i.event === 'status' && i.kind === 'READ'), JSON.stringify(items.map((i) => [i.event, i.kind])));
		assert.ok(items.every((i, n) => Array.isArray(i.ids) && i.ids.length === 1 && i.ids[0] === ids[n]));
	},
	'promote-new-participants.json': async (t, wf, deployed) => {
		const { assert } = t;
		const inst = t.current;
		const joined = '5511955559999';
		await t.emit(inst, 'notification', { code: 'GROUP_PARTICIPANT_ADD', group: inst.groups[0].id, phone: joined });
		const [execution] = await t.exactlyExecutions(deployed.id, 1);
		assert.equal(execution.status, 'success', `ended ${execution.status}: ${t.executionError(execution)?.message}`);
		const group = t.standIn.snapshot(inst.id).groups.find((g) => g.id === inst.groups[0].id);
		assert.ok(group.admins.includes(joined), `admins ${JSON.stringify(group.admins)}`);
	},
};

/** Approval links ignore link previewers: the exercise opens them as a phone's browser. */
const BROWSER = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

EXERCISES['approval-over-whatsapp.json'] = {
	// The example leaves the manager's phone empty: its note asks the user for it.
	prepare(t, wf) {
		const asker = wf.nodes.find((n) => n.parameters.operation === 'sendAndWait');
		t.assert.equal(asker.parameters.phone, '', 'the example ships a manager phone');
		asker.parameters.phone = '5511900000000';
	},
	run: approvalExercise,
};

async function approvalExercise(t, wf, deployed) {
	const { assert } = t;
	const inst = t.current;
	const customer = '5511933336666';
	const asker = wf.nodes.find((n) => n.parameters.operation === 'sendAndWait');
	const request = await t.emit(inst, 'text', { phone: customer, message: 'Can I return the blue jacket?' });
	const question = await t.waitFor(() => t.standIn.sent(inst.id).find((s) => s.body.phone === asker.parameters.phone), { what: 'the question to the manager' });
	assert.match(question.body.message, /Customer 5511933336666 asks: Can I return the blue jacket\?/);
	const approve = /\*✓ Approve\*\n(https:\S+)/.exec(question.body.message)?.[1];
	assert.ok(approve, question.body.message);
	// The question leaves before n8n has put the execution to wait; a click before that gets
	// 409 "running already" (a person is never that fast), so the click is made again then.
	const page = await t.waitFor(
		async () => {
			const answer = await t.n8n.request('GET', approve, { headers: { 'user-agent': BROWSER, accept: 'text/html' } });
			return answer.status === 409 ? null : answer;
		},
		{ what: 'the answer link to be taken (not 409 while the execution is still running)' },
	);
	assert.equal(page.status, 200, page.text.slice(0, 300));
	const [execution] = await t.exactlyExecutions(deployed.id, 1, { timeoutMs: 30_000 });
	assert.equal(execution.status, 'success', `ended ${execution.status}: ${t.executionError(execution)?.message}`);
	const answer = t.standIn.sent(inst.id).find((s) => s.body.phone === customer);
	assert.deepEqual(answer?.body, { phone: customer, message: 'Your request was approved.', messageId: request.messageId });
}

const files = fs.readdirSync(EXAMPLES_DIR).filter((f) => f.endsWith('.json')).sort();
/** Run on n8n 1.x in CI too: what these do there differs from 2.x (no data tables on its API). */
const SMOKE = new Set(['ai-agent-reply.json', 'booking-dialogue.json']);

module.exports = {
	group: 'examples',
	order: 50,
	scenarios: files.map((file) => ({
		name: `examples/${file} imports, activates and runs on a matching event`,
		smoke: SMOKE.has(file),
		timeoutMs: 150_000,
		async run(t) {
			const { assert } = t;
			const given = EXERCISES[file];
			assert.ok(given, `no end-to-end exercise for examples/${file}: add one to test/e2e/scenarios/examples.js`);
			const exercise = typeof given === 'function' ? { run: given } : given;
			const raw = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8'));
			for (const node of raw.nodes) {
				if (node.credentials?.zApiApi) assert.equal(node.credentials.zApiApi.id, '', `examples/${file}: node ${node.name} ships a credential id`);
			}
			t.current = await t.instance(`example ${file}`, { groups: [{ name: 'E2E example group' }] });
			const wf = t.exampleWorkflow(file, t.current);
			try {
				await exercise.prepare?.(t, wf);
				// On n8n 1.x a workflow keeping state in a data table (Combine Quick Messages, Send and
				// Wait for Reply) is refused at activation, saying why.
				if (t.line === '1' && wf.nodes.some((node) => ['combineMessages', 'sendAndWaitForReply'].includes(node.parameters?.operation))) {
					await assert.rejects(t.deploy(wf, { name: raw.name }), (error) => error.message.includes('This n8n serves no data tables on its API: conversation features need n8n 2.0 or later'));
					assert.deepEqual(t.standIn.sent(t.current.id), []);
					return;
				}
				const deployed = await t.deploy(wf, { name: raw.name });
				await exercise.run(t, wf, deployed);
			} finally {
				await exercise.cleanup?.(t);
			}
		},
	})),
};
