'use strict';
const { loggedLine, whileMeFails } = require('./_meDown');

/**
 * "Listen for test event" on an active workflow: the service's single webhook is pointed
 * at n8n's test URL while listening, a delivery gives a manual execution, and when
 * listening ends (after that execution, or on cancel) the exact production address is
 * back, so the active workflow receives again. Without a readable GET /me it would not know
 * what to put back: listening then does not start, and an end that cannot read it leaves
 * the webhooks alone.
 */

async function activeTrigger(t, key, events = ['messageReceived']) {
	const { assert, standIn } = t;
	const inst = await t.instance(key);
	const wf = t.triggerWorkflow(inst, { events, options: {} });
	const trigger = wf.nodes.find((n) => n.type === t.TRIGGER_TYPE);
	const deployed = await t.deploy(wf);
	const production = standIn.snapshot(inst.id).webhooks;
	assert.ok(production.received.startsWith(`${t.productionUrl(trigger.webhookId)}?`), `not the production URL: ${production.received}`);
	return { inst, wf, trigger, deployed, production };
}

async function startListening(t, { inst, deployed, trigger, production }) {
	const { assert, standIn } = t;
	const answer = await t.n8n.listenForTestEvent(deployed.id, trigger.name);
	assert.equal(answer?.data?.waitingForWebhook, true, `listen answered ${JSON.stringify(answer)}`);
	const during = await t
		.waitFor(() => {
			const w = standIn.snapshot(inst.id).webhooks;
			return w.received !== production.received ? w : false;
		}, { timeoutMs: 10_000, what: 'the received webhook to point at the test URL' })
		.catch((e) => {
			throw new Error(`${e.message}; stand-in shows ${JSON.stringify(standIn.snapshot(inst.id).webhooks)}`);
		});
	assert.ok(during.received.startsWith(`${t.testUrl(trigger.webhookId)}?`), `while listening the webhook points at ${during.received}, not the test URL`);
	return during;
}

async function waitRestored(t, inst, production, what) {
	const { standIn } = t;
	await t
		.waitFor(() => {
			// Both webhooks: the node restores them one after the other.
			const w = standIn.snapshot(inst.id).webhooks;
			return w.received === production.received && w.status === production.status;
		}, {
			timeoutMs: 15_000,
			what: `the production address back ${what}`,
		})
		.catch((e) => {
			throw new Error(`${e.message}; stand-in shows ${JSON.stringify(standIn.snapshot(inst.id).webhooks)}, production was ${JSON.stringify(production)}`);
		});
	t.assert.deepEqual(standIn.snapshot(inst.id).webhooks, production, `webhooks after listening ${what}`);
}

module.exports = {
	group: 'test listening',
	order: 60,
	scenarios: [
		{
			smoke: true,
			name: 'listening points the webhook at the test URL, a delivery gives a manual execution, then the exact production URL is back and receives',
			async run(t) {
				const { assert } = t;
				const ctx = await activeTrigger(t, 'listen');
				const { inst, deployed, trigger, production } = ctx;
				await startListening(t, ctx);

				const test = await t.emit(inst, 'text', { message: 'test event' });
				const manual = await t.waitFor(
					async () => (await t.executions(deployed.id)).find((e) => e.mode === 'manual' && e.status !== 'running' && e.status !== 'new'),
					{ timeoutMs: 20_000, what: 'a manual execution' },
				);
				assert.equal(manual.status, 'success', `manual execution ended ${manual.status}: ${t.executionError(manual)?.message}`);
				assert.equal(t.nodeItems(manual, trigger.name)[0]?.messageId, test.messageId);

				await waitRestored(t, inst, production, 'after the test execution');

				const live = await t.emit(inst, 'text', { message: 'live again' });
				const prod = await t.waitFor(
					async () =>
						(await t.executions(deployed.id)).find((e) => e.mode === 'webhook' && t.nodeItems(e, trigger.name)[0]?.messageId === live.messageId),
					{ timeoutMs: 20_000, what: 'a production execution after listening' },
				);
				assert.equal(prod.status, 'success');
				const all = await t.executions(deployed.id);
				assert.deepEqual(all.map((e) => e.mode).sort(), ['manual', 'webhook'], t.describeExecutions(all));
			},
		},
		{
			name: 'cancelling the listen puts back the exact production addresses of both webhooks',
			async run(t) {
				const ctx = await activeTrigger(t, 'listen cancel', ['messageReceived', 'messageStatus']);
				const { inst, deployed, trigger, production } = ctx;
				t.assert.ok(production.status.startsWith(`${t.productionUrl(trigger.webhookId)}?`), `status webhook: ${production.status}`);
				const during = await startListening(t, ctx);
				t.assert.ok(during.status.startsWith(`${t.testUrl(trigger.webhookId)}?`), `status webhook while listening: ${during.status}`);
				await t.n8n.cancelTestEvent(deployed.id);
				await waitRestored(t, inst, production, 'after cancel');
				const live = await t.emit(inst, 'text', { message: 'after cancel' });
				const [execution] = await t.exactlyExecutions(deployed.id, 1);
				t.assert.equal(execution.mode, 'webhook');
				t.assert.equal(t.nodeItems(execution, trigger.name)[0]?.messageId, live.messageId);
			},
		},
		{
			name: 'listening while GET /me fails does not start, says what to do, and production keeps its addresses and receives',
			async run(t) {
				const { assert, standIn } = t;
				const ctx = await activeTrigger(t, 'listen me down', ['messageReceived', 'messageStatus']);
				const { inst, deployed, trigger, production } = ctx;
				const outcome = await whileMeFails(t, inst, production, () => t.n8n.listenForTestEvent(deployed.id, trigger.name), 'a refused listen');
				// n8n answers the editor with the error's message: it must say what to do.
				assert.ok(outcome.error, `listening was accepted: ${JSON.stringify(outcome.value)}`);
				assert.match(outcome.error.message, /Listening did not start/);
				assert.match(outcome.error.message, /listen for a test event again/);
				assert.deepEqual(t.secretsIn(outcome.error.message), []);
				await t.n8n.cancelTestEvent(deployed.id).catch(() => undefined);
				await t.sleep(500);
				assert.deepEqual(standIn.snapshot(inst.id).webhooks, production, 'webhooks after the refused listen');

				const live = await t.emit(inst, 'text', { message: 'still live' });
				const [execution] = await t.exactlyExecutions(deployed.id, 1);
				assert.equal(execution.mode, 'webhook');
				assert.equal(t.nodeItems(execution, trigger.name)[0]?.messageId, live.messageId);
			},
		},
		{
			name: 'listening that ends while GET /me fails leaves the webhooks as they are and logs what to do; deactivating and activating again repairs',
			async run(t) {
				const { assert, standIn } = t;
				const ctx = await activeTrigger(t, 'listen end me down', ['messageReceived', 'messageStatus']);
				const { inst, deployed, trigger } = ctx;
				const during = await startListening(t, ctx);
				// Neither cleared nor overwritten: what is there now could not be seen.
				const outcome = await whileMeFails(t, inst, during, () => t.n8n.cancelTestEvent(deployed.id), 'the end of listening');
				assert.equal(outcome.error, undefined, `cancel failed: ${outcome.error?.message}`);
				await loggedLine(t, /left the message status webhook as it is: .*activate the production workflow again/, 'the trigger to log what to do');

				// What the log says: deactivate and activate the production workflow again.
				await t.deactivate(deployed.id);
				assert.deepEqual(standIn.snapshot(inst.id).webhooks, during, 'deactivation touched webhooks pointing elsewhere');
				await t.activate(deployed.id);
				const repaired = standIn.snapshot(inst.id).webhooks;
				assert.ok(repaired.received.startsWith(`${t.productionUrl(trigger.webhookId)}?`), `after activating again: ${repaired.received}`);
				assert.equal(repaired.status, repaired.received);
				const live = await t.emit(inst, 'text', { message: 'repaired' });
				const [execution] = await t.exactlyExecutions(deployed.id, 1);
				assert.equal(t.nodeItems(execution, trigger.name)[0]?.messageId, live.messageId);
			},
		},
	],
};
