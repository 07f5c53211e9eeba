'use strict';
const { loggedLine, whileMeFails } = require('./_meDown');

/**
 * Activating a Z-API Trigger registers exactly the webhooks its events need, with n8n's
 * https production URL of that node carrying the activation/signature query; deactivating
 * clears them, but only those it can prove are still its own.
 */

/** The signed address must be the node's production URL plus activation and signature. */
function assertSignedUrl(t, actual, webhookId, what) {
	const { assert } = t;
	assert.ok(actual, `${what}: the stand-in has no address registered`);
	const url = new URL(actual);
	assert.equal(url.protocol, 'https:', `${what}: registered ${actual} is not https`);
	assert.equal(`${url.origin}${url.pathname}`, t.productionUrl(webhookId), `${what}: registered ${actual} is not the production URL of the node`);
	assert.match(url.searchParams.get('activation') ?? '', /^\S{8,}$/, `${what}: no activation in ${actual}`);
	assert.match(url.searchParams.get('signature') ?? '', /^\S{16,}$/, `${what}: no signature in ${actual}`);
	assert.deepEqual([...url.searchParams.keys()].sort(), ['activation', 'signature'], `${what}: unexpected query in ${actual}`);
}

function registrationScenario(events, expected) {
	return {
		name: `events ${JSON.stringify(events)} register ${expected.received && expected.status ? 'both webhooks' : expected.received ? 'only the received/sent webhook' : 'only the message status webhook'}; deactivating clears them`,
		async run(t) {
			const { assert, standIn } = t;
			const inst = await t.instance(`registration ${events.join('+')}`);
			const wf = t.triggerWorkflow(inst, { events, options: {} });
			const trigger = wf.nodes.find((n) => n.type === t.TRIGGER_TYPE);
			const before = standIn.snapshot(inst.id).webhooks;
			assert.deepEqual(before, { received: '', status: '' });

			const deployed = await t.deploy(wf);
			const after = standIn.snapshot(inst.id).webhooks;
			if (expected.received) assertSignedUrl(t, after.received, trigger.webhookId, 'received/sent webhook');
			else assert.equal(after.received, '', `the received/sent webhook was set although ${JSON.stringify(events)} does not need it: ${after.received}`);
			if (expected.status) assertSignedUrl(t, after.status, trigger.webhookId, 'message status webhook');
			else assert.equal(after.status, '', `the message status webhook was set although ${JSON.stringify(events)} does not need it: ${after.status}`);

			// The address registered is live: a delivery through it starts the workflow.
			let deliveries = 0;
			if (expected.received) {
				const payload = events.includes('messageReceived')
					? await t.emit(inst, 'text', { message: 'registration check' })
					: await t.emit(inst, 'notification', { code: 'CALL_MISSED_VOICE' });
				deliveries++;
				const [execution] = await t.waitForExecutions(deployed.id, deliveries);
				assert.equal(execution.mode, 'webhook');
				assert.equal(t.nodeItems(execution, trigger.name)[0]?.messageId, payload.messageId);
			}
			if (expected.status) {
				const ids = [`3EB0${t.hex(9).toUpperCase()}`];
				await t.emit(inst, 'status', { status: 'READ', ids });
				deliveries++;
				const list = await t.waitForExecutions(deployed.id, deliveries);
				const items = list.flatMap((e) => t.nodeItems(e, trigger.name));
				assert.ok(items.some((i) => i.event === 'status' && i.ids?.[0] === ids[0]), `no status item for ${ids[0]}: ${JSON.stringify(items).slice(0, 400)}`);
			}

			await t.deactivate(deployed.id);
			const cleared = await t.waitFor(
				() => {
					const w = standIn.snapshot(inst.id).webhooks;
					return w.received === '' && w.status === '' ? w : false;
				},
				{ timeoutMs: 10_000, what: 'both webhooks cleared after deactivation' },
			).catch((e) => {
				throw new Error(`${e.message}; stand-in shows ${JSON.stringify(standIn.snapshot(inst.id).webhooks)}`);
			});
			assert.deepEqual(cleared, { received: '', status: '' });
		},
	};
}

module.exports = {
	group: 'registration',
	order: 10,
	scenarios: [
		registrationScenario(['messageReceived'], { received: true, status: false }),
		registrationScenario(['messageStatus'], { received: false, status: true }),
		registrationScenario(['messageReceived', 'messageStatus'], { received: true, status: true }),
		registrationScenario(['notification'], { received: true, status: false }),
		{
			smoke: true,
			name: 'without Message Sent by Me, registration leaves notify sent by me as it was, and deactivation puts back the other program',
			async run(t) {
				const { assert, standIn } = t;
				const inst = await t.instance('registration sent by me');
				const other = 'https://crm.example.test/zapi/inbound';
				standIn.setWebhook(inst.id, 'received', other);
				standIn.setSentByMe(inst.id, false);
				const wf = t.triggerWorkflow(inst, { events: ['messageReceived'], options: {} });
				const trigger = wf.nodes.find((n) => n.type === t.TRIGGER_TYPE);
				const deployed = await t.deploy(wf);
				const active = standIn.snapshot(inst.id);
				assertSignedUrl(t, active.webhooks.received, trigger.webhookId, 'received/sent webhook');
				assert.equal(active.sentByMe, false, 'activation turned notify sent by me on although Message Sent by Me is not chosen');
				const log = await loggedLine(t, /takes the received\/sent messages webhook over from crm\.example\.test/, 'the trigger to log whose webhook it takes');
				assert.ok(!log.includes('/zapi/inbound'), 'the log names the other program\'s path');

				await t.deactivate(deployed.id);
				const after = await t.waitFor(
					() => {
						const w = standIn.snapshot(inst.id);
						return w.webhooks.received === other ? w : false;
					},
					{ timeoutMs: 10_000, what: 'the other program\'s address put back' },
				).catch((e) => {
					throw new Error(`${e.message}; stand-in shows ${JSON.stringify(standIn.snapshot(inst.id))}`);
				});
				assert.equal(after.sentByMe, false, 'notify sent by me changed');
			},
		},
		{
			name: 'deactivating leaves alone a webhook that was re-pointed elsewhere meanwhile',
			async run(t) {
				const { assert, standIn } = t;
				const inst = await t.instance('registration re-pointed');
				const wf = t.triggerWorkflow(inst, { events: ['messageReceived', 'messageStatus'], options: {} });
				const deployed = await t.deploy(wf);
				const other = 'https://elsewhere.example.test/hooks/zapi';
				standIn.setWebhook(inst.id, 'status', other);
				await t.deactivate(deployed.id);
				const after = await t.waitFor(
					() => {
						const w = standIn.snapshot(inst.id).webhooks;
						return w.received === '' ? w : false;
					},
					{ timeoutMs: 10_000, what: 'the received webhook cleared' },
				);
				assert.equal(after.status, other, 'deactivation cleared a webhook the trigger no longer owned');
			},
		},
		{
			name: 'deactivating while GET /me fails leaves both webhooks as they are (they may belong to another workflow by now) and logs why, without secrets',
			async run(t) {
				const { assert, standIn } = t;
				const inst = await t.instance('registration me down');
				const wf = t.triggerWorkflow(inst, { events: ['messageReceived', 'messageStatus'], options: {} });
				const trigger = wf.nodes.find((n) => n.type === t.TRIGGER_TYPE);
				const deployed = await t.deploy(wf);
				const registered = standIn.snapshot(inst.id).webhooks;
				assertSignedUrl(t, registered.received, trigger.webhookId, 'received/sent webhook');
				const outcome = await whileMeFails(t, inst, registered, () => t.deactivate(deployed.id), 'deactivation');
				assert.equal(outcome.error, undefined, `deactivation failed: ${outcome.error?.message}`);
				const log = await loggedLine(t, /left the message status webhook as it is: its current address could not be read/, 'the trigger to log that it left the webhooks');
				assert.match(log, /left the received\/sent messages webhook as it is: its current address could not be read/);
				for (const secret of Object.values(Object.fromEntries(new URL(registered.received).searchParams))) {
					assert.ok(!log.includes(secret), 'the log holds the delivery signature or activation id');
				}
			},
		},
	],
};
