#!/usr/bin/env node
'use strict';
/**
 * The packed package in n8n 2.41.1 run in queue mode, with real parts started here:
 * Postgres and Redis (Debian's packages, private copies on ports 5441 and 6391), one main
 * process (editor and activation; production webhooks off), two `n8n webhook` processors
 * behind an https round-robin proxy (WEBHOOK_URL), two `n8n worker` processes, and the
 * Z-API stand-in delivering to the proxy.
 *
 *   npm run test:queue
 *   N8N_QUEUE_DELIVERIES=2000 npm run test:queue   # fewer deliveries (default 10000)
 *   N8N_QUEUE_CONCURRENCY=32                       # deliveries in flight at once (default 32)
 *   N8N_QUEUE_BURST_CHATS=10                       # people typing at once in the bursts check (default 200)
 *   N8N_QUEUE_SHARING_ORDERS=4                     # of the 36 orders of the sharing check, this
 *                                                  # many, spread over them (default all 36)
 *   N8N_E2E_TARBALL=x.tgz                          # use this tarball instead of build + pack
 *   N8N_E2E_KEEP=1                                 # keep the n8n user folders (their logs)
 *   N8N_QUEUE_EXPRESSION_ENGINE=legacy             # the cluster's expression engine (default vm, n8n's)
 *   N8N_QUEUE_LAZY_ISOLATES=false                  # n8n's eager isolates (default true: lazy)
 *   N8N_QUEUE_PROCESS_ENV='{"N8N_EXPRESSION_ENGINE_POOL_SIZE":"4"}'  # more environment for
 *                                                  # every process of the cluster, to try a setting
 *
 * The cluster runs n8n's defaults but one, the setting docs/running-at-scale.md recommends:
 * N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true. With n8n 2.41.1's eager default, every delivery
 * to a trigger other than n8n's own Webhook node builds and disposes expression isolates
 * even when no expression is evaluated, which holds 2 cores to 6-10 deliveries/s (10,000
 * would take 17-28 min); lazily, an isolate is built only for an expression, and the same
 * burst takes minutes. Figures for the settings: docs/running-at-scale.md.
 *
 * Checks, in order: an action workflow (Send Text → Add Participants → Get Messages) runs on
 * a worker with the same output and the same requests to the service as in regular mode;
 * the trigger activated from main registers the proxy's address; every one of the distinct
 * deliveries starts exactly one execution with its item, both processors and both workers
 * taking a share; forged deliveries are refused on every processor; repeated deliveries
 * (after the first was answered, and at the same moment on both processors); deactivation
 * from main clears the webhook. One line per check (ok/FAIL, name, ms); the last line is
 * "N passed, N failed"; exit 1 when anything failed.
 */
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');

const { ensureN8n, makeCertificate, startN8n, httpRequest } = require('../lib/n8n');
const { buildAndPack, nodeItems } = require('../run');
const { createStandIn } = require('../../stand-in/server');
const { ensureServicePackages, startPostgres, startRedis } = require('./services');
const { startRoundRobinProxy } = require('./proxy');
const { ASK, withBookingDialogue } = require('../lib/bookingDialogue');
const { conversationsAtOnce } = require('../lib/conversationsAtOnce');
const { DEFAULT_TRANSCRIPTION_KEY } = require('../../stand-in/transcription');

const LINE = '2';
const PORTS = {
	postgres: 5441,
	redis: 6391,
	main: [5740, 5741],
	webhook: [
		[5742, 5743],
		[5744, 5745],
	],
	worker: [
		[5746, 5747],
		[5748, 5749],
	],
	regular: [5760, 5761],
};
const DELIVERIES = Number(process.env.N8N_QUEUE_DELIVERIES || 10_000);
const CONCURRENCY = Number(process.env.N8N_QUEUE_CONCURRENCY || 32);
const WORKER_CONCURRENCY = 10;
const SHARING_ORDERS = Math.min(36, Math.max(1, Number(process.env.N8N_QUEUE_SHARING_ORDERS || 36)));
const EXPRESSION_ENGINE = process.env.N8N_QUEUE_EXPRESSION_ENGINE || 'vm';
const LAZY_ISOLATES = (process.env.N8N_QUEUE_LAZY_ISOLATES || 'true') !== 'false';
/**
 * Upper bounds, so a stuck cluster ends the run instead of hanging it, far above what was
 * measured on a loaded 2-core machine (docs/running-at-scale.md).
 */
const SLOWEST_MS_PER_DELIVERY = EXPRESSION_ENGINE === 'vm' && !LAZY_ISOLATES ? 400 : 200;
const SEND_LIMIT_MS = Math.max(120_000, DELIVERIES * SLOWEST_MS_PER_DELIVERY);
const EXECUTION_LIMIT_MS = Math.max(120_000, DELIVERIES * 50);
const RUN_LIMIT_MS = Number(process.env.N8N_QUEUE_TIMEOUT_MS || SEND_LIMIT_MS + EXECUTION_LIMIT_MS + 15 * 60_000);
const SEQUENTIAL_REPEATS = 6;
const CONCURRENT_REPEATS = 6;
/** The newest deliveries of the burst sent again after it (the memory keeps the newest 300). */
const RESENT_AFTER_BURST = 100;
/** Longer than n8n takes to save the static data after the trigger answered (measured: see docs/running-at-scale.md). */
const REPEAT_PAUSE_MS = 1_000;

const TRIGGER_TYPE = '@n8n-nodes-zapi/n8n-nodes-zapi.zApiTrigger';
const ACTION_TYPE = '@n8n-nodes-zapi/n8n-nodes-zapi.zApi';
const CHAT_PHONE = '5511912340077';
const GROUP_ID = '120363019502650977-group';
const NEW_PARTICIPANT = '5511955550001';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log(...a);
const hex = (bytes) => crypto.randomBytes(bytes).toString('hex');
const seconds = (ms) => (ms / 1000).toFixed(1);

// ---------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------
const results = [];
function record(name, ok, ms, error) {
	results.push({ name, ok });
	log(`${ok ? 'ok  ' : 'FAIL'} ${name} ${ms} ms`);
	if (!ok) log(String(error && error.stack ? error.stack : error).replace(/^/gm, '      '));
}
/** Runs one check; a failed check is recorded and returns undefined. `required` stops the run. */
async function check(name, fn, { required = false } = {}) {
	const started = Date.now();
	try {
		const value = await fn();
		record(name, true, Date.now() - started);
		return value;
	} catch (e) {
		record(name, false, Date.now() - started, e);
		if (required) throw new StopRun(name);
		return undefined;
	}
}
class StopRun extends Error {}

function summary() {
	const passed = results.filter((r) => r.ok).length;
	return { passed, failed: results.length - passed };
}

// ---------------------------------------------------------------------------
// Workflows
// ---------------------------------------------------------------------------
function credentialRef(credential) {
	return { zApiApi: { id: String(credential.id), name: credential.name } };
}

/** Webhook → Send Text → Add Participants → Get Messages, each node one Z-API operation. */
function actionWorkflow(credential) {
	const zapi = (name, x, parameters) => ({
		id: crypto.randomUUID(),
		name,
		type: ACTION_TYPE,
		typeVersion: 1,
		position: [x, 0],
		parameters,
		credentials: credentialRef(credential),
	});
	return {
		name: `queue: Z-API actions [${hex(3)}]`,
		nodes: [
			{
				id: crypto.randomUUID(),
				name: 'Start',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: crypto.randomUUID(),
				parameters: { httpMethod: 'POST', path: `zapi-queue-${hex(4)}`, responseMode: 'onReceived', options: {} },
			},
			zapi('Send Text', 250, { resource: 'message', operation: 'sendText', phone: CHAT_PHONE, message: 'hello from a worker', options: {} }),
			zapi('Add Participants', 500, { resource: 'group', operation: 'addParticipants', groupId: GROUP_ID, phones: NEW_PARTICIPANT, autoInvite: false }),
			zapi('Get Messages', 750, { resource: 'chat', operation: 'getMessages', phone: CHAT_PHONE, returnAll: false, limit: 4, options: {} }),
		],
		connections: {
			Start: { main: [[{ node: 'Send Text', type: 'main', index: 0 }]] },
			'Send Text': { main: [[{ node: 'Add Participants', type: 'main', index: 0 }]] },
			'Add Participants': { main: [[{ node: 'Get Messages', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}
const ACTION_NODES = ['Send Text', 'Add Participants', 'Get Messages'];

/**
 * Bursts in queue mode: BURST_CHATS people typing at once (N8N_QUEUE_BURST_CHATS, 200 by
 * default), each writing BURST_SIZE messages 0.5 s apart, the chats starting within 1 s, every
 * message delivered twice at the same moment. Each execution waits out the quiet period on a
 * worker slot (2 × 10 slots), so most start long after their message arrived: the trigger
 * records each message as it arrives, and the bursts must come out whole all the same.
 */
const BURST_CHATS = Math.max(1, Number(process.env.N8N_QUEUE_BURST_CHATS || 200));
const BURST_SIZE = 3;
const BURST_GAP_MS = 500;
const BURST_QUIET_SECONDS = 3;

/**
 * Z-API Trigger → Combine Quick Messages → "Agent" (a No Op standing for the AI Agent, unless
 * `agent` gives another node's type and parameters).
 */
function conversationWorkflow(
	credential,
	stateCredential,
	{
		// The trigger's own repeat memory off: copies of a message reach Combine Quick Messages.
		trigger = { events: ['messageReceived', 'messageSent'], options: { ignoreRepeats: false } },
		agent = { type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} },
		// Combine Quick Messages' own parameters and credentials beyond the defaults.
		combine = {},
		// A node after "Agent" (the answer), with its name.
		answer,
	} = {},
) {
	return {
		name: `queue: conversation [${hex(3)}]`,
		nodes: [
			// The trigger records each message as it arrives for Combine Quick Messages: Followed by Combine
			// Quick Messages on (version 1.2), with the credential too.
			{
				...triggerWorkflow(credential).nodes[0],
				typeVersion: 1.2,
				parameters: { ...trigger, followedByCombine: true },
				credentials: { ...credentialRef(credential), zApiConversationStateApi: stateCredential },
			},
			{
				id: crypto.randomUUID(),
				name: 'Combine',
				type: ACTION_TYPE,
				typeVersion: 1,
				position: [220, 0],
				parameters: { resource: 'conversation', operation: 'combineMessages', quietSeconds: BURST_QUIET_SECONDS, maxWaitSeconds: 30, options: {}, ...combine.parameters },
				credentials: { zApiConversationStateApi: stateCredential, ...combine.credentials },
			},
			{ id: crypto.randomUUID(), name: 'Agent', position: [440, 0], ...agent },
			...(answer ? [{ id: crypto.randomUUID(), position: [660, 0], ...answer }] : []),
		],
		connections: {
			'Z-API Trigger': { main: [[{ node: 'Combine', type: 'main', index: 0 }]] },
			Combine: { main: [[{ node: 'Agent', type: 'main', index: 0 }]] },
			...(answer ? { Agent: { main: [[{ node: answer.name, type: 'main', index: 0 }]] } } : {}),
		},
		settings: { executionOrder: 'v1' },
	};
}

function triggerWorkflow(credential) {
	return {
		name: `queue: Z-API Trigger [${hex(3)}]`,
		nodes: [
			{
				id: crypto.randomUUID(),
				name: 'Z-API Trigger',
				type: TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				webhookId: crypto.randomUUID(),
				parameters: { events: ['messageReceived'], options: {} },
				credentials: credentialRef(credential),
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/**
 * A stand-in for the action workflow. A sent message stays SENT (no RECEIVED/READ steps
 * after it), so what Get Messages reads does not depend on how fast the run was.
 */
function actionStandIn(extra = {}) {
	return createStandIn({ recordRequests: true, sendStatuses: [], ...extra });
}

/** The same instance, group and chat in every stand-in, so two runs can be compared. */
function seedActionInstance(standIn, instance) {
	standIn.addInstance({ id: instance.id, token: instance.token, name: 'queue actions' });
	standIn.addGroup(instance.id, { id: GROUP_ID, name: 'Queue group', participants: ['5511988887777', '5511977776666'] });
	standIn.seedChat(instance.id, CHAT_PHONE, { count: 6 });
}

async function createCredential(n8n, standIn, instance, name) {
	const created = await n8n.createCredential(name, 'zApiApi', {
		instanceId: instance.id,
		instanceToken: instance.token,
		clientToken: '',
		baseUrl: standIn.url,
	});
	return { id: String(created.id), name };
}

/**
 * Output with what differs between two runs by nature replaced: ids the service makes up
 * become <id1>, <id2>... in order of appearance (the same id keeps its name, so "the sent
 * message is the newest of the chat" survives), times become <time>.
 */
function comparable(value) {
	const names = new Map();
	const idKey = (key) => /(^id$|Id$)/.test(key) && key !== 'instanceId';
	const timeKey = (key) => /^(momment|timestamp|time|creation)$/.test(key);
	const walk = (v, key) => {
		if (Array.isArray(v)) return v.map((x) => walk(x, key));
		if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
		if (key && timeKey(key) && v !== null) return '<time>';
		if (key && idKey(key) && typeof v === 'string') {
			if (!names.has(v)) names.set(v, `<id${names.size + 1}>`);
			return names.get(v);
		}
		return v;
	};
	return walk(value);
}

/** Deploys the action workflow on `n8n`, POSTs to its webhook at `webhookBase`, returns what it did. */
async function runActionWorkflow({ n8n, standIn, instance, webhookBase, ca }) {
	const credential = await createCredential(n8n, standIn, instance, `Z-API actions ${hex(3)}`);
	const wf = actionWorkflow(credential);
	const created = await n8n.createWorkflow(wf);
	await n8n.activate(created.id);
	const start = wf.nodes.find((n) => n.name === 'Start');
	const answer = await httpRequest('POST', `${webhookBase}webhook/${start.parameters.path}`, { body: { from: 'test' }, ca, timeoutMs: 60_000 });
	assert.equal(answer.status, 200, `the Webhook node answered ${answer.status}: ${answer.text.slice(0, 300)}`);
	const [execution] = await n8n.waitForExecutions(created.id, { count: 1, timeoutMs: 120_000 });
	const full = (await n8n.executions(created.id, { includeData: true })).find((e) => e.id === execution.id);
	await n8n.deactivate(created.id);
	const outputs = Object.fromEntries(ACTION_NODES.map((name) => [name, nodeItems(full, name)]));
	return { executionId: String(full.id), status: full.status, mode: full.mode, outputs, requests: standIn.requests(instance.id) };
}

/** What the action workflow must have done, whatever the mode. */
function assertActionResult(run, what) {
	assert.equal(run.status, 'success', `${what}: execution ${run.executionId} ended ${run.status}`);
	const [sent] = run.outputs['Send Text'];
	assert.ok(sent && typeof sent.messageId === 'string' && sent.messageId, `${what}: Send Text gave ${JSON.stringify(run.outputs['Send Text'])}`);
	assert.equal(run.outputs['Add Participants'][0]?.success, true, `${what}: Add Participants gave ${JSON.stringify(run.outputs['Add Participants'])}`);
	const messages = run.outputs['Get Messages'];
	assert.equal(messages.length, 4, `${what}: Get Messages gave ${messages.length} items`);
	assert.ok(messages.every((m) => m.phone === CHAT_PHONE), `${what}: a message of another chat`);
	const newest = messages.find((m) => m.messageId === sent.messageId);
	assert.ok(newest, `${what}: the sent message is not among the newest 4 of the chat`);
	assert.equal(newest.fromMe, true);
	const calls = run.requests.map((r) => `${r.method} ${r.path}`);
	for (const expected of ['POST /send-text', 'POST /add-participant', `GET /chat-messages/${CHAT_PHONE}`]) {
		assert.ok(calls.includes(expected), `${what}: no ${expected} among ${JSON.stringify(calls)}`);
	}
	const body = (p) => run.requests.find((r) => r.path === p)?.body;
	assert.deepEqual(body('/send-text'), { phone: CHAT_PHONE, message: 'hello from a worker' });
	assert.deepEqual(body('/add-participant'), { groupId: GROUP_ID, phones: [NEW_PARTICIPANT], autoInvite: false });
}

// ---------------------------------------------------------------------------
// Reading executions from Postgres
// ---------------------------------------------------------------------------
function n8nModules(installDir) {
	const req = createRequire(path.join(installDir, 'node_modules', 'n8n', 'package.json'));
	return { pg: req('pg'), flatted: req('flatted') };
}

const ENDED = ['success', 'error', 'crashed', 'canceled'];

async function executionCounts(db, workflowId) {
	const { rows } = await db.query(
		`SELECT count(*)::int AS total, count(*) FILTER (WHERE status = ANY($2))::int AS ended, max("stoppedAt") AS "lastStop"
		   FROM execution_entity WHERE "workflowId" = $1`,
		[workflowId, ENDED],
	);
	return rows[0];
}

/** Waits until `count` executions of the workflow ended and nothing else is left running. */
async function waitForEnded(db, workflowId, count, { timeoutMs, label }) {
	const end = Date.now() + timeoutMs;
	let last;
	let lastLog = Date.now();
	for (;;) {
		last = await executionCounts(db, workflowId);
		if (last.ended >= count && last.total === last.ended) return last;
		if (Date.now() > end) throw new Error(`${label}: after ${timeoutMs} ms ${last.ended} of ${count} executions ended (${last.total} recorded)`);
		if (Date.now() - lastLog > 15_000) {
			log(`      ${label}: ${last.ended}/${count} executions ended`);
			lastLog = Date.now();
		}
		await sleep(500);
	}
}

/** Every execution of the workflow after `afterId`, with the trigger's items. */
async function triggerExecutions(db, flatted, workflowId, afterId = 0) {
	const list = [];
	let cursor = afterId;
	for (;;) {
		const { rows } = await db.query(
			`SELECT e.id, e.status, e.mode, d.data FROM execution_entity e JOIN execution_data d ON d."executionId" = e.id
			  WHERE e."workflowId" = $1 AND e.id > $2 ORDER BY e.id LIMIT 500`,
			[workflowId, cursor],
		);
		if (!rows.length) return list;
		for (const row of rows) {
			const data = flatted.parse(row.data);
			const items = data?.resultData?.runData?.['Z-API Trigger']?.[0]?.data?.main?.[0] ?? [];
			list.push({ id: Number(row.id), status: row.status, mode: row.mode, items: items.map((i) => i.json) });
		}
		cursor = Number(rows[rows.length - 1].id);
	}
}

function byMessageId(executions) {
	const map = new Map();
	for (const e of executions) {
		for (const item of e.items) {
			if (!map.has(item.messageId)) map.set(item.messageId, []);
			map.get(item.messageId).push(e);
		}
	}
	return map;
}

/** Execution id -> the workers whose log says they finished it. */
function executionsByWorker(workers) {
	const map = new Map();
	const perWorker = {};
	for (const w of workers) {
		const text = fs.readFileSync(w.logFile, 'utf8');
		perWorker[w.name] = 0;
		for (const m of text.matchAll(/Worker finished execution (\d+)/g)) {
			perWorker[w.name]++;
			const id = Number(m[1]);
			if (!map.has(id)) map.set(id, []);
			map.get(id).push(w.name);
		}
	}
	return { map, perWorker };
}

/** Runs `task(i)` for i < count, at most `limit` at once, until done or the deadline. */
async function pool(count, limit, deadline, task) {
	let next = 0;
	const lane = async () => {
		while (next < count && Date.now() < deadline) await task(next++);
	};
	await Promise.all(Array.from({ length: Math.min(limit, count) }, lane));
	return next;
}

// ---------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------
async function main() {
	const startedAt = Date.now();
	const figures = {};
	const cleanups = [];
	const guard = setTimeout(() => {
		record(`the whole run finished within ${RUN_LIMIT_MS} ms (N8N_QUEUE_TIMEOUT_MS)`, false, RUN_LIMIT_MS, 'timed out');
		finish();
	}, RUN_LIMIT_MS);
	guard.unref();
	const finish = () => {
		const { passed, failed } = summary();
		log(`${passed} passed, ${failed} failed`);
		process.exit(failed ? 1 : 0);
	};
	process.once('SIGINT', () => {
		record('run interrupted (SIGINT)', false, 0, 'SIGINT');
		finish();
	});
	process.once('SIGTERM', () => {
		record('run terminated (SIGTERM)', false, 0, 'SIGTERM');
		finish();
	});

	try {
		await runSuite(figures, cleanups);
	} catch (e) {
		if (!(e instanceof StopRun)) record('queue-mode suite ran to its end', false, 0, e);
	} finally {
		for (const fn of cleanups.reverse()) {
			try {
				await fn();
			} catch (e) {
				log(`clean-up: ${e.message}`);
			}
		}
	}
	if (figures.deliveries) {
		const f = figures;
		log(
			`figures: ${f.deliveries} deliveries in ${seconds(f.sendMs)} s (${(f.deliveries / (f.sendMs / 1000)).toFixed(1)} deliveries/s), ` +
				`${f.executions} executions finished ${seconds(f.executionMs)} s after the first delivery (${(f.executions / (f.executionMs / 1000)).toFixed(1)} executions/s); ` +
				`processors ${JSON.stringify(f.processors)}, workers ${JSON.stringify(f.workers)}`,
		);
	}
	if (figures.repeats) log(`repeats (executions per delivery sent twice): ${JSON.stringify(figures.repeats)}`);
	if (figures.installMs !== undefined) log(`apt install of the services: ${seconds(figures.installMs)} s${figures.installed ? ` (${figures.installed})` : ' (already installed)'}`);
	log(`total ${seconds(Date.now() - startedAt)} s`);
	clearTimeout(guard);
	finish();
}

async function runSuite(figures, cleanups) {
	let packed;
	let install;
	let pg;
	let redis;
	await check(
		'setup: Postgres and Redis from Debian packages, started privately',
		async () => {
			const installed = ensureServicePackages();
			figures.installMs = installed.ms;
			figures.installed = installed.said;
			pg = await startPostgres({ port: PORTS.postgres });
			cleanups.push(() => pg.stop());
			redis = await startRedis({ port: PORTS.redis });
			cleanups.push(() => redis.stop());
			log(`      Postgres ${pg.version} on ${pg.port}, ${redis.version.split(' sha=')[0]} on ${redis.port}`);
		},
		{ required: true },
	);
	await check(
		'setup: package built and packed, n8n 2.41.1 installed',
		async () => {
			packed = process.env.N8N_E2E_TARBALL ? { tarball: path.resolve(process.env.N8N_E2E_TARBALL), dir: null } : buildAndPack();
			if (packed.dir) cleanups.push(() => fs.rmSync(packed.dir, { recursive: true, force: true }));
			install = ensureN8n(LINE);
		},
		{ required: true },
	);
	const { pg: pgModule, flatted } = n8nModules(install.dir);
	const actionInstance = { id: hex(16).toUpperCase(), token: hex(12).toUpperCase() };

	// Regular mode first: the reference the queue-mode run of the same workflow must match.
	const reference = await check('regular mode: the action workflow runs (reference for queue mode)', async () => {
		const standIn = actionStandIn();
		await standIn.start(0);
		let n8n;
		try {
			seedActionInstance(standIn, actionInstance);
			n8n = await startN8n({ line: LINE, install, packageTarball: packed.tarball, port: PORTS.regular[0], brokerPort: PORTS.regular[1] });
			const run = await runActionWorkflow({ n8n, standIn, instance: actionInstance, webhookBase: n8n.webhookUrl, ca: n8n.ca });
			assertActionResult(run, 'regular mode');
			return run;
		} finally {
			if (n8n) await n8n.stop();
			await standIn.stop();
		}
	});

	// The cluster.
	const tlsDir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'zapi-queue-tls-'));
	const removeTls = () => fs.rmSync(tlsDir, { recursive: true, force: true });
	process.on('exit', removeTls); // also when the run is cut short
	const cert = makeCertificate(tlsDir);
	const proxy = await startRoundRobinProxy({
		key: cert.key,
		cert: cert.cert,
		backends: PORTS.webhook.map(([port], i) => ({ name: `webhook-${i + 1}`, port })),
	});
	cleanups.push(() => proxy.close());
	const standIn = actionStandIn({ deliveryCa: cert.cert, deliveryConcurrency: CONCURRENCY, deliveryTimeoutMs: 60_000 });
	await standIn.start(0);
	cleanups.push(() => standIn.stop());

	const queueEnv = {
		...pg.env,
		...redis.env,
		EXECUTIONS_MODE: 'queue',
		WEBHOOK_URL: proxy.url,
		EXECUTIONS_DATA_PRUNE: 'false',
		N8N_LOG_LEVEL: 'info',
		N8N_EXPRESSION_ENGINE: EXPRESSION_ENGINE,
		N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: String(LAZY_ISOLATES),
		// Every process trusts the proxy's certificate, as it would a public one: triggers of
		// several workflows on one instance pass deliveries to each other through it, and the
		// Z-API Trigger hands a reply to its waiting execution at WEBHOOK_URL (the proxy).
		NODE_EXTRA_CA_CERTS: cert.certPath,
		...JSON.parse(process.env.N8N_QUEUE_PROCESS_ENV || '{}'),
	};
	/**
	 * n8n's binary data mode in this cluster: with none set, n8n 2.x stores files in the
	 * database in queue mode (n8n-core's BinaryDataConfig: `database` in queue mode,
	 * `filesystem` otherwise); filesystem mode would need one folder shared by every process.
	 */
	const BINARY_DATA_MODE = queueEnv.N8N_DEFAULT_BINARY_DATA_MODE || 'database';
	let main;
	const processors = [];
	const workers = [];
	// Stopped together: each may take its shutdown grace time.
	const cluster = [];
	cleanups.push(() => Promise.all(cluster.map((p) => p.stop())));
	await check(
		'setup: main, 2 webhook processors and 2 workers boot in queue mode on Postgres and Redis',
		async () => {
			const t0 = Date.now();
			main = await startN8n({
				line: LINE,
				install,
				packageTarball: packed.tarball,
				https: false,
				port: PORTS.main[0],
				brokerPort: PORTS.main[1],
				env: { ...queueEnv, N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' },
			});
			cluster.push(main);
			const others = await Promise.all([
				...PORTS.webhook.map(([port, brokerPort], i) =>
					startN8n({ line: LINE, install, packageTarball: packed.tarball, command: 'webhook', https: false, port, brokerPort, env: queueEnv }).then((p) => {
						cluster.push(p);
						return Object.assign(p, { name: `webhook-${i + 1}` });
					}),
				),
				...PORTS.worker.map(([port, brokerPort], i) =>
					startN8n({
						line: LINE,
						install,
						packageTarball: packed.tarball,
						command: 'worker',
						args: [`--concurrency=${WORKER_CONCURRENCY}`],
						https: false,
						port,
						brokerPort,
						env: queueEnv,
					}).then((p) => {
						cluster.push(p);
						return Object.assign(p, { name: `worker-${i + 1}` });
					}),
				),
			]);
			processors.push(...others.filter((p) => p.command === 'webhook'));
			workers.push(...others.filter((p) => p.command === 'worker'));
			const types = (await main.nodeTypes()).map((t) => t.name);
			for (const type of [TRIGGER_TYPE, ACTION_TYPE]) assert.ok(types.includes(type), `main did not load ${type}`);
			// Each process has the package in its own user folder; that they load it shows below
			// (processors run the trigger, workers the action node).
			for (const p of [...processors, ...workers]) {
				assert.ok(fs.existsSync(path.join(p.packages[0].dir, 'package.json')), `${p.name} has no package in ${p.userFolder}`);
			}
			// Main must not answer production webhooks: they belong to the processors.
			const onMain = await httpRequest('POST', `${main.baseUrl}/webhook/anything`, { body: {} });
			assert.ok(onMain.status === 404, `main answered a production webhook with ${onMain.status}`);
			log(`      cluster ready in ${seconds(Date.now() - t0)} s (main ${seconds(main.bootMs)} s); proxy ${proxy.url}; expression engine ${EXPRESSION_ENGINE}${LAZY_ISOLATES ? ', lazy isolates' : ''}`);
		},
		{ required: true },
	);
	const db = new pgModule.Client({ host: pg.host, port: pg.port, user: pg.user, database: pg.database });
	await db.connect();
	cleanups.push(() => db.end());

	// 4. The action workflow on a worker, compared with regular mode.
	seedActionInstance(standIn, actionInstance);
	const queued = await check('queue mode: the action workflow runs on a worker, through a webhook processor', async () => {
		const run = await runActionWorkflow({ n8n: main, standIn, instance: actionInstance, webhookBase: proxy.url, ca: cert.cert });
		assertActionResult(run, 'queue mode');
		assert.equal(run.mode, 'webhook');
		const { map } = executionsByWorker(workers);
		const ranOn = map.get(Number(run.executionId)) ?? [];
		assert.equal(ranOn.length, 1, `execution ${run.executionId} finished on ${JSON.stringify(ranOn)} (worker logs)`);
		log(`      execution ${run.executionId} ran on ${ranOn[0]}`);
		return run;
	});
	if (reference && queued) {
		await check('queue mode: the action workflow gives the same output and the same service requests as regular mode', async () => {
			assert.deepEqual(comparable(queued.outputs), comparable(reference.outputs));
			assert.deepEqual(queued.requests, reference.requests);
		});
	}

	/** A Conversation State credential of this n8n (its API, its key), as the nodes reference it. */
	const stateCredentialRef = async (name) => ({
		id: String((await main.createCredential(name, 'zApiConversationStateApi', { baseUrl: `${main.baseUrl}/api/v1`, apiKey: main.apiKey })).id),
		name,
	});

	// Send and Wait for Reply in queue mode: the question runs on a worker, which keeps it in the
	// data table of this n8n; the trigger, on a webhook processor, reads it there when the answer
	// comes. Nothing on the worker writes static data.
	await check('queue mode: Send and Wait for Reply waits on a worker; another chat does not resume it, a wrong answer is asked again, the button resumes it and starts nothing else; an unanswered question ends at its limit', async () => {
		const asker = { id: hex(16).toUpperCase(), token: hex(12).toUpperCase() };
		standIn.addInstance({ id: asker.id, token: asker.token, name: 'queue reply' });
		const credential = await createCredential(main, standIn, asker, 'Z-API queue reply');
		const ANA = '5511933339999';
		const BRUNO = '5511933338888';
		const SILENT = '5511933337777';
		const dialogue = triggerWorkflow(credential);
		dialogue.name = `queue: reply in chat [${hex(3)}]`;
		withBookingDialogue(dialogue, {
			after: 'Z-API Trigger',
			actionType: ACTION_TYPE,
			credentials: credentialRef(credential),
			state: await stateCredentialRef('queue reply state'),
			// The silent chat's question ends at its limit (n8n looks for due waits about once a minute).
			askExtra: { options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: `={{ $json.phone === '${SILENT}' ? 0.1 : 10 }}`, resumeUnit: 'minutes' } } } },
		});
		const id = String((await main.createWorkflow(dialogue)).id);
		await main.activate(id);
		const sentTo = (phone) => standIn.sent(asker.id).filter((s) => s.phone === phone);
		const questionsTo = (phone) => sentTo(phone).filter((s) => s.path === '/send-button-list');
		// What the workflow's executions say, for a failure's message.
		const described = async () =>
			JSON.stringify((await main.executions(id, { includeData: true })).map((e) => [e.status, e.data?.resultData?.error?.message, e.data?.resultData?.error?.description]));
		const until = async (what, fn, timeoutMs = 60_000) => {
			const end = Date.now() + timeoutMs;
			while (Date.now() < end) {
				const value = fn();
				if (value) return value;
				await sleep(300);
			}
			throw new Error(`waited ${timeoutMs} ms for ${what}; the executions: ${await described()}`);
		};
		const statuses = async () => (await main.executions(id, { includeData: false })).map((e) => e.status);
		try {
			for (const phone of [ANA, SILENT]) {
				const res = await standIn.emit(asker.id, 'text', { phone, message: 'I would like to book' });
				assert.equal(res.delivered.status, 200);
			}
			const [question] = await until('the question to Ana', () => (questionsTo(ANA).length ? questionsTo(ANA) : null));
			await until('the question to the silent chat', () => questionsTo(SILENT).length > 0);
			// The worker puts an execution to wait once its question is sent and placed: a busy cluster takes a few seconds.
			const waitingBy = Date.now() + 15_000;
			while (Date.now() < waitingBy && (await statuses()).some((status) => status !== 'waiting')) await sleep(500);
			assert.deepEqual((await statuses()).sort(), ['waiting', 'waiting']);

			// Another chat starts the workflow as usual; Ana's wait goes on.
			await standIn.emit(asker.id, 'button', { phone: BRUNO, overrides: { buttonsResponseMessage: { buttonId: 'tue', message: 'Tuesday' } } });
			await until('the question to Bruno', () => questionsTo(BRUNO).length > 0);

			// A wrong answer is asked again, quoting it; nothing starts.
			const wrong = await standIn.emit(asker.id, 'text', { phone: ANA, message: 'Friday?' });
			const again = await until('the question asked again', () => sentTo(ANA).find((s) => s.body.message === 'Please tap Monday or Tuesday.'));
			assert.equal(again.body.messageId, wrong.payload.messageId);

			// The button resumes Ana's execution on a worker; nothing else starts.
			await standIn.emit(asker.id, 'button', { phone: ANA, overrides: { buttonsResponseMessage: { buttonId: 'tue', message: 'Tuesday' }, referenceMessageId: question.messageId } });
			await until('the booking confirmed', () => sentTo(ANA).some((s) => s.body.message === 'Booked: Tuesday'));
			await until('the silent chat at its limit', () => sentTo(SILENT).some((s) => s.body.message === 'No answer: nothing booked.'), 150_000);
			await sleep(1_500);
			assert.equal(questionsTo(ANA).length, 1, 'an answer started the workflow again');
			const list = await main.executions(id, { includeData: true });
			assert.equal(list.length, 3, JSON.stringify(list.map((e) => [e.id, e.status])));
			const ended = list.filter((e) => e.status === 'success');
			assert.equal(ended.length, 2, JSON.stringify(list.map((e) => [e.id, e.status])));
			const output = (execution) => execution.data?.resultData?.runData?.[ASK]?.at(-1)?.data?.main?.[0]?.[0]?.json ?? {};
			const anas = ended.find((e) => output(e).phone === ANA);
			assert.ok(anas, 'no ended execution for Ana');
			assert.equal(output(anas).buttonId, 'tue');
			assert.equal(output(anas).questionMessageId, question.messageId);
			assert.equal(output(anas).replied, true);
			const { map } = executionsByWorker(workers);
			for (const execution of ended) assert.ok((map.get(Number(execution.id)) ?? []).length >= 1, `execution ${execution.id} ran on no worker (worker logs)`);
		} finally {
			await main.deactivate(id);
		}
	});

	// Twenty conversations at once in queue mode: the starts and the answers spread over both
	// webhook processors, the questions and the resumed executions over both workers.
	await check('queue mode: twenty conversations asked at the same moment and answered at the same moment: each execution resumes with its own chat\'s answer, none lost, crossed or doubled, and the answers start nothing', async () => {
		const asker = { id: hex(16).toUpperCase(), token: hex(12).toUpperCase() };
		standIn.addInstance({ id: asker.id, token: asker.token, name: 'queue replies at once' });
		const credential = await createCredential(main, standIn, asker, 'Z-API queue replies at once');
		const dialogue = triggerWorkflow(credential);
		dialogue.name = `queue: replies at once [${hex(3)}]`;
		withBookingDialogue(dialogue, { after: 'Z-API Trigger', actionType: ACTION_TYPE, credentials: credentialRef(credential), state: await stateCredentialRef('queue replies at once state') });
		const id = String((await main.createWorkflow(dialogue)).id);
		await main.activate(id);
		try {
			await conversationsAtOnce(
				{
					emit: async (phone, kind, fields) => {
						const res = await standIn.emit(asker.id, kind, fields);
						assert.equal(res.delivered.status, 200, `${kind} from ${phone}: ${res.delivered.status} ${res.delivered.error ?? ''}`);
						return res.payload;
					},
					sent: (phone) => standIn.sent(asker.id).filter((s) => s.phone === phone),
					executions: () => main.executions(id, { includeData: true }),
					triggerName: 'Z-API Trigger',
					sleep,
					log,
				},
				{ count: 20, phoneOf: (index) => `55119555${String(index).padStart(5, '0')}` },
			);
		} finally {
			await main.deactivate(id);
		}
	});

	// 3. The trigger.
	const inst = { id: hex(16).toUpperCase(), token: hex(12).toUpperCase() };
	standIn.addInstance({ id: inst.id, token: inst.token, name: 'queue trigger' });
	const credential = await createCredential(main, standIn, inst, 'Z-API queue trigger');
	const wf = triggerWorkflow(credential);
	const trigger = wf.nodes[0];
	let workflowId;
	let registered;
	await check(
		'trigger: activated from main, the stand-in holds the signed address of the proxy',
		async () => {
			workflowId = String((await main.createWorkflow(wf)).id);
			await main.activate(workflowId);
			registered = standIn.snapshot(inst.id).webhooks.received;
			const url = new URL(registered);
			assert.equal(`${url.origin}${url.pathname}`, `${proxy.url}webhook/${trigger.webhookId}/webhook`);
			assert.match(url.searchParams.get('activation') ?? '', /^[0-9a-f]{32}$/);
			assert.match(url.searchParams.get('signature') ?? '', /^[0-9a-f]{64}$/);
		},
		{ required: true },
	);

	/** Status and body of the answer to an emit (from the stand-in's delivery log). */
	const answerOf = (res) => {
		const entry = standIn.deliveries({ instanceId: inst.id }).find((d) => d.seq === res.seq);
		return { status: res.delivered.status, body: entry?.responseBody ?? null };
	};

	// Distinct deliveries.
	const tag = hex(4).toUpperCase();
	const bulkId = (i) => `3EB0Q${tag}${String(i).padStart(6, '0')}`;
	const phoneOf = (i) => `55119000000${i % 10}`;
	const before = proxy.counts();
	const statuses = {};
	const failures = [];
	const answered = new Array(DELIVERIES).fill(null);
	const sendStart = Date.now();
	const sent = await pool(DELIVERIES, CONCURRENCY, sendStart + SEND_LIMIT_MS, async (i) => {
		const res = await standIn.emit(inst.id, 'text', { phone: phoneOf(i), message: `queue message ${bulkId(i)}`, messageId: bulkId(i) });
		answered[i] = res.delivered.status;
		const key = res.delivered.status ?? 'error';
		statuses[key] = (statuses[key] || 0) + 1;
		if (res.delivered.status !== 200 && failures.length < 5) failures.push(`${bulkId(i)}: ${res.delivered.status} ${res.delivered.error ?? res.delivered.responseBody ?? ''}`);
	});
	const sendMs = Date.now() - sendStart;
	const after = proxy.counts();
	const share = Object.fromEntries(Object.keys(after).map((k) => [k, after[k].requests - before[k].requests]));
	log(`      ${sent} deliveries in ${seconds(sendMs)} s: answers ${JSON.stringify(statuses)}, processors ${JSON.stringify(share)}`);
	await check(`trigger: ${DELIVERIES} distinct deliveries, ${CONCURRENCY} at a time, all answered 200 within ${SEND_LIMIT_MS / 1000} s`, async () => {
		assert.equal(sent, DELIVERIES, `only ${sent} sent before the time limit`);
		assert.deepEqual(statuses, { 200: DELIVERIES }, `answers ${JSON.stringify(statuses)}; first failures ${JSON.stringify(failures)}`);
	});
	await check('trigger: both webhook processors received a share of the deliveries', async () => {
		for (const p of processors) assert.ok(share[p.name] > 0, `${p.name} received none: ${JSON.stringify(share)}`);
	});
	let bulk = [];
	await check(`trigger: every accepted delivery gave exactly one execution with its item (0 lost, 0 duplicated)`, async () => {
		// A delivery answered other than 200 (n8n overloaded) must start nothing; the others one each.
		const accepted = answered.filter((status) => status === 200).length;
		const ended = await waitForEnded(db, workflowId, accepted, { timeoutMs: EXECUTION_LIMIT_MS, label: 'bulk' });
		const executionMs = new Date(ended.lastStop).getTime() - sendStart;
		await sleep(2_000);
		bulk = await triggerExecutions(db, flatted, workflowId);
		const map = byMessageId(bulk);
		const lost = [];
		const duplicated = [];
		const wrong = [];
		for (let i = 0; i < sent; i++) {
			const id = bulkId(i);
			const list = map.get(id) ?? [];
			if (answered[i] === 200 && !list.length) lost.push(id);
			if (answered[i] !== 200 && list.length) wrong.push(`${id} answered ${answered[i]} but started ${list.length}`);
			if (list.length > 1) duplicated.push(`${id} x${list.length}`);
			for (const e of list) {
				const [item] = e.items;
				if (e.items.length !== 1 || item.text !== `queue message ${id}` || item.phone !== phoneOf(i) || e.status !== 'success' || e.mode !== 'webhook') {
					wrong.push(`${e.id}: ${e.status}/${e.mode} ${JSON.stringify(e.items).slice(0, 200)}`);
				}
			}
		}
		const strangers = bulk.filter((e) => e.items.some((item) => !String(item.messageId).startsWith(`3EB0Q${tag}`)));
		figures.deliveries = sent;
		figures.sendMs = sendMs;
		figures.executions = bulk.length;
		figures.executionMs = executionMs;
		figures.processors = share;
		log(`      ${bulk.length} executions for ${accepted} accepted deliveries, the last finished ${seconds(executionMs)} s after the first delivery; lost ${lost.length}, duplicated ${duplicated.length}`);
		assert.deepEqual({ lost: lost.slice(0, 5), duplicated: duplicated.slice(0, 5), wrong: wrong.slice(0, 5) }, { lost: [], duplicated: [], wrong: [] });
		assert.equal(lost.length + duplicated.length + wrong.length, 0);
		assert.equal(bulk.length, accepted, `${bulk.length} executions for ${accepted} accepted deliveries (${strangers.length} of other deliveries)`);
	});
	await check('trigger: both workers executed a share, each execution on exactly one worker', async () => {
		const { map, perWorker } = executionsByWorker(workers);
		const notOnOne = bulk.filter((e) => (map.get(e.id) ?? []).length !== 1);
		const shares = Object.fromEntries(workers.map((w) => [w.name, bulk.filter((e) => map.get(e.id)?.[0] === w.name).length]));
		figures.workers = shares;
		log(`      worker shares ${JSON.stringify(shares)} (all finished lines ${JSON.stringify(perWorker)})`);
		assert.equal(notOnOne.length, 0, `${notOnOne.length} executions not finished by exactly one worker, e.g. ${notOnOne.slice(0, 3).map((e) => e.id)}`);
		for (const w of workers) assert.ok(shares[w.name] > 0, `${w.name} executed none`);
	});
	const lastBulkId = bulk.length ? Math.max(...bulk.map((e) => e.id)) : 0;

	// Forged deliveries, through the proxy: each kind twice, so each processor gets one.
	const forgedIds = [];
	await check('trigger: forged deliveries are refused on both processors (bad signature 403, old/other activation 403, unsigned 401)', async () => {
		const url = new URL(registered);
		const activation = url.searchParams.get('activation');
		const signature = url.searchParams.get('signature');
		const otherActivation = hex(16);
		const scope = `${workflowId}:${trigger.id}`;
		const signedOther = crypto.createHmac('sha256', inst.token).update(`${scope}:${otherActivation}`).digest('hex');
		const withQuery = (q) => `${url.origin}${url.pathname}${q}`;
		const kinds = [
			{ name: 'bad signature', url: withQuery(`?activation=${activation}&signature=${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`), status: 403, error: 'Invalid signature' },
			{ name: 'other activation', url: withQuery(`?activation=${otherActivation}&signature=${signedOther}`), status: 403, error: 'Invalid signature' },
			{ name: 'unsigned', url: withQuery(''), status: 401, error: 'Unsigned delivery' },
		];
		const beforeForged = proxy.counts();
		for (const kind of kinds) {
			for (let n = 0; n < 2; n++) {
				const messageId = `3EB0F${tag}${forgedIds.length}`;
				forgedIds.push(messageId);
				const answer = answerOf(await standIn.emit(inst.id, 'text', { phone: phoneOf(0), message: 'forged', messageId, url: kind.url }));
				assert.equal(answer.status, kind.status, `${kind.name}: answered ${answer.status} ${answer.body}`);
				assert.deepEqual(JSON.parse(answer.body), { error: kind.error });
			}
		}
		const afterForged = proxy.counts();
		for (const p of processors) {
			const refused = ['401', '403'].reduce((sum, s) => sum + (afterForged[p.name].statuses[s] ?? 0) - (beforeForged[p.name].statuses[s] ?? 0), 0);
			assert.equal(refused, 3, `${p.name} refused ${refused} of its 3 forged deliveries`);
		}
	});

	// Repeats: the same delivery (same messageId and time) twice.
	const processorUrl = (p) => {
		const url = new URL(registered);
		return `http://127.0.0.1:${PORTS.webhook[processors.indexOf(p)][0]}${url.pathname}${url.search}`;
	};
	/**
	 * The same delivery (same messageId and time) twice: sent again as soon as the first was
	 * answered, sent again after a pause, and two copies at the same moment. Always to the
	 * other processor than the first copy.
	 */
	const repeatKinds = [
		{ key: 'immediate', prefix: 'I', pauseMs: 0, what: 'sent again as soon as the first was answered' },
		{ key: 'paused', prefix: 'P', pauseMs: REPEAT_PAUSE_MS, what: `sent again ${REPEAT_PAUSE_MS} ms after the first was answered` },
	];
	const repeats = { immediate: [], paused: [], concurrent: [], afterBurst: [] };
	for (const kind of repeatKinds) {
		await check(`trigger: ${SEQUENTIAL_REPEATS} deliveries ${kind.what}, to the other processor`, async () => {
			for (let r = 0; r < SEQUENTIAL_REPEATS; r++) {
				const fields = { phone: phoneOf(r), message: `repeat ${kind.key} ${r}`, messageId: `3EB0${kind.prefix}${tag}${r}`, momment: Date.now() };
				const [first, second] = r % 2 ? [processors[1], processors[0]] : [processors[0], processors[1]];
				const a = answerOf(await standIn.emit(inst.id, 'text', { ...fields, url: processorUrl(first) }));
				if (kind.pauseMs) await sleep(kind.pauseMs);
				const b = answerOf(await standIn.emit(inst.id, 'text', { ...fields, url: processorUrl(second) }));
				repeats[kind.key].push({ messageId: fields.messageId, answers: [a, b] });
				assert.deepEqual([a.status, b.status], [200, 200], JSON.stringify([a, b]));
			}
		});
	}
	await check(`trigger: ${CONCURRENT_REPEATS} deliveries sent twice at the same moment, once to each processor`, async () => {
		for (let r = 0; r < CONCURRENT_REPEATS; r++) {
			const fields = { phone: phoneOf(r), message: `twin ${r}`, messageId: `3EB0C${tag}${r}`, momment: Date.now() };
			const answers = (await Promise.all(processors.map((p) => standIn.emit(inst.id, 'text', { ...fields, url: processorUrl(p) })))).map(answerOf);
			repeats.concurrent.push({ messageId: fields.messageId, answers });
			assert.deepEqual(answers.map((a) => a.status), [200, 200], JSON.stringify(answers));
		}
	});
	// The memory under load: the last distinct deliveries of the burst, sent again one by one
	// through the proxy. n8n saves the whole static data after each delivery, so saves made
	// side by side overwrite each other (repeats.ts): how many are still recognised is measured.
	await check(`trigger: the last ${RESENT_AFTER_BURST} deliveries of the burst sent again afterwards are answered 200`, async () => {
		const lastOnes = standIn
			.deliveries({ instanceId: inst.id, source: 'emit' })
			.filter((d) => String(d.payload?.messageId).startsWith(`3EB0Q${tag}`))
			.sort((a, b) => a.seq - b.seq)
			.slice(-RESENT_AFTER_BURST);
		for (const d of lastOnes) {
			const answer = answerOf(await standIn.deliverRaw({ instanceId: inst.id, webhook: 'received', payload: d.payload }));
			repeats.afterBurst.push({ messageId: d.payload.messageId, answers: [{ status: 200, body: '{"started":true}' }, answer] });
			assert.equal(answer.status, 200, JSON.stringify(answer));
		}
	});
	const started = (answer) => JSON.parse(answer.body ?? '{}').started;
	let late = [];
	const executionsOf = (id) => byMessageId(late).get(id) ?? [];
	const describe = (list) => JSON.stringify(list.map((x) => [executionsOf(x.messageId).length, ...x.answers.map(started)]));
	await check('trigger: forged deliveries started nothing; every first copy of a repeat started one execution', async () => {
		// What the answers announced: one execution per copy answered "started".
		const announced = [...repeats.immediate, ...repeats.paused, ...repeats.concurrent].reduce((sum, x) => sum + x.answers.filter(started).length, 0);
		const again = repeats.afterBurst.filter((x) => started(x.answers[1])).length;
		await waitForEnded(db, workflowId, bulk.length + announced + again, { timeoutMs: 60_000, label: 'repeats' });
		await sleep(3_000);
		late = await triggerExecutions(db, flatted, workflowId, lastBulkId);
		const afterBurst = byMessageId(await triggerExecutions(db, flatted, workflowId));
		for (const id of forgedIds) assert.equal(executionsOf(id).length, 0, `forged delivery ${id} started an execution`);
		for (const list of [repeats.immediate, repeats.paused, repeats.concurrent]) {
			for (const x of list) assert.ok(executionsOf(x.messageId).length >= 1, `${x.messageId} started nothing`);
		}
		log(`      [executions, started? per copy] immediate ${describe(repeats.immediate)}; paused ${describe(repeats.paused)}; same moment ${describe(repeats.concurrent)}`);
		const burstCounts = repeats.afterBurst.map((x) => (afterBurst.get(x.messageId) ?? []).length);
		for (const [i, n] of burstCounts.entries()) {
			const x = repeats.afterBurst[i];
			assert.equal(n, started(x.answers[1]) ? 2 : 1, `${x.messageId}: ${n} executions, answered ${x.answers[1].body}`);
		}
		figures.repeats = {
			...Object.fromEntries(['immediate', 'paused', 'concurrent'].map((k) => [k, repeats[k].map((x) => executionsOf(x.messageId).length)])),
			afterBurstRecognised: `${burstCounts.filter((n) => n === 1).length} of ${burstCounts.length}`,
		};
		log(`      repeats of the burst recognised: ${figures.repeats.afterBurstRecognised}`);
	});
	await check(`trigger: a repeat sent ${REPEAT_PAUSE_MS} ms after the first was answered starts nothing, whichever processor gets it`, async () => {
		for (const x of repeats.paused) {
			assert.equal(executionsOf(x.messageId).length, 1, `${x.messageId}: ${describe([x])}`);
			assert.deepEqual(x.answers.map(started), [true, false], `${x.messageId}: answers ${JSON.stringify(x.answers)}`);
		}
	});
	await check('trigger: a repeat sent the moment the first was answered, or at the same moment, starts at most one more execution (the documented limit)', async () => {
		for (const x of [...repeats.immediate, ...repeats.concurrent]) {
			const n = executionsOf(x.messageId).length;
			assert.ok(n === 1 || n === 2, `${x.messageId}: ${n} executions`);
			// The answer tells the truth: a copy answered "started" is one that started.
			assert.equal(x.answers.filter((a) => started(a)).length, n, `${x.messageId}: answers ${JSON.stringify(x.answers)} for ${n} executions`);
		}
	});

	/** A new instance of the stand-in, its credentials, and an active conversationWorkflow on it. */
	async function activeConversationWorkflow(name, nodes) {
		const instance = { id: hex(16).toUpperCase(), token: hex(12).toUpperCase() };
		standIn.addInstance({ id: instance.id, token: instance.token, name });
		const zapi = await createCredential(main, standIn, instance, `Z-API ${name}`);
		const stateName = `${name} state`;
		const state = await main.createCredential(stateName, 'zApiConversationStateApi', { baseUrl: `${main.baseUrl}/api/v1`, apiKey: main.apiKey });
		const id = String((await main.createWorkflow(conversationWorkflow(zapi, { id: String(state.id), name: stateName }, nodes))).id);
		await main.activate(id);
		return { instance, id };
	}

	// 5. Bursts: every message's execution may run on either processor and either worker.
	await check(
		`conversation: ${BURST_CHATS} people typing ${BURST_SIZE} quick messages ${BURST_GAP_MS} ms apart at once, each message sent twice at the same moment, spread over both processors and workers, reach the next node as exactly one item per chat with each message once, in order`,
		async () => {
			const { instance: chatInst, id } = await activeConversationWorkflow('queue conversation');
			try {
				const messages = BURST_CHATS * BURST_SIZE;
				const total = 2 * messages;
				const chatPhone = (chat) => `5511977${String(chat).padStart(6, '0')}`;
				const sentIds = new Map();
				const answers = {};
				const tagged = hex(3).toUpperCase();
				const startedAt = Date.now();
				// Each person types on a schedule of their own (a message every BURST_GAP_MS), whenever n8n answers the one before.
				await Promise.all(
					Array.from({ length: BURST_CHATS }, async (_, chat) => {
						const phone = chatPhone(chat);
						await sleep(Math.floor(Math.random() * 1000));
						const ids = Array.from({ length: BURST_SIZE }, (_, k) => `3EB0C${tagged}${String(chat).padStart(4, '0')}${k}`);
						sentIds.set(phone, ids);
						await Promise.all(
							ids.map(async (messageId, k) => {
								await sleep(BURST_GAP_MS * k);
								// Two copies at once: the proxy hands consecutive requests to different processors.
								const copies = await Promise.all([1, 2].map(() => standIn.emit(chatInst.id, 'text', { phone, message: `message ${k} of ${phone}`, messageId })));
								for (const res of copies) answers[res.delivered.status] = (answers[res.delivered.status] || 0) + 1;
							}),
						);
					}),
				);
				const sentFor = Date.now() - startedAt;
				assert.deepEqual(answers, { 200: total });
				await waitForEnded(db, id, total, { timeoutMs: 180_000 + total * 200, label: 'bursts' });
				const { rows } = await db.query(
					`SELECT e.id, e.status, d.data FROM execution_entity e JOIN execution_data d ON d."executionId" = e.id WHERE e."workflowId" = $1`,
					[id],
				);
				assert.deepEqual(rows.filter((row) => row.status !== 'success').map((row) => row.id), [], 'executions that did not succeed');
				const reached = rows.flatMap((row) => flatted.parse(row.data)?.resultData?.runData?.Agent?.[0]?.data?.main?.[0] ?? []).map((item) => item.json);
				assert.deepEqual(
					reached.map((item) => [item.chatId, item.count]).sort(),
					[...sentIds.keys()].sort().map((phone) => [phone, BURST_SIZE]),
					JSON.stringify(reached.map((item) => [item.chatId, item.count])),
				);
				for (const item of reached) assert.deepEqual(item.messageIds, sentIds.get(item.chatId), 'each message once, in order');
				const { map } = executionsByWorker(workers);
				const ranOn = new Set(rows.flatMap((row) => map.get(Number(row.id)) ?? []));
				log(`      ${rows.length} executions (sent in ${sentFor} ms), ${reached.length} reached the next node; workers ${JSON.stringify([...ranOn].sort())}`);
			} finally {
				await main.deactivate(id);
			}
		},
	);

	// A burst's files: the trigger (on a processor) downloads the photo into n8n's binary
	// storage, Combine Quick Messages (on a worker) stores it again in the execution that goes
	// on, and the node after it reads the bytes, maybe on the other worker.
	await check(
		`conversation: a photo and a text in one burst reach the next node with the photo's bytes readable (n8n's binary data mode in queue mode: ${BINARY_DATA_MODE})`,
		async () => {
			const hash = {
				type: 'n8n-nodes-base.crypto',
				typeVersion: 1,
				parameters: { action: 'hash', type: 'SHA256', binaryData: true, binaryPropertyName: 'data', dataPropertyName: 'sha256', encoding: 'hex' },
			};
			const { instance: mediaInst, id } = await activeConversationWorkflow('queue burst media', { trigger: { events: ['messageReceived'], options: { downloadMedia: true } }, agent: hash });
			try {
				const phone = '5511977990001';
				const photo = await standIn.emit(mediaInst.id, 'image', { phone, media: true, mediaBytes: 40_000 });
				assert.equal(photo.delivered.status, 200, `the photo was answered ${photo.delivered.status} ${photo.delivered.error ?? ''}`);
				await sleep(1_000);
				const text = await standIn.emit(mediaInst.id, 'text', { phone, message: 'o que é isso?' });
				assert.equal(text.delivered.status, 200, `the text was answered ${text.delivered.status} ${text.delivered.error ?? ''}`);
				await waitForEnded(db, id, 2, { timeoutMs: 60_000, label: 'burst with a photo' });
				await sleep(BURST_QUIET_SECONDS * 1000 + 2_000);
				const { rows } = await db.query(
					`SELECT e.id, e.status, d.data FROM execution_entity e JOIN execution_data d ON d."executionId" = e.id WHERE e."workflowId" = $1 ORDER BY e.id`,
					[id],
				);
				assert.equal(rows.length, 2, `${rows.length} executions for two messages`);
				const errorOf = (row) => flatted.parse(row.data)?.resultData?.error?.message;
				assert.deepEqual(rows.filter((row) => row.status !== 'success').map((row) => [row.id, row.status, errorOf(row)]), [], 'executions that did not succeed');
				const reached = rows.flatMap((row) => flatted.parse(row.data)?.resultData?.runData?.Agent?.[0]?.data?.main?.[0] ?? []);
				assert.equal(reached.length, 1, `${reached.length} items reached the next node`);
				const [item] = reached;
				assert.deepEqual([item.json.count, item.json.kinds], [2, ['image', 'text']]);
				assert.equal(item.json.missingFiles, undefined, JSON.stringify(item.json.missingFiles));
				assert.equal(item.json.sha256, photo.media.sha256, 'the file the next node read is not the photo');
				// Where the trigger put the photo says which binary data mode the cluster runs.
				const triggerFiles = rows.flatMap((row) => flatted.parse(row.data)?.resultData?.runData?.['Z-API Trigger']?.[0]?.data?.main?.[0] ?? []).flatMap((i) => Object.values(i.binary ?? {}));
				assert.deepEqual(triggerFiles.map((file) => String(file.id).split(':')[0]), [BINARY_DATA_MODE], JSON.stringify(triggerFiles.map((file) => file.id)));
				const { map } = executionsByWorker(workers);
				log(`      executions on ${JSON.stringify(rows.map((row) => [Number(row.id), map.get(Number(row.id)) ?? []]))}; the photo stored as ${triggerFiles[0].id.split(':')[0]}`);
			} finally {
				await main.deactivate(id);
			}
		},
	);

	// A conversation that feels human, on the cluster: each feature's execution may run on either processor and worker.
	await check(
		'conversation: a message written while the bot answers, a person typing between messages, a voice note, a word that goes on at once: one answer each, with every message, in order',
		async () => {
			const instance = { id: hex(16).toUpperCase(), token: hex(12).toUpperCase() };
			standIn.addInstance({ id: instance.id, token: instance.token, name: 'queue conversation features' });
			const zapi = await createCredential(main, standIn, instance, 'Z-API queue conversation features');
			const stateName = 'queue conversation features state';
			const state = await main.createCredential(stateName, 'zApiConversationStateApi', { baseUrl: `${main.baseUrl}/api/v1`, apiKey: main.apiKey });
			const stateRef = { id: String(state.id), name: stateName };
			const openAi = await main.createCredential('queue OpenAI', 'openAiApi', { apiKey: DEFAULT_TRANSCRIPTION_KEY, url: `${standIn.url}/v1`, header: false });
			const workflow = conversationWorkflow(zapi, stateRef, {
				trigger: { events: ['messageReceived'], options: { downloadMedia: true } },
				// The "model": 4 s between the burst and its answer.
				agent: { type: 'n8n-nodes-base.wait', typeVersion: 1.1, parameters: { amount: 4, unit: 'seconds' } },
				combine: {
					parameters: { transcribeVoiceNotes: true, options: { goOnWords: 'atendente' } },
					credentials: { openAiApi: { id: String(openAi.id), name: 'queue OpenAI' } },
				},
				answer: {
					name: 'Answer',
					type: ACTION_TYPE,
					typeVersion: 1.1,
					parameters: { resource: 'message', operation: 'sendText', message: '=Answer to {{ $json.text }}', skipIfWroteAgain: true },
					credentials: { ...credentialRef(zapi), zApiConversationStateApi: stateRef },
				},
			});
			const id = String((await main.createWorkflow(workflow)).id);
			await main.activate(id);
			try {
				const [thinking, typing, voice, human] = ['5511977990011', '5511977990012', '5511977990013', '5511977990014'];
				const text = (phone, message) => standIn.emit(instance.id, 'text', { phone, message });
				const started = Date.now();
				await Promise.all([
					// 1. A third message 1.5 s into the answer to the first two.
					(async () => {
						await text(thinking, 'queria um bolo');
						await sleep(500);
						await text(thinking, 'de chocolate');
						await sleep(BURST_QUIET_SECONDS * 1000 + 1500);
						await text(thinking, 'para sábado');
					})(),
					// 2. Typing for 5 s between two messages, WhatsApp repeating "composing" every 2 s.
					(async () => {
						await text(typing, 'oi');
						for (let second = 0; second < 5; second += 1) {
							await sleep(1000);
							if (second % 2 === 0) await standIn.emit(instance.id, 'chatPresence', { phone: typing, status: 'COMPOSING' });
						}
						await standIn.emit(instance.id, 'chatPresence', { phone: typing, status: 'PAUSED' });
						await text(typing, 'tudo bem?');
					})(),
					// 3. A text and a voice note.
					(async () => {
						await text(voice, 'queria um bolo');
						await sleep(500);
						await standIn.emit(instance.id, 'audio', { phone: voice, media: true, transcript: 'de morango', overrides: { audio: { ptt: true, seconds: 3 } } });
					})(),
					// 4. A word that goes on at once.
					text(human, 'quero falar com um atendente'),
				]);
				await waitForEnded(db, id, 8, { timeoutMs: 90_000, label: 'conversation features' });
				const answersTo = (phone) => standIn.sent(instance.id).filter((one) => one.path === '/send-text' && one.body.phone === phone);
				// The last answer comes about 3 s (quiet) + 4 s (the model) after the last message.
				while (Date.now() - started < 60_000 && [thinking, typing, voice, human].some((phone) => !answersTo(phone).length)) await sleep(500);
				await sleep(2_000);
				assert.deepEqual(
					Object.fromEntries([thinking, typing, voice, human].map((phone) => [phone, answersTo(phone).map((one) => one.body.message)])),
					{
						[thinking]: ['Answer to queria um bolo\nde chocolate\npara sábado'],
						[typing]: ['Answer to oi\ntudo bem?'],
						[voice]: ['Answer to queria um bolo\n[voice note] de morango'],
						[human]: ['Answer to quero falar com um atendente'],
					},
				);
				const { rows } = await db.query(`SELECT e.id, e.status, d.data FROM execution_entity e JOIN execution_data d ON d."executionId" = e.id WHERE e."workflowId" = $1`, [id]);
				assert.deepEqual(rows.filter((row) => row.status !== 'success').map((row) => row.id), [], 'executions that did not succeed');
				const combined = rows.flatMap((row) => flatted.parse(row.data)?.resultData?.runData?.Combine?.[0]?.data?.main?.[0] ?? []).map((item) => item.json);
				const because = Object.fromEntries(combined.map((item) => [item.chatId, item.wentOnBecause]));
				assert.equal(because[human], 'keyword');
				assert.equal(because[typing], 'quietPeriod');
				const skipped = rows.flatMap((row) => flatted.parse(row.data)?.resultData?.runData?.Answer?.[0]?.data?.main?.[0] ?? []).filter((item) => item.json.skippedBecause);
				assert.deepEqual(skipped.map((item) => [item.json.chatId, item.json.skippedBecause]), [[thinking, 'personWroteAgain']]);
				const { map } = executionsByWorker(workers);
				log(`      ${rows.length} executions on workers ${JSON.stringify([...new Set(rows.flatMap((row) => map.get(Number(row.id)) ?? []))].sort())}`);
			} finally {
				await main.deactivate(id);
			}
		},
	);

	// Deactivation from main.
	await check('trigger: deactivated from main, the stand-in holds no address and the old one starts nothing', async () => {
		await main.deactivate(workflowId);
		assert.equal(standIn.snapshot(inst.id).webhooks.received, '');
		const res = await standIn.emit(inst.id, 'text', { phone: phoneOf(0), message: 'after', messageId: `3EB0D${tag}`, url: registered });
		assert.equal(res.delivered.status, 404, `the old address answered ${res.delivered.status}`);
		await sleep(1_500);
		const { total } = await executionCounts(db, workflowId);
		assert.equal(total, bulk.length + late.length, 'an execution was recorded after deactivation');
	});

	// Several workflows on one instance: every order of activating and deactivating three
	// workflows (36), from main, with the deliveries through the processors. One message per
	// step keeps the run short; which kinds each chooses is covered per order in regular mode.
	// CI takes a few orders spread over the 36 (N8N_QUEUE_SHARING_ORDERS); every order also
	// runs at engine level (test/nodes/ZApiTrigger/sharing.test.ts).
	const ordersWhat = SHARING_ORDERS === 36 ? 'all 36 orders' : `${SHARING_ORDERS} of the 36 orders`;
	await check(`sharing: three workflows on one instance, activated and deactivated from main in ${ordersWhat}, each runs exactly for its deliveries after every step, the other program is back after each order`, async () => {
		const OTHER_PROGRAM = 'https://crm.example.com/zapi/inbound';
		const shared = { id: hex(16).toUpperCase(), token: hex(12).toUpperCase() };
		standIn.addInstance({ id: shared.id, token: shared.token, name: 'queue sharing' });
		standIn.setWebhook(shared.id, 'received', OTHER_PROGRAM);
		const sharedCredential = await createCredential(main, standIn, shared, 'Z-API queue sharing');
		const ids = [];
		for (let i = 0; i < 3; i++) ids.push(String((await main.createWorkflow(triggerWorkflow(sharedCredential))).id));
		const active = new Set();
		const expected = new Map(ids.map((id) => [id, 0]));
		let sent = 0;
		async function round(step) {
			const res = await standIn.emit(shared.id, 'text', { phone: phoneOf(sent), message: `sharing ${step}`, messageId: `3EB0S${hex(6).toUpperCase()}` });
			sent++;
			assert.equal(res.delivered.status, 200, `${step}: a delivery was answered ${res.delivered.status} ${res.delivered.error ?? ''}`);
			for (const id of active) expected.set(id, expected.get(id) + 1);
			for (const id of active) await waitForEnded(db, id, expected.get(id), { timeoutMs: 60_000, label: step });
			await sleep(800);
			for (const [index, id] of ids.entries()) {
				const { total } = await executionCounts(db, id);
				assert.equal(total, expected.get(id), `${step}: W${index + 1} ran ${total} times, expected ${expected.get(id)}`);
			}
		}
		const permutations = (list) => (list.length <= 1 ? [list] : list.flatMap((first, i) => permutations([...list.slice(0, i), ...list.slice(i + 1)]).map((rest) => [first, ...rest])));
		const orders = permutations([0, 1, 2]);
		const sequences = orders.flatMap((up) => orders.map((down) => [up, down]));
		// Evenly spread: 4 gives sequences 0, 9, 18 and 27 (each workflow heads once; the head leaves first, last, in the middle).
		const chosen = Array.from({ length: SHARING_ORDERS }, (_, i) => sequences[Math.floor((i * sequences.length) / SHARING_ORDERS)]);
		for (const [up, down] of chosen) {
			const name = `up ${up.map((i) => `W${i + 1}`).join(' ')}, down ${down.map((i) => `W${i + 1}`).join(' ')}`;
			for (const index of up) {
				await main.activate(ids[index]);
				active.add(ids[index]);
				await round(`${name}: after activating W${index + 1}`);
			}
			for (const index of down) {
				await main.deactivate(ids[index]);
				active.delete(ids[index]);
				if (active.size) await round(`${name}: after deactivating W${index + 1}`);
			}
			assert.equal(standIn.snapshot(shared.id).webhooks.received, OTHER_PROGRAM, `${name}: the other program is not back`);
		}
		log(`      ${chosen.length} orders, ${sent} deliveries`);
	});

	await check('no process log holds the instance token or the delivery signature', async () => {
		const signature = new URL(registered).searchParams.get('signature');
		for (const p of [main, ...processors, ...workers]) {
			const text = fs.readFileSync(p.logFile, 'utf8');
			for (const secret of [inst.token, actionInstance.token, signature]) {
				assert.ok(!text.includes(secret), `${p.name ?? 'main'}'s log holds a secret`);
			}
		}
	});
}

main().catch((e) => {
	console.error(e.stack || e.message);
	console.log('0 passed, 1 failed');
	process.exit(1);
});
