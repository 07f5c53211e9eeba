'use strict';
/**
 * Conversation features in a real n8n: bursts of quick messages reach the next node once per
 * burst, whatever the executions' order; a person answering from the phone silences the bot
 * in that chat only, and the resume words bring it back; a long answer goes out as ordered
 * bubbles with typing times. On n8n 1.x, which serves no data tables on its API, the node says
 * n8n 2.0 is needed.
 */
const { conversationStateCredential, withConversationState } = require('../lib/conversationState');
const { DEFAULT_TRANSCRIPTION_KEY } = require('../../stand-in/transcription');

const ANA = '5511977771111';
const BRUNO = '5511977772222';
/** Chats of their own for the scenarios below, as the chats' state outlives a scenario in the shared data table. */
const DORA = '5511977773333';
const EDU = '5511977774444';
const FABI = '5511977775555';
const GIL = '5511977776666';
const HELENA = '5511977777777';
const IVO = '5511977778888';
const JANA = '5511977779999';
const QUIET_SECONDS = 3;
/** A message sent by me from the phone, not through the API (docs/webhooks/on-message-received.md: fromApi). */
const FROM_THE_PHONE = { fromMe: true, overrides: { fromApi: false } };

/**
 * Z-API Trigger (received and sent by me, unless `trigger` says) → Combine Quick Messages →
 * "Agent" (a No Op standing for the AI Agent, unless `agent` gives the node's type and parameters).
 */
function botWorkflow(t, inst, credential, options = {}, { trigger: triggerParameters = { events: ['messageReceived', 'messageSent'], options: {} }, agent } = {}) {
	const wf = t.triggerWorkflow(inst, triggerParameters, { name: 'e2e conversation' });
	const trigger = wf.nodes[0];
	// The trigger records each message as it arrives for Combine Quick Messages: Followed by Combine
	// Quick Messages on (version 1.2), with the credential too.
	trigger.typeVersion = 1.2;
	trigger.parameters = { ...trigger.parameters, followedByCombine: true };
	trigger.credentials = { ...trigger.credentials, zApiConversationStateApi: { ...credential } };
	wf.nodes.push(
		{
			id: require('node:crypto').randomUUID(),
			name: 'Combine',
			type: t.ACTION_TYPE,
			typeVersion: 1,
			position: [220, 0],
			parameters: { resource: 'conversation', operation: 'combineMessages', quietSeconds: QUIET_SECONDS, maxWaitSeconds: 30, options },
			credentials: { zApiConversationStateApi: { ...credential } },
		},
		{ id: require('node:crypto').randomUUID(), name: 'Agent', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [440, 0], parameters: {}, ...agent },
	);
	wf.connections = {
		[trigger.name]: { main: [[{ node: 'Combine', type: 'main', index: 0 }]] },
		Combine: { main: [[{ node: 'Agent', type: 'main', index: 0 }]] },
	};
	return wf;
}

/** The items that reached "Agent", over every execution of the workflow so far. */
async function reachedAgent(t, workflowId) {
	const list = await t.executions(workflowId);
	return list
		.filter((execution) => t.nodeItems(execution, 'Agent').length)
		.sort((a, b) => Number(a.id) - Number(b.id))
		.flatMap((execution) => t.nodeItems(execution, 'Agent'));
}

/** What each execution said it did (its custom data), in the order they started. */
async function whatEachDid(t, workflowId) {
	const list = await t.executions(workflowId);
	return list
		.sort((a, b) => Number(a.id) - Number(b.id))
		.map((execution) => (execution.customData ?? execution.data?.resultData?.metadata ?? {}).zapi_bot);
}

/** Waits for `count` executions to have ended, then for the quiet period and a margin, and checks none failed. */
async function settle(t, workflowId, count) {
	const list = await t.waitForExecutions(workflowId, count, { timeoutMs: 60_000 });
	const failed = list.filter((execution) => execution.status !== 'success');
	t.assert.deepEqual(failed.map((execution) => t.executionError(execution)?.message), [], t.describeExecutions(failed));
	return list;
}

const apiKeyNowhere = async (t, workflowId) => {
	const text = JSON.stringify(await t.executions(workflowId));
	t.assert.ok(!text.includes(t.n8n.apiKey), 'the n8n API key appears in execution data');
};

/** People typing at once in the bursts scenario (N8N_E2E_TYPING_AT_ONCE; 50 and 200 are measured by `npm run bench:n8n`). */
const TYPING_AT_ONCE = Math.max(1, Number(process.env.N8N_E2E_TYPING_AT_ONCE || 10));

module.exports = {
	group: 'conversation',
	order: 47,
	scenarios: [
		{
			name: 'five quick messages of one person and two of another reach the agent as exactly two items, each its whole burst',
			timeoutMs: 120_000,
			async run(t) {
				if (t.line === '1') return;
				const { assert } = t;
				const inst = await t.instance('bursts');
				const credential = await conversationStateCredential(t.n8n);
				const deployed = await t.deploy(withConversationState(botWorkflow(t, inst, credential), credential));
				const order = [
					[ANA, 'oi'],
					[BRUNO, 'bom dia'],
					[ANA, 'tudo bem?'],
					[ANA, 'queria saber do meu pedido'],
					[BRUNO, 'preciso de ajuda'],
					[ANA, 'é o 123'],
					[ANA, 'chegou hoje?'],
				];
				const sent = await Promise.all(order.map(([phone, message]) => t.emit(inst, 'text', { phone, message })));
				await settle(t, deployed.id, order.length);
				await t.sleep(QUIET_SECONDS * 1000 + 2_000);
				const all = await t.exactlyExecutions(deployed.id, order.length, { settleMs: 500 });
				assert.equal(all.length, 7);
				const items = await reachedAgent(t, deployed.id);
				assert.deepEqual(
					items.map((item) => [item.chatId, item.count]).sort(),
					[
						[ANA, 5],
						[BRUNO, 2],
					],
					JSON.stringify(items.map((item) => [item.chatId, item.count, item.text])),
				);
				const ana = items.find((item) => item.chatId === ANA);
				// In the order WhatsApp gave them (their times), whatever the executions' order.
				assert.equal(ana.text, 'oi\ntudo bem?\nqueria saber do meu pedido\né o 123\nchegou hoje?');
				assert.deepEqual(
					[...ana.messageIds].sort(),
					sent.filter((payload) => payload.phone === ANA).map((payload) => payload.messageId).sort(),
				);
				assert.equal(items.find((item) => item.chatId === BRUNO).text, 'bom dia\npreciso de ajuda');
				await apiKeyNowhere(t, deployed.id);
				// What the node adds to each delivery beyond its wait: its time less the time it slept
				// (the quiet period, less for a message whose burst ended sooner). Printed, not asserted.
				const times = all
					.map((execution) => execution.data?.resultData?.runData?.Combine?.[0]?.executionTime)
					.filter((ms) => typeof ms === 'number')
					.sort((a, b) => a - b);
				const median = times[Math.floor(times.length / 2)];
				console.log(`      Combine Quick Messages: node time per execution ${times.join(', ')} ms (median ${median}); quiet period ${QUIET_SECONDS * 1000} ms`);
			},
		},
		{
			name: `${TYPING_AT_ONCE} people typing three quick messages 0.5 s apart at once: one item per person, each with its three messages in order, none lost or doubled`,
			timeoutMs: 300_000,
			async run(t) {
				if (t.line === '1') return;
				const { assert } = t;
				const inst = await t.instance('typing at once');
				const credential = await conversationStateCredential(t.n8n);
				const deployed = await t.deploy(withConversationState(botWorkflow(t, inst, credential), credential));
				const phoneOf = (person) => `55119880${String(person).padStart(5, '0')}`;
				const sent = new Map();
				const answeredIn = [];
				// Each person types on a schedule of their own: a message every 0.5 s, whenever n8n answers the one before.
				await Promise.all(
					Array.from({ length: TYPING_AT_ONCE }, async (_, person) => {
						await t.sleep(Math.floor(Math.random() * 1000));
						const ids = Array.from({ length: 3 }, () => null);
						await Promise.all(
							[0, 1, 2].map(async (k) => {
								await t.sleep(500 * k);
								const began = Date.now();
								const payload = await t.emit(inst, 'text', { phone: phoneOf(person), message: `mensagem ${k + 1} de ${person}` });
								answeredIn.push(Date.now() - began);
								ids[k] = payload.messageId;
							}),
						);
						sent.set(phoneOf(person), ids);
					}),
				);
				answeredIn.sort((a, b) => a - b);
				console.log(`      the trigger answered in ${answeredIn[Math.floor(answeredIn.length / 2)]} ms (median), ${answeredIn[answeredIn.length - 1]} ms at most`);
				await t.waitForExecutions(deployed.id, TYPING_AT_ONCE * 3, { timeoutMs: 240_000 });
				await t.sleep(QUIET_SECONDS * 1000 + 2_000);
				await settle(t, deployed.id, TYPING_AT_ONCE * 3);
				const items = await reachedAgent(t, deployed.id);
				const split = [...sent.keys()].filter((phone) => items.filter((item) => item.chatId === phone).length !== 1);
				const sample = items.find((item) => split.includes(item.chatId));
				if (split.length) {
					// When each message of a split chat was sent and when its row was written.
					const arrivals = (await t.executions(deployed.id))
						.flatMap((execution) => t.nodeItems(execution, 'Z-API Trigger'))
						.filter((item) => item.chatId === split[0])
						.map((item) => [item.text, item.recorded?.sentAt, item.recorded?.writtenAt]);
					console.log(`      ${split[0]}: ${JSON.stringify(arrivals)}`);
				}
				assert.deepEqual(
					split,
					[],
					`people whose burst did not come out exactly once: ${JSON.stringify(items.map((item) => [item.chatId, item.count, item.combined, item.stateStoreError]))}; one of their items: ${JSON.stringify({ ...sample, payload: undefined })}`,
				);
				for (const item of items) assert.deepEqual(item.messageIds, sent.get(item.chatId), `${item.chatId}: each message once, in order`);
				assert.equal(items.length, TYPING_AT_ONCE);
			},
		},
		{
			name: 'a person typing for 5 s between two messages gets one answer with both; the presence deliveries start nothing and the presence address is put back',
			timeoutMs: 120_000,
			async run(t) {
				if (t.line === '1') return;
				const { assert, standIn } = t;
				const inst = await t.instance('typing');
				const credential = await conversationStateCredential(t.n8n);
				const deployed = await t.deploy(withConversationState(botWorkflow(t, inst, credential, {}, { trigger: { events: ['messageReceived'], options: {} } }), credential));
				const trigger = deployed.nodes.find((node) => node.type === t.TRIGGER_TYPE);
				// Wait While Typing is on unless turned off: the trigger took the presence address too.
				assert.ok(standIn.snapshot(inst.id).webhooks.chatPresence.startsWith(t.productionUrl(trigger.webhookId)), 'the chat presence webhook was not set');
				const first = await t.emit(inst, 'text', { phone: GIL, message: 'queria encomendar um bolo' });
				// Typing for 5 s, well past the 3 s quiet period, WhatsApp repeating "composing" every 2 s.
				for (let second = 0; second < 5; second += 1) {
					await t.sleep(1000);
					if (second % 2 === 0) await t.emit(inst, 'chatPresence', { phone: GIL, status: 'COMPOSING' });
				}
				await t.emit(inst, 'chatPresence', { phone: GIL, status: 'PAUSED' });
				const second = await t.emit(inst, 'text', { phone: GIL, message: 'de chocolate, para sábado' });
				await settle(t, deployed.id, 2);
				await t.sleep(QUIET_SECONDS * 1000 + 2_000);
				// Two messages, two executions: the five presence deliveries started none.
				const all = await t.exactlyExecutions(deployed.id, 2, { settleMs: 500 });
				assert.equal(all.length, 2);
				const items = await reachedAgent(t, deployed.id);
				assert.deepEqual(
					items.map((item) => [item.text, item.messageIds, item.wentOnBecause]),
					[['queria encomendar um bolo\nde chocolate, para sábado', [first.messageId, second.messageId], 'quietPeriod']],
				);
				await t.deactivate(deployed.id);
				// The stand-in shows a further webhook only while it is set.
				assert.equal(standIn.snapshot(inst.id).webhooks.chatPresence ?? '', '', 'the chat presence webhook was not put back');
			},
		},
		{
			name: "a text and a voice note in one burst: the agent reads the voice note's transcript where it was, from the stand-in's transcription endpoint through n8n's own OpenAI credential",
			timeoutMs: 120_000,
			async run(t) {
				if (t.line === '1') return;
				const { assert, standIn } = t;
				const inst = await t.instance('voice notes');
				const credential = await conversationStateCredential(t.n8n);
				// n8n's own OpenAI credential type, its Base URL at the stand-in's OpenAI-compatible endpoint.
				const openAi = await t.n8n.createCredential(`OpenAI ${Date.now().toString(36)}`, 'openAiApi', { apiKey: DEFAULT_TRANSCRIPTION_KEY, url: `${standIn.url}/v1`, header: false });
				const wf = botWorkflow(t, inst, credential, {}, { trigger: { events: ['messageReceived'], options: { downloadMedia: true } } });
				const combine = wf.nodes.find((node) => node.name === 'Combine');
				combine.parameters.transcribeVoiceNotes = true;
				combine.credentials = { ...combine.credentials, openAiApi: { id: String(openAi.id), name: openAi.name } };
				const deployed = await t.deploy(withConversationState(wf, credential));
				await t.emit(inst, 'text', { phone: HELENA, message: 'queria um bolo' });
				await t.sleep(500);
				await t.emit(inst, 'audio', { phone: HELENA, media: true, transcript: 'de chocolate, para sábado', overrides: { audio: { ptt: true, seconds: 3 } } });
				await settle(t, deployed.id, 2);
				await t.sleep(QUIET_SECONDS * 1000 + 2_000);
				const items = await reachedAgent(t, deployed.id);
				assert.deepEqual(
					items.map((item) => [item.text, item.kinds, item.transcriptionErrors]),
					[['queria um bolo\n[voice note] de chocolate, para sábado', ['text', 'audio'], undefined]],
				);
				const { requests } = await (await fetch(`${standIn.url}/_control/transcriptions`)).json();
				assert.deepEqual(requests.map((request) => [request.model, request.known]), [['whisper-1', true]]);
				const text = JSON.stringify(await t.executions(deployed.id));
				assert.ok(!text.includes(DEFAULT_TRANSCRIPTION_KEY), 'the OpenAI key appears in execution data');
			},
		},
		{
			name: "going on before quiet: a chat's first message at once, a word the shop chose at once, the third of three quick messages at Max Messages; each item says why",
			timeoutMs: 120_000,
			async run(t) {
				if (t.line === '1') return;
				const { assert } = t;
				const inst = await t.instance('going on at once');
				const credential = await conversationStateCredential(t.n8n);
				const options = { firstMessageAtOnce: true, goOnWords: 'atendente, humano', maxMessages: 3 };
				const deployed = await t.deploy(withConversationState(botWorkflow(t, inst, credential, options, { trigger: { events: ['messageReceived'], options: {} } }), credential));
				await t.emit(inst, 'text', { phone: JANA, message: 'oi' });
				await t.sleep(1000);
				await t.emit(inst, 'text', { phone: JANA, message: 'quero falar com um Atendente!' });
				await t.sleep(1000);
				for (const text of ['meu pedido', 'é o 123', 'não chegou']) {
					await t.emit(inst, 'text', { phone: JANA, message: text });
					await t.sleep(300);
				}
				// Five messages, five executions; three go on, none waiting for quiet.
				await settle(t, deployed.id, 5);
				const items = await reachedAgent(t, deployed.id);
				assert.deepEqual(
					items.map((item) => [item.text, item.wentOnBecause]),
					[
						['oi', 'firstMessage'],
						['quero falar com um Atendente!', 'keyword'],
						['meu pedido\né o 123\nnão chegou', 'maxMessages'],
					],
				);
			},
		},
		{
			name: 'a person writing while the bot makes its answer (4 s) gets one answer that takes every message, in order; the answer that missed the new message is not sent',
			timeoutMs: 120_000,
			async run(t) {
				if (t.line === '1') return;
				const { assert, standIn } = t;
				const inst = await t.instance('written while answering');
				const credential = await conversationStateCredential(t.n8n);
				// The "model": n8n's Wait node, 4 s between the burst and its answer.
				const wait = { type: 'n8n-nodes-base.wait', typeVersion: 1.1, parameters: { amount: 4, unit: 'seconds' } };
				const wf = botWorkflow(t, inst, credential, {}, { trigger: { events: ['messageReceived'], options: {} }, agent: wait });
				wf.nodes.push({
					id: require('node:crypto').randomUUID(),
					name: 'Answer',
					type: t.ACTION_TYPE,
					typeVersion: 1.1,
					position: [660, 0],
					parameters: { resource: 'message', operation: 'sendText', message: '=Answer to {{ $json.text }}', skipIfWroteAgain: true },
					credentials: { zApiApi: { ...inst.credential }, zApiConversationStateApi: { ...credential } },
				});
				wf.connections.Agent = { main: [[{ node: 'Answer', type: 'main', index: 0 }]] };
				const deployed = await t.deploy(withConversationState(wf, credential));
				await t.emit(inst, 'text', { phone: IVO, message: 'queria um bolo' });
				await t.sleep(500);
				await t.emit(inst, 'text', { phone: IVO, message: 'de chocolate' });
				// The burst goes on 3 s after the second message; 1.5 s into its 4 s answer, a third message.
				await t.sleep(QUIET_SECONDS * 1000 + 1500);
				await t.emit(inst, 'text', { phone: IVO, message: 'para sábado' });
				await settle(t, deployed.id, 3);
				await t.sleep(QUIET_SECONDS * 1000 + 4_000 + 3_000);
				const answers = standIn.sent(inst.id).filter((one) => one.path === '/send-text');
				assert.deepEqual(
					answers.map((one) => [one.body.phone, one.body.message]),
					[[IVO, 'Answer to queria um bolo\nde chocolate\npara sábado']],
				);
				const skipped = (await t.executions(deployed.id)).flatMap((execution) => t.nodeItems(execution, 'Answer')).filter((item) => item.skippedBecause);
				assert.deepEqual(skipped.map((item) => item.skippedBecause), ['personWroteAgain']);
			},
		},
		{
			name: "the message whose row id is a multiple of 48 deletes every chat's rows older than a day and every ended pause, in one filtered delete n8n takes",
			timeoutMs: 120_000,
			async run(t) {
				if (t.line === '1') return;
				const { assert } = t;
				const inst = await t.instance('bounded');
				const credential = await conversationStateCredential(t.n8n);
				const deployed = await t.deploy(withConversationState(botWorkflow(t, inst, credential), credential));
				await t.emit(inst, 'text', { phone: ANA, message: 'cria a tabela' });
				await settle(t, deployed.id, 1);
				const api = async (method, path, body) => await t.n8n.api(method, path, body);
				const tables = await api('GET', `/data-tables?filter=${encodeURIComponent(JSON.stringify({ name: 'Z-API Conversations' }))}`);
				assert.ok(Array.isArray(tables.data), JSON.stringify(tables).slice(0, 300));
				const table = tables.data.find((one) => one.name === 'Z-API Conversations');
				const day = 24 * 60 * 60_000;
				const now = Date.now();
				const inserted = await api('POST', `/data-tables/${table.id}/rows`, {
					returnType: 'id',
					data: [
						// Written a day ago (their time to go, pausedUntil, has passed): deleted.
						{ chatId: 'old-chat', kind: 'message', messageId: 'old-claimed', arrivedAt: now - day - 60_000, claimedBy: 'e:1', pausedUntil: now - 60_000, item: null },
						{ chatId: 'old-chat', kind: 'message', messageId: 'old-left', arrivedAt: now - day - 60_000, claimedBy: null, pausedUntil: now - 60_000, item: null },
						// Sent a day ago, written now (a backlog delivered late): kept while its execution may wait.
						{ chatId: 'backlog-chat', kind: 'message', messageId: 'backlog', arrivedAt: now - day - 60_000, claimedBy: null, pausedUntil: now + day, item: null },
						{ chatId: 'ended-pause', kind: 'pause', pausedUntil: now - 60_000, pausedBy: 'pauseBot' },
						{ chatId: 'running-pause', kind: 'pause', pausedUntil: now + 60 * 60_000, pausedBy: 'pauseBot' },
					],
				});
				// Rows of a recent, claimed burst until the next row's id is a multiple of FORGET_EVERY
				// (48, nodes/shared/conversationState/table.ts; n8n's ids grow one by one).
				const FORGET_EVERY = 48;
				const last = Math.max(...inserted.map((row) => Number(row.id)));
				const fillers = (FORGET_EVERY - ((last + 1) % FORGET_EVERY)) % FORGET_EVERY;
				if (fillers) {
					await api('POST', `/data-tables/${table.id}/rows`, {
						data: Array.from({ length: fillers }, (_, n) => ({ chatId: 'filler', kind: 'message', messageId: `filler-${n}`, arrivedAt: now, claimedBy: 'e:2', item: null })),
					});
				}
				// A chat no other scenario writes in.
				const carla = '5511977773333';
				await t.emit(inst, 'text', { phone: carla, message: 'oi' });
				await settle(t, deployed.id, 2);
				const rowsOf = async (chatId) => {
					const filter = JSON.stringify({ type: 'and', filters: [{ columnName: 'chatId', condition: 'eq', value: chatId }] });
					return (await api('GET', `/data-tables/${table.id}/rows?filter=${encodeURIComponent(filter)}`)).data;
				};
				assert.deepEqual(await rowsOf('old-chat'), []);
				assert.deepEqual(await rowsOf('ended-pause'), []);
				assert.equal((await rowsOf('running-pause')).length, 1);
				assert.equal((await rowsOf('backlog-chat')).length, 1);
				assert.equal((await rowsOf(carla)).length, 1);
			},
		},
		{
			name: "the credential's test, run by n8n's credentials tester: n8n's own address passes, a wrong key fails saying so",
			async run(t) {
				if (t.line === '1') return;
				const { assert } = t;
				const credential = await conversationStateCredential(t.n8n);
				const test = async (data) => {
					const res = await t.n8n.rest('POST', '/rest/credentials/test', { credentials: { id: credential.id, name: credential.name, type: 'zApiConversationStateApi', data } });
					return res.data ?? res;
				};
				const own = await test({ baseUrl: `${t.n8n.baseUrl}/`, apiKey: t.n8n.apiKey });
				assert.equal(own.status, 'OK', JSON.stringify(own));
				const wrong = await test({ baseUrl: t.n8n.baseUrl, apiKey: 'not+a/key=' });
				assert.equal(wrong.status, 'Error', JSON.stringify(wrong));
				assert.match(wrong.message, /^n8n refused the API Key in the Z-API Conversation State credential .*\(401\)/);
			},
		},
		{
			name: 'a person answering from the phone silences the bot in that chat and not in others; the resume words bring it back',
			timeoutMs: 150_000,
			async run(t) {
				if (t.line === '1') return;
				const { assert } = t;
				const inst = await t.instance('takeover');
				const credential = await conversationStateCredential(t.n8n);
				const deployed = await t.deploy(withConversationState(botWorkflow(t, inst, credential), credential));
				let runs = 0;
				const step = async (messages, reached) => {
					await Promise.all(messages.map(([phone, message, fromMe]) => t.emit(inst, 'text', { phone, message, ...(fromMe ? FROM_THE_PHONE : {}) })));
					runs += messages.length;
					await settle(t, deployed.id, runs);
					const items = await t.waitFor(async () => {
						const got = await reachedAgent(t, deployed.id);
						return got.length >= reached ? got : null;
					}, { timeoutMs: 30_000, what: `${reached} items at the agent` });
					await t.sleep(QUIET_SECONDS * 1000 + 1_500);
					const after = await reachedAgent(t, deployed.id);
					assert.equal(after.length, reached, JSON.stringify(after.map((item) => [item.chatId, item.text])));
					return items;
				};
				await step([[ANA, 'oi'], [BRUNO, 'oi']], 2);
				// Carla answers Ana from the phone: a message sent by me, not through the API.
				await step([[ANA, 'Oi Ana, aqui é a Carla', true]], 2);
				const afterTakeover = await step([[ANA, 'obrigada Carla'], [BRUNO, 'e o meu pedido?']], 3);
				assert.deepEqual(afterTakeover.slice(2).map((item) => [item.chatId, item.text]), [[BRUNO, 'e o meu pedido?']]);
				await step([[ANA, '#bot on', true]], 3);
				const resumed = await step([[ANA, 'voltei']], 4);
				assert.deepEqual(resumed.slice(3).map((item) => [item.chatId, item.text]), [[ANA, 'voltei']]);
				await apiKeyNowhere(t, deployed.id);
			},
		},
		{
			name: 'the trigger as the node panel gives it (Message Received only): a person answering from the phone pauses the bot, the bot\'s own bubbles start nothing, each execution says what it did',
			timeoutMs: 150_000,
			async run(t) {
				if (t.line === '1') return;
				const { assert, standIn } = t;
				const inst = await t.instance('natural takeover');
				standIn.setSentByMe(inst.id, false);
				const credential = await conversationStateCredential(t.n8n);
				// The answer goes out as two bubbles; the service sends each back as a message sent by me through the API.
				const reply = {
					type: t.ACTION_TYPE,
					typeVersion: 1,
					parameters: { resource: 'message', operation: 'sendText', phone: '={{ $json.chatId }}', message: 'Olá!\n\nComo posso ajudar?', options: { splitInto: 'blankLine' } },
					credentials: { zApiApi: { ...inst.credential } },
				};
				const wf = botWorkflow(t, inst, credential, {}, { trigger: { events: ['messageReceived'], options: {} }, agent: reply });
				const deployed = await t.deploy(withConversationState(wf, credential));
				assert.equal(standIn.snapshot(inst.id).sentByMe, true, 'activation did not turn notify sent by me on for Combine Quick Messages');

				let runs = 0;
				const step = async (phone, message, fromMe) => {
					await t.emit(inst, 'text', { phone, message, ...(fromMe ? FROM_THE_PHONE : {}) });
					runs += 1;
					await settle(t, deployed.id, runs);
					await t.sleep(QUIET_SECONDS * 1000 + 2_000);
					// The bubbles sent back by the service (fromApi true) start no execution.
					const all = await t.exactlyExecutions(deployed.id, runs, { settleMs: 2_000 });
					assert.equal(all.length, runs);
				};
				await step(DORA, 'oi');
				const bubbles = () => standIn.sent(inst.id).map((sent) => [sent.phone, sent.body.message]);
				assert.deepEqual(bubbles(), [[DORA, 'Olá!'], [DORA, 'Como posso ajudar?']]);
				// Carla answers Dora from the phone: the trigger passes it on, the bot pauses in that chat.
				await step(DORA, 'Oi Dora, aqui é a Carla', true);
				await step(DORA, 'obrigada Carla');
				assert.equal(bubbles().length, 2, `the bot answered a paused chat: ${JSON.stringify(bubbles())}`);
				await step(EDU, 'oi');
				assert.deepEqual(bubbles().slice(2), [[EDU, 'Olá!'], [EDU, 'Como posso ajudar?']]);
				assert.deepEqual(await whatEachDid(t, deployed.id), [
					'Answered 1 message',
					'Paused: a person answered from the phone',
					'Bot paused in this chat: not answered',
					'Answered 1 message',
				]);
				await apiKeyNowhere(t, deployed.id);
			},
		},
		{
			name: 'a photo and a text in one burst: the next node reads the photo\'s bytes; the photo\'s own execution says it joined a later burst',
			timeoutMs: 120_000,
			async run(t) {
				if (t.line === '1') return;
				const { assert, standIn } = t;
				const inst = await t.instance('burst media');
				const credential = await conversationStateCredential(t.n8n);
				const hash = {
					type: 'n8n-nodes-base.crypto',
					typeVersion: 1,
					parameters: { action: 'hash', type: 'SHA256', binaryData: true, binaryPropertyName: 'data', dataPropertyName: 'sha256', encoding: 'hex' },
				};
				const wf = botWorkflow(t, inst, credential, {}, { trigger: { events: ['messageReceived'], options: { downloadMedia: true } }, agent: hash });
				const deployed = await t.deploy(withConversationState(wf, credential));
				const photo = await standIn.emit(inst.id, 'image', { phone: FABI, media: true, mediaBytes: 40_000 });
				assert.equal(photo.delivered.status, 200, `photo answered ${photo.delivered.status} ${photo.delivered.error ?? ''}`);
				await t.sleep(1_000);
				await t.emit(inst, 'text', { phone: FABI, message: 'o que é isso?' });
				await settle(t, deployed.id, 2);
				await t.sleep(QUIET_SECONDS * 1000 + 2_000);
				const all = await t.exactlyExecutions(deployed.id, 2, { settleMs: 500 });
				const failed = all.filter((execution) => execution.status !== 'success');
				assert.deepEqual(failed.map((execution) => t.executionError(execution)?.message), []);
				const items = await reachedAgent(t, deployed.id);
				assert.equal(items.length, 1, JSON.stringify(items));
				assert.deepEqual([items[0].count, items[0].kinds], [2, ['image', 'text']]);
				assert.equal(items[0].missingFiles, undefined, JSON.stringify(items[0].missingFiles));
				assert.equal(items[0].sha256, photo.media.sha256, 'the file the next node read is not the photo');
				assert.deepEqual(await whatEachDid(t, deployed.id), ['Joined a later burst: the execution of its last message goes on with it', 'Answered a burst of 2 messages']);
			},
		},
		{
			name: 'Pause Bot, Get Bot State and Resume Bot on one chat',
			async run(t) {
				if (t.line === '1') return;
				const { assert } = t;
				const inst = await t.instance('bot state');
				const credential = await conversationStateCredential(t.n8n);
				const state = async (operation, extra = {}) => {
					const { workflow, path, actionNode } = t.actionWorkflow(inst, { resource: 'conversation', operation, chatId: ANA, options: {}, ...extra });
					workflow.nodes.find((node) => node.name === actionNode).credentials.zApiConversationStateApi = { ...credential };
					const deployed = await t.deploy(workflow);
					assert.equal((await t.postWebhook(path, {})).status, 200);
					const [execution] = await t.waitForExecutions(deployed.id, 1);
					assert.equal(execution.status, 'success', `${operation} ended ${execution.status}: ${t.executionError(execution)?.message}`);
					await t.deactivate(deployed.id);
					return t.nodeItems(execution, actionNode)[0];
				};
				assert.deepEqual(await state('getBotState'), { chatId: ANA, paused: false, pausedUntil: null, untilResumed: false, pausedBy: null });
				const paused = await state('pauseBot', { minutes: 0 });
				assert.equal(paused.untilResumed, true);
				assert.deepEqual(await state('getBotState'), { chatId: ANA, paused: true, pausedUntil: null, untilResumed: true, pausedBy: 'pauseBot' });
				await state('resumeBot');
				assert.equal((await state('getBotState')).paused, false);
			},
		},
		{
			name: 'Send Text split into bubbles: ordered messages with typing times growing with their length, one item each',
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('bubbles');
				const first = 'Olá Ana!';
				const second = 'Seu pedido 123 saiu hoje da loja e a transportadora diz que chega na sexta-feira pela manhã, entre 8h e 12h.';
				const third = 'Algo mais?';
				const { workflow, path, actionNode } = t.actionWorkflow(inst, {
					resource: 'message',
					operation: 'sendText',
					phone: ANA,
					message: `${first}\n\n${second}\n\n${third}`,
					options: { splitInto: 'blankLine' },
				});
				const deployed = await t.deploy(workflow);
				assert.equal((await t.postWebhook(path, {})).status, 200);
				const [execution] = await t.waitForExecutions(deployed.id, 1);
				assert.equal(execution.status, 'success', `ended ${execution.status}: ${t.executionError(execution)?.message}`);
				const sent = t.standIn.sent(inst.id);
				assert.deepEqual(
					sent.map((s) => [s.path, s.body]),
					[
						['/send-text', { phone: ANA, message: first, delayTyping: 1 }],
						['/send-text', { phone: ANA, message: second, delayTyping: 3 }],
						['/send-text', { phone: ANA, message: third, delayTyping: 1 }],
					],
				);
				const items = t.nodeItems(execution, actionNode);
				assert.deepEqual(items.map((item) => [item.bubble, item.messageId]), sent.map((s, n) => [n + 1, s.messageId]));
			},
		},
		{
			smoke: true,
			name: 'on n8n 1.x, activating a bot with Combine Quick Messages is refused, saying n8n 2.0 is needed',
			async run(t) {
				if (t.line !== '1') return;
				const { assert } = t;
				const inst = await t.instance('conversation on 1.x');
				const credential = await conversationStateCredential(t.n8n);
				// Said at activation, when the trigger looks for the table it records arrivals in; not in a customer's conversation.
				await assert.rejects(
					t.deploy(withConversationState(botWorkflow(t, inst, credential), credential)),
					(error) => error.message.includes('This n8n serves no data tables on its API: conversation features need n8n 2.0 or later'),
				);
			},
		},
	],
};
