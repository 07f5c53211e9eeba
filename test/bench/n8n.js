#!/usr/bin/env node
'use strict';
/**
 * The nodes in a real n8n against the stand-in, each beside the n8n node a user would
 * otherwise build the same thing with, measured in the same n8n in interleaved rounds:
 *
 *   Add Participants, Send Text    vs  HTTP Request node, same POSTs (token in the URL); Send
 *                                      Text also with the service answering after 20 ms
 *   Z-API Trigger                  vs  Webhook node (POST, respond at once), same JSON, and vs the
 *                                      floor: a minimal community trigger built here that returns
 *                                      the delivery's body as its item
 *   Reply bot: Z-API Trigger → Send Text  vs  Webhook node → HTTP Request node, latency from
 *                                      the delivery leaving to its reply reaching the service
 *   Get Messages, Return All       vs  HTTP Request node's pagination, same chat
 *   Bursts: Z-API Trigger → Combine Quick Messages → Send Text  vs  the recipe from n8n's nodes:
 *                                      Webhook → Redis push onto burst:<chat> → Redis set
 *                                      last:<chat> → Wait → Redis get last:<chat> → If it is this
 *                                      message → Redis get the list, delete it → HTTP Request;
 *                                      C chats writing 3 messages 0.5 s apart (a private
 *                                      redis-server; skipped when it is not installed)
 *   Conversation: the same bots with a model answering in 4 s before the reply, the package's
 *                                      with Skip If the Person Wrote Again; half the people type
 *                                      6 to 10 s (presence deliveries) before their third
 *                                      message, half write it 1.5 s into the model's answer
 *
 * The whole run is repeated per n8n setting in BENCH_N8N_MODES (default `defaults,lazy`; the
 * short run `defaults`): `defaults` is n8n as installed, `lazy` adds
 * N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true (an expression isolate only when an expression runs).
 * The reply bot and the bursts run in every mode; the other measures in the first mode only.
 *
 * Prints, per measure, min / median / max of each side and of the per-round ratio
 * (Z-API ÷ baseline): time per item, CPU per delivery (n8n's process group, /proc),
 * throughput, p50/p99 latency, n8n's memory over N deliveries (its heap after full garbage
 * collections, read through its inspector, and its RSS), requests per listing; for the
 * bursts, how many came back as exactly one reply holding all their texts in order (split, lost,
 * doubled), the time from a burst's last message to its reply beyond the quiet period, n8n CPU
 * per message (and the recipe's Redis server's), n8n API requests per message (counted by a
 * proxy the Conversation State credential points at), sustained messages/s. It fails
 * only on a broken run (n8n down, a refused call, missing items), never on a ratio.
 *
 *   npm run bench:n8n                   full run (2.x line)
 *   npm run bench:n8n -- --short        the short version CI runs (also BENCH_N8N_SHORT=1)
 *   npm run bench:n8n -- --profile=DIR  also write n8n's CPU profile (.cpuprofile) into DIR
 *
 * Sizes: BENCH_N8N_ROUNDS, BENCH_N8N_ITEMS (action items per round), BENCH_N8N_DELIVERIES
 * (trigger deliveries per round), BENCH_N8N_CONCURRENCY, BENCH_N8N_MEMORY_DELIVERIES (per
 * side), BENCH_N8N_MEMORY_REST_MS (n8n's rest before its heap is read after a chunk, 20 s;
 * short 3 s), BENCH_N8N_MESSAGES (chat size), BENCH_N8N_REPLIES (reply-bot messages per round and
 * side), BENCH_N8N_REPLY_RATE (messages/s of the latency measure, 5), BENCH_N8N_REPLY_PARTS=1
 * (the reply bot also as its halves, each beside n8n's own node, and without the repeat memory:
 * where the difference comes from; and n8n's bot reading the same credential),
 * BENCH_N8N_BURST_CHATS (chats per burst run, `10,50,200`; short `10`), BENCH_N8N_BURST_ROUNDS
 * (3; short 1), BENCH_N8N_CONVERSATION_CHATS (10), BENCH_N8N_ONLY=action,trigger,reply,messages,memory,burst,conversation.
 * BENCH_N8N_LINE=1 for the 1.x line; N8N_E2E_TARBALL reuses a packed tarball. n8n listens on
 * the first free port from BENCH_N8N_PORT (5780), its task broker from BENCH_N8N_BROKER_PORT (5790);
 * BENCH_N8N_ENV=KEY=VALUE,... passes settings to n8n.
 */
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { fork, execFileSync } = require('node:child_process');

const { ensureN8n, startN8n } = require('../e2e/lib/n8n');
const { buildAndPack, freePort } = require('../e2e/run');
const { createStandIn } = require('../stand-in/server');
const fixtures = require('../fixtures/callbacks');

const args = process.argv.slice(2);
const flag = (name) => args.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
const SHORT = !!flag('short') || process.env.BENCH_N8N_SHORT === '1';
const profileArg = flag('profile');
const PROFILE_DIR = profileArg ? path.resolve(profileArg.split('=')[1] || 'n8n-profile') : process.env.BENCH_N8N_PROFILE;
const num = (name, full, short) => Number(process.env[name] || (SHORT ? short : full));
const LINE = process.env.BENCH_N8N_LINE || '2';
const ROUNDS = num('BENCH_N8N_ROUNDS', 5, 2);
const ITEMS = num('BENCH_N8N_ITEMS', 1000, 50);
const DELIVERIES = num('BENCH_N8N_DELIVERIES', 300, 30);
const CONCURRENCY = num('BENCH_N8N_CONCURRENCY', 4, 2);
const MEMORY_DELIVERIES = num('BENCH_N8N_MEMORY_DELIVERIES', 10_000, 100);
const MESSAGES = num('BENCH_N8N_MESSAGES', 2000, 100);
const REPLIES = num('BENCH_N8N_REPLIES', 150, 20);
const REPLY_RATE = num('BENCH_N8N_REPLY_RATE', 5, 5);
const REPLY_PARTS = process.env.BENCH_N8N_REPLY_PARTS === '1';
/** Service latency of the slow Send Text case, in ms. */
const SLOW_SERVICE_MS = 20;
const PAGE_SIZE = 10;
const BURST_CHATS = (process.env.BENCH_N8N_BURST_CHATS || (SHORT ? '10' : '10,50,200')).split(',').map((s) => Number(s.trim()));
const BURST_ROUNDS = num('BENCH_N8N_BURST_ROUNDS', 3, 1);
const ONLY = (process.env.BENCH_N8N_ONLY || 'action,trigger,reply,messages,memory,burst,conversation').split(',').map((s) => s.trim());
const MODES = {
	defaults: {},
	lazy: { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' },
};
const MODE_NAMES = (process.env.BENCH_N8N_MODES || (SHORT ? 'defaults' : 'defaults,lazy')).split(',').map((s) => s.trim());
for (const name of MODE_NAMES) if (!MODES[name]) throw new Error(`BENCH_N8N_MODES: unknown mode ${name} (known: ${Object.keys(MODES).join(', ')})`);
const epochMs = () => performance.timeOrigin + performance.now();

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log(...a);
const hex = (bytes) => crypto.randomBytes(bytes).toString('hex');

// ---------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------
const sorted = (values) => [...values].sort((a, b) => a - b);
function quantile(values, q) {
	const s = sorted(values);
	if (!s.length) return NaN;
	return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}
const median = (values) => {
	const s = sorted(values);
	const mid = s.length >> 1;
	return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const fmt = (v, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : String(v));
const triple = (values, digits) => `${fmt(Math.min(...values), digits)} / ${fmt(median(values), digits)} / ${fmt(Math.max(...values), digits)}`;

const rows = [];
/** The n8n setting the measures being taken run under (a prefix of every summary row). */
let currentMode = '';
/** Monotonic time spans of each side's load, so a CPU profile can be cut by side (profile-summary.js --window). */
const windows = [];
const nowUs = () => Number(process.hrtime.bigint() / 1000n);
async function timed(name, fn) {
	const start = nowUs();
	try {
		return await fn();
	} finally {
		windows.push({ name, start, end: nowUs() });
	}
}
/** One measure: per-round values of both sides; the ratio is taken round by round. */
function report(measure, unit, zapi, baseline, target) {
	const ratios = zapi.map((v, i) => v / baseline[i]);
	rows.push({ measure: `[${currentMode}] ${measure}`, unit, zapi, baseline, ratios, target });
	log(`  ${measure}: Z-API ${triple(zapi)} ${unit}, baseline ${triple(baseline)} ${unit}, ratio ${triple(ratios, 2)}`);
}

// ---------------------------------------------------------------------------
// The n8n process group, read from /proc
// ---------------------------------------------------------------------------
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU ms (user + system) of every process in the group (n8n and its task runner). */
function groupCpuMs(pgid) {
	let ticks = 0;
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		let stat;
		try {
			stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
		} catch {
			continue;
		}
		// Fields after the command name (which may hold spaces), 1-based from field 3.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		if (Number(fields[2]) !== pgid) continue;
		ticks += Number(fields[11]) + Number(fields[12]);
	}
	return (ticks * 1000) / CLOCK_TICKS;
}

/** Waits until the group has used less than 2% of a core over 500 ms (executions saved). */
async function settle(pgid, { timeoutMs = 20_000 } = {}) {
	const end = Date.now() + timeoutMs;
	let before = groupCpuMs(pgid);
	while (Date.now() < end) {
		await sleep(500);
		const now = groupCpuMs(pgid);
		if (now - before <= 10) return;
		before = now;
	}
}

// ---------------------------------------------------------------------------
// Load child
// ---------------------------------------------------------------------------
function startLoad() {
	const child = fork(path.join(__dirname, 'n8n-load.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
	const pending = new Map();
	let seq = 0;
	child.on('message', (m) => {
		const p = pending.get(m.id);
		pending.delete(m.id);
		if (m.failure) p.reject(new Error(m.failure));
		else p.resolve(m);
	});
	child.on('exit', (code) => {
		for (const p of pending.values()) p.reject(new Error(`load process exited (${code})`));
		pending.clear();
	});
	const ask = (kind, spec) =>
		new Promise((resolve, reject) => {
			const id = ++seq;
			pending.set(id, { resolve, reject });
			child.send({ id, [kind]: spec });
		});
	return {
		burst: (spec) => ask('burst', spec),
		/** Each send of `spec.sends` at its own time (n8n-load.js). */
		schedule: (spec) => ask('schedule', spec),
		stop: () => child.connected && child.disconnect(),
	};
}

/** A burst that must be answered 200 every time: anything else is a broken run. */
async function burstOk(load, spec, what) {
	const result = await load.burst(spec);
	const ok = result.statuses[200] || 0;
	assert.equal(ok, spec.count, `${what}: ${ok} of ${spec.count} answered 200 (${JSON.stringify(result.statuses)} ${result.errors.join('; ')})`);
	return result;
}

// ---------------------------------------------------------------------------
// Counting front of the stand-in: how many listing requests, with which amount
// ---------------------------------------------------------------------------
function countingFront(targetUrl) {
	const target = new URL(targetUrl);
	const seen = [];
	const server = http.createServer((req, res) => {
		const url = new URL(req.url, 'http://front');
		if (url.pathname.includes('/chat-messages/')) seen.push({ amount: url.searchParams.get('amount'), cursor: url.searchParams.get('lastMessageId') });
		const upstream = http.request(
			{ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
			(up) => {
				res.writeHead(up.statusCode, up.headers);
				up.pipe(res);
			},
		);
		upstream.on('error', (e) => res.destroy(e));
		req.pipe(upstream);
	});
	return new Promise((resolve) => {
		server.listen(0, '127.0.0.1', () =>
			resolve({
				url: `http://127.0.0.1:${server.address().port}`,
				seen,
				stop: () => new Promise((r) => server.close(() => r())),
			}),
		);
	});
}

/**
 * The service as the reply bot and the slow Send Text case see it: POST …/send-text is answered
 * here (after `delayMs`, as a service with that latency would), with each send's arrival time
 * and message recorded; everything else (the trigger's registration) goes on to the stand-in.
 */
function replyFront(targetUrl) {
	const target = new URL(targetUrl);
	const front = { delayMs: 0, sends: [], url: '', stop: null };
	let sequence = 0;
	const server = http.createServer((req, res) => {
		if (req.method === 'POST' && req.url.endsWith('/send-text')) {
			const chunks = [];
			req.on('data', (c) => chunks.push(c));
			req.on('end', () => {
				const at = epochMs();
				let message = '';
				let phone = '';
				try {
					const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
					message = String(body.message ?? '');
					phone = String(body.phone ?? '');
				} catch {
					// Recorded without a message: the run then finds a reply missing and fails.
				}
				front.sends.push({ at, message, phone });
				const id = `BENCH${++sequence}`;
				const answer = () => {
					res.writeHead(200, { 'content-type': 'application/json' });
					res.end(JSON.stringify({ zaapId: id, messageId: id, id }));
				};
				if (front.delayMs > 0) setTimeout(answer, front.delayMs);
				else answer();
			});
			return;
		}
		const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
			res.writeHead(up.statusCode, up.headers);
			up.pipe(res);
		});
		upstream.on('error', (e) => res.destroy(e));
		req.pipe(upstream);
	});
	// Many keep-alive connections at once: the HTTP Request node opens one per item in flight.
	server.maxConnections = 0;
	server.keepAliveTimeout = 30_000;
	return new Promise((resolve) => {
		server.listen(0, '127.0.0.1', () => {
			front.url = `http://127.0.0.1:${server.address().port}`;
			front.stop = () =>
				new Promise((r) => {
					server.closeAllConnections?.();
					server.close(() => r());
				});
			resolve(front);
		});
	});
}

// ---------------------------------------------------------------------------
// The floor: the cheapest trigger a community package can have
// ---------------------------------------------------------------------------
const FLOOR_PACKAGE = 'n8n-nodes-bench-floor';
const FLOOR_TYPE = `${FLOOR_PACKAGE}.benchFloorTrigger`;

/**
 * Packs a community package holding one trigger node that returns the delivery's body as its
 * item and answers at once: what n8n costs for any community trigger, whatever it does.
 */
function packFloorTrigger() {
	const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'bench-floor-'));
	const pkg = path.join(dir, 'package');
	fs.mkdirSync(path.join(pkg, 'dist'), { recursive: true });
	fs.writeFileSync(
		path.join(pkg, 'package.json'),
		JSON.stringify({ name: FLOOR_PACKAGE, version: '0.0.1', main: 'dist/FloorTrigger.node.js', n8n: { n8nNodesApiVersion: 1, nodes: ['dist/FloorTrigger.node.js'] } }),
	);
	fs.writeFileSync(
		path.join(pkg, 'dist', 'FloorTrigger.node.js'),
		`'use strict';
class FloorTrigger {
	constructor() {
		this.description = {
			displayName: 'Bench Floor Trigger',
			name: 'benchFloorTrigger',
			group: ['trigger'],
			version: 1,
			description: 'Starts the workflow with the delivery body',
			defaults: { name: 'Bench Floor Trigger' },
			inputs: [],
			outputs: ['main'],
			webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
			properties: [],
		};
	}
	async webhook() {
		return { workflowData: [[{ json: this.getBodyData() }]] };
	}
}
module.exports = { FloorTrigger };
`,
	);
	const out = execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', dir], { cwd: pkg, encoding: 'utf8' });
	return { tarball: path.join(dir, out.trim().split('\n').pop().trim()), dir };
}

// ---------------------------------------------------------------------------
// Workflows
// ---------------------------------------------------------------------------
const ACTION_TYPE = '@n8n-nodes-zapi/n8n-nodes-zapi.zApi';
const TRIGGER_TYPE = '@n8n-nodes-zapi/n8n-nodes-zapi.zApiTrigger';

function node(name, type, typeVersion, parameters, extra = {}) {
	return { id: crypto.randomUUID(), name, type, typeVersion, position: [0, 0], parameters, ...extra };
}
function webhookNode(webhookPath, responseMode) {
	return node('Start', 'n8n-nodes-base.webhook', 2, { httpMethod: 'POST', path: webhookPath, responseMode, options: {} }, { webhookId: crypto.randomUUID() });
}
function chain(name, nodes) {
	const connections = {};
	for (let i = 0; i + 1 < nodes.length; i++) {
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	}
	return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}
const withCredential = (n, credential) => ({ ...n, credentials: { zApiApi: credential } });

/**
 * The action operations measured, each beside the HTTP Request node making the same call with
 * one expression per item on both sides (the Z-API node's Phone / Phones, the HTTP Request
 * node's JSON body), so that n8n's expression cost is the same on both.
 */
const ACTION_CASES = [
	{
		name: 'Add Participants',
		// One group: the items' calls go one after the other on both sides of the ordering
		// rule (router.ts), so this measures the cost of a call, not overlap.
		parameters: (ctx) => ({ resource: 'group', operation: 'addParticipants', groupId: ctx.groupId, phones: '={{ $json.phone }}' }),
		path: '/add-participant',
		body: (ctx) => `={{ JSON.stringify({ groupId: ${JSON.stringify(ctx.groupId)}, phones: [$json.phone] }) }}`,
	},
	{
		name: 'Send Text',
		// One message per phone, as a broadcast to a list of contacts is.
		parameters: () => ({ resource: 'message', operation: 'sendText', phone: '={{ $json.phone }}', message: 'Benchmark message' }),
		path: '/send-text',
		body: () => "={{ JSON.stringify({ phone: $json.phone, message: 'Benchmark message' }) }}",
		target: '<= 1.3',
	},
	{
		name: `Send Text, service ${SLOW_SERVICE_MS} ms`,
		// The same broadcast to distinct chats, the service answering each send after a delay:
		// what the number of calls in flight is worth.
		parameters: () => ({ resource: 'message', operation: 'sendText', phone: '={{ $json.phone }}', message: 'Benchmark message' }),
		path: '/send-text',
		body: () => "={{ JSON.stringify({ phone: $json.phone, message: 'Benchmark message' }) }}",
		serviceDelayMs: SLOW_SERVICE_MS,
		target: '<= 1.5',
	},
];

/** Webhook (answers when done) → Split Out the phones → the node under test. */
function actionWorkflows(ctx, spec) {
	// A delayed service is the reply front (replyFront), which answers sends itself.
	const { credential, instanceUrl } = spec.serviceDelayMs ? { credential: ctx.replyCredential, instanceUrl: ctx.replyInstanceUrl } : ctx;
	const split = () => node('Split', 'n8n-nodes-base.splitOut', 1, { fieldToSplitOut: 'body.phones', options: { destinationFieldName: 'phone' } });
	const zapiPath = `bench-zapi-${hex(4)}`;
	const httpPath = `bench-http-${hex(4)}`;
	const zapi = chain(`bench: ${spec.name} (Z-API)`, [
		webhookNode(zapiPath, 'lastNode'),
		split(),
		withCredential(node('Measured', ACTION_TYPE, 1, spec.parameters(ctx)), credential),
	]);
	const httpRequest = chain(`bench: ${spec.name} (HTTP Request)`, [
		webhookNode(httpPath, 'lastNode'),
		split(),
		node('Measured', 'n8n-nodes-base.httpRequest', 4.2, {
			method: 'POST',
			url: `${instanceUrl}${spec.path}`,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: spec.body(ctx),
			options: {},
		}),
	]);
	return { zapi: { workflow: zapi, path: zapiPath }, http: { workflow: httpRequest, path: httpPath } };
}

function messagesWorkflows({ credential, instanceUrl, phone }) {
	const zapiPath = `bench-msgs-zapi-${hex(4)}`;
	const httpPath = `bench-msgs-http-${hex(4)}`;
	const limitPath = `bench-msgs-limit-${hex(4)}`;
	const getMessages = (parameters) =>
		withCredential(node('Measured', ACTION_TYPE, 1, { resource: 'chat', operation: 'getMessages', phone, ...parameters }), credential);
	return {
		zapi: {
			path: zapiPath,
			workflow: chain('bench: Get Messages (Z-API)', [webhookNode(zapiPath, 'lastNode'), getMessages({ returnAll: true, options: { pageSize: PAGE_SIZE } })]),
		},
		limit: {
			path: limitPath,
			workflow: chain('bench: Get Messages limit (Z-API)', [webhookNode(limitPath, 'lastNode'), getMessages({ returnAll: false, limit: 25, options: { pageSize: PAGE_SIZE } })]),
		},
		http: {
			path: httpPath,
			workflow: chain('bench: Get Messages (HTTP Request)', [
				webhookNode(httpPath, 'lastNode'),
				node('Measured', 'n8n-nodes-base.httpRequest', 4.2, {
					method: 'GET',
					url: `${instanceUrl}/chat-messages/${phone}`,
					sendQuery: true,
					queryParameters: { parameters: [{ name: 'amount', value: String(PAGE_SIZE) }] },
					options: {
						pagination: {
							pagination: {
								paginationMode: 'updateAParameterInEachRequest',
								parameters: { parameters: [{ type: 'qs', name: 'lastMessageId', value: '={{ $response.body[$response.body.length - 1].messageId }}' }] },
								paginationCompleteWhen: 'other',
								completeExpression: `={{ $response.body.length < ${PAGE_SIZE} }}`,
							},
						},
					},
				}),
			]),
		},
	};
}

/** The version n8n gives a node added in the editor today. */
async function defaultVersion(n8n, type) {
	const versions = (await n8n.nodeTypes()).filter((t) => t.name === type);
	const description = versions[0];
	const listed = versions.flatMap((t) => [].concat(t.version));
	return description?.defaultVersion ?? Math.max(...listed);
}

/** `credentials`: each Z-API side's own instance (two triggers on one instance would share its webhook). */
function triggerWorkflows(credentials, triggerVersion) {
	const hookPath = `bench-hook-${hex(4)}`;
	const trigger = (options, credential) =>
		withCredential(node('Z-API Trigger', TRIGGER_TYPE, triggerVersion, { events: ['messageReceived'], options }, { webhookId: crypto.randomUUID() }), credential);
	const floorId = crypto.randomUUID();
	return {
		zapi: chain('bench: Z-API Trigger', [trigger({}, credentials.zapi)]),
		zapiNoRepeats: chain('bench: Z-API Trigger, Ignore Repeated Deliveries off', [trigger({ ignoreRepeats: false }, credentials.zapiNoRepeats)]),
		hook: { workflow: chain('bench: Webhook node', [webhookNode(hookPath, 'onReceived')]), path: hookPath },
		floor: { workflow: chain('bench: minimal community trigger', [node('Floor', FLOOR_TYPE, 1, {}, { webhookId: floorId })]), path: `${floorId}/webhook` },
	};
}

/**
 * The obvious reply bot built with this package, and the same bot built from n8n's own nodes.
 * Each reply carries the message ID it answers, so its arrival is matched to its delivery.
 * With BENCH_N8N_REPLY_PARTS, also each half of it beside n8n's own node for the other half,
 * and the package's bot with Ignore Repeated Deliveries off: the difference split by where it
 * comes from. Each Z-API Trigger has an instance of its own (one trigger per instance, so no
 * workflow relays another's deliveries).
 */
function replyBotWorkflows(ctx, triggerVersion) {
	const trigger = (instance, options = {}) =>
		withCredential(node('Z-API Trigger', TRIGGER_TYPE, triggerVersion, { events: ['messageReceived'], options }, { webhookId: crypto.randomUUID() }), instance.credential);
	const sendText = (from) =>
		withCredential(
			node('Measured', ACTION_TYPE, 1, { resource: 'message', operation: 'sendText', phone: `={{ ${from}.phone }}`, message: `={{ "reply:" + ${from}.messageId }}` }),
			ctx.replyCredential,
		);
	const httpSend = (from) =>
		node('Measured', 'n8n-nodes-base.httpRequest', 4.2, {
			method: 'POST',
			url: `${ctx.replyInstanceUrl}/send-text`,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: `={{ JSON.stringify({ phone: ${from}.phone, message: 'reply:' + ${from}.messageId }) }}`,
			options: {},
		});
	// The HTTP Request node authenticating with the Z-API credential (its Client-Token header), as
	// a user who keeps the token out of the URL field would: n8n reads the credential per run.
	const withZApiCredential = (n) =>
		withCredential({ ...n, parameters: { ...n.parameters, authentication: 'predefinedCredentialType', nodeCredentialType: 'zApiApi' } }, ctx.replyCredential);
	const hookPath = () => `bench-reply-${hex(4)}`;
	const sides = [
		{ key: 'zapi', label: 'Z-API Trigger → Send Text', instance: ctx.replyInstances[0], nodes: (i) => [trigger(i), sendText('$json')] },
		{ key: 'hand', label: 'Webhook → HTTP Request', path: hookPath(), nodes: (_i, path) => [webhookNode(path, 'onReceived'), httpSend('$json.body')] },
	];
	if (REPLY_PARTS) {
		sides.push(
			{ key: 'triggerHttp', label: 'Z-API Trigger → HTTP Request', instance: ctx.replyInstances[1], nodes: (i) => [trigger(i), httpSend('$json')] },
			{ key: 'webhookSend', label: 'Webhook → Send Text', path: hookPath(), nodes: (_i, path) => [webhookNode(path, 'onReceived'), sendText('$json.body')] },
			{ key: 'noRepeats', label: 'Z-API Trigger (Ignore Repeated Deliveries off) → Send Text', instance: ctx.replyInstances[2], nodes: (i) => [trigger(i, { ignoreRepeats: false }), sendText('$json')] },
			{ key: 'handCredential', label: 'Webhook → HTTP Request with the Z-API credential', path: hookPath(), nodes: (_i, path) => [webhookNode(path, 'onReceived'), withZApiCredential(httpSend('$json.body'))] },
		);
	}
	return sides.map((side) => ({ ...side, workflow: chain(`bench: reply bot (${side.label})`, side.nodes(side.instance, side.path)) }));
}

// ---------------------------------------------------------------------------
// Measures
// ---------------------------------------------------------------------------
/** The node's own time in the newest execution of a workflow, and its output size. */
async function measuredRun(n8n, workflowId) {
	const [execution] = await n8n.executions(workflowId, { includeData: true, limit: 1 });
	assert.ok(execution, `no execution of workflow ${workflowId}`);
	const run = execution.data?.resultData?.runData?.Measured?.[0];
	const failure = (error) => JSON.stringify(error ? { message: error.message, description: error.description } : null).slice(0, 600);
	const runData = execution.data?.resultData?.runData ?? {};
	const nodeErrors = Object.entries(runData).map(([name, runs]) => `${name}: ${runs[0]?.error ? failure(runs[0].error) : `${runs[0]?.data?.main?.[0]?.length ?? 0} items`}`);
	assert.ok(run, `the measured node did not run in execution ${execution.id} (${execution.status}): ${failure(execution.data?.resultData?.error)}; ${nodeErrors.join('; ')}`);
	assert.ok(!run.error, `the measured node failed in execution ${execution.id}: ${failure(run.error)}`);
	return { ms: run.executionTime, items: run.data?.main?.[0]?.length ?? 0 };
}

async function benchAction(ctx, spec) {
	const { n8n, load, deploy } = ctx;
	const key = spec.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/-$/, '');
	log(`\n${spec.name} over ${ITEMS} items, ${ROUNDS} rounds (time per item of the node, from n8n's execution data)`);
	const wfs = actionWorkflows(ctx, spec);
	const sides = { zapi: await deploy(wfs.zapi.workflow), http: await deploy(wfs.http.workflow) };
	const body = { phones: ctx.phones.slice(0, ITEMS) };
	const perItem = { zapi: [], http: [] };
	const wall = { zapi: [], http: [] };
	const runOnce = async (side) => {
		const result = await timed(`action:${key}:${side}`, () => load.burst({ url: `${n8n.webhookUrl}webhook/${wfs[side].path}`, body, count: 1, ca: n8n.ca, timeoutMs: 600_000 }));
		const run = await measuredRun(n8n, sides[side]);
		assert.equal(result.statuses[200], 1, `${spec.name} (${side}) answered ${JSON.stringify(result.statuses)} ${result.errors.join('; ')}`);
		assert.equal(run.items, ITEMS, `${spec.name} (${side}) gave ${run.items} items for ${ITEMS}`);
		return { perItemMs: run.ms / ITEMS, wallMs: result.elapsedMs };
	};
	ctx.replyFront.delayMs = spec.serviceDelayMs ?? 0;
	try {
		await runOnce('zapi'); // warm-up of both: first runs load code and open connections
		await runOnce('http');
		for (let round = 0; round < ROUNDS; round++) {
			for (const side of round % 2 ? ['http', 'zapi'] : ['zapi', 'http']) {
				const r = await runOnce(side);
				perItem[side].push(r.perItemMs);
				wall[side].push(r.wallMs / ITEMS);
			}
		}
	} finally {
		ctx.replyFront.delayMs = 0;
	}
	report(`${key}: node time per item`, 'ms', perItem.zapi, perItem.http, spec.target);
	report(`${key}: request wall time per item`, 'ms', wall.zapi, wall.http);
}

/** The trigger's sides: its default, and with Ignore Repeated Deliveries off. */
const TRIGGER_SIDES = { zapi: 'trigger', zapiNoRepeats: 'trigger, repeats off' };

/** The trigger measure's workflows, deployed: the memory measure needs them, not the trigger measure's rounds. */
async function triggerSetup(ctx) {
	const { n8n, deploy } = ctx;
	const triggerVersion = await defaultVersion(n8n, TRIGGER_TYPE);
	log(`  Z-API Trigger version ${triggerVersion} (the editor's default)`);
	// One instance per Z-API side: triggers on one instance share its webhook, and the one
	// Z-API holds would pass every delivery on to the other.
	const instances = {};
	for (const side of Object.keys(TRIGGER_SIDES)) instances[side] = await ctx.benchInstance(`bench ${side}`);
	const wfs = triggerWorkflows(Object.fromEntries(Object.entries(instances).map(([side, { credential }]) => [side, credential])), triggerVersion);
	const ids = {};
	const urls = {};
	const payloads = {};
	for (const side of Object.keys(TRIGGER_SIDES)) {
		ids[side] = await deploy(wfs[side]);
		urls[side] = ctx.standIn.state.instances.get(instances[side].id).webhooks.received;
		assert.ok(urls[side], `the Z-API Trigger (${side}) registered no received webhook with the stand-in`);
		// Every delivery a new message (a new messageId): a repeated one would start nothing.
		payloads[side] = fixtures.receivedCallback('text', { instanceId: instances[side].id });
	}
	await deploy(wfs.hook.workflow);
	urls.hook = `${n8n.webhookUrl}webhook/${wfs.hook.path}`;
	await deploy(wfs.floor.workflow);
	urls.floor = `${n8n.webhookUrl}webhook/${wfs.floor.path}`;
	payloads.hook = payloads.zapi;
	payloads.floor = payloads.zapi;
	return { ids, urls, payloads };
}

async function benchTrigger(ctx, { ids, urls, payloads }) {
	const { n8n, load, pgid } = ctx;
	log(`\nTrigger vs Webhook node: ${DELIVERIES} deliveries per round at concurrency ${CONCURRENCY}, ${ROUNDS} rounds; each delivery a new message`);
	const sides = [...Object.keys(TRIGGER_SIDES), 'hook', 'floor'];
	const m = {};
	for (const measure of ['cpu', 'throughput', 'p50', 'p99']) m[measure] = Object.fromEntries(sides.map((side) => [side, []]));
	const once = async (side, count) => {
		await settle(pgid);
		const cpu0 = groupCpuMs(pgid);
		const r = await timed(`trigger:${side}`, async () => {
			const result = await burstOk(load, { url: urls[side], body: payloads[side], vary: 'messageId', count, concurrency: CONCURRENCY, ca: n8n.ca }, `deliveries (${side})`);
			await settle(pgid);
			return result;
		});
		return { cpuMs: (groupCpuMs(pgid) - cpu0) / count, r };
	};
	for (const side of sides) await once(side, Math.min(DELIVERIES, 50));
	for (let round = 0; round < ROUNDS; round++) {
		// Each side first, middle and last in turn.
		for (const side of sides.map((_, i) => sides[(i + round) % sides.length])) {
			const { cpuMs, r } = await once(side, DELIVERIES);
			m.cpu[side].push(cpuMs);
			m.throughput[side].push((DELIVERIES * 1000) / r.elapsedMs);
			m.p50[side].push(quantile(r.latenciesMs, 0.5));
			m.p99[side].push(quantile(r.latenciesMs, 0.99));
		}
	}
	for (const [side, label] of Object.entries(TRIGGER_SIDES)) {
		// The trigger's deliveries must have started executions with a new message in each.
		const executions = await n8n.executions(ids[side], { includeData: true, limit: 2 });
		const messageIds = executions.map((execution) => execution?.data?.resultData?.runData?.['Z-API Trigger']?.[0]?.data?.main?.[0]?.[0]?.json?.messageId);
		assert.equal(messageIds.length, 2, `${label}: fewer than 2 executions`);
		assert.ok(messageIds.every((id) => String(id).startsWith(`${payloads[side].messageId}-`)) && messageIds[0] !== messageIds[1], `${label}: the last executions do not hold the delivered messages: ${JSON.stringify(messageIds)}`);
		report(`${label}: CPU per delivery vs the minimal trigger`, 'ms', m.cpu[side], m.cpu.floor, currentMode === 'defaults' ? '<= 1.1' : undefined);
		report(`${label}: CPU per delivery vs the Webhook node`, 'ms', m.cpu[side], m.cpu.hook);
		report(`${label}: throughput`, '/s', m.throughput[side], m.throughput.hook);
		report(`${label}: p50 latency`, 'ms', m.p50[side], m.p50.hook);
		report(`${label}: p99 latency`, 'ms', m.p99[side], m.p99.hook);
	}
	report('minimal trigger: CPU per delivery vs the Webhook node', 'ms', m.cpu.floor, m.cpu.hook);
}

/**
 * Waits until every message sent has its reply at the front (or `timeoutMs` passed since the
 * last one arrived), then a moment more to see doubles. Returns each message's reply times.
 */
async function repliesTo(front, sent, from, { timeoutMs = 60_000 } = {}) {
	const wanted = new Set(sent.map((s) => s.value));
	const byMessage = () => {
		const map = new Map();
		for (const send of front.sends.slice(from)) {
			const value = send.message.startsWith('reply:') ? send.message.slice('reply:'.length) : '';
			if (!wanted.has(value)) continue;
			if (!map.has(value)) map.set(value, []);
			map.get(value).push(send.at);
		}
		return map;
	};
	let seen = -1;
	let lastChange = Date.now();
	while (Date.now() - lastChange < timeoutMs) {
		const count = byMessage().size;
		if (count === wanted.size) break;
		if (count !== seen) {
			seen = count;
			lastChange = Date.now();
		}
		await sleep(100);
	}
	await sleep(500);
	return byMessage();
}

/** Latencies, lost and doubled replies of one run, from what was sent and what arrived. */
function replyFacts(sent, replies) {
	const latencies = [];
	let lost = 0;
	let doubled = 0;
	for (const { value, at } of sent) {
		const times = replies.get(value);
		if (!times) lost++;
		else {
			latencies.push(Math.min(...times) - at);
			if (times.length > 1) doubled++;
		}
	}
	const lastReply = Math.max(...[...replies.values()].flat());
	return { latencies, lost, doubled, spanMs: lastReply - Math.min(...sent.map((s) => s.at)) };
}

async function benchReplyBot(ctx) {
	const { n8n, load, deploy, pgid, replyFront: front } = ctx;
	log(`\nReply bot: Z-API Trigger → Send Text vs Webhook node → HTTP Request node, ${ROUNDS} rounds of ${REPLIES} messages at ${REPLY_RATE}/s (latency: the delivery leaving to its reply reaching the service), then as fast as 4 conversations send them (sustained replies/s)`);
	const triggerVersion = await defaultVersion(n8n, TRIGGER_TYPE);
	const sides = replyBotWorkflows(ctx, triggerVersion);
	const urls = {};
	for (const side of sides) {
		await deploy(side.workflow);
		urls[side.key] = side.instance ? ctx.standIn.state.instances.get(side.instance.id).webhooks.received : `${n8n.webhookUrl}webhook/${side.path}`;
		assert.ok(urls[side.key], `the reply bot (${side.label}) registered no received webhook with the stand-in`);
	}
	const payloads = Object.fromEntries(sides.map((side) => [side.key, fixtures.receivedCallback('text', { instanceId: side.instance?.id ?? ctx.replyInstances[0].id })]));
	const run = async (side, count, shape) => {
		await settle(pgid);
		const from = front.sends.length;
		const cpu0 = groupCpuMs(pgid);
		const result = await timed(`reply:${side}`, () =>
			burstOk(load, { url: urls[side], body: payloads[side], vary: 'messageId', count, ca: n8n.ca, ...shape }, `reply bot deliveries (${side})`),
		);
		const facts = replyFacts(result.sent, await repliesTo(front, result.sent, from));
		await settle(pgid);
		assert.equal(facts.lost, 0, `reply bot (${side}): ${facts.lost} of ${count} messages got no reply`);
		assert.equal(facts.doubled, 0, `reply bot (${side}): ${facts.doubled} of ${count} messages got more than one reply`);
		return { ...facts, cpuMs: (groupCpuMs(pgid) - cpu0) / count };
	};
	const paced = { rate: REPLY_RATE, concurrency: 64 };
	const conversations = { concurrency: 4 };
	const keys = sides.map((side) => side.key);
	for (const side of keys) await run(side, 10, conversations); // warm-up
	const m = {};
	for (const measure of ['p50', 'p95', 'p99', 'cpu', 'rate']) m[measure] = Object.fromEntries(keys.map((key) => [key, []]));
	let lost = 0;
	let doubled = 0;
	for (let round = 0; round < ROUNDS; round++) {
		// Interleaved, the order turned each round.
		for (const side of round % 2 ? [...keys].reverse() : keys) {
			const r = await run(side, REPLIES, paced);
			m.p50[side].push(quantile(r.latencies, 0.5));
			m.p95[side].push(quantile(r.latencies, 0.95));
			m.p99[side].push(quantile(r.latencies, 0.99));
			m.cpu[side].push(r.cpuMs);
			const s = await run(side, REPLIES, conversations);
			m.rate[side].push((REPLIES * 1000) / s.spanMs);
			lost += r.lost + s.lost;
			doubled += r.doubled + s.doubled;
		}
	}
	const lazy = currentMode === 'lazy';
	report(`reply bot: latency p50 at ${REPLY_RATE}/s`, 'ms', m.p50.zapi, m.p50.hand, lazy ? '<= 1.2' : undefined);
	report(`reply bot: latency p95 at ${REPLY_RATE}/s`, 'ms', m.p95.zapi, m.p95.hand);
	report(`reply bot: latency p99 at ${REPLY_RATE}/s`, 'ms', m.p99.zapi, m.p99.hand, lazy ? '<= 1.2' : undefined);
	report(`reply bot: n8n CPU per reply at ${REPLY_RATE}/s`, 'ms', m.cpu.zapi, m.cpu.hand);
	report('reply bot: sustained replies/s, 4 conversations', '/s', m.rate.zapi, m.rate.hand, lazy ? '>= 0.9' : undefined);
	rows.push({ measure: `[${currentMode}] reply bot: lost / doubled replies`, unit: '', zapi: [`${lost}/${doubled}`], baseline: ['0/0'], ratios: [], target: '0 / 0' });
	if (m.p50.handCredential) {
		// The package's bot against n8n's own nodes reading the same credential.
		report(`reply bot vs n8n's nodes with the credential: latency p50 at ${REPLY_RATE}/s`, 'ms', m.p50.zapi, m.p50.handCredential);
		report(`reply bot vs n8n's nodes with the credential: latency p99 at ${REPLY_RATE}/s`, 'ms', m.p99.zapi, m.p99.handCredential);
		report('reply bot vs n8n\'s nodes with the credential: sustained replies/s', '/s', m.rate.zapi, m.rate.handCredential);
	}
	// The parts, each against the hand-built bot: its p50 and CPU per reply.
	for (const side of sides.slice(2)) {
		report(`reply bot part, ${side.label}: latency p50`, 'ms', m.p50[side.key], m.p50.hand);
		report(`reply bot part, ${side.label}: n8n CPU per reply`, 'ms', m.cpu[side.key], m.cpu.hand);
	}
}

/** The n8n inspector's port of the memory measure (opened only when the measure asks, by SIGUSR1). */
let inspectorPort = 0;

/** What n8n's main process keeps alive, in MB: its heap after full collections, and its RSS. */
function heldMb(pid) {
	process.kill(pid, 'SIGUSR1');
	const out = execFileSync(process.execPath, ['--experimental-websocket', path.join(__dirname, 'n8n-heap.js'), String(inspectorPort)], { encoding: 'utf8', timeout: 120_000 });
	const usage = JSON.parse(out);
	return { heap: usage.heapUsed / 2 ** 20, rss: usage.rss / 2 ** 20 };
}

/** How long n8n rests after a chunk before its heap is read: what it holds for a while after a burst (executions being saved, buffers it flushes) is let go by then. */
const MEMORY_REST_MS = num('BENCH_N8N_MEMORY_REST_MS', 20_000, 3000);

/**
 * n8n's memory after MEMORY_DELIVERIES deliveries through each side, one n8n, the sides in
 * alternating chunks. Each chunk is read as the heap n8n keeps after full garbage collections
 * before it and after it, once as the chunk ends (what the burst holds for a while) and once
 * after a rest (what it left alive), so the other side's garbage is not counted; "memory after"
 * is the heap before the first chunk plus what that side's chunks left alive.
 */
async function benchMemory(ctx, { urls, payloads }) {
	const { n8n, load, pgid } = ctx;
	const chunks = 4;
	const per = Math.ceil(MEMORY_DELIVERIES / chunks);
	log(`\nn8n's memory over ${per * chunks} deliveries per side, in ${chunks} alternating chunks (heap after full collections, through n8n's inspector; read as a chunk ends and after ${MEMORY_REST_MS / 1000} s of rest)`);
	const held = { zapi: [], hook: [] };
	const kept = { zapi: [], hook: [] };
	const rss = { zapi: [], hook: [] };
	const started = Date.now();
	await settle(pgid);
	const first = heldMb(n8n.pid);
	log(`  before: heap ${fmt(first.heap)} MB, RSS ${fmt(first.rss)} MB`);
	for (let chunk = 0; chunk < chunks; chunk++) {
		for (const side of chunk % 2 ? ['hook', 'zapi'] : ['zapi', 'hook']) {
			await settle(pgid);
			const before = heldMb(n8n.pid);
			await burstOk(load, { url: urls[side], body: payloads[side], vary: 'messageId', count: per, concurrency: CONCURRENCY, ca: n8n.ca }, `memory deliveries (${side})`);
			await settle(pgid);
			const ended = heldMb(n8n.pid);
			await sleep(MEMORY_REST_MS);
			const rested = heldMb(n8n.pid);
			held[side].push(ended.heap - before.heap);
			kept[side].push(rested.heap - before.heap);
			rss[side].push(rested.rss - before.rss);
			log(`  chunk ${chunk + 1}/${chunks} ${side === 'zapi' ? 'Z-API Trigger' : 'Webhook node '}: heap ${fmt(held[side].at(-1))} MB more as it ended, ${fmt(kept[side].at(-1))} MB after the rest (now ${fmt(rested.heap)} MB), RSS ${fmt(rss[side].at(-1))} MB (now ${fmt(rested.rss)} MB), ${Math.round((Date.now() - started) / 1000)} s so far`);
		}
	}
	const total = (values) => values.reduce((a, b) => a + b, 0);
	const after = { zapi: first.heap + total(kept.zapi), hook: first.heap + total(kept.hook) };
	log(`  heap left alive: Z-API Trigger ${fmt(total(kept.zapi))} MB, Webhook node ${fmt(total(kept.hook))} MB (per chunk: ${kept.zapi.map((g) => fmt(g)).join(', ')} vs ${kept.hook.map((g) => fmt(g)).join(', ')}); held as each chunk ended: ${held.zapi.map((g) => fmt(g)).join(', ')} vs ${held.hook.map((g) => fmt(g)).join(', ')} MB; RSS growth ${fmt(total(rss.zapi))} vs ${fmt(total(rss.hook))} MB`);
	rows.push({ measure: `[${currentMode}] memory: n8n's heap after ${per * chunks} deliveries`, unit: 'MB', zapi: [after.zapi], baseline: [after.hook], ratios: [after.zapi / after.hook], target: '<= 1.2' });
	rows.push({ measure: `[${currentMode}] memory: heap left alive by ${per * chunks} deliveries`, unit: 'MB', zapi: [total(kept.zapi)], baseline: [total(kept.hook)], ratios: [] });
	rows.push({ measure: `[${currentMode}] memory: heap held as a chunk of ${per} ends (median)`, unit: 'MB', zapi: [median(held.zapi)], baseline: [median(held.hook)], ratios: [] });
	rows.push({ measure: `[${currentMode}] memory: RSS growth over ${per * chunks} deliveries`, unit: 'MB', zapi: [total(rss.zapi)], baseline: [total(rss.hook)], ratios: [] });
}

async function benchMessages(ctx) {
	const { n8n, load, deploy, front } = ctx;
	const expected = Math.ceil(MESSAGES / PAGE_SIZE);
	log(`\nGet Messages over ${MESSAGES} messages, page size ${PAGE_SIZE}, ${ROUNDS} rounds (ceil(N / page size) = ${expected})`);
	const wfs = messagesWorkflows({ ...ctx, instanceUrl: ctx.frontInstanceUrl, credential: ctx.frontCredential });
	const ids = { zapi: await deploy(wfs.zapi.workflow), http: await deploy(wfs.http.workflow), limit: await deploy(wfs.limit.workflow) };
	const time = { zapi: [], http: [] };
	const requests = { zapi: [], http: [] };
	const runOnce = async (side) => {
		front.seen.length = 0;
		const result = await load.burst({ url: `${n8n.webhookUrl}webhook/${wfs[side].path}`, body: {}, count: 1, ca: n8n.ca, timeoutMs: 600_000 });
		const run = await measuredRun(n8n, ids[side]);
		assert.equal(result.statuses[200], 1, `Get Messages (${side}) answered ${JSON.stringify(result.statuses)} ${result.errors.join('; ')}`);
		return { ms: run.ms, items: run.items, requests: front.seen.length, amounts: front.seen.map((s) => s.amount) };
	};
	for (let round = 0; round < ROUNDS; round++) {
		for (const side of round % 2 ? ['http', 'zapi'] : ['zapi', 'http']) {
			const r = await runOnce(side);
			if (side === 'zapi') assert.equal(r.items, MESSAGES, `Get Messages returned ${r.items} of ${MESSAGES} messages`);
			time[side].push(r.ms);
			requests[side].push(r.requests);
		}
	}
	report('messages: Return All node time', 'ms', time.zapi, time.http);
	report('messages: Return All requests', '', requests.zapi, requests.http, `${expected} (+1 empty page)`);
	const limited = await runOnce('limit');
	log(`  Limit 25, page size ${PAGE_SIZE}: ${limited.requests} requests asking amount ${limited.amounts.join(', ')}; ${limited.items} messages`);
	rows.push({ measure: `[${currentMode}] messages: Limit 25 amounts asked`, unit: '', zapi: [limited.amounts.join('+')], baseline: ['10+10+5'], ratios: [], target: 'no more than needed' });
}

// ---------------------------------------------------------------------------
// Bursts of quick messages: Combine Quick Messages against the recipe built from n8n's nodes
// ---------------------------------------------------------------------------
const REDIS_SERVER = '/usr/bin/redis-server';
/** Messages per burst, the gap between them, and the bots' quiet period. */
const BURST_MESSAGES = 3;
const BURST_GAP_MS = 500;
const BURST_QUIET_SECONDS = 3;
/** The window the chats of a round start in (each chat at a random offset in it). */
const BURST_START_WINDOW_MS = 1000;

/** CPU ms (user + system, all threads) of one process. */
function processCpuMs(pid) {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
	} catch {
		return NaN;
	}
}

/** A private Redis on a free port, nothing written to disk; undefined when the server is not installed. */
async function startRedis() {
	if (!fs.existsSync(REDIS_SERVER)) return undefined;
	const { spawn } = require('node:child_process');
	const net = require('node:net');
	const port = await freePort(6390);
	const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'bench-redis-'));
	const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--protected-mode', 'yes'], {
		stdio: 'ignore',
	});
	let exited = false;
	child.on('exit', () => {
		exited = true;
	});
	const ping = () =>
		new Promise((resolve) => {
			const socket = net.connect({ host: '127.0.0.1', port });
			const done = (ok) => {
				socket.destroy();
				resolve(ok);
			};
			socket.setTimeout(1000, () => done(false));
			socket.on('error', () => done(false));
			socket.on('connect', () => socket.write('PING\r\n'));
			socket.on('data', (d) => done(d.toString().startsWith('+PONG')));
		});
	const end = Date.now() + 10_000;
	while (!(await ping())) {
		if (exited || Date.now() > end) {
			child.kill();
			fs.rmSync(dir, { recursive: true, force: true });
			throw new Error(`redis-server on port ${port} did not answer PING`);
		}
		await sleep(100);
	}
	return {
		port,
		pid: child.pid,
		stop: () =>
			new Promise((resolve) => {
				if (exited) return resolve();
				child.once('exit', () => resolve());
				child.kill('SIGTERM');
			}).finally(() => fs.rmSync(dir, { recursive: true, force: true })),
	};
}

/**
 * A plain-HTTP address in front of n8n's own (https) port that passes every request on unchanged
 * and counts them: what the Conversation State credential's calls to n8n's API number.
 */
function countingN8nProxy(n8n) {
	const target = new URL(n8n.baseUrl);
	const https = require('node:https');
	const agent = new https.Agent({ keepAlive: true, ca: n8n.ca });
	const proxy = { count: 0, byCall: {}, url: '', stop: null };
	const server = http.createServer((req, res) => {
		proxy.count++;
		// By method and path, ids out: what the calls are.
		const call = `${req.method} ${String(req.url).split('?')[0].replace(/\/data-tables\/[^/]+/, '/data-tables/:id')}`;
		proxy.byCall[call] = (proxy.byCall[call] || 0) + 1;
		const upstream = https.request(
			{ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host }, agent, timeout: 60_000 },
			(up) => {
				res.writeHead(up.statusCode, up.headers);
				up.pipe(res);
			},
		);
		upstream.on('timeout', () => upstream.destroy(new Error('n8n did not answer in 60 s')));
		upstream.on('error', (e) => res.destroy(e));
		req.pipe(upstream);
	});
	server.keepAliveTimeout = 30_000;
	return new Promise((resolve) => {
		server.listen(0, '127.0.0.1', () => {
			proxy.url = `http://127.0.0.1:${server.address().port}`;
			proxy.stop = () =>
				new Promise((r) => {
					server.closeAllConnections?.();
					agent.destroy();
					server.close(() => r());
				});
			resolve(proxy);
		});
	});
}

/**
 * The two bots. Recipe (n8n-nodes-base only): Webhook → push the text onto `burst:<chat>` →
 * set `last:<chat>` to this message's id → Wait → get `last:<chat>` → If it is still this
 * message → get the list, delete it → HTTP Request sending the texts joined. Package: Z-API
 * Trigger → Combine Quick Messages → Send Text replying the combined text.
 */
function burstWorkflows({ triggerVersion, instance, stateCredential, stateOnTrigger, redisCredential, replyInstanceUrl, hookPath }) {
	const redis = (name, parameters) => node(name, 'n8n-nodes-base.redis', 1, parameters, { credentials: { redis: redisCredential } });
	const start = "$('Start').item.json.body";
	const recipeNodes = [
		webhookNode(hookPath, 'onReceived'),
		redis('Push', { operation: 'push', list: `=burst:{{ $json.body.phone }}`, messageData: '={{ $json.body.text.message }}', tail: true }),
		redis('Set Last', { operation: 'set', key: '=last:{{ $json.body.phone }}', value: '={{ $json.body.messageId }}', keyType: 'string' }),
		node('Wait', 'n8n-nodes-base.wait', 1.1, { resume: 'timeInterval', amount: BURST_QUIET_SECONDS, unit: 'seconds' }, { webhookId: crypto.randomUUID() }),
		redis('Get Last', { operation: 'get', propertyName: 'last', key: `=last:{{ ${start}.phone }}`, keyType: 'string', options: {} }),
		node('Still Last', 'n8n-nodes-base.if', 2.3, {
			conditions: {
				options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 3 },
				conditions: [{ id: crypto.randomUUID(), leftValue: '={{ $json.last }}', rightValue: `={{ ${start}.messageId }}`, operator: { type: 'string', operation: 'equals' } }],
				combinator: 'and',
			},
			options: {},
		}),
		redis('Get Burst', { operation: 'get', propertyName: 'texts', key: `=burst:{{ ${start}.phone }}`, keyType: 'list', options: {} }),
		redis('Delete Burst', { operation: 'delete', key: `=burst:{{ ${start}.phone }}` }),
		node('Reply', 'n8n-nodes-base.httpRequest', 4.2, {
			method: 'POST',
			url: `${replyInstanceUrl}/send-text`,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: `={{ JSON.stringify({ phone: ${start}.phone, message: $json.texts.join('\\n') }) }}`,
			options: {},
		}),
	];
	// The If node's true output (index 0) goes on; its false output goes nowhere.
	const recipe = chain('bench: burst recipe (Redis, Wait, If)', recipeNodes);
	const triggerCredentials = { zApiApi: instance.credential, ...(stateOnTrigger ? { zApiConversationStateApi: stateCredential } : {}) };
	const packageBot = chain('bench: burst bot (Combine Quick Messages)', [
		// Followed by Combine or Send and Wait for Reply (version 1.2 on) shows the trigger's Conversation State credential.
		node('Z-API Trigger', TRIGGER_TYPE, triggerVersion, { events: ['messageReceived'], ...(stateOnTrigger ? { followedByCombine: true } : {}), options: {} }, { webhookId: crypto.randomUUID(), credentials: triggerCredentials }),
		node(
			'Combine',
			ACTION_TYPE,
			1,
			{ resource: 'conversation', operation: 'combineMessages', quietSeconds: BURST_QUIET_SECONDS, maxWaitSeconds: 30, options: {} },
			{ credentials: { zApiApi: instance.credential, zApiConversationStateApi: stateCredential } },
		),
		withCredential(node('Reply', ACTION_TYPE, 1, { resource: 'message', operation: 'sendText', phone: '={{ $json.phone }}', message: '={{ $json.text }}' }), instance.credential),
	]);
	return { recipe, packageBot };
}

/** The text of message `index` (1-based) of chat `chat` in the run tagged `tag`. */
const burstText = (tag, chat, index) => `${tag} chat ${chat} message ${index}`;
const BURST_LINE = /^(\S+) chat (\d+) message (\d+)$/;

/**
 * What became of each burst of one run, from the sends the service received: exact (one reply
 * with all its texts, in order), split (several replies, each message once), lost (a message in
 * no reply), doubled (a message in more than one reply), misordered (one reply, all texts, not
 * in order); and for every burst whose last message came back, the time from that message
 * leaving to the first reply holding it, less the quiet period.
 */
function burstFacts(tag, chats, sentAt, replies) {
	const perChat = Array.from({ length: chats }, () => []);
	for (const reply of replies) {
		const lines = reply.message.split('\n').map((line) => line.match(BURST_LINE)).filter((m) => m && m[1] === tag);
		if (!lines.length) continue;
		const chat = Number(lines[0][2]);
		if (perChat[chat]) perChat[chat].push({ at: reply.at, indexes: lines.map((m) => Number(m[3])) });
	}
	const facts = { exact: 0, split: 0, lost: 0, doubled: 0, misordered: 0, latencies: [], lastReplyAt: -Infinity, odd: [] };
	for (const [chat, got] of perChat.entries()) {
		for (const r of got) facts.lastReplyAt = Math.max(facts.lastReplyAt, r.at);
		const seen = got.flatMap((r) => r.indexes);
		const wanted = Array.from({ length: BURST_MESSAGES }, (_, i) => i + 1);
		const exact = got.length === 1 && got[0].indexes.join() === wanted.join();
		// The replies of a burst that was not exact, as the message numbers each held (for the log).
		if (!exact) facts.odd.push(`chat ${chat}: ${got.length ? got.map((r) => `[${r.indexes.join(',')}]`).join(' ') : 'no reply'}`);
		if (wanted.some((i) => !seen.includes(i))) facts.lost++;
		else if (seen.length > BURST_MESSAGES) facts.doubled++;
		else if (got.length > 1) facts.split++;
		else if (!exact) facts.misordered++;
		else facts.exact++;
		const lastReply = got.filter((r) => r.indexes.includes(BURST_MESSAGES)).map((r) => r.at);
		if (lastReply.length) facts.latencies.push(Math.min(...lastReply) - sentAt.get(`${chat}:${BURST_MESSAGES}`) - BURST_QUIET_SECONDS * 1000);
	}
	return facts;
}

async function benchBurst(ctx) {
	const { n8n, load, deploy, pgid, replyFront: front } = ctx;
	log(
		`\nBursts: Combine Quick Messages (Z-API Trigger → Combine → Send Text) vs the recipe from n8n's nodes (Webhook → Redis → Wait → If → Redis → HTTP Request), quiet period ${BURST_QUIET_SECONDS} s; ` +
			`per round C chats each writing ${BURST_MESSAGES} messages ${BURST_GAP_MS} ms apart, starting within ${BURST_START_WINDOW_MS} ms; C = ${BURST_CHATS.join(', ')}, ${BURST_ROUNDS} interleaved rounds each`,
	);
	if (LINE !== '2') {
		log('  skipped: Combine Quick Messages needs n8n 2.x (data tables on its API)');
		return;
	}
	const redis = await startRedis();
	if (!redis) {
		log(`  skipped: ${REDIS_SERVER} is not installed (Debian's redis-server package); the recipe needs a Redis`);
		return;
	}
	const proxy = await countingN8nProxy(n8n);
	try {
		log(`  Redis ${redis.port} (pid ${redis.pid}), no persistence; n8n's API counted through ${proxy.url}`);
		const redisCredential = await n8n.createCredential('bench redis', 'redis', { host: '127.0.0.1', port: redis.port, database: 0, user: '', password: '', ssl: false });
		const created = await n8n.createCredential('bench conversation state (counted)', 'zApiConversationStateApi', { baseUrl: `${proxy.url}/api/v1`, apiKey: n8n.apiKey });
		const stateCredential = { id: String(created.id), name: 'bench conversation state (counted)' };
		const instance = await ctx.benchInstance('bench burst bot', front.url);
		const triggerVersion = await defaultVersion(n8n, TRIGGER_TYPE);
		const hookPath = `bench-burst-${hex(4)}`;
		const build = (stateOnTrigger) =>
			burstWorkflows({
				triggerVersion,
				instance,
				stateCredential,
				stateOnTrigger,
				redisCredential: { id: String(redisCredential.id), name: 'bench redis' },
				replyInstanceUrl: ctx.replyInstanceUrl,
				hookPath,
			});
		const ids = { recipe: await deploy(build(false).recipe) };
		let stateOnTrigger = true;
		try {
			ids.zapi = await deploy(build(true).packageBot);
		} catch (e) {
			stateOnTrigger = false;
			log(`  n8n refused the Conversation State credential on the Z-API Trigger (${e.message.slice(0, 200)}); it is set on the Combine node only`);
			ids.zapi = await deploy(build(false).packageBot);
		}
		log(`  Conversation State credential on ${stateOnTrigger ? 'the Z-API Trigger and the Combine node' : 'the Combine node only'}`);
		const urls = {
			zapi: ctx.standIn.state.instances.get(instance.id).webhooks.received,
			recipe: `${n8n.webhookUrl}webhook/${hookPath}`,
		};
		assert.ok(urls.zapi, 'the burst bot registered no received webhook with the stand-in');

		let runNumber = 0;
		/** One run of one side: `offsets` holds each chat's start in the window. */
		const run = async (side, offsets) => {
			const tag = `r${++runNumber}${side === 'zapi' ? 'z' : 'n'}`;
			const chats = offsets.length;
			// Chats of their own per run: the state of earlier runs' chats is left alone.
			const phoneOf = (chat) => `55118${String(runNumber).padStart(3, '0')}${String(chat).padStart(5, '0')}`;
			const sends = [];
			for (const [chat, offset] of offsets.entries()) {
				for (let index = 1; index <= BURST_MESSAGES; index++) {
					const body = fixtures.receivedCallback('text', { instanceId: instance.id, phone: phoneOf(chat), messageId: `BURST${tag.toUpperCase()}C${chat}M${index}`, text: { message: burstText(tag, chat, index) } });
					sends.push({ key: `${chat}:${index}`, atMs: offset + (index - 1) * BURST_GAP_MS, body });
				}
			}
			await settle(pgid);
			const from = front.sends.length;
			const requests0 = proxy.count;
			const cpu0 = groupCpuMs(pgid);
			const redisCpu0 = processCpuMs(redis.pid);
			const result = await timed(`burst:${side}:${chats}`, () => load.schedule({ url: urls[side], ca: n8n.ca, sends, timeoutMs: 120_000 }));
			const ok = result.statuses[200] || 0;
			assert.equal(ok, sends.length, `burst deliveries (${side}): ${ok} of ${sends.length} answered 200 (${JSON.stringify(result.statuses)} ${result.errors.join('; ')})`);
			const sentAt = new Map(result.sent.map((s) => [s.key, s.at]));
			const firstSent = Math.min(...result.sent.map((s) => s.at));
			// Until every burst has its last message in a reply, or nothing new came for 20 s while
			// n8n was idle and ran none of the bot's executions (a saturated n8n may answer the first
			// burst long after the last message; a waiting execution uses no CPU); then 2 s more for doubles.
			const lastIndexSeen = () => {
				const replies = front.sends.slice(from);
				return new Set(
					replies
						.flatMap((r) => r.message.split('\n'))
						.map((line) => line.match(BURST_LINE))
						.filter((m) => m && m[1] === tag && Number(m[3]) === BURST_MESSAGES)
						.map((m) => m[2]),
				).size;
			};
			let seen = -1;
			let changed = Date.now();
			let idleSince = Date.now();
			let cpu = groupCpuMs(pgid);
			const giveUp = Date.now() + 600_000;
			const stillRunning = async () => (await n8n.executions(ids[side], { includeData: false, status: 'running', limit: 1 }).catch(() => [])).length > 0;
			while (lastIndexSeen() < chats && Date.now() < giveUp && !(Date.now() - changed > 20_000 && Date.now() - idleSince > 2000 && !(await stillRunning()))) {
				const now = lastIndexSeen();
				if (now !== seen) {
					seen = now;
					changed = Date.now();
				}
				await sleep(250);
				const cpuNow = groupCpuMs(pgid);
				// Busy: more than 4% of a core over the last 250 ms.
				if (cpuNow - cpu > 10) idleSince = Date.now();
				cpu = cpuNow;
			}
			await sleep(2000);
			const facts = burstFacts(tag, chats, sentAt, front.sends.slice(from));
			await settle(pgid);
			const messages = sends.length;
			const replied = facts.exact + facts.split + facts.doubled + facts.misordered;
			if (facts.lastReplyAt === -Infinity) {
				const [execution] = await n8n.executions(ids[side], { includeData: true, limit: 1 }).catch(() => []);
				throw new Error(`burst bot (${side}): no reply at all to ${chats} bursts; last execution: ${JSON.stringify(execution?.data?.resultData?.error ?? execution?.status ?? null).slice(0, 600)}`);
			}
			return {
				...facts,
				replied,
				cpuMs: (groupCpuMs(pgid) - cpu0) / messages,
				redisCpuMs: (processCpuMs(redis.pid) - redisCpu0) / messages,
				requests: (proxy.count - requests0) / messages,
				rate: (messages * 1000) / (facts.lastReplyAt - firstSent - BURST_QUIET_SECONDS * 1000),
			};
		};
		const offsetsFor = (chats) => Array.from({ length: chats }, () => Math.random() * BURST_START_WINDOW_MS);
		// Warm-up: code loaded, the data table created, connections opened.
		for (const side of ['zapi', 'recipe']) await run(side, offsetsFor(2));
		for (const chats of BURST_CHATS) {
			const m = {};
			for (const measure of ['p50', 'p99', 'cpu', 'redisCpu', 'requests', 'rate']) m[measure] = { zapi: [], recipe: [] };
			const outcomes = { zapi: { exact: 0, split: 0, lost: 0, doubled: 0, misordered: 0 }, recipe: { exact: 0, split: 0, lost: 0, doubled: 0, misordered: 0 } };
			for (let round = 0; round < BURST_ROUNDS; round++) {
				// The same chats' start times for both sides of a round; the order turned each round.
				const offsets = offsetsFor(chats);
				for (const side of round % 2 ? ['recipe', 'zapi'] : ['zapi', 'recipe']) {
					const r = await run(side, offsets);
					for (const k of Object.keys(outcomes[side])) outcomes[side][k] += r[k];
					m.p50[side].push(quantile(r.latencies, 0.5));
					m.p99[side].push(quantile(r.latencies, 0.99));
					m.cpu[side].push(r.cpuMs);
					m.redisCpu[side].push(r.redisCpuMs);
					m.requests[side].push(r.requests);
					m.rate[side].push(r.rate);
					log(
						`  C=${chats} round ${round + 1} ${side === 'zapi' ? 'package' : 'recipe '}: exact ${r.exact}/${chats} (split ${r.split}, lost ${r.lost}, doubled ${r.doubled}, misordered ${r.misordered}); ` +
							`beyond the quiet period p50 ${fmt(quantile(r.latencies, 0.5), 0)} ms, p99 ${fmt(quantile(r.latencies, 0.99), 0)} ms; n8n CPU ${fmt(r.cpuMs)} ms/message` +
							(side === 'recipe' ? ` (+ Redis ${fmt(r.redisCpuMs, 2)})` : `, ${fmt(r.requests, 1)} n8n API requests/message`) +
							`; ${fmt(r.rate)} messages/s` +
							(r.odd.length ? `; not exact: ${r.odd.slice(0, 5).join('; ')}${r.odd.length > 5 ? '; …' : ''}` : ''),
					);
				}
			}
			const label = `burst C=${chats}`;
			const outcome = (o) => `${o.exact}/${o.split}/${o.lost}/${o.doubled}/${o.misordered}`;
			rows.push({ measure: `[${currentMode}] ${label}: bursts exact/split/lost/doubled/misordered`, unit: '', zapi: [outcome(outcomes.zapi)], baseline: [outcome(outcomes.recipe)], ratios: [], target: `${chats * BURST_ROUNDS}/0/0/0/0` });
			log(`  ${label}: bursts exact/split/lost/doubled/misordered, package ${outcome(outcomes.zapi)}, recipe ${outcome(outcomes.recipe)} of ${chats * BURST_ROUNDS}`);
			report(`${label}: beyond the quiet period p50`, 'ms', m.p50.zapi, m.p50.recipe);
			report(`${label}: beyond the quiet period p99`, 'ms', m.p99.zapi, m.p99.recipe);
			report(`${label}: n8n CPU per message`, 'ms', m.cpu.zapi, m.cpu.recipe);
			report(
				`${label}: n8n CPU per message vs recipe's n8n + Redis`,
				'ms',
				m.cpu.zapi,
				m.cpu.recipe.map((v, i) => v + m.redisCpu.recipe[i]),
			);
			log(`    recipe's Redis server CPU per message: ${triple(m.redisCpu.recipe, 2)} ms; package's n8n API requests per message: ${triple(m.requests.zapi, 2)}`);
			rows.push({ measure: `[${currentMode}] ${label}: recipe's Redis CPU per message`, unit: 'ms', zapi: ['-'], baseline: [median(m.redisCpu.recipe)], ratios: [], target: '' });
			rows.push({ measure: `[${currentMode}] ${label}: package's n8n API requests per message`, unit: '', zapi: [median(m.requests.zapi)], baseline: ['-'], ratios: [], target: '' });
			report(`${label}: sustained messages/s`, '/s', m.rate.zapi, m.rate.recipe);
		}
	} finally {
		await proxy.stop();
		await redis.stop();
	}
}

// ---------------------------------------------------------------------------
// A conversation that feels human: people typing between messages, people writing while a
// slow model answers; the package with Skip If the Person Wrote Again vs the recipe
// ---------------------------------------------------------------------------
/** How long the stand-in model takes to answer. */
const MODEL_MS = 4000;
/** Typing between the second and third message, from TYPING_MIN_MS to TYPING_MAX_MS; WhatsApp repeats "composing" every 2 s. */
const TYPING_MIN_MS = 6000;
const TYPING_MAX_MS = 10_000;
const PRESENCE_EVERY_MS = 2000;
const CONVERSATION_CHATS = num('BENCH_N8N_CONVERSATION_CHATS', 10, 10);

/** A model that takes MODEL_MS to answer and echoes the prompt: POST {text} → {output: text}. */
function slowModel() {
	const model = { url: '', requests: 0, stop: null };
	const server = http.createServer((req, res) => {
		const chunks = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', () => {
			model.requests++;
			let text = '';
			try {
				text = String(JSON.parse(Buffer.concat(chunks).toString('utf8')).text ?? '');
			} catch {
				// An empty answer: the run then finds the reply missing its lines.
			}
			setTimeout(() => {
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ output: text }));
			}, MODEL_MS);
		});
	});
	server.keepAliveTimeout = 30_000;
	return new Promise((resolve) => {
		server.listen(0, '127.0.0.1', () => {
			model.url = `http://127.0.0.1:${server.address().port}/answer`;
			model.stop = () => new Promise((r) => (server.closeAllConnections?.(), server.close(() => r())));
			resolve(model);
		});
	});
}

/**
 * Each person of a run: messages 1 and 2 half a second apart, then either typing for 6 to 10 s
 * ("composing" every 2 s, "paused" at the end) before message 3, or message 3 1.5 s into the
 * model's answer to the first two (Quiet Period after message 2, plus 1.5 s).
 */
function conversationScript(chats) {
	return Array.from({ length: chats }, (_, chat) => {
		const start = Math.random() * BURST_START_WINDOW_MS;
		const second = start + BURST_GAP_MS;
		if (chat % 2 === 0) {
			const typingMs = TYPING_MIN_MS + Math.random() * (TYPING_MAX_MS - TYPING_MIN_MS);
			const typingFrom = second + 500;
			const typingTo = second + typingMs;
			const presence = [];
			for (let at = typingFrom; at < typingTo; at += PRESENCE_EVERY_MS) presence.push({ atMs: at, status: 'COMPOSING' });
			presence.push({ atMs: typingTo, status: 'PAUSED' });
			return { kind: 'typing', messages: [start, second, typingTo + 300], presence, typing: [typingFrom, typingTo] };
		}
		return { kind: 'writesWhileAnswered', messages: [start, second, second + BURST_QUIET_SECONDS * 1000 + 1500], presence: [] };
	});
}

/**
 * What each person got, from the replies: answers per person (target 1), stale answers (a reply
 * leaving out a message of the person sent before the reply and answered by no reply before
 * it), answers sent while they were typing, messages in no reply (lost) or in two (doubled).
 */
function conversationFacts(tag, script, sentAt, replies) {
	const facts = { people: script.length, exactlyOne: 0, answers: 0, stale: 0, whileTyping: 0, lost: 0, doubled: 0, odd: [] };
	for (const [chat, person] of script.entries()) {
		const got = [];
		for (const reply of replies) {
			const lines = reply.message.split('\n').map((line) => line.match(BURST_LINE)).filter((m) => m && m[1] === tag && Number(m[2]) === chat);
			if (lines.length) got.push({ at: reply.at, indexes: lines.map((m) => Number(m[3])) });
		}
		got.sort((a, b) => a.at - b.at);
		facts.answers += got.length;
		if (got.length === 1) facts.exactlyOne++;
		// A person who got other than one answer, for the log: when each message left and each answer came, in ms from the start.
		const since = (at) => Math.round(at - sentAt.get(`${chat}:start`));
		if (got.length !== 1) facts.odd.push(`${person.kind} ${chat}: sent ${[1, 2, 3].map((i) => since(sentAt.get(`${chat}:${i}`))).join('/')}${person.typing ? `, typing ${person.typing.map(Math.round).join('-')}` : ''}; answers ${got.map((r) => `[${r.indexes.join(',')}]@${since(r.at)}`).join(' ')}`);
		const answered = new Set();
		for (const reply of got) {
			const due = person.messages.map((_, i) => i + 1).filter((index) => sentAt.get(`${chat}:${index}`) < reply.at && !answered.has(index));
			if (due.some((index) => !reply.indexes.includes(index))) facts.stale++;
			for (const index of reply.indexes) answered.add(index);
			if (person.typing) {
				const [from, to] = person.typing.map((ms) => sentAt.get(`${chat}:start`) + ms);
				if (reply.at > from && reply.at < to) facts.whileTyping++;
			}
		}
		const seen = got.flatMap((r) => r.indexes);
		for (const index of [1, 2, 3]) {
			const times = seen.filter((i) => i === index).length;
			if (!times) facts.lost++;
			if (times > 1) facts.doubled++;
		}
	}
	return facts;
}

/**
 * The two bots of the conversation measure, each with the model between the burst and its
 * answer. Recipe: the burst recipe with an HTTP Request to the model before its reply. Package:
 * Z-API Trigger → Combine Quick Messages (Wait While Typing on, as by default) → HTTP Request to
 * the model → Send Text with Skip If the Person Wrote Again.
 */
function conversationWorkflows({ triggerVersion, instance, stateCredential, redisCredential, replyInstanceUrl, hookPath, modelUrl }) {
	const { recipe } = burstWorkflows({ triggerVersion, instance, stateCredential, stateOnTrigger: true, redisCredential, replyInstanceUrl, hookPath });
	const start = "$('Start').item.json.body";
	const model = (text) => node('Model', 'n8n-nodes-base.httpRequest', 4.2, { method: 'POST', url: modelUrl, sendBody: true, specifyBody: 'json', jsonBody: `={{ JSON.stringify({ text: ${text} }) }}`, options: {} });
	const recipeNodes = recipe.nodes.filter((n) => n.name !== 'Reply');
	const reply = recipe.nodes.find((n) => n.name === 'Reply');
	recipeNodes.push(model("$json.texts.join('\\n')"), { ...reply, parameters: { ...reply.parameters, jsonBody: `={{ JSON.stringify({ phone: ${start}.phone, message: $json.output }) }}` } });
	const packageBot = chain('bench: conversation bot (Combine Quick Messages, Skip If the Person Wrote Again)', [
		node('Z-API Trigger', TRIGGER_TYPE, triggerVersion, { events: ['messageReceived'], followedByCombine: true, options: {} }, {
			webhookId: crypto.randomUUID(),
			credentials: { zApiApi: instance.credential, zApiConversationStateApi: stateCredential },
		}),
		node('Combine', ACTION_TYPE, 1, { resource: 'conversation', operation: 'combineMessages', quietSeconds: BURST_QUIET_SECONDS, maxWaitSeconds: 30, options: {} }, { credentials: { zApiConversationStateApi: stateCredential } }),
		model('$json.text'),
		node('Reply', ACTION_TYPE, 1.1, { resource: 'message', operation: 'sendText', message: '={{ $json.output }}', skipIfWroteAgain: true }, { credentials: { zApiApi: instance.credential, zApiConversationStateApi: stateCredential } }),
	]);
	return { recipe: chain('bench: conversation recipe (Redis, Wait, If, model)', recipeNodes), packageBot };
}

async function benchConversation(ctx) {
	const { n8n, load, deploy, pgid, replyFront: front } = ctx;
	log(
		`\nConversation: ${CONVERSATION_CHATS} people at once, half typing ${TYPING_MIN_MS / 1000} to ${TYPING_MAX_MS / 1000} s between their second and third message (presence deliveries every ${PRESENCE_EVERY_MS / 1000} s), ` +
			`half writing their third 1.5 s into a ${MODEL_MS / 1000} s model's answer; package (Wait While Typing, Skip If the Person Wrote Again) vs the recipe with the same model; quiet ${BURST_QUIET_SECONDS} s; ${BURST_ROUNDS} interleaved rounds`,
	);
	if (LINE !== '2') return log('  skipped: Combine Quick Messages needs n8n 2.x (data tables on its API)');
	const redis = await startRedis();
	if (!redis) return log(`  skipped: ${REDIS_SERVER} is not installed (Debian's redis-server package); the recipe needs a Redis`);
	const proxy = await countingN8nProxy(n8n);
	const model = await slowModel();
	try {
		const redisCredential = await n8n.createCredential('bench conversation redis', 'redis', { host: '127.0.0.1', port: redis.port, database: 0, user: '', password: '', ssl: false });
		const created = await n8n.createCredential('bench conversation state (counted)', 'zApiConversationStateApi', { baseUrl: `${proxy.url}/api/v1`, apiKey: n8n.apiKey });
		const stateCredential = { id: String(created.id), name: 'bench conversation state (counted)' };
		const instance = await ctx.benchInstance('bench conversation bot', front.url);
		const hookPath = `bench-conversation-${hex(4)}`;
		const built = conversationWorkflows({
			triggerVersion: await defaultVersion(n8n, TRIGGER_TYPE),
			instance,
			stateCredential,
			redisCredential: { id: String(redisCredential.id), name: 'bench conversation redis' },
			replyInstanceUrl: ctx.replyInstanceUrl,
			hookPath,
			modelUrl: model.url,
		});
		await deploy(built.recipe);
		await deploy(built.packageBot);
		const webhooks = ctx.standIn.state.instances.get(instance.id).webhooks;
		assert.ok(webhooks.received && webhooks.chatPresence, 'the conversation bot registered no received or chat presence webhook with the stand-in');
		const urls = { zapi: webhooks.received, recipe: `${n8n.webhookUrl}webhook/${hookPath}` };

		let runNumber = 0;
		const run = async (side, script) => {
			const tag = `c${++runNumber}${side === 'zapi' ? 'z' : 'n'}`;
			const phoneOf = (chat) => `55117${String(runNumber).padStart(3, '0')}${String(chat).padStart(5, '0')}`;
			const sends = [];
			const presence = [];
			for (const [chat, person] of script.entries()) {
				person.messages.forEach((atMs, i) =>
					sends.push({ key: `${chat}:${i + 1}`, atMs, body: fixtures.receivedCallback('text', { instanceId: instance.id, phone: phoneOf(chat), messageId: `CONV${tag.toUpperCase()}C${chat}M${i + 1}`, text: { message: burstText(tag, chat, i + 1) } }) }),
				);
				// The recipe's webhook gets no presence: the recipe has no use for it, and Z-API sends it only where an address is set.
				if (side === 'zapi') for (const p of person.presence) presence.push({ key: `${chat}:p${p.atMs}`, atMs: p.atMs, body: fixtures.instanceCallback('PresenceChatCallback', { instanceId: instance.id, phone: phoneOf(chat), status: p.status }) });
			}
			await settle(pgid);
			const from = front.sends.length;
			const requests0 = proxy.count;
			const byCall0 = { ...proxy.byCall };
			const cpu0 = groupCpuMs(pgid);
			const redisCpu0 = processCpuMs(redis.pid);
			const startedAt = epochMs();
			const [result, presenceResult] = await timed(`conversation:${side}`, () =>
				Promise.all([load.schedule({ url: urls[side], ca: n8n.ca, sends, timeoutMs: 120_000 }), presence.length ? load.schedule({ url: webhooks.chatPresence, ca: n8n.ca, sends: presence, timeoutMs: 120_000 }) : { statuses: {}, sent: [], errors: [] }]),
			);
			assert.equal(result.statuses[200] || 0, sends.length, `conversation deliveries (${side}): ${JSON.stringify(result.statuses)} ${result.errors.join('; ')}`);
			assert.equal(presenceResult.statuses[200] || 0, presence.length, `presence deliveries: ${JSON.stringify(presenceResult.statuses)} ${presenceResult.errors.join('; ')}`);
			const sentAt = new Map(result.sent.map((s) => [s.key, s.at]));
			for (const chat of script.keys()) sentAt.set(`${chat}:start`, startedAt);
			// The last answer comes about quiet + model after the last message; then 5 s more for doubles.
			const lastSent = Math.max(...result.sent.map((s) => s.at));
			while (epochMs() < lastSent + (BURST_QUIET_SECONDS * 1000 + MODEL_MS) * 2 + 5000) await sleep(500);
			const facts = conversationFacts(tag, script, sentAt, front.sends.slice(from));
			await settle(pgid);
			const messages = sends.length;
			return {
				...facts,
				cpuMs: (groupCpuMs(pgid) - cpu0) / messages,
				redisCpuMs: (processCpuMs(redis.pid) - redisCpu0) / messages,
				requests: (proxy.count - requests0) / messages,
				calls: Object.entries(proxy.byCall).map(([call, n]) => `${call} ${fmt((n - (byCall0[call] || 0)) / messages, 2)}`).join(', '),
				presencePerMessage: presence.length / messages,
			};
		};
		// Warm-up: code loaded, connections opened.
		for (const side of ['zapi', 'recipe']) await run(side, conversationScript(2));
		const m = { cpu: { zapi: [], recipe: [] }, redisCpu: { zapi: [], recipe: [] } };
		const total = { zapi: {}, recipe: {} };
		for (let round = 0; round < BURST_ROUNDS; round++) {
			const script = conversationScript(CONVERSATION_CHATS);
			for (const side of round % 2 ? ['recipe', 'zapi'] : ['zapi', 'recipe']) {
				const r = await run(side, script);
				for (const k of ['people', 'exactlyOne', 'answers', 'stale', 'whileTyping', 'lost', 'doubled']) total[side][k] = (total[side][k] || 0) + r[k];
				m.cpu[side].push(r.cpuMs);
				m.redisCpu[side].push(r.redisCpuMs);
				log(
					`  round ${round + 1} ${side === 'zapi' ? 'package' : 'recipe '}: one answer ${r.exactlyOne}/${r.people}, answers ${r.answers}, stale ${r.stale}, while typing ${r.whileTyping}, lost ${r.lost}, doubled ${r.doubled}; n8n CPU ${fmt(r.cpuMs)} ms/message` +
						(side === 'recipe' ? ` (+ Redis ${fmt(r.redisCpuMs, 2)})` : ` (with ${fmt(r.presencePerMessage, 2)} presence deliveries/message), ${fmt(r.requests, 1)} n8n API requests/message`) +
						(side === 'zapi' ? ` (${r.calls})` : '') +
						(side === 'zapi' && r.odd.length ? `; not one answer: ${r.odd.join('; ')}` : ''),
				);
			}
		}
		const line = (t) => `one answer ${t.exactlyOne}/${t.people}, ${fmt(t.answers / t.people, 2)} answers/person, stale ${t.stale}, while typing ${t.whileTyping}, lost ${t.lost}`;
		rows.push({ measure: `[${currentMode}] conversation C=${CONVERSATION_CHATS}: answers`, unit: '', zapi: [line(total.zapi)], baseline: [line(total.recipe)], ratios: [], target: '1 answer/person, 0 stale, 0 while typing, 0 lost' });
		log(`  conversation: package ${line(total.zapi)}; recipe ${line(total.recipe)}`);
		report(`conversation C=${CONVERSATION_CHATS}: n8n CPU per message (presence deliveries included)`, 'ms', m.cpu.zapi, m.cpu.recipe);
		report(`conversation C=${CONVERSATION_CHATS}: n8n CPU per message vs recipe's n8n + Redis`, 'ms', m.cpu.zapi, m.cpu.recipe.map((v, i) => v + m.redisCpu.recipe[i]));
	} finally {
		await model.stop();
		await proxy.stop();
		await redis.stop();
	}
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------
/** One boot of n8n under one mode's settings, and the measures run in it. */
async function runMode(mode, first, packed, floor, install) {
	currentMode = mode;
	// Away from the end-to-end suite's ports, so both can run on one machine.
	const port = await freePort(Number(process.env.BENCH_N8N_PORT || 5780));
	let brokerPort = await freePort(Number(process.env.BENCH_N8N_BROKER_PORT || 5790));
	while (brokerPort === port) brokerPort = await freePort(0);
	const profileDir = PROFILE_DIR && path.join(PROFILE_DIR, mode);
	if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
	// The memory measure reads n8n's heap through its inspector, opened later by SIGUSR1.
	if (first && ONLY.includes('memory')) inspectorPort = await freePort(9330);
	const nodeOptions = (dir) => {
		const options = [...(dir ? [`--cpu-prof --cpu-prof-dir=${dir}`] : []), ...(first && ONLY.includes('memory') ? [`--inspect-port=127.0.0.1:${inspectorPort}`] : [])];
		return options.length ? { NODE_OPTIONS: options.join(' ') } : {};
	};
	const n8n = await startN8n({
		line: LINE,
		packageTarball: [packed.tarball, floor.tarball],
		install,
		port,
		brokerPort,
		env: {
			N8N_LOG_LEVEL: 'warn',
			...MODES[mode],
			// BENCH_N8N_ENV=KEY=VALUE,... sets n8n's own settings (e.g. its expression engine's).
			...Object.fromEntries(
				(process.env.BENCH_N8N_ENV || '')
					.split(',')
					.filter(Boolean)
					.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
			),
			...nodeOptions(profileDir),
		},
	});
	const standIn = createStandIn({ deliveryCa: n8n.ca, deliveryTimeoutMs: 30_000 });
	await standIn.start(0);
	const front = await countingFront(standIn.url);
	const reply = await replyFront(standIn.url);
	const load = startLoad();
	try {
		log(`\n=== ${mode}: n8n ${n8n.version} (pid ${n8n.pid}) booted in ${n8n.bootMs} ms${Object.keys(MODES[mode]).length ? ` with ${Object.entries(MODES[mode]).map(([k, v]) => `${k}=${v}`).join(' ')}` : ''}`);
		// A token that needs encoding in a URL path, as users' tokens may.
		const token = `${hex(10).toUpperCase()}+/=`;
		const instanceId = hex(16).toUpperCase();
		standIn.addInstance({ id: instanceId, token, name: 'bench' });
		// The reply bots' own instances, so their triggers' registrations leave the others' alone.
		const replyInstanceIds = [1, 2, 3].map(() => hex(16).toUpperCase());
		replyInstanceIds.forEach((id, n) => standIn.addInstance({ id, token, name: `bench reply bot ${n + 1}` }));
		const replyInstanceId = replyInstanceIds[0];
		const phones = Array.from({ length: Math.max(ITEMS, 1) }, (_, i) => `55119${String(10_000_000 + i).padStart(8, '0')}`);
		// Phones already in the group: every call is answered {value: true} with no delivery.
		const group = standIn.addGroup(instanceId, { participants: phones });
		const chatPhone = '5511988887777';
		standIn.seedChat(instanceId, chatPhone, { count: MESSAGES });
		const credentialFor = async (name, baseUrl, id = instanceId) => {
			const c = await n8n.createCredential(name, 'zApiApi', {
				instanceId: id,
				instanceToken: token,
				clientToken: '',
				baseUrl,
				...(LINE === '1' ? { allowedHttpRequestDomains: 'all' } : {}),
			});
			return { id: String(c.id), name };
		};
		const pathOf = (id) => `/instances/${encodeURIComponent(id)}/token/${encodeURIComponent(token)}`;
		const replyInstances = [];
		for (const [n, id] of replyInstanceIds.entries()) replyInstances.push({ id, credential: await credentialFor(n ? `bench (reply bot ${n + 1})` : 'bench (reply bot)', reply.url, id) });
		const ctx = {
			n8n,
			load,
			standIn,
			front,
			replyFront: reply,
			pgid: n8n.pid,
			instanceId,
			phones,
			groupId: group.id,
			phone: chatPhone,
			credential: await credentialFor('bench', standIn.url),
			frontCredential: await credentialFor('bench (counted)', front.url),
			replyCredential: replyInstances[0].credential,
			/** Each reply bot's instance, with a credential for it (sends go to the reply front). */
			replyInstances,
			instanceUrl: `${standIn.url}${pathOf(instanceId)}`,
			frontInstanceUrl: `${front.url}${pathOf(instanceId)}`,
			replyInstanceUrl: `${reply.url}${pathOf(replyInstanceId)}`,
			/** A stand-in instance of its own, with the same token, and a credential for it (its address the stand-in's, or `baseUrl`). */
			benchInstance: async (name, baseUrl = standIn.url) => {
				const id = hex(16).toUpperCase();
				standIn.addInstance({ id, token, name });
				return { id, credential: await credentialFor(name, baseUrl, id) };
			},
			deploy: async (workflow) => {
				const created = await n8n.createWorkflow({ ...workflow, name: `${workflow.name} [${Date.now().toString(36)}]` });
				await n8n.activate(created.id);
				return String(created.id);
			},
		};
		if (ONLY.includes('reply')) await benchReplyBot(ctx);
		if (ONLY.includes('burst')) await benchBurst(ctx);
		if (ONLY.includes('conversation')) await benchConversation(ctx);
		if (first) {
			if (ONLY.includes('action')) for (const spec of ACTION_CASES) await benchAction(ctx, spec);
			const deliveries = ONLY.includes('trigger') || ONLY.includes('memory') ? await triggerSetup(ctx) : undefined;
			if (ONLY.includes('trigger')) await benchTrigger(ctx, deliveries);
			if (ONLY.includes('memory')) await benchMemory(ctx, deliveries);
			if (ONLY.includes('messages')) await benchMessages(ctx);
		}
		assert.ok(n8n.isRunning(), 'n8n exited during the benchmark');
		return n8n.version;
	} finally {
		load.stop();
		await front.stop();
		await reply.stop();
		await standIn.stop().catch(() => undefined);
		await n8n.stop();
	}
}

async function main() {
	const started = Date.now();
	log(`n8n benchmark${SHORT ? ' (short)' : ''}: line ${LINE}, modes ${MODE_NAMES.join(', ')}, ${ROUNDS} rounds${process.env.BENCH_N8N_ENV ? `, n8n settings ${process.env.BENCH_N8N_ENV}` : ''}; load: ${fs.readFileSync('/proc/loadavg', 'utf8').trim()} on ${require('node:os').cpus().length} cores`);
	const packed = process.env.N8N_E2E_TARBALL ? { tarball: path.resolve(process.env.N8N_E2E_TARBALL), dir: null } : buildAndPack();
	const floor = packFloorTrigger();
	const install = ensureN8n(LINE);
	let version;
	try {
		// Only the reply bot and the bursts run past the first mode: without them, the first mode is all.
		for (const [index, mode] of MODE_NAMES.entries()) if (index === 0 || ONLY.includes('reply') || ONLY.includes('burst') || ONLY.includes('conversation')) version = await runMode(mode, index === 0, packed, floor, install);
	} finally {
		if (packed.dir) fs.rmSync(packed.dir, { recursive: true, force: true });
		fs.rmSync(floor.dir, { recursive: true, force: true });
	}

	log(`\nSummary (n8n ${version}, ratio = Z-API ÷ baseline per round, min / median / max; load at the end: ${fs.readFileSync('/proc/loadavg', 'utf8').trim()})`);
	for (const r of rows) {
		const ratio = r.ratios.length ? triple(r.ratios, 2) : `${r.zapi.map((v) => fmt(v)).join(', ')} vs ${r.baseline.map((v) => fmt(v)).join(', ')} ${r.unit}`;
		log(`  ${r.measure.padEnd(70)} ${ratio.padEnd(24)}${r.target ? ` target ${r.target}` : ''}`);
	}
	if (PROFILE_DIR) {
		fs.writeFileSync(path.join(PROFILE_DIR, 'windows.json'), JSON.stringify(windows));
		log(`CPU profiles of n8n's processes (one folder per mode) and the load windows (windows.json): ${PROFILE_DIR}`);
	}
	log(`benchmark took ${Math.round((Date.now() - started) / 1000)} s`);
}

main().catch((e) => {
	console.error(`broken run: ${e.stack || e.message}`);
	process.exit(1);
});
