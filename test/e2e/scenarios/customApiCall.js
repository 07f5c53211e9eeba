'use strict';
/**
 * Custom API Call → Make a Request in a real n8n: what the user sees in the node's output and
 * what reaches the service. A 200 response comes out as it came, even one whose `error`
 * field says all is well (GET /status, docs/instance/status.md); a DELETE carries its JSON
 * body (/delete-newsletter, docs/newsletter/delete-newsletter.md); a list body goes as a list
 * (/contacts/add and /contacts/remove, docs/contacts/).
 */
const { runSteps } = require('./groups');

const ANA = '5511988887777';
const BIA = '5511977776666';

/** Custom API Call parameters: method, path and, for the methods with a body, the body. */
const call = (method, path, body) => ({ resource: 'customApiCall', operation: 'request', method, path, query: '{}', ...(body === undefined ? {} : { body }) });

/** The service requests of the instance from index `from` on, as the stand-in received them. */
const requestsSince = (t, inst, from) => t.standIn.requests(inst.id).slice(from).map(({ method, path, query, body }) => ({ method, path, query, body }));

module.exports = {
	group: 'custom API call',
	order: 36,
	scenarios: [
		{
			smoke: true,
			name: 'GET /status on a connected instance comes out as Z-API answered it, "You are already connected." in error, and the item does not fail',
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('custom call status');
				const before = t.standIn.requests(inst.id).length;
				const { execution, outputs } = await runSteps(t, inst, [call('GET', '/status')]);
				assert.deepEqual(outputs[0], [{ connected: true, error: 'You are already connected.', smartphoneConnected: true }]);
				const [run] = execution.data.resultData.runData['Step 1'];
				assert.equal(run.error, undefined, `the node failed: ${run.error?.message}`);
				assert.deepEqual(requestsSince(t, inst, before), [{ method: 'GET', path: '/status', query: {}, body: null }]);
			},
		},
		{
			smoke: true,
			name: 'POST /create-newsletter then DELETE /delete-newsletter with the id in its JSON body: the service gets the body and deletes the channel',
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('custom call newsletter');
				const before = t.standIn.requests(inst.id).length;
				const { outputs } = await runSteps(t, inst, [
					call('POST', '/create-newsletter', '{"name": "E2E news", "description": "Weekly offers"}'),
					call('DELETE', 'delete-newsletter', '={{ { "id": $json.id } }}'),
				]);
				const [created] = outputs[0];
				assert.match(created.id, /^\d+@newsletter$/, JSON.stringify(created));
				assert.deepEqual(outputs[1], [{ value: true }]);
				assert.deepEqual(requestsSince(t, inst, before), [
					{ method: 'POST', path: '/create-newsletter', query: {}, body: { name: 'E2E news', description: 'Weekly offers' } },
					{ method: 'DELETE', path: '/delete-newsletter', query: {}, body: { id: created.id } },
				]);
				assert.deepEqual(t.standIn.newsletters(inst.id), { channels: [], deleted: [created.id], adminInvites: [] });
			},
		},
		{
			name: 'a JSON list body goes as a list: POST /contacts/add saves both contacts, DELETE /contacts/remove takes one out',
			async run(t) {
				const { assert } = t;
				const inst = await t.instance('custom call list');
				const before = t.standIn.requests(inst.id).length;
				const contacts = [
					{ firstName: 'Ana', lastName: 'Lima', phone: ANA },
					{ firstName: 'Bia', phone: BIA },
				];
				const { outputs } = await runSteps(t, inst, [call('POST', '/contacts/add', JSON.stringify(contacts)), call('DELETE', '/contacts/remove', `["${BIA}"]`)]);
				assert.deepEqual(outputs[0], [{ success: true, errors: [] }]);
				assert.deepEqual(outputs[1], [{ success: true, errors: [] }]);
				const sent = requestsSince(t, inst, before);
				assert.deepEqual(sent.map(({ method, path, body }) => ({ method, path, body })), [
					{ method: 'POST', path: '/contacts/add', body: contacts },
					{ method: 'DELETE', path: '/contacts/remove', body: [BIA] },
				]);
				assert.ok(Array.isArray(sent[0].body) && Array.isArray(sent[1].body), 'a list body did not reach the service as a list');
				assert.deepEqual(t.standIn.chatBook(inst.id).addressBook, [ANA]);
			},
		},
	],
};
