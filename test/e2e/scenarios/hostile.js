'use strict';
/**
 * Deliveries shaped to break naive code, through a real n8n: arrays nested 10,000 deep in
 * the fields the node reads, objects with their own toString/__proto__ keys. Each is
 * answered 200 and its execution succeeds, with the item contract kept (the payload cut
 * where n8n could not store it).
 */

const DEPTH = 10_000;
const deep = (leaf) => `${'['.repeat(DEPTH)}${leaf}${']'.repeat(DEPTH)}`;

module.exports = {
	group: 'hostile deliveries',
	order: 25,
	scenarios: [
		{
			name: 'a delivery nested 10,000 deep, or with toString/__proto__ keys, is answered 200 and its execution succeeds',
			timeoutMs: 120_000,
			async run(t) {
				const { assert, standIn, fixtures } = t;
				const inst = await t.instance('hostile');
				const wf = t.triggerWorkflow(inst, {
					events: ['messageReceived', 'messageStatus', 'notification'],
					options: { phones: '5511988887777, 120363019502650977-group', splitStatusIds: true },
				});
				const trigger = wf.nodes.find((n) => n.type === t.TRIGGER_TYPE);
				const deployed = await t.deploy(wf);

				// JSON text written by hand: a JavaScript object cannot even be stringified this deep.
				const text = fixtures.receivedCallback('text', { instanceId: inst.id, phone: '5511988887777' });
				const status = fixtures.statusCallback('READ', ['3EB0DEEP1'], { instanceId: inst.id, phone: '5511988887777' });
				const notice = fixtures.notificationCallback('GROUP_PARTICIPANT_ADD', ['5511955554444'], { instanceId: inst.id });
				const contact = fixtures.receivedCallback('contact', { instanceId: inst.id, phone: '5511988887777' });
				const bodies = [
					{
						what: 'text with participantPhone 10,000 deep',
						webhook: 'received',
						raw: JSON.stringify(text).replace('"participantPhone":null', `"participantPhone":${deep('"x"')}`),
						key: text.messageId,
					},
					{
						what: 'status with ids holding a 10,000-deep array and {"toString":1}',
						webhook: 'status',
						raw: JSON.stringify(status).replace('["3EB0DEEP1"]', `["3EB0DEEP1",${deep('1')},{"toString":1}]`),
						key: '3EB0DEEP1',
					},
					{
						what: 'notification with parameters 10,000 deep and a __proto__ key',
						webhook: 'received',
						raw: JSON.stringify(notice)
							.replace('["5511955554444"]', `["5511955554444",${deep('{"toString":1}')}]`)
							.replace('{', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},'),
						key: notice.messageId,
					},
					{
						what: 'contact with phones 10,000 deep and a toString key',
						webhook: 'received',
						raw: JSON.stringify(contact)
							.replace(/"phones":\[[^\]]*\]/, `"phones":${deep('"5511977776666"')}`)
							.replace('"contact":{', '"contact":{"toString":1,"valueOf":{},'),
						key: contact.messageId,
					},
				];
				for (const body of bodies) {
					const res = await standIn.deliverRaw({ instanceId: inst.id, webhook: body.webhook, rawBody: body.raw });
					assert.equal(res.delivered.status, 200, `${body.what}: answered ${res.delivered.status} ${res.delivered.error ?? ''}`);
				}

				const list = await t.exactlyExecutions(deployed.id, bodies.length, { timeoutMs: 60_000 });
				const problems = [];
				const seen = new Map();
				for (const execution of list) {
					if (execution.status !== 'success') {
						problems.push(`execution ${execution.id}: ${execution.status} ${t.executionError(execution)?.message ?? ''}`);
						continue;
					}
					for (const item of t.nodeItems(execution, trigger.name)) {
						seen.set(item.messageId, item);
					}
				}
				for (const body of bodies) {
					const item = seen.get(body.key);
					if (!item) problems.push(`${body.what}: no item`);
					else if (!item.event || !item.kind || !('timestamp' in item) || !item.payload) {
						problems.push(`${body.what}: item ${JSON.stringify(item).slice(0, 200)} breaks the contract`);
					}
				}
				assert.deepEqual(problems, [], problems.join('\n'));
			},
		},
	],
};
