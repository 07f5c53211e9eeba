'use strict';
/**
 * The Group operations beyond the contract's three, in a real n8n: each scenario runs one
 * workflow of Z-API nodes in a row (Webhook → step 1 → step 2 …, later steps reading
 * earlier ones by expression) and checks both what the nodes put out and the stand-in's
 * group afterwards: a created group exists, a removed participant is gone, new settings
 * show in the metadata, a reset link replaces the old one.
 */
const crypto = require('node:crypto');

const ANA = '5511988887777';
const BIA = '5511977776666';
const CAIO = '5511966665555';

/** Webhook → Z-API nodes named 'Step 1', 'Step 2', … with these parameters, in a row. */
function stepsWorkflow(t, inst, steps, name) {
	const { workflow, path, actionNode } = t.actionWorkflow(inst, { resource: 'group', ...steps[0] }, { name });
	const first = workflow.nodes.find((n) => n.name === actionNode);
	first.name = 'Step 1';
	workflow.connections = { Start: { main: [[{ node: 'Step 1', type: 'main', index: 0 }]] } };
	steps.slice(1).forEach((parameters, index) => {
		const name = `Step ${index + 2}`;
		workflow.nodes.push({ ...first, id: crypto.randomUUID(), name, position: [260 * (index + 2), 0], parameters: { resource: 'group', ...parameters } });
		workflow.connections[`Step ${index + 1}`] = { main: [[{ node: name, type: 'main', index: 0 }]] };
	});
	return { workflow, path };
}

/**
 * Runs the steps once; returns the output items of each step and the execution. A step may
 * name another resource (other scenario files run steps of theirs with it).
 */
async function runSteps(t, inst, steps, { expectStatus = 'success' } = {}) {
	const { assert } = t;
	const { workflow, path } = stepsWorkflow(t, inst, steps, `e2e groups ${steps.map((s) => s.operation).join(' ')}`);
	const deployed = await t.deploy(workflow);
	const res = await t.postWebhook(path, {});
	assert.equal(res.status, 200, `POST /webhook/${path} answered ${res.status}`);
	const [execution] = await t.exactlyExecutions(deployed.id, 1, { settleMs: 0 });
	assert.equal(execution.status, expectStatus, `ended ${execution.status}: ${t.executionError(execution)?.message}`);
	return { execution, outputs: steps.map((_, index) => t.nodeItems(execution, `Step ${index + 1}`)) };
}

/** An instance of its own per scenario, with one group the instance administers. */
async function groupInstance(t, key, group = {}) {
	const inst = await t.instance(key, { groups: [{ name: `E2E ${key}`, participants: [ANA, BIA], ...group }] });
	return { inst, groupId: inst.groups[0].id };
}

const stored = (t, inst, groupId) => t.standIn.snapshot(inst.id).groups.find((g) => g.id === groupId);

module.exports = {
	runSteps,
	group: 'groups',
	order: 35,
	scenarios: [
		{
			name: 'Create makes the group, and Get Metadata of its output reads it back with the invite link',
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('groups create');
				const { outputs } = await runSteps(t, inst, [
					{ operation: 'create', groupName: 'E2E created', phones: '+55 (11) 98888-7777, 5511977776666', autoInvite: false },
					{ operation: 'getMetadata', groupId: '={{ $json.groupId }}', includeInviteLink: true },
				]);
				const [created] = outputs[0];
				assert.match(created.groupId, /^\d+-group$/);
				assert.equal(created.name, 'E2E created');
				const group = stored(t, inst, created.groupId);
				assert.ok(group, `no group ${created.groupId} in the stand-in`);
				assert.deepEqual(group.participants, [t.standIn.snapshot(inst.id).phone, ANA, BIA]);
				const [metadata] = outputs[1];
				assert.equal(metadata.name, 'E2E created');
				assert.equal(metadata.invitationLink, created.invitationLink);
				assert.deepEqual(metadata.participants.map((p) => p.phone).slice(1), [ANA, BIA]);
				assert.equal(metadata.participants[0].isSuperAdmin, true);
			},
		},
		{
			name: 'Remove Participants takes the phone out; Get Metadata no longer lists it; Demote Admins keeps the member',
			async run(t) {
				const { assert } = t;
				const { inst, groupId } = await groupInstance(t, 'groups remove', { admins: [BIA] });
				const { outputs } = await runSteps(t, inst, [
					{ operation: 'removeParticipants', groupId, phones: ANA },
					{ operation: 'demoteAdmins', groupId, phones: BIA },
					{ operation: 'getMetadata', groupId, includeInviteLink: false },
				]);
				assert.deepEqual(outputs[0], [{ success: true, groupId, phones: [ANA] }]);
				const phones = outputs[2][0].participants.map((p) => p.phone);
				assert.ok(!phones.includes(ANA), `${ANA} still listed: ${phones}`);
				assert.equal(outputs[2][0].participants.find((p) => p.phone === BIA)?.isAdmin, false);
				assert.ok(!stored(t, inst, groupId).participants.includes(ANA));
			},
		},
		{
			name: 'Update Settings, Name and Description show in Get Metadata',
			async run(t) {
				const { assert } = t;
				const { inst, groupId } = await groupInstance(t, 'groups settings');
				const { outputs } = await runSteps(t, inst, [
					{ operation: 'updateSettings', groupId, settings: { whoCanSend: 'admins', requireApproval: true, whoCanAdd: 'all' } },
					{ operation: 'updateName', groupId, groupName: 'E2E renamed' },
					{ operation: 'updateDescription', groupId, groupDescription: 'Set from n8n' },
					{ operation: 'getMetadata', groupId, includeInviteLink: false },
				]);
				assert.deepEqual(outputs[0], [{ success: true, groupId, adminOnlyMessage: true, requireAdminApproval: true, adminOnlyAddMember: false }]);
				const [metadata] = outputs[3];
				assert.equal(metadata.adminOnlyMessage, true);
				assert.equal(metadata.requireAdminApproval, true);
				assert.equal(metadata.adminOnlySettings, false);
				assert.equal(metadata.name, 'E2E renamed');
				assert.equal(metadata.description, 'Set from n8n');
				assert.equal(stored(t, inst, groupId).adminOnlyAddMember, false);
			},
		},
		{
			name: 'Update Settings says before any run that Who Can Add Participants must be added; without it nothing is sent, with it exactly the documented calls go out',
			async run(t) {
				const { assert } = t;
				// What the panel shows, as n8n serves the node: a notice and the collection's
				// description name the setting the node cannot read back.
				const types = (await t.n8n.nodeTypes()).filter((type) => type.name === t.ACTION_TYPE);
				assert.ok(types.length, 'n8n does not serve the Z-API node');
				for (const type of types) {
					const shownFor = (property) => property.displayOptions?.show?.resource?.includes('group') && property.displayOptions.show.operation?.includes('updateSettings');
					const own = type.properties.filter(shownFor);
					const notice = own.find((property) => property.type === 'notice');
					assert.ok(notice, `no notice on Update Settings: ${own.map((p) => p.name).join(', ')}`);
					assert.match(notice.displayName, /^Always add Who Can Add Participants under Settings to Change/);
					const settings = own.find((property) => property.name === 'settings');
					assert.match(settings.description, /Who Can Add Participants always among them/);
					assert.deepEqual(settings.options.map((option) => option.name), ['whoCanSend', 'whoCanEdit', 'requireApproval', 'whoCanAdd']);
				}

				// The group edits its info by admins only and asks approval to join; the change is who may send.
				const { inst, groupId } = await groupInstance(t, 'groups settings calls', { adminOnlySettings: true, requireAdminApproval: true, adminOnlyAddMember: true });
				const before = t.standIn.requests(inst.id).length;
				const refused = await runSteps(t, inst, [{ operation: 'updateSettings', groupId, settings: { whoCanSend: 'admins' } }], { expectStatus: 'error' });
				const error = t.executionError(refused.execution);
				assert.equal(error.message, `Who Can Add Participants must be set to update the settings of group ${groupId}`);
				assert.match(error.description, /Nothing was sent\.$/);
				assert.deepEqual(t.standIn.requests(inst.id).slice(before), [], 'a request went out although the node refused');
				assert.equal(stored(t, inst, groupId).adminOnlyMessage, false);

				const { outputs } = await runSteps(t, inst, [{ operation: 'updateSettings', groupId, settings: { whoCanSend: 'admins', whoCanAdd: 'all' } }]);
				assert.deepEqual(outputs[0], [{ success: true, groupId, adminOnlyMessage: true, adminOnlyAddMember: false }]);
				// docs/group/light-metadata-group.md (the current settings), then
				// docs/group/update-group-settings.md: phone and all four settings required; the page's
				// request sample names the group groupId, so it goes as both.
				assert.deepEqual(
					t.standIn.requests(inst.id).slice(before).map(({ method, path, body }) => ({ method, path, body })),
					[
						{ method: 'GET', path: `/light-group-metadata/${groupId}`, body: null },
						{
							method: 'POST',
							path: '/update-group-settings',
							body: { phone: groupId, groupId, adminOnlyMessage: true, adminOnlySettings: true, requireAdminApproval: true, adminOnlyAddMember: false },
						},
					],
				);
				const group = stored(t, inst, groupId);
				assert.deepEqual(
					[group.adminOnlyMessage, group.adminOnlySettings, group.requireAdminApproval, group.adminOnlyAddMember],
					[true, true, true, false],
				);
			},
		},
		{
			name: 'Reset Invite Link replaces the link; the old one no longer joins, a current one does',
			async run(t) {
				const { assert, standIn } = t;
				const { inst, groupId } = await groupInstance(t, 'groups invite');
				const { outputs } = await runSteps(t, inst, [
					{ operation: 'getInviteLink', groupId },
					{ operation: 'resetInviteLink', groupId },
					{ operation: 'getInviteLink', groupId },
				]);
				const [before, reset, after] = outputs.map(([item]) => item.invitationLink);
				assert.notEqual(reset, before);
				assert.equal(after, reset);
				assert.equal(stored(t, inst, groupId).invitationLink, reset);

				const other = standIn.addGroup(inst.id, { name: 'E2E to join', member: false, owner: CAIO, participants: [CAIO] });
				const refused = await runSteps(t, inst, [{ operation: 'acceptInvite', inviteLink: before }], { expectStatus: 'error' });
				assert.match(t.executionError(refused.execution).message, /could not join the group of invite link/);
				const joined = await runSteps(t, inst, [{ operation: 'acceptInvite', inviteLink: `Come in: ${other.invitationLink}` }]);
				assert.deepEqual(joined.outputs[0], [{ success: true, invitationLink: other.invitationLink }]);
				assert.ok(stored(t, inst, other.id).participants.includes(standIn.snapshot(inst.id).phone));
			},
		},
		{
			name: 'Approve and Reject Participants settle join requests; Get Many with Return All lists every group once; Leave',
			async run(t) {
				const { assert } = t;
				const { inst, groupId } = await groupInstance(t, 'groups requests', { pending: [CAIO, '5511955554444'] });
				for (let i = 0; i < 4; i++) t.standIn.addGroup(inst.id, { name: `E2E listed ${i}` });
				const { outputs } = await runSteps(t, inst, [
					{ operation: 'approveParticipants', groupId, phones: CAIO },
					{ operation: 'rejectParticipants', groupId, phones: '5511955554444' },
					{ operation: 'getMany', returnAll: true, options: { pageSize: 2 } },
				]);
				const group = stored(t, inst, groupId);
				assert.deepEqual(group.pending, []);
				assert.ok(group.participants.includes(CAIO));
				assert.ok(!group.participants.includes('5511955554444'));
				const ids = outputs[2].map((g) => g.groupId);
				assert.equal(ids.length, 5, `listed ${JSON.stringify(ids)}`);
				assert.equal(new Set(ids).size, 5, 'a group came out twice');

				const left = await runSteps(t, inst, [
					{ operation: 'leave', groupId },
					{ operation: 'getMany', returnAll: false, limit: 10, options: {} },
				]);
				assert.ok(!left.outputs[1].some((g) => g.groupId === groupId), 'the group left is still listed');
				assert.equal(left.outputs[1].length, 4);
			},
		},
	],
};
