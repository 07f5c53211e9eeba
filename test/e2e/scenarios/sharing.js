'use strict';
/**
 * Several workflows with a Z-API Trigger on one instance, in a real n8n: three workflows
 * with different events are activated and deactivated in turn; after each step one delivery
 * of each kind any active workflow chose reaches exactly the workflows that chose it, none
 * deaf, and at the end the other program's addresses and notify sent by me are back.
 *
 * Every activation order with every deactivation order: 36 sequences, about 13 s each. CI runs
 * four of them, spread so that each workflow heads once and the head leaves first, in the
 * middle and last; all 36 run in the full suite (npm run test:all) and, at engine level, in
 * test/nodes/ZApiTrigger/sharing.test.ts.
 */

const OTHER_PROGRAM = 'https://crm.example.com/zapi/inbound';

/** What each workflow chooses. */
const EVENTS = [['messageReceived'], ['messageReceived', 'messageStatus'], ['messageStatus', 'messageSent', 'connected']];

/**
 * One delivery of each kind: the event that chooses it, how it is sent, and the same key read
 * from what was sent and from the item it gives.
 */
const KINDS = [
	{ event: 'messageReceived', emit: (t, inst, tag) => t.emit(inst, 'text', { message: tag }), sent: (p) => p.text.message, item: (i) => i.event === 'message' && !i.fromMe && i.text },
	{ event: 'messageSent', emit: (t, inst, tag) => t.emit(inst, 'text', { message: tag, fromMe: true }), sent: (p) => p.text.message, item: (i) => i.event === 'message' && i.fromMe && i.text },
	{ event: 'messageStatus', emit: (t, inst, tag) => t.emit(inst, 'status', { status: 'READ', ids: [tag] }), sent: (p) => p.ids[0], item: (i) => i.event === 'status' && i.ids && i.ids[0] },
	{ event: 'connected', emit: (t, inst, _tag, round) => t.emit(inst, 'connected', { momment: Date.now() + round }), sent: (p) => String(p.momment), item: (i) => i.event === 'connected' && String(i.momment) },
];

function permutations(list) {
	if (list.length <= 1) return [list];
	return list.flatMap((first, index) => permutations([...list.slice(0, index), ...list.slice(index + 1)]).map((rest) => [first, ...rest]));
}

function sequenceScenario(up, down, heavy) {
	return {
		...(heavy ? { heavy: 'one of the 36 orders; all 36 run at engine level in test/nodes/ZApiTrigger/sharing.test.ts' } : {}),
		name: `three workflows on one instance: activated ${up.map((i) => `W${i + 1}`).join(' ')}, deactivated ${down.map((i) => `W${i + 1}`).join(' ')}`,
		timeoutMs: 180_000,
		async run(t) {
			const { assert, standIn } = t;
			const inst = await t.instance(`sharing ${up.join('')}-${down.join('')}`);
			standIn.setWebhook(inst.id, 'received', OTHER_PROGRAM);
			standIn.setWebhook(inst.id, 'status', OTHER_PROGRAM);
			standIn.setSentByMe(inst.id, false);
			const workflows = [];
			for (const [index, events] of EVENTS.entries()) {
				const wf = t.triggerWorkflow(inst, { events, options: {} }, { name: `e2e sharing W${index + 1}` });
				const deployed = await t.deploy(wf, { activate: false, name: `e2e sharing W${index + 1}` });
				workflows.push({ name: `W${index + 1}`, id: deployed.id, events, active: false, seen: 0, trigger: wf.nodes[0].name });
			}
			let round = 0;

			/** One delivery of each chosen kind; each workflow runs exactly for what it chose. */
			async function expectEachReceivesWhatItChose(step) {
				round++;
				const sent = [];
				for (const kind of KINDS) {
					if (!workflows.some((w) => w.active && w.events.includes(kind.event))) continue;
					const payload = await kind.emit(t, inst, `3EB0${t.hex(8).toUpperCase()}`, round);
					sent.push({ kind, key: `${kind.event}:${kind.sent(payload)}` });
				}
				for (const w of workflows) {
					w.expected = sent.filter(({ kind }) => w.active && w.events.includes(kind.event)).map(({ key }) => key);
					w.seen += w.expected.length;
				}
				for (const w of workflows) if (w.expected.length) await t.waitForExecutions(w.id, w.seen, { timeoutMs: 30_000 });
				await t.sleep(1_200);
				for (const w of workflows) {
					const list = await t.executions(w.id);
					const got = list
						.sort((a, b) => Number(a.id) - Number(b.id))
						.slice(w.seen - w.expected.length)
						.flatMap((execution) => t.nodeItems(execution, w.trigger))
						.map((item) => {
							const kind = KINDS.find((k) => k.item(item));
							return kind ? `${kind.event}:${kind.item(item)}` : `other:${item.event}`;
						});
					assert.equal(list.length, w.seen, `${step}: ${w.name} ran ${list.length} times, expected ${w.seen}`);
					assert.deepEqual(got.sort(), [...w.expected].sort(), `${step}: ${w.name} received ${JSON.stringify(got)}`);
				}
			}

			for (const index of up) {
				await t.activate(workflows[index].id);
				workflows[index].active = true;
				await expectEachReceivesWhatItChose(`after activating ${workflows[index].name}`);
			}
			for (const index of down) {
				await t.deactivate(workflows[index].id);
				workflows[index].active = false;
				if (workflows.some((w) => w.active)) await expectEachReceivesWhatItChose(`after deactivating ${workflows[index].name}`);
			}
			const end = standIn.snapshot(inst.id);
			assert.equal(end.webhooks.received, OTHER_PROGRAM, 'the other program’s received address is back');
			assert.equal(end.webhooks.status, OTHER_PROGRAM, 'the other program’s status address is back');
			assert.ok(!end.webhooks.connected, `the connected webhook is cleared: ${end.webhooks.connected}`);
			assert.equal(end.sentByMe, false, 'notify sent by me is off again, as it was');
		},
	};
}

/**
 * What an extra workflow costs the head's answer: the time the service waits for its answer
 * to a delivery (as the stand-in sees it, https included) with 1, 3 and 10 workflows on one
 * instance, each set its own, the others deactivated. Two ways, BENCH-style, printed only
 * (no timed assert; that every delivery reaches each workflow once is asserted):
 *
 * - paced: each delivery once every workflow's execution of the one before has ended, so
 *   the figure is what the head makes the service wait, not n8n's backlog;
 * - back to back: each delivery as soon as the one before was answered, so the members'
 *   webhook calls and executions of earlier deliveries share n8n's process with it.
 *
 * N8N_E2E_SHARING_DELIVERIES sets the deliveries per set and way (50).
 */
const costScenario = {
	heavy: 'a measure of what an extra workflow costs, not a behaviour the orders do not prove',
	name: 'workflows on one instance: what each extra workflow costs the head’s answer (1, 3, 10 workflows)',
	timeoutMs: 1_200_000,
	async run(t) {
		const COUNT = Number(process.env.N8N_E2E_SHARING_DELIVERIES || 50);
		const WARM_UP = 5;
		const figures = {};
		let previous = [];
		for (const size of [1, 3, 10]) {
			const inst = await t.instance(`sharing cost ${size}`);
			const set = [];
			for (let index = 1; index <= size; index++) {
				const wf = t.triggerWorkflow(inst, { events: ['messageReceived'], options: {} }, { name: `e2e sharing cost ${size}/${index}` });
				set.push(await t.deploy(wf, { activate: false, name: `e2e sharing cost ${size}/${index}` }));
			}
			for (const each of previous) await t.deactivate(each.id);
			for (const each of set) await t.activate(each.id);
			previous = set;
			let sent = 0;
			const ended = async (id) =>
				(await t.n8n.executions(id, { includeData: false, limit: 250 })).filter((e) => e.finished || !['new', 'running', 'waiting', 'unknown'].includes(e.status)).length;
			/** Until every workflow of the set ran for every delivery sent (false when they did not within the time). */
			async function quiet(withinMs = 120_000) {
				const deadline = Date.now() + withinMs;
				for (;;) {
					const counts = await Promise.all(set.map((each) => ended(each.id)));
					if (counts.every((count) => count >= sent)) return true;
					if (Date.now() > deadline) return false;
					await t.sleep(40);
				}
			}
			async function answerTimes(count, paced) {
				const times = [];
				for (let i = 0; i < count; i++) {
					if (paced) t.assert.ok(await quiet(), `the executions of delivery ${sent} of ${size} workflow(s) ended`);
					const started = process.hrtime.bigint();
					await t.emit(inst, 'text', { message: `cost ${size} ${sent}` });
					times.push(Number(process.hrtime.bigint() - started) / 1e6);
					sent++;
				}
				times.sort((a, b) => a - b);
				return { median: times[Math.floor(times.length / 2)], p90: times[Math.floor(times.length * 0.9)] };
			}
			/** Executions per workflow of the set, in n8n's list (up to 250 here). */
			const counts = async () => await Promise.all(set.map(async (each) => (await t.n8n.executions(each.id, { includeData: false, limit: 250 })).length));
			await answerTimes(WARM_UP, true);
			const paced = await answerTimes(COUNT, true);
			t.assert.ok(await quiet(), 'the paced deliveries’ executions ended');
			await t.sleep(1_200);
			// Paced, every delivery reached every workflow of the set, once.
			t.assert.deepEqual(await counts(), set.map(() => sent), `executions per workflow of ${size}, for ${sent} paced deliveries`);
			console.log(`      ${size} workflow${size > 1 ? 's' : ''}, paced: ${paced.median.toFixed(1)} ms (p90 ${paced.p90.toFixed(1)})`);
			const before = sent;
			const backToBack = await answerTimes(COUNT, false);
			// Back to back n8n may fall behind its members' webhook calls by more than their tries: printed, not asserted.
			await quiet(180_000);
			await t.sleep(1_200);
			const after = (await counts()).map((count) => count - before);
			console.log(
				`      ${size} workflow${size > 1 ? 's' : ''}, back to back: ${backToBack.median.toFixed(1)} ms (p90 ${backToBack.p90.toFixed(1)}); executions per workflow for its ${COUNT} deliveries: ${after.join(', ')}`,
			);
			figures[size] = { paced, backToBack };
		}
		for (const each of previous) await t.deactivate(each.id);
		const perExtra = (way, size) => (figures[size][way].median - figures[1][way].median) / (size - 1);
		for (const way of ['paced', 'backToBack']) {
			console.log(
				`      head's answer, ${way === 'paced' ? 'paced' : 'back to back'}, median (p90) of ${COUNT}: ${[1, 3, 10]
					.map((size) => `${size} workflow${size > 1 ? 's' : ''} ${figures[size][way].median.toFixed(1)} ms (${figures[size][way].p90.toFixed(1)})`)
					.join(', ')}; per extra workflow: 1→3 ${perExtra(way, 3).toFixed(1)} ms, 1→10 ${perExtra(way, 10).toFixed(1)} ms`,
			);
		}
	},
};

const ORDERS = permutations([0, 1, 2]);
const SEQUENCES = ORDERS.flatMap((up) => ORDERS.map((down) => [up, down]));
/** Every ninth sequence (0, 9, 18, 27): heads W1, W1, W2, W3, leaving first, last, in the middle, in the middle. */
const IN_CI = (index) => index % 9 === 0;

module.exports = {
	group: 'sharing',
	order: 12,
	scenarios: [...SEQUENCES.map(([up, down], index) => sequenceScenario(up, down, !IN_CI(index))), costScenario],
};
