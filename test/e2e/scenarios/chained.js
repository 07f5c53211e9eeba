'use strict';
/**
 * The chained flow of examples/promote-new-participants.json: a participant joins a group
 * (a GROUP_PARTICIPANT_ADD notice from the service), the trigger starts the workflow, the
 * Z-API node promotes that participant, and the stand-in's group shows the new admin.
 */
const EXAMPLE = 'promote-new-participants.json';

function chainInstance(t, key) {
	return t.instance(key, { groups: [{ name: `E2E ${key}`, participants: ['5511988887777', '5511977776666'] }] });
}

function groupOf(t, inst) {
	return t.standIn.snapshot(inst.id).groups.find((g) => g.id === inst.groups[0].id);
}

module.exports = {
	group: 'chained flow',
	order: 40,
	scenarios: [
		{
			name: `${EXAMPLE}: a GROUP_PARTICIPANT_ADD notice makes the new participant an admin`,
			async run(t) {
				const { assert } = t;
				const inst = await chainInstance(t, 'chained notice');
				const wf = t.exampleWorkflow(EXAMPLE, inst);
				const deployed = await t.deploy(wf);
				const joined = '5511955557777';
				const payload = await t.emit(inst, 'notification', { code: 'GROUP_PARTICIPANT_ADD', group: inst.groups[0].id, phone: joined });
				assert.deepEqual(payload.notificationParameters, [joined]);
				const [execution] = await t.exactlyExecutions(deployed.id, 1);
				assert.equal(execution.status, 'success', `execution ended ${execution.status}: ${t.executionError(execution)?.message}`);
				const trigger = wf.nodes.find((n) => n.type === t.TRIGGER_TYPE);
				const action = wf.nodes.find((n) => n.type === t.ACTION_TYPE);
				const [item] = t.nodeItems(execution, trigger.name);
				assert.equal(item?.kind, 'GROUP_PARTICIPANT_ADD');
				const [result] = t.nodeItems(execution, action.name);
				assert.equal(result?.success, true, JSON.stringify(result));
				const group = groupOf(t, inst);
				assert.ok(group.participants.includes(joined), `participants ${JSON.stringify(group.participants)}`);
				assert.ok(group.admins.includes(joined), `admins ${JSON.stringify(group.admins)}`);
			},
		},
		{
			name: `${EXAMPLE}: other group notices (group created, participant removed) start nothing`,
			async run(t) {
				const { assert } = t;
				const inst = await chainInstance(t, 'chained other notices');
				const wf = t.exampleWorkflow(EXAMPLE, inst);
				const trigger = wf.nodes.find((n) => n.type === t.TRIGGER_TYPE);
				assert.deepEqual(trigger.parameters.notificationKinds, ['GROUP_PARTICIPANT_ADD'], 'the example no longer limits itself to GROUP_PARTICIPANT_ADD');
				const deployed = await t.deploy(wf);
				const groupId = inst.groups[0].id;
				await t.emit(inst, 'notification', { code: 'GROUP_CREATE', group: groupId });
				await t.emit(inst, 'notification', { code: 'GROUP_PARTICIPANT_REMOVE', group: groupId, phone: '5511988887777' });
				// A marker that does start it, so the wait is bounded by an event, not a sleep.
				const joined = '5511955556666';
				await t.emit(inst, 'notification', { code: 'GROUP_PARTICIPANT_ADD', group: groupId, phone: joined });
				const list = await t.exactlyExecutions(deployed.id, 1);
				const kinds = list.map((e) => t.nodeItems(e, trigger.name)[0]?.kind);
				assert.deepEqual(kinds, ['GROUP_PARTICIPANT_ADD'], `executions for ${JSON.stringify(kinds)}`);
			},
		},
		{
			name: `${EXAMPLE}: an Add Participants call in n8n makes the service announce the participant, who is then promoted`,
			async run(t) {
				const { assert } = t;
				const inst = await chainInstance(t, 'chained add call');
				const promote = await t.deploy(t.exampleWorkflow(EXAMPLE, inst));
				const groupId = inst.groups[0].id;
				const joined = '5511955558888';
				const { workflow, path } = t.actionWorkflow(inst, { resource: 'group', operation: 'addParticipants', groupId, phones: joined, autoInvite: false });
				const adder = await t.deploy(workflow);
				const res = await t.postWebhook(path, {});
				assert.equal(res.status, 200);
				const [added] = await t.waitForExecutions(adder.id, 1);
				assert.equal(added.status, 'success', `Add Participants ended ${added.status}: ${t.executionError(added)?.message}`);
				const deliveries = await t.standIn.waitForDeliveries({ instanceId: inst.id, source: 'add-participant', count: 1, timeoutMs: 10_000 });
				assert.equal(deliveries[0].status, 200, `the service's notice was answered ${deliveries[0].status} ${deliveries[0].error ?? ''}`);
				const [promoted] = await t.exactlyExecutions(promote.id, 1);
				assert.equal(promoted.status, 'success', `promotion ended ${promoted.status}: ${t.executionError(promoted)?.message}`);
				const group = groupOf(t, inst);
				assert.ok(group.admins.includes(joined), `admins ${JSON.stringify(group.admins)}`);
			},
		},
	],
};
