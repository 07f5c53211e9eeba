'use strict';
/**
 * The Z-API node's operations in a real n8n, each started by a Webhook node over https:
 * results in the execution, effects in the stand-in's state, failures as the node's error
 * (and never the instance token in the execution data).
 */

const CHAT_PHONE = '5511912340035';
const MEMBER = '5511977776666'; // a participant of the seeded group (fixtures' memberPhone)
const STRANGER = '5511900000099'; // never a participant

/** One stand-in instance for this group: a group and a chat of 35 messages. */
function actionsInstance(t) {
	return t.instance('actions', {
		groups: [{ name: 'E2E actions group', participants: ['5511988887777', MEMBER] }],
		chats: [{ phone: CHAT_PHONE, count: 35 }],
	});
}

/** Deploys Webhook → Z-API(parameters), POSTs to it, returns the one execution. */
async function runAction(t, inst, parameters, { body = {}, headers = {}, expectStatus = 'success' } = {}) {
	const { assert } = t;
	const { workflow, path, actionNode } = t.actionWorkflow(inst, parameters, { name: `e2e ${parameters.operation}` });
	const deployed = await t.deploy(workflow);
	const res = await t.postWebhook(path, body, headers);
	assert.equal(res.status, 200, `POST /webhook/${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
	const [execution] = await t.exactlyExecutions(deployed.id, 1, { settleMs: 0 });
	if (expectStatus) {
		assert.equal(
			execution.status,
			expectStatus,
			`execution ${execution.id} ended ${execution.status}${t.executionError(execution) ? `: ${t.executionError(execution).message}` : ''}`,
		);
	}
	return { execution, items: t.nodeItems(execution, actionNode), actionNode };
}

function assertNoToken(t, execution, token, what) {
	const text = JSON.stringify(execution);
	t.assert.ok(!text.includes(token), `${what}: the instance token appears in the execution data`);
	t.assert.ok(!text.includes(encodeURIComponent(token)), `${what}: the URL-encoded instance token appears in the execution data`);
}

module.exports = {
	group: 'actions',
	order: 30,
	scenarios: [
		{
			name: 'Get Messages with Return All returns all 35 messages of the chat once, in one execution',
			async run(t) {
				const { assert } = t;
				const inst = await actionsInstance(t);
				const seeded = inst.chats[CHAT_PHONE].messageIds;
				assert.equal(seeded.length, 35);
				const { execution, items } = await runAction(t, inst, {
					resource: 'chat',
					operation: 'getMessages',
					phone: '+55 (11) 91234-0035',
					returnAll: true,
					options: {},
				});
				const ids = items.map((i) => i.messageId);
				assert.equal(ids.length, 35, `got ${ids.length} items`);
				assert.equal(new Set(ids).size, 35, 'a message came out twice');
				assert.deepEqual([...ids].sort(), [...seeded].sort(), 'not the messages of the chat');
				assertNoToken(t, execution, inst.token, 'Get Messages');
			},
		},
		{
			name: 'Get Messages with Limit 12 returns 12 distinct messages of the chat',
			async run(t) {
				const { assert } = t;
				const inst = await actionsInstance(t);
				const seeded = new Set(inst.chats[CHAT_PHONE].messageIds);
				const { items } = await runAction(t, inst, {
					resource: 'chat',
					operation: 'getMessages',
					phone: CHAT_PHONE,
					returnAll: false,
					limit: 12,
					options: {},
				});
				const ids = items.map((i) => i.messageId);
				assert.equal(ids.length, 12, `got ${ids.length} items`);
				assert.equal(new Set(ids).size, 12, 'a message came out twice');
				assert.ok(ids.every((id) => seeded.has(id)), 'a message not of the chat came out');
				assert.ok(items.every((i) => i.phone === CHAT_PHONE), 'a message of another chat came out');
			},
		},
		{
			name: 'Update Photo from a binary file of the input item sets the group photo',
			async run(t) {
				const { assert, standIn, sampleImages } = t;
				const inst = await actionsInstance(t);
				const group = inst.groups[0];
				const png = sampleImages.png;
				assert.ok(Buffer.isBuffer(png), 'no sample PNG');
				// The image travels as the raw request body: the Webhook node (v2) makes it binary field "data".
				const { items } = await runAction(
					t,
					inst,
					{ resource: 'group', operation: 'updatePhoto', groupId: group.id, photoSource: 'binary', binaryPropertyName: 'data' },
					{ body: png, headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="group.png"' } },
				);
				assert.equal(items[0]?.success, true, JSON.stringify(items));
				const after = standIn.snapshot(inst.id).groups.find((g) => g.id === group.id);
				assert.equal(after.photoSource, 'data-uri', `photo source ${after.photoSource}`);
				assert.equal(after.photoBytes, png.length, 'the stand-in got other bytes than the image sent');
				assert.match(after.photo, /\.png$/);
			},
		},
		{
			name: 'Promote to Admin makes the participant an admin',
			async run(t) {
				const { assert, standIn } = t;
				const inst = await actionsInstance(t);
				const group = inst.groups[0];
				assert.ok(!standIn.snapshot(inst.id).groups.find((g) => g.id === group.id).admins.includes(MEMBER));
				const { items } = await runAction(t, inst, { resource: 'group', operation: 'promoteToAdmin', groupId: group.id, phones: MEMBER });
				assert.equal(items[0]?.success, true, JSON.stringify(items));
				const after = standIn.snapshot(inst.id).groups.find((g) => g.id === group.id);
				assert.ok(after.admins.includes(MEMBER), `admins ${JSON.stringify(after.admins)}`);
			},
		},
		{
			smoke: true,
			name: 'Add Participants adds the phones to the group',
			async run(t) {
				const { assert, standIn } = t;
				const inst = await actionsInstance(t);
				const group = inst.groups[0];
				const { items } = await runAction(t, inst, {
					resource: 'group',
					operation: 'addParticipants',
					groupId: group.id,
					phones: '+55 (11) 95555-0001, 5511955550002',
					autoInvite: false,
				});
				assert.equal(items[0]?.success, true, JSON.stringify(items));
				const after = standIn.snapshot(inst.id).groups.find((g) => g.id === group.id);
				for (const p of ['5511955550001', '5511955550002']) assert.ok(after.participants.includes(p), `${p} not in ${JSON.stringify(after.participants)}`);
			},
		},
		{
			name: 'Set Received/Sent Messages URL and Set Message Status URL set the webhooks',
			async run(t) {
				const { assert, standIn } = t;
				const inst = await t.instance('actions webhooks');
				const received = 'https://hooks.example.test/zapi/received';
				const status = 'https://hooks.example.test/zapi/status';
				const a = await runAction(t, inst, { resource: 'webhook', operation: 'setReceivedUrl', url: received });
				assert.equal(a.items[0]?.url, received, JSON.stringify(a.items));
				assert.deepEqual(standIn.snapshot(inst.id).webhooks, { received, status: '' });
				const b = await runAction(t, inst, { resource: 'webhook', operation: 'setStatusUrl', url: status });
				assert.equal(b.items[0]?.url, status, JSON.stringify(b.items));
				assert.deepEqual(standIn.snapshot(inst.id).webhooks, { received, status });
			},
		},
		{
			name: 'a refused group change fails the node with an error naming the operation and the group',
			async run(t) {
				const { assert, standIn } = t;
				const inst = await actionsInstance(t);
				const group = inst.groups[0];
				const { execution } = await runAction(
					t,
					inst,
					{ resource: 'group', operation: 'promoteToAdmin', groupId: group.id, phones: STRANGER },
					{ expectStatus: 'error' },
				);
				const error = t.executionError(execution);
				assert.ok(error, 'no error in the execution');
				assert.match(error.message, /promote/i, `error does not name the operation: ${error.message}`);
				assert.ok(error.message.includes(group.id), `error does not name the group: ${error.message}`);
				assert.ok(!standIn.snapshot(inst.id).groups.find((g) => g.id === group.id).admins.includes(STRANGER));
				assertNoToken(t, execution, inst.token, 'refused promotion');
			},
		},
		{
			name: 'a wrong instance token fails with an error about the instance ID/token, and the token is not in the execution',
			async run(t) {
				const { assert } = t;
				const good = await actionsInstance(t);
				const wrongToken = `WRONG${t.hex(10).toUpperCase()}`;
				const inst = await t.instance('actions wrong token', { id: `${good.id.slice(0, 30)}EE`, credentialToken: wrongToken });
				const { execution } = await runAction(
					t,
					inst,
					{ resource: 'chat', operation: 'getMessages', phone: CHAT_PHONE, returnAll: false, limit: 5, options: {} },
					{ expectStatus: 'error' },
				);
				const error = t.executionError(execution);
				assert.ok(error, 'no error in the execution');
				assert.match(`${error.message} ${error.description ?? ''}`, /instance id.*token|instance token/i, `error does not point at the instance ID/token: ${error.message}`);
				assertNoToken(t, execution, wrongToken, 'wrong token');
			},
		},
		{
			smoke: true,
			name: 'a send whose connection drops after the service took it is not sent again: one message, and the error says it may have gone out',
			async run(t) {
				const { assert, standIn } = t;
				const inst = await t.instance('send dropped');
				standIn.dropAfter(inst.id, '/send-text');
				const { execution } = await runAction(
					t,
					inst,
					{ resource: 'message', operation: 'sendText', phone: CHAT_PHONE, message: 'only once', options: {} },
					{ expectStatus: 'error' },
				);
				const sent = standIn.sent(inst.id).filter((m) => m.body?.message === 'only once');
				assert.equal(sent.length, 1, `the stand-in received the send ${sent.length} times`);
				const error = t.executionError(execution);
				assert.ok(error, 'no error in the execution');
				assert.match(error.message, /may have carried out the call/, `error does not say the send may have gone out: ${error.message}`);
				assert.match(`${error.description ?? ''}`, /Message Send Result event/, `error does not say how to check: ${error.description}`);
				assertNoToken(t, execution, inst.token, 'dropped send');
			},
		},
	],
};
