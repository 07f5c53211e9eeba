'use strict';
/**
 * The queue, labels, statuses and the profile in a real n8n: each scenario runs Z-API nodes
 * in a row (Webhook → step 1 → step 2 …, later steps reading earlier ones by expression) and
 * checks what the nodes put out and the stand-in's state afterwards: a deleted queue is
 * empty, a label is on the chat and then gone, a status and a reply were kept, the profile
 * and the settings changed.
 */
const crypto = require('node:crypto');
const sampleImages = require('../../stand-in/sample-images');

const ANA = '5511988887777';

/** Webhook → Z-API nodes named 'Step 1', 'Step 2', … with these parameters (resource in each), in a row. */
function stepsWorkflow(t, inst, steps, name) {
	const { workflow, path, actionNode } = t.actionWorkflow(inst, steps[0], { name });
	const first = workflow.nodes.find((n) => n.name === actionNode);
	first.name = 'Step 1';
	workflow.connections = { Start: { main: [[{ node: 'Step 1', type: 'main', index: 0 }]] } };
	steps.slice(1).forEach((parameters, index) => {
		const stepName = `Step ${index + 2}`;
		workflow.nodes.push({ ...first, id: crypto.randomUUID(), name: stepName, position: [260 * (index + 2), 0], parameters });
		workflow.connections[`Step ${index + 1}`] = { main: [[{ node: stepName, type: 'main', index: 0 }]] };
	});
	return { workflow, path };
}

/** Runs the steps once; returns the output items of each step and the execution. */
async function runSteps(t, inst, steps, { expectStatus = 'success' } = {}) {
	const { assert } = t;
	const { workflow, path } = stepsWorkflow(t, inst, steps, `e2e breadth ${steps.map((s) => `${s.resource}.${s.operation}`).join(' ')}`);
	const deployed = await t.deploy(workflow);
	const res = await t.postWebhook(path, {});
	assert.equal(res.status, 200, `POST /webhook/${path} answered ${res.status}`);
	const [execution] = await t.exactlyExecutions(deployed.id, 1, { settleMs: 0 });
	assert.equal(execution.status, expectStatus, `ended ${execution.status}: ${t.executionError(execution)?.message}`);
	return { execution, outputs: steps.map((_, index) => t.nodeItems(execution, `Step ${index + 1}`)) };
}

module.exports = {
	group: 'breadth-a',
	order: 37,
	scenarios: [
		{
			name: 'Queue: Count and Get Many (Return All over cursor pages) see every waiting message; Delete one, then Delete All empties it',
			async run(t) {
				const { assert, standIn } = t;
				const inst = await t.instance('breadth queue');
				standIn.enqueue(inst.id, Array.from({ length: 35 }, (_, i) => ({ phone: ANA, message: `Wrong campaign ${i}` })));
				const listed = await runSteps(t, inst, [
					{ resource: 'queue', operation: 'count' },
					{ resource: 'queue', operation: 'getMany', returnAll: true, options: { pageSize: 10 } },
				]);
				assert.deepEqual(listed.outputs[0], [{ count: 35 }]);
				const messages = listed.outputs[1];
				assert.equal(messages.length, 35);
				assert.equal(new Set(messages.map((m) => m.ZaapId)).size, 35, 'a message came out twice');
				assert.deepEqual(messages.slice(0, 2).map((m) => m.Message), ['Wrong campaign 0', 'Wrong campaign 1']);

				const first = messages[0].ZaapId;
				const emptied = await runSteps(t, inst, [
					{ resource: 'queue', operation: 'delete', zaapId: first },
					{ resource: 'queue', operation: 'count' },
					{ resource: 'queue', operation: 'deleteAll' },
					{ resource: 'queue', operation: 'count' },
				]);
				assert.deepEqual(emptied.outputs[0], [{ success: true, zaapId: first }]);
				assert.deepEqual(emptied.outputs[1], [{ count: 34 }]);
				assert.deepEqual(emptied.outputs[3], [{ count: 0 }]);
				assert.deepEqual(standIn.queue(inst.id).messages, []);
			},
		},
		{
			name: 'Labels: Create, Add to Chat by its output, Get Many; then Update, Remove From Chat and Delete',
			async run(t) {
				const { assert, standIn } = t;
				const inst = await t.instance('breadth labels');
				const made = await runSteps(t, inst, [
					{ resource: 'label', operation: 'create', labelName: 'E2E VIP', options: { color: 2 } },
					{ resource: 'label', operation: 'addToChat', phone: '+55 (11) 98888-7777', labelId: '={{ $json.id }}' },
					{ resource: 'label', operation: 'getMany' },
				]);
				const [created] = made.outputs[0];
				assert.deepEqual(created, { id: created.id, name: 'E2E VIP', color: 2 });
				assert.deepEqual(made.outputs[1], [{ success: true, phone: ANA, labelId: created.id, labeled: true }]);
				assert.ok(made.outputs[2].some((label) => label.id === created.id && label.name === 'E2E VIP'), JSON.stringify(made.outputs[2]));
				assert.deepEqual(standIn.labels(inst.id).chats, { [ANA]: [created.id] });

				const gone = await runSteps(t, inst, [
					{ resource: 'label', operation: 'update', labelId: created.id, labelName: 'E2E Gold', options: {} },
					{ resource: 'label', operation: 'removeFromChat', phone: ANA, labelId: created.id },
					{ resource: 'label', operation: 'delete', labelId: created.id },
					{ resource: 'label', operation: 'getMany' },
				]);
				assert.deepEqual(gone.outputs[0], [{ success: true, id: created.id, name: 'E2E Gold' }]);
				assert.deepEqual(standIn.labels(inst.id).chats, {});
				assert.ok(!gone.outputs[3].some((label) => label.id === created.id), 'the deleted label is still listed');
			},
		},
		{
			name: 'Status: Post Text and Post Image (base64) are kept as statuses; Reply With Text answers a status',
			async run(t) {
				const { assert, standIn } = t;
				const inst = await t.instance('breadth status');
				const { outputs } = await runSteps(t, inst, [
					{ resource: 'status', operation: 'postText', message: 'Open today until 18h' },
					{ resource: 'status', operation: 'postImage', mediaSource: 'base64', mediaBase64: sampleImages.pngBase64, options: { caption: 'New stock' } },
					{ resource: 'status', operation: 'replyWithText', phone: '5544999999999', statusMessageId: '1F606398F2ECAA4846269F659B6003A9', message: 'Love it' },
				]);
				assert.ok(outputs[0][0].zaapId && outputs[0][0].messageId, JSON.stringify(outputs[0]));
				assert.equal(outputs[2][0].phone, '5544999999999');
				const { posted, replies } = standIn.statuses(inst.id);
				assert.deepEqual(posted.map((p) => p.kind), ['text', 'image']);
				assert.equal(posted[0].message, 'Open today until 18h');
				assert.deepEqual(posted[1].image, { source: 'data-uri', bytes: sampleImages.png.length, sha1: crypto.createHash('sha1').update(sampleImages.png).digest('hex') });
				assert.equal(posted[1].caption, 'New stock');
				assert.deepEqual(replies.map((r) => [r.kind, r.phone, r.statusMessageId, r.message]), [['text', '5544999999999', '1F606398F2ECAA4846269F659B6003A9', 'Love it']]);
			},
		},
		{
			name: 'Profile: name, about and picture change; Instance settings show in Get Data, without the token',
			async run(t) {
				const { assert, standIn } = t;
				const inst = await t.instance('breadth profile');
				const { execution, outputs } = await runSteps(t, inst, [
					{ resource: 'profile', operation: 'updateName', profileName: 'E2E Shop' },
					{ resource: 'profile', operation: 'updateAbout', about: 'Open 9 to 18' },
					{ resource: 'profile', operation: 'updatePicture', mediaSource: 'base64', mediaBase64: sampleImages.jpegDataUri },
					{ resource: 'instance', operation: 'updateSettings', options: { autoReadMessages: true, rejectCalls: true, callRejectMessage: 'Text us here' } },
					{ resource: 'instance', operation: 'getData' },
				]);
				assert.deepEqual(standIn.profile(inst.id), { name: 'E2E Shop', about: 'Open 9 to 18', picture: { source: 'data-uri', type: 'jpeg', bytes: sampleImages.jpeg.length, sha1: crypto.createHash('sha1').update(sampleImages.jpeg).digest('hex') } });
				assert.deepEqual(outputs[3], [{ success: true, autoReadMessages: true, rejectCalls: true, callRejectMessage: 'Text us here' }]);
				const [data] = outputs[4];
				assert.equal(data.autoReadMessage, true);
				assert.equal(data.callRejectAuto, true);
				assert.equal(data.callRejectMessage, 'Text us here');
				assert.equal(data.id, inst.id);
				assert.deepEqual(t.secretsIn(JSON.stringify(execution)), [], 'a token reached the execution data');
			},
		},
	],
};
