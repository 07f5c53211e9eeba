/**
 * The trigger's setup webhook (controlRequests.ts): control requests of the other triggers of
 * this n8n, and what a captured one is good for (sharedInstance.ts plays n8n and the service).
 */
import type { IDataObject } from 'n8n-workflow';

import { CONTROL_FIELD, CONTROL_MAX_AGE_MS, controlBody } from '../../../nodes/ZApiTrigger/control';
import { CONTENT_KINDS } from '../../../nodes/shared/delivery/kinds';
import { contentFixture } from './fixtures';
import {
	INSTANCE,
	N8N,
	activate,
	controlsSent,
	deactivate,
	n8nServes,
	newId,
	serviceSends,
	settings,
	workflow,
	useSharedInstance,
} from './sharedInstance';

useSharedInstance();

/** A head and a member on one instance, and the join the member sent. */
async function memberJoined() {
	const head = workflow(1, ['messageReceived']);
	const member = workflow(2, ['messageReceived']);
	await activate(head);
	await activate(member);
	return { head, member, join: controlsSent.find((sent) => sent.op === 'join')! };
}

describe('a control request captured on its way is good for nothing else', () => {
	it('a join sent again to another workflow’s trigger is refused', async () => {
		const first = workflow(1, ['messageReceived']);
		const second = workflow(2, ['messageReceived']);
		const third = workflow(3, ['messageReceived']);
		for (const each of [first, second, third]) await activate(each);
		const joinOfThird = controlsSent.filter((sent) => sent.op === 'join')[1];
		// The first leaves: the second holds the webhook with the third as its member; then the third leaves too.
		await deactivate(first);
		await deactivate(third);
		const holder = (await settings()).addresses.receivedAndSent;
		expect(holder.startsWith(`${N8N}/webhook/${second.webhookId}/webhook?activation=`)).toBe(true);
		const [status, body] = await n8nServes(holder.slice(N8N.length), joinOfThird.body, {}, 'PUT');
		expect([status, body]).toEqual([403, { error: 'Sent to another trigger' }]);
		expect((second.setup.staticData!['node:Z-API Trigger'] as IDataObject).members ?? []).toEqual([]);
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W2']);
	});

	it('a leave sent again after the member joined again is refused; the member keeps receiving', async () => {
		const head = workflow(1, ['messageReceived']);
		const member = workflow(2, ['messageReceived']);
		await activate(head);
		await activate(member);
		await deactivate(member);
		const leave = controlsSent.find((sent) => sent.op === 'leave')!;
		await activate(member);
		const [status, body] = await n8nServes(leave.path, leave.body, {}, 'PUT');
		expect([status, body]).toEqual([403, { error: 'Already received' }]);
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W1', 'W2']);
	});

	it.each([
		['exactly when it expires', 0],
		['after it expires', 1],
	])('a join replayed %s is refused as expired, not taken again', async (_when, extraMs) => {
		const { join } = await memberJoined();
		const at = (JSON.parse(String(join.body[CONTROL_FIELD])) as IDataObject).at as number;
		const clock = jest.spyOn(Date, 'now').mockReturnValue(at + CONTROL_MAX_AGE_MS + extraMs);
		try {
			expect(await n8nServes(join.path, join.body, {}, 'PUT')).toEqual([403, { error: 'Expired' }]);
		} finally {
			clock.mockRestore();
		}
	});

	it('a join sent twice to the same trigger is taken once', async () => {
		const { join } = await memberJoined();
		expect(await n8nServes(join.path, join.body, {}, 'PUT')).toEqual([403, { error: 'Already received' }]);
	});
});

describe('the setup webhook', () => {
	it('control requests come on the setup webhook only: one posted as a delivery is refused, a delivery sent to the setup webhook too', async () => {
		const { head, join } = await memberJoined();
		expect(controlsSent.map((sent) => sent.method)).toEqual(controlsSent.map(() => 'PUT'));
		const before = JSON.stringify(head.setup.staticData);
		// As a delivery it is not of this instance; nothing reads it for a request.
		expect(await n8nServes(join.path, join.body, {})).toEqual([403, { error: 'Delivery for another instance' }]);
		const address = (await settings()).addresses.receivedAndSent;
		expect(await n8nServes(address.slice(N8N.length), contentFixture(CONTENT_KINDS[0], { messageId: newId() }), {}, 'PUT')).toEqual([400, { error: 'Not a control request' }]);
		expect(JSON.stringify(head.setup.staticData)).toBe(before);
		expect(head.started).toEqual([]);
	});

	it('a head activated before the setup webhook existed still takes control requests: refused by PUT (n8n has no such webhook for it), they come by POST', async () => {
		const head = workflow(1, ['messageReceived']);
		await activate(head);
		// As an earlier version left it: no mark of the setup webhook, which n8n never registered.
		delete (head.setup.staticData!['node:Z-API Trigger'] as IDataObject).setupWebhook;
		head.olderActivation = true;
		const member = workflow(2, ['messageReceived']);
		await activate(member);
		const joins = controlsSent.filter((sent) => sent.op === 'join');
		expect(joins.map((sent) => sent.method)).toEqual(['PUT', 'POST']);
		expect(head.setup.staticData).toHaveProperty(['node:Z-API Trigger', 'members', 0, 'scope'], 'wf-2:trigger-2');
		// Sent again by POST, the same request is refused as already received: used once whichever way.
		expect(await n8nServes(joins[1].path, joins[1].body, {})).toEqual([403, { error: 'Already received' }]);
		expect(await serviceSends('receivedAndSent', contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).toEqual(['W1', 'W2']);
	});

	// Send and Wait for Reply once placed its questions with an 'await' request; they are rows of the conversation table now.
	it.each(['await', 'notAnOperation'])("a request of op '%s', well signed and proven, is refused as unknown and changes nothing", async (op) => {
		const head = workflow(1, ['messageReceived']);
		await activate(head);
		const address = (await settings()).addresses.receivedAndSent;
		const before = JSON.stringify(head.setup.staticData);
		const question = {
			instanceId: INSTANCE.id,
			chat: '5511944445555',
			chatOtherForm: null,
			from: null,
			resumeUrl: `${N8N}/webhook-waiting/exec-1/action-node-id?signature=s`,
			questionMessageId: null,
			askedAt: Date.now(),
			expiresAt: Date.now() + 60_000,
			rule: { type: 'anyMessage' },
			reasksLeft: 0,
			reaskMessage: '',
		};
		const request = { op, at: Date.now(), workflowId: 'wf-1', questions: { execution: 'exec-1', records: { 'exec-1#0': question } } };
		const body = controlBody(request, INSTANCE.token, address);
		expect(await n8nServes(address.slice(N8N.length), body, {}, 'PUT')).toEqual([400, { error: 'Unknown request' }]);
		expect(JSON.stringify(head.setup.staticData)).toBe(before);
		// The same proof and signature on a request the trigger knows is taken: only the op was refused.
		const leave = controlBody({ op: 'leave', at: Date.now(), scope: 'wf-9:trigger-9', webhooks: ['receivedAndSent'] }, INSTANCE.token, address);
		expect(await n8nServes(address.slice(N8N.length), leave, {}, 'PUT')).toEqual([200, { ok: true }]);
		expect(head.started).toEqual([]);
	});

	it('a control request without the instance token’s proof changes nothing', async () => {
		const head = workflow(1, ['messageReceived']);
		await activate(head);
		const address = (await settings()).addresses.receivedAndSent;
		const forged = JSON.stringify({ op: 'join', at: Date.now(), member: { url: `${N8N}/webhook/x/webhook`, scope: 'wf-9:n', activation: 'a'.repeat(32), webhooks: ['receivedAndSent'] } });
		const [status, body] = await n8nServes(address.slice(N8N.length), { zApiTriggerControl: forged, proof: 'f'.repeat(64) }, {}, 'PUT');
		expect([status, body]).toEqual([403, { error: 'Invalid proof' }]);
		expect(head.setup.staticData).not.toHaveProperty(['node:Z-API Trigger', 'members']);
	});
});
