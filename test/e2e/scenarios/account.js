'use strict';
/**
 * Chat, Contact and Instance operations in a real n8n, checked by their effects on the
 * stand-in: a pinned chat is pinned, a blocked contact is blocked, Disconnect disconnects,
 * and the QR code comes out as an n8n binary image another node can send.
 */
const crypto = require('node:crypto');

const ANA = '5511955550001';
const BRUNO = '5511955550002';
const NOT_ON_WHATSAPP = '5511955550003';
const ADMIN = '5511955550009';

/**
 * Webhook → Z-API → Z-API → …, one node per step, each step's credential its own instance
 * when given (else `inst`'s). Returns the workflow, its path and the node names in order.
 */
function chainWorkflow(t, inst, steps) {
	const { workflow, path, actionNode } = t.actionWorkflow(inst, steps[0].parameters, { name: `e2e ${steps.map((s) => s.parameters.operation).join(' + ')}` });
	const first = workflow.nodes.find((n) => n.name === actionNode);
	const names = [actionNode];
	if (steps[0].inst) first.credentials.zApiApi = { ...steps[0].inst.credential };
	steps.slice(1).forEach((step, index) => {
		const name = `Z-API ${index + 2}`;
		workflow.nodes.push({
			...first,
			id: crypto.randomUUID(),
			name,
			position: [260 * (index + 2), 0],
			parameters: step.parameters,
			credentials: { zApiApi: { ...(step.inst ?? inst).credential } },
		});
		workflow.connections[names[names.length - 1]] = { main: [[{ node: name, type: 'main', index: 0 }]] };
		names.push(name);
	});
	return { workflow, path, names };
}

/** Runs a chain once over HTTP; returns the execution and each node's output items. */
async function runChain(t, inst, steps) {
	const { workflow, path, names } = chainWorkflow(t, inst, steps);
	const deployed = await t.deploy(workflow);
	const res = await t.postWebhook(path, {});
	t.assert.equal(res.status, 200, `POST /webhook/${path} answered ${res.status}`);
	const [execution] = await t.exactlyExecutions(deployed.id, 1, { settleMs: 0 });
	t.assert.equal(execution.status, 'success', `ended ${execution.status}: ${t.executionError(execution)?.message}`);
	await t.deactivate(deployed.id);
	return { execution, outputs: names.map((name) => t.nodeItems(execution, name)), names };
}

const chatStep = (operation, phone, extra = {}) => ({ parameters: { resource: 'chat', operation, phone, ...extra } });

module.exports = {
	group: 'account',
	order: 50,
	scenarios: [
		{
			name: 'Pin, Archive, Mute and Mark as Read change the chat; Get Many and Get Metadata show it',
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('chat flags', { chats: [{ phone: ANA, count: 4, fromMeEvery: 0 }, { phone: BRUNO, count: 2, fromMeEvery: 0 }] });
				const { outputs } = await runChain(t, inst, [
					chatStep('pinChat', '+55 (11) 95555-0001'),
					chatStep('archiveChat', ANA),
					chatStep('muteChat', ANA),
					chatStep('markChatAsRead', ANA),
					chatStep('getChatMetadata', ANA),
					{ parameters: { resource: 'chat', operation: 'getChats', returnAll: true, options: { pageSize: 1 } } },
				]);
				const ana = t.standIn.chatBook(inst.id).chats.find((c) => c.phone === ANA);
				assert.deepEqual({ pinned: ana.pinned, archived: ana.archived, muted: ana.muted, unread: ana.unread }, { pinned: true, archived: true, muted: true, unread: 0 });
				assert.deepEqual(outputs[0], [{ success: true, phone: ANA, action: 'pin' }]);
				assert.equal(outputs[4][0].isMuted, true);
				const listed = outputs[5];
				assert.deepEqual(listed.map((c) => c.phone), [ANA, BRUNO], 'Get Many with a page size of 1 lists both chats once, the pinned one first');
				assert.deepEqual([listed[0].pinned, listed[0].archived, listed[1].unread], [true, true, 2], 'flags as booleans, the unread count as a number');
				assert.match(listed[0].lastMessageAt, /^\d{4}-\d{2}-\d{2}T/, 'the last activity as an ISO date');
			},
		},
		{
			name: 'Unpin, Unarchive, Unmute undo; Clear empties a chat, Delete removes another',
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('chat undo', { chats: [{ phone: ANA, count: 3 }, { phone: BRUNO, count: 3 }] });
				t.standIn.seedChatEntry(inst.id, { phone: ANA, pinned: true, archived: true, muted: true });
				await runChain(t, inst, [
					chatStep('unpinChat', ANA),
					chatStep('unarchiveChat', ANA),
					chatStep('unmuteChat', ANA),
					chatStep('clearChat', ANA),
					chatStep('deleteChat', BRUNO),
				]);
				const chats = t.standIn.chatBook(inst.id).chats;
				assert.deepEqual(chats.map((c) => [c.phone, c.pinned, c.archived, c.muted]), [[ANA, false, false, false]], 'Bruno deleted, Ana kept with no flags');
				assert.equal(t.standIn.snapshot(inst.id).chats[ANA], 0, 'Clear left messages in the chat');
			},
		},
		{
			name: 'Check Numbers gives exists and LID per phone; Block blocks and Unblock unblocks; Get Many pages the contacts',
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('contacts', { chats: [{ phone: ANA, count: 1 }, { phone: BRUNO, count: 1 }] });
				t.standIn.seedContacts(inst.id, [{ phone: NOT_ON_WHATSAPP, onWhatsApp: false }, { phone: ANA, name: 'Ana', lid: '4242@lid', imgUrl: 'https://pps.whatsapp.net/ana.jpg' }]);
				const { outputs } = await runChain(t, inst, [
					{ parameters: { resource: 'contact', operation: 'checkNumbers', phones: `${ANA}, ${NOT_ON_WHATSAPP}` } },
					{ parameters: { resource: 'contact', operation: 'blockContact', phone: BRUNO } },
				]);
				assert.deepEqual(outputs[0], [
					{ phone: ANA, exists: true, registeredPhone: ANA, lid: '4242@lid' },
					{ phone: NOT_ON_WHATSAPP, exists: false, registeredPhone: null, lid: null },
				]);
				// Block ran once per checked phone: the same phone twice, still blocked once.
				assert.deepEqual(t.standIn.chatBook(inst.id).blocked, [BRUNO]);
				const after = await runChain(t, inst, [
					{ parameters: { resource: 'contact', operation: 'unblockContact', phone: BRUNO } },
					{ parameters: { resource: 'contact', operation: 'getProfilePicture', phone: ANA } },
					{ parameters: { resource: 'contact', operation: 'getContacts', returnAll: true, options: { pageSize: 1 } } },
				]);
				assert.deepEqual(t.standIn.chatBook(inst.id).blocked, []);
				assert.match(after.outputs[1][0].photo, /^https:\/\/pps\.whatsapp\.net\/ana\.jpg\?/);
				assert.deepEqual(after.outputs[2].map((c) => c.phone), [ANA, BRUNO]);
			},
		},
		{
			name: 'Disconnect disconnects; the QR code comes out as a PNG binary another instance sends; after the scan Get Status says connected',
			timeoutMs: 120_000,
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('session');
				const messenger = await t.instance('session messenger');
				const { execution, outputs, names } = await runChain(t, inst, [
					{ parameters: { resource: 'instance', operation: 'disconnect' } },
					{ parameters: { resource: 'instance', operation: 'getStatus' } },
					{ parameters: { resource: 'instance', operation: 'getQrCode', binaryPropertyName: 'qr' } },
					{
						inst: messenger,
						parameters: { resource: 'message', operation: 'sendImage', phone: ADMIN, mediaSource: 'binary', binaryPropertyName: 'qr', options: { caption: 'Scan me' } },
					},
				]);
				assert.deepEqual(outputs[0], [{ success: true, connected: false }]);
				assert.equal(outputs[1][0].connected, false);
				assert.equal(t.standIn.snapshot(inst.id).connected, false);
				const qrItem = execution.data.resultData.runData[names[2]][0].data.main[0][0];
				assert.deepEqual(qrItem.json, { connected: false, mimeType: 'image/png' });
				assert.equal(qrItem.binary.qr.mimeType, 'image/png');
				assert.equal(qrItem.binary.qr.fileName, 'qr-code.png');
				const [sent] = t.standIn.sent(messenger.id);
				assert.equal(sent.phone, ADMIN);
				assert.equal(sent.media.base64, t.standIn.session(inst.id).currentQr, 'the image sent is not the QR code the service served');

				t.standIn.scanQr(inst.id);
				const { outputs: later } = await runChain(t, inst, [
					{ parameters: { resource: 'instance', operation: 'getStatus' } },
					{ parameters: { resource: 'instance', operation: 'restart' } },
					{ parameters: { resource: 'instance', operation: 'getDevice' } },
				]);
				assert.equal(later[0][0].connected, true);
				assert.deepEqual(later[1], [{ success: true, restarted: true }]);
				assert.equal(t.standIn.session(inst.id).restarts, 1);
				assert.equal(later[2][0].sessionId, 2);
			},
		},
		{
			name: 'Get QR Code while connected is a normal output: connected: true with a message, no file, no error',
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('qr connected');
				const { workflow, path, actionNode } = t.actionWorkflow(inst, { resource: 'instance', operation: 'getQrCode', binaryPropertyName: 'data' });
				const deployed = await t.deploy(workflow);
				await t.postWebhook(path, {});
				const [execution] = await t.exactlyExecutions(deployed.id, 1, { settleMs: 0 });
				assert.equal(execution.status, 'success', `ended ${execution.status}: ${t.executionError(execution)?.message}`);
				const [item] = execution.data.resultData.runData[actionNode][0].data.main[0];
				assert.equal(item.json.connected, true);
				assert.match(item.json.message, /already connected/);
				assert.equal(item.binary, undefined);
			},
		},
	],
};
