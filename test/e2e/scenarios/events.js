'use strict';
/**
 * The trigger's further events, media downloads and repeated deliveries through a real n8n:
 * each further webhook is registered through its own endpoint and each of its deliveries
 * gives one typed item; a voice note arrives as an n8n binary with its bytes (hashed by
 * n8n's Crypto node); an expired file gives the item with the reason; a delivery sent three
 * times starts one execution.
 */

/** Event choice -> the stand-in's webhook name and the /me field it shows. */
const FURTHER = {
	sendResult: { webhook: 'sendResult', meField: 'deliveryCallbackUrl' },
	connected: { webhook: 'connected', meField: 'connectedCallbackUrl' },
	disconnected: { webhook: 'disconnected', meField: 'disconnectedCallbackUrl' },
	chatPresence: { webhook: 'chatPresence', meField: 'presenceChatCallbackUrl' },
};

/** Trigger -> Crypto (SHA-256 of the binary "data"), so the execution shows what the file's bytes were. */
function hashingWorkflow(t, inst, parameters) {
	const wf = t.triggerWorkflow(inst, parameters, { name: 'e2e media' });
	const trigger = wf.nodes[0];
	wf.nodes.push({
		id: require('node:crypto').randomUUID(),
		name: 'Hash the file',
		type: 'n8n-nodes-base.crypto',
		typeVersion: 1,
		position: [260, 0],
		parameters: { action: 'hash', type: 'SHA256', binaryData: true, binaryPropertyName: 'data', dataPropertyName: 'sha256', encoding: 'hex' },
	});
	wf.connections = { [trigger.name]: { main: [[{ node: 'Hash the file', type: 'main', index: 0 }]] } };
	return { wf, trigger };
}

module.exports = {
	group: 'trigger events',
	order: 25,
	scenarios: [
		{
			name: 'send results, connection changes and chat presence: own webhooks registered, one typed item each',
			timeoutMs: 120_000,
			async run(t) {
				const { assert, standIn } = t;
				const inst = await t.instance('further events');
				const wf = t.triggerWorkflow(inst, { events: Object.keys(FURTHER), options: {} });
				const trigger = wf.nodes[0];
				const deployed = await t.deploy(wf);

				const hooks = standIn.snapshot(inst.id).webhooks;
				for (const { webhook } of Object.values(FURTHER)) {
					assert.ok((hooks[webhook] ?? '').startsWith(t.productionUrl(trigger.webhookId)), `${webhook} webhook: ${hooks[webhook] ? 'another address' : 'not set'}`);
				}
				// Only what the chosen events need.
				assert.equal(hooks.received, '', 'the received webhook was set');
				assert.equal(hooks.status, '', 'the status webhook was set');

				const sent = await t.emit(inst, 'sendResult', { phone: '5511900000001' });
				const failed = await t.emit(inst, 'sendResult', { phone: '5511900000002', error: 'This phone number is not on WhatsApp' });
				await t.emit(inst, 'connected', {});
				await t.emit(inst, 'disconnected', { error: 'Device has been disconnected' });
				await t.emit(inst, 'chatPresence', { phone: '5511900000003', status: 'RECORDING' });

				const items = (await t.exactlyExecutions(deployed.id, 5)).map((execution) => {
					assert.equal(execution.status, 'success', `execution ${execution.id}: ${t.executionError(execution)?.message}`);
					const list = t.nodeItems(execution, trigger.name);
					assert.equal(list.length, 1, `execution ${execution.id} has ${list.length} items`);
					return list[0];
				});
				const byKind = Object.fromEntries(items.map((item) => [`${item.event}/${item.kind}`, item]));
				assert.deepEqual(Object.keys(byKind).sort(), ['chatPresence/RECORDING', 'connected/connected', 'disconnected/disconnected', 'sendResult/failed', 'sendResult/sent']);
				assert.equal(byKind['sendResult/sent'].zaapId, sent.zaapId);
				assert.equal(byKind['sendResult/sent'].error, null);
				assert.equal(byKind['sendResult/failed'].error, 'This phone number is not on WhatsApp');
				assert.equal(byKind['sendResult/failed'].messageId, failed.messageId);
				assert.equal(byKind['connected/connected'].connected, true);
				assert.equal(byKind['disconnected/disconnected'].error, 'Device has been disconnected');
				assert.match(String(byKind['disconnected/disconnected'].timestamp), /^20\d\d-/, 'a time in seconds is read as a date');
				assert.equal(byKind['chatPresence/RECORDING'].phone, '5511900000003');

				// Deactivating clears only what it set.
				await t.deactivate(deployed.id);
				const after = standIn.snapshot(inst.id).webhooks;
				for (const { webhook } of Object.values(FURTHER)) assert.equal(after[webhook] ?? '', '', `${webhook} webhook left after deactivation`);
				const me = await (await fetch(`${standIn.instanceUrl(inst.id)}/me`)).json();
				for (const { meField } of Object.values(FURTHER)) assert.equal(me[meField], '', `/me ${meField}`);
			},
		},
		{
			name: 'Download Media: a voice note arrives as a binary with its bytes; an expired file gives the item with the reason',
			timeoutMs: 120_000,
			async run(t) {
				const { assert, standIn } = t;
				const inst = await t.instance('media');
				const { wf, trigger } = hashingWorkflow(t, inst, { events: ['messageReceived'], options: { downloadMedia: true } });
				const deployed = await t.deploy(wf);

				const voice = await standIn.emit(inst.id, 'audio', { media: true, mediaBytes: 24_000, overrides: { audio: { ptt: true, seconds: 3 } } });
				assert.equal(voice.delivered.status, 200, `voice note answered ${voice.delivered.status} ${voice.delivered.error ?? ''}`);
				const [execution] = await t.exactlyExecutions(deployed.id, 1);
				assert.equal(execution.status, 'success', `ended ${execution.status}: ${t.executionError(execution)?.message}`);
				const [item] = t.nodeItems(execution, trigger.name);
				assert.equal(item.kind, 'audio');
				assert.deepEqual(
					{ ...item.media, fileName: undefined },
					{ downloaded: true, binaryProperty: 'data', fileName: undefined, mimeType: 'audio/ogg', fileSize: 24_000 },
				);
				const [hashed] = t.nodeItems(execution, 'Hash the file');
				assert.equal(hashed.sha256, voice.media.sha256, 'the file n8n holds is not the one the storage served');

				const gone = await standIn.emit(inst.id, 'image', { mediaExpired: 410 });
				assert.equal(gone.delivered.status, 200, `expired image answered ${gone.delivered.status}`);
				const list = await t.exactlyExecutions(deployed.id, 2);
				const [late] = t.nodeItems(list[1], trigger.name);
				assert.equal(late.kind, 'image');
				assert.equal(late.messageId, gone.payload.messageId);
				assert.equal(late.media?.downloaded, false);
				assert.equal(late.media?.reason, 'expired');
				assert.match(String(late.media?.message), /30 days/);
			},
		},
		{
			smoke: true,
			name: 'a delivery sent three times starts one execution; its item is agent-ready (text, chatId, senderId)',
			timeoutMs: 90_000,
			async run(t) {
				const { assert, standIn } = t;
				const inst = await t.instance('repeats');
				const wf = t.triggerWorkflow(inst, { events: ['messageReceived'], options: {} });
				const trigger = wf.nodes[0];
				const deployed = await t.deploy(wf);

				const res = await standIn.emit(inst.id, 'text', { phone: '5511944443333', message: 'Quero falar com alguém', repeat: 2 });
				assert.deepEqual([res.delivered.status, ...res.repeats.map((r) => r.status)], [200, 200, 200], 'every copy is answered 200');
				const [execution] = await t.exactlyExecutions(deployed.id, 1, { settleMs: 2_500 });
				const [item] = t.nodeItems(execution, trigger.name);
				assert.equal(item.messageId, res.payload.messageId);
				assert.equal(item.text, 'Quero falar com alguém');
				assert.equal(item.chatId, '5511944443333');
				assert.equal(item.senderId, '5511944443333');

				// Another message still starts; the first, sent once more, still does not.
				await t.emit(inst, 'text', { phone: '5511944443333', message: 'Oi?' });
				await standIn.redeliver(res.seq);
				await t.exactlyExecutions(deployed.id, 2, { settleMs: 2_500 });
			},
		},
	],
};
