/**
 * A head passing deliveries on to its members (relay.ts): nothing lost, the service never
 * waits for a member (sharedInstance.ts plays n8n and the service).
 */
import type { IDataObject } from 'n8n-workflow';

import { CONTENT_KINDS } from '../../../nodes/shared/delivery/kinds';
import { contentFixture, statusFixture } from './fixtures';
import {
	type Workflow,
	activate,
	controlsSent,
	elsewhere,
	log,
	n8nServes,
	newId,
	serve,
	settings,
	settle,
	stage,
	staged,
	workflow,
	workflows,
	useSharedInstance,
} from './sharedInstance';

useSharedInstance();

describe('passing deliveries on: nothing lost, the service never waits for a member', () => {
	/** The service sends one delivery to the head; how long until it had its answer, and who started. */
	async function timedSend(body: IDataObject): Promise<{ answeredAfterMs: number; status: number | undefined; reached: string[]; atReturn: string[]; requestsAtReturn: number[] }> {
		for (const each of workflows) each.started = [];
		const address = new URL((await settings()).addresses.receivedAndSent);
		const head = workflows.find((each) => address.pathname === `/webhook/${each.webhookId}/webhook`)!;
		const result = await serve(head, { body, query: Object.fromEntries(address.searchParams), headers: { 'content-type': 'application/json' } });
		if (result.items) head.started.push(...result.items);
		const atReturn = workflows.flatMap((each) => each.started.map(() => each.name));
		const requestsAtReturn = [...staged.values()].map((station) => station.requests);
		await settle();
		return {
			answeredAfterMs: result.answeredAfterMs,
			status: result.response.status,
			reached: workflows.flatMap((each) => each.started.map(() => each.name)),
			atReturn,
			requestsAtReturn,
		};
	}
	/** W1 holds the webhook, W2 receives through it. */
	async function headAndMember(): Promise<[Workflow, Workflow]> {
		const pair: [Workflow, Workflow] = [workflow(1, ['messageReceived']), workflow(2, ['messageReceived'])];
		for (const each of pair) await activate(each);
		return pair;
	}
	const membersOf = (head: Workflow) => ((head.setup.staticData!['node:Z-API Trigger'] as IDataObject).members ?? []) as IDataObject[];

	it('a member whose n8n answers 404 once gets the delivery on the next try and stays', async () => {
		const [head, member] = await headAndMember();
		const station = await stage(member, 'notFoundOnce');
		expect((await timedSend(contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).reached).toEqual(['W1', 'W2']);
		expect(station.requests).toBe(2);
		expect(membersOf(head)).toEqual([expect.not.objectContaining({ failures: expect.anything() })]);
		expect((await timedSend(contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).reached).toEqual(['W1', 'W2']);
	});

	it('a member whose address redirects to another origin is sent nothing there: no delivery, signature or header leaves for it', async () => {
		const [head, member] = await headAndMember();
		elsewhere.received.length = 0;
		const station = await stage(member, 'redirectsElsewhere');
		const sent = await timedSend(contentFixture(CONTENT_KINDS[0], { messageId: newId() }));
		expect(sent.status).toBe(200);
		expect(sent.reached).toEqual(['W1']);
		expect(station.requests).toBe(3);
		expect(elsewhere.received).toEqual([]);
		expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/redirected the request to http:\/\/127\.0\.0\.1:\d+ \(307\); it was not followed/));
		expect(membersOf(head)).toEqual([expect.objectContaining({ failures: 1 })]);
	}, 30_000);

	it('a member whose connection is cut twice gets the delivery on the third try', async () => {
		const [head, member] = await headAndMember();
		const station = await stage(member, 'cutTwice');
		const sent = await timedSend(contentFixture(CONTENT_KINDS[0], { messageId: newId() }));
		expect(sent.reached).toEqual(['W1', 'W2']);
		expect(station.requests).toBe(3);
		expect(sent.answeredAfterMs).toBeLessThan(500);
		expect(membersOf(head)).toHaveLength(1);
	});

	it.each([
		['down', 'ECONNREFUSED'],
		['stalls', 'timeout'],
	] as const)('a member that is %s: the service has its answer at once, the head still starts, the member is kept and its failure counted after the tries', async (fault, said) => {
		const [head, member] = await headAndMember();
		const station = await stage(member, fault);
		const sent = await timedSend(contentFixture(CONTENT_KINDS[0], { messageId: newId() }));
		expect(sent.status).toBe(200);
		// webhook() returned with the member's first try only (a message: a question of the member's might take it).
		expect(sent.atReturn).toEqual(['W1']);
		expect(sent.requestsAtReturn[0]).toBeLessThanOrEqual(1);
		// The tries went on after it; the head recorded the failure through its report to itself.
		expect(fault === 'down' || station.requests === 3).toBe(true);
		expect(sent.reached).toEqual(['W1']);
		expect(controlsSent.filter((each) => each.op === 'relayed')).toHaveLength(1);
		expect(membersOf(head)).toEqual([expect.objectContaining({ scope: 'wf-2:trigger-2', failures: 1 })]);
		expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`could not pass a delivery on to workflow wf-2 after 3 tries \\(.*${said}`, 'i')));
		// Back up: the next delivery reaches it and its failures are forgotten.
		staged.get(member.webhookId)!.fault = 'none';
		if (fault === 'down') await new Promise<void>((resolve) => staged.get(member.webhookId)!.server.listen(staged.get(member.webhookId)!.port, '127.0.0.1', resolve));
		expect((await timedSend(contentFixture(CONTENT_KINDS[0], { messageId: newId() }))).reached).toEqual(['W1', 'W2']);
		expect(membersOf(head)).toEqual([expect.not.objectContaining({ failures: expect.anything() })]);
	}, 30_000);

	it('a slow member and a down member hold nobody up: the service is answered first, the head starts at once, the other members get it while the slow one still holds it, and the slow one gets it too', async () => {
		// Status changes: no question can take one, so the head's execution waits for no member at all.
		const all = [1, 2, 3, 4].map((index) => workflow(index, ['messageStatus']));
		for (const each of all) await activate(each);
		const [head, slow, down, healthy] = all;
		const held = await stage(slow, 'held');
		const gone = await stage(down, 'down');
		await stage(healthy, 'none');
		for (const each of workflows) each.started = [];
		const address = new URL((await settings()).addresses.messageStatus);
		expect(address.pathname).toBe(`/webhook/${head.webhookId}/webhook`);
		const result = await serve(head, { body: statusFixture('READ', [newId()]), query: Object.fromEntries(address.searchParams), headers: { 'content-type': 'application/json' } });
		// Answered by the head itself, before webhook() returned; its own execution starts on the return.
		expect(result.response).toEqual({ status: 200, body: { received: true } });
		expect(result.items).toHaveLength(1);
		expect(held.answered).toBe(0);
		expect(gone.requests).toBe(0);
		// In parallel: the healthy member receives while the slow one (asked first) still holds its request.
		for (let waited = 0; !healthy.started.length && waited < 200; waited++) await new Promise((resolve) => setTimeout(resolve, 10));
		expect(healthy.started).toHaveLength(1);
		expect(held.held).toHaveLength(1);
		expect(slow.started).toHaveLength(0);
		held.held.shift()!();
		await settle();
		expect(slow.started).toHaveLength(1);
		expect(held.requests).toBe(1);
		expect(gone.requests).toBe(0);
		// The down member: three tries, then counted once, through the head's report; the others are untouched.
		expect(membersOf(head)).toEqual([
			expect.not.objectContaining({ failures: expect.anything() }),
			expect.objectContaining({ scope: 'wf-3:trigger-3', failures: 1 }),
			expect.not.objectContaining({ failures: expect.anything() }),
		]);
		expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/could not pass a delivery on to workflow wf-3 after 3 tries \(.*ECONNREFUSED/));
	}, 30_000);

	it('the head’s report of a failure is written once: sent again, or after a later one, it counts nothing', async () => {
		const [head, member] = await headAndMember();
		await stage(member, 'down');
		await timedSend(contentFixture(CONTENT_KINDS[0], { messageId: newId() }));
		expect(membersOf(head)).toEqual([expect.objectContaining({ failures: 1 })]);
		const report = controlsSent.find((each) => each.op === 'relayed')!;
		const again = await n8nServes(report.path, report.body, {}, 'PUT');
		expect(again).toEqual([200, { ok: true, changed: false }]);
		await timedSend(contentFixture(CONTENT_KINDS[0], { messageId: newId() }));
		expect(membersOf(head)).toEqual([expect.objectContaining({ failures: 2 })]);
		expect(await n8nServes(report.path, report.body, {}, 'PUT')).toEqual([200, { ok: true, changed: false }]);
		expect(membersOf(head)).toEqual([expect.objectContaining({ failures: 2 })]);
		// Without the instance token's proof, a report changes nothing.
		expect(await n8nServes(report.path, { ...report.body, proof: 'f'.repeat(64) }, {}, 'PUT')).toEqual([403, { error: 'Invalid proof' }]);
	}, 30_000);

	it('the head’s answer to the service does not grow with its members: each adds at most 10 ms (median, members on local servers)', async () => {
		const deliveries = Number(process.env.SHARING_ANSWER_DELIVERIES ?? 30);
		const head = workflow(0, ['messageReceived']);
		await activate(head);
		const medians: Record<number, number> = {};
		let joined = 0;
		for (const size of [1, 3, 10]) {
			while (joined < size) {
				const member = workflow(++joined + 10, ['messageReceived']);
				await activate(member);
				await stage(member, 'none');
			}
			const times: number[] = [];
			for (let index = 0; index < deliveries; index++) {
				const sent = await timedSend(contentFixture(CONTENT_KINDS[0], { messageId: newId() }));
				expect(sent.reached).toHaveLength(size + 1);
				times.push(sent.answeredAfterMs);
			}
			times.sort((a, b) => a - b);
			medians[size] = times[Math.floor(times.length / 2)];
		}
		const perMember = { 'from 1 to 3': (medians[3] - medians[1]) / 2, 'from 1 to 10': (medians[10] - medians[1]) / 9 };
		process.stdout.write(
			`Head's answer to the service, median of ${deliveries} deliveries: ${Object.entries(medians)
				.map(([size, ms]) => `${size} member(s) ${ms.toFixed(2)} ms`)
				.join(', ')}; per extra member ${Object.entries(perMember)
				.map(([step, ms]) => `${step}: ${ms.toFixed(2)} ms`)
				.join(', ')}\n`,
		);
		for (const ms of Object.values(perMember)) expect(ms).toBeLessThanOrEqual(10);
	}, 600_000);

	it('at most 20 workflows receive through one head: the 21st activation fails saying so, and the head keeps its members', async () => {
		const head = workflow(0, ['messageReceived']);
		await activate(head);
		const members = Array.from({ length: 20 }, (_, index) => workflow(index + 10, ['messageReceived']));
		for (const each of members) await activate(each);
		expect(membersOf(head)).toHaveLength(20);
		const late = workflow(99, ['messageReceived']);
		await expect(activate(late)).rejects.toThrow(
			'Too many workflows share this Z-API instance: the workflow holding the received/sent messages webhook passes them on to 20 others already, at most 20',
		);
		expect(membersOf(head)).toHaveLength(20);
		expect(new URL((await settings()).addresses.receivedAndSent).pathname).toBe(`/webhook/${head.webhookId}/webhook`);
	}, 60_000);
});
