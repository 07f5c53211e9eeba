#!/usr/bin/env node
'use strict';
/**
 * End-to-end suite: the packed package in a real n8n (2.x on Node 24, 1.x on Node 20),
 * wired over https to the local stand-in of Z-API.
 *
 *   npm run test:e2e                         # both lines, 2 then 1: what CI runs (see below)
 *   N8N_E2E_SCOPE=all npm run test:e2e       # every scenario on both lines (npm run test:all)
 *   N8N_E2E_LINES=1 npm run test:e2e         # one line
 *   N8N_E2E_ONLY=listen npm run test:e2e     # only scenarios whose "group: name" contains this text
 *                                            # (or one of several, split by |), heavy ones included, on every line
 *   N8N_E2E_TARBALL=x.tgz npm run test:e2e   # use this tarball instead of build + pack
 *   N8N_E2E_KEEP=1                           # keep n8n's user folder (its log) after the run
 *   N8N_E2E_BOOT_TIMEOUT_MS=900000           # wait this long for n8n to be ready (default 10 min)
 *
 * Steps: `npm run build`, `npm pack` into a temp dir, then for each line: ensure the n8n
 * install (cache ~/.cache/n8n-nodes-zapi-e2e), boot n8n with the tarball, start a stand-in
 * that trusts n8n's certificate for its deliveries, run every scenario of scenarios/*.js,
 * stop both. One line per scenario (ok/FAIL, name, line, ms); the last line is
 * "N passed, N failed"; exit 1 when anything failed.
 *
 * Scope: by default line 2 runs every scenario but the heavy ones, and line 1 only the smoke
 * ones (install, activation, a delivery, an action, what differs on 1.x). N8N_E2E_SCOPE=all
 * runs every scenario on every line. A scenario marks itself `heavy: 'why'` (it waits for
 * n8n's once-a-minute check, or repeats at length what a lighter scenario and an engine-level
 * test already prove; the text says where) or `smoke: true`.
 *
 * A scenario file exports { group, scenarios: [{ name, timeoutMs?, heavy?, smoke?, run(t) }] }. `t` is the
 * per-scenario context built by scenarioContext() below: stand-in instances with their
 * credentials, workflow deployment (cleaned up after the scenario), execution reading and
 * bounded waits.
 */
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const { ensureN8n, startN8n, httpRequest } = require('./lib/n8n');
const { createStandIn } = require('../stand-in/server');
const fixtures = require('../fixtures/callbacks');
const sampleImages = require('../stand-in/sample-images');

const ROOT = path.resolve(__dirname, '..', '..');
const SCENARIO_DIR = path.join(__dirname, 'scenarios');
const WORKFLOW_DIR = path.join(__dirname, 'workflows');
const EXAMPLES_DIR = path.join(ROOT, 'examples');
const DEFAULT_SCENARIO_TIMEOUT_MS = 90_000;
const TRIGGER_TYPE = '@n8n-nodes-zapi/n8n-nodes-zapi.zApiTrigger';
const ACTION_TYPE = '@n8n-nodes-zapi/n8n-nodes-zapi.zApi';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const clone = (v) => JSON.parse(JSON.stringify(v));
const log = (...a) => console.log(...a);

// ---------------------------------------------------------------------------
// Build and pack
// ---------------------------------------------------------------------------
function run(cmd, args, opts = {}) {
	const res = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', timeout: 5 * 60_000, ...opts });
	if (res.status !== 0) {
		throw new Error(
			`${cmd} ${args.join(' ')} failed (status ${res.status}${res.signal ? `, ${res.signal}` : ''})\n${res.stdout || ''}${res.stderr || ''}`,
		);
	}
	return res.stdout;
}

function buildAndPack() {
	const t0 = Date.now();
	run('npm', ['run', 'build']);
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-nodes-zapi-pack-'));
	const out = run('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', dir]);
	const tarball = path.join(dir, out.trim().split('\n').pop().trim());
	if (!fs.existsSync(tarball)) throw new Error(`npm pack did not produce ${tarball}`);
	log(`built and packed ${path.basename(tarball)} in ${Date.now() - t0} ms`);
	return { tarball, dir };
}

// ---------------------------------------------------------------------------
// Helpers shared by the scenarios (handed to them as `t`)
// ---------------------------------------------------------------------------
/** Polls fn until it returns a truthy value; throws with `what` after timeoutMs. */
async function waitFor(fn, { timeoutMs = 15_000, intervalMs = 200, what = 'a condition' } = {}) {
	const end = Date.now() + timeoutMs;
	let last;
	for (;;) {
		try {
			last = await fn();
			if (last) return last;
		} catch (e) {
			last = e;
		}
		if (Date.now() >= end) {
			const detail = last instanceof Error ? `: ${last.message}` : last === undefined ? '' : `: last ${JSON.stringify(last)}`;
			throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${detail}`);
		}
		await sleep(intervalMs);
	}
}

/** The preferred port when it is free on 127.0.0.1, else one the system picks. */
function freePort(preferred) {
	const tryListen = (port) =>
		new Promise((resolve) => {
			const srv = net.createServer();
			srv.once('error', () => resolve(null));
			srv.listen(port, '127.0.0.1', () => {
				const got = srv.address().port;
				srv.close(() => resolve(got));
			});
		});
	return tryListen(preferred).then((port) => port ?? tryListen(0));
}

const hex = (bytes) => crypto.randomBytes(bytes).toString('hex');
const randomInstanceId = () => hex(16).toUpperCase();
const randomToken = () => `${hex(12).toUpperCase()}`;

function readJson(file) {
	return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Items of one node's first run, first output ([] when the node did not run). */
function nodeItems(execution, nodeName, { output = 0, run: runIndex = 0 } = {}) {
	const runs = execution?.data?.resultData?.runData?.[nodeName];
	const main = runs?.[runIndex]?.data?.main?.[output];
	return Array.isArray(main) ? main.map((item) => item.json) : [];
}

/** The error of an execution: the workflow's, else the first node error found. */
function executionError(execution) {
	const resultData = execution?.data?.resultData ?? {};
	if (resultData.error) return resultData.error;
	for (const runs of Object.values(resultData.runData ?? {})) {
		for (const r of runs) if (r.error) return r.error;
	}
	return null;
}

function describeExecutions(list) {
	return JSON.stringify(
		list.map((e) => ({ id: e.id, mode: e.mode, status: e.status, error: executionError(e)?.message })),
	);
}

/** One line's shared state: n8n, stand-in, the packed tarball and the instances/credentials made so far. */
function lineContext({ line, n8n, standIn, tarball }) {
	const instances = new Map();
	/** Every instance token handed out (and wrong tokens put in credentials): never to be seen in executions or logs. */
	const secrets = new Set();
	let counter = 0;

	/**
	 * A stand-in instance of its own (Z-API keeps one URL per webhook per instance, so every
	 * concurrently active trigger gets one) and an n8n credential pointing at it.
	 * opts: groups [{id?, participants?, admins?, ...}], chats [{phone, count, ...}], token,
	 * credentialToken (a wrong token for the credential), name.
	 */
	async function instance(key, opts = {}) {
		if (instances.has(key)) return instances.get(key);
		counter++;
		const id = opts.id ?? randomInstanceId();
		const token = opts.token ?? randomToken();
		standIn.addInstance({ id, token, name: opts.name ?? `e2e ${key}`, ...(opts.instance ?? {}) });
		const groups = (opts.groups ?? []).map((g) => standIn.addGroup(id, g));
		const chats = {};
		for (const c of opts.chats ?? []) {
			const { phone, ...rest } = c;
			chats[phone] = standIn.seedChat(id, phone, rest);
		}
		const credentialName = `Z-API ${key} (${counter})`;
		const credential = await n8n.createCredential(credentialName, 'zApiApi', {
			instanceId: id,
			instanceToken: opts.credentialToken ?? token,
			clientToken: '',
			baseUrl: standIn.url,
			// 1.x adds these fields to every credential type (UI default 'all'); its public
			// API's schema check requires allowedDomains unless the choice is given.
			...(line === '1' ? { allowedHttpRequestDomains: 'all' } : {}),
		});
		secrets.add(token);
		if (opts.credentialToken) secrets.add(opts.credentialToken);
		const inst = { key, id, token, groups, chats, credential: { id: String(credential.id), name: credentialName } };
		instances.set(key, inst);
		return inst;
	}

	/** The secrets found in a text (raw or URL-encoded), for the no-token checks. */
	function secretsIn(text) {
		return [...secrets].filter((secret) => text.includes(secret) || text.includes(encodeURIComponent(secret)));
	}

	return { line, n8n, standIn, tarball, instance, instances, secrets, secretsIn };
}

/** Context of one scenario: tracks the workflows it creates, cleans them up after. */
function scenarioContext(lc) {
	const { n8n, standIn, line } = lc;
	const created = [];

	/** Sets the credential on every node that has credentials.zApiApi. */
	function withCredential(workflow, inst) {
		const wf = clone(workflow);
		for (const node of wf.nodes) {
			if (node.credentials && node.credentials.zApiApi) node.credentials.zApiApi = { ...inst.credential };
		}
		return wf;
	}

	/** Fresh node ids and webhook ids, so several copies of a template can coexist. */
	function freshIds(workflow) {
		const wf = clone(workflow);
		for (const node of wf.nodes) {
			node.id = crypto.randomUUID();
			if (node.webhookId !== undefined) node.webhookId = crypto.randomUUID();
		}
		return wf;
	}

	async function deploy(workflow, { activate = true, name } = {}) {
		const wf = clone(workflow);
		wf.name = `${name ?? wf.name ?? 'e2e'} [${Date.now().toString(36)}]`;
		const res = await n8n.createWorkflow(wf);
		const entry = { id: String(res.id), active: false, workflow: wf };
		created.push(entry);
		if (activate) await activateWf(entry.id);
		return { id: entry.id, workflow: wf, nodes: wf.nodes };
	}

	async function activateWf(id) {
		const entry = created.find((c) => c.id === id);
		await n8n.activate(id);
		if (entry) entry.active = true;
	}

	async function deactivateWf(id) {
		const entry = created.find((c) => c.id === id);
		await n8n.deactivate(id);
		if (entry) entry.active = false;
	}

	async function cleanup() {
		const problems = [];
		for (const entry of created.reverse()) {
			// Whatever the scenario, the execution data must never hold an instance token.
			try {
				const list = await n8n.executions(entry.id, { includeData: true, limit: 250 });
				for (const execution of list) {
					if (lc.secretsIn(JSON.stringify(execution)).length) {
						problems.push(`an instance token appears in the data of execution ${execution.id} (workflow ${entry.workflow.name})`);
					}
				}
			} catch (e) {
				problems.push(`reading executions of ${entry.id}: ${e.message}`);
			}
			try {
				if (entry.active) await n8n.deactivate(entry.id);
			} catch (e) {
				problems.push(`deactivate ${entry.id}: ${e.message}`);
			}
			try {
				await n8n.deleteWorkflow(entry.id);
			} catch (e) {
				problems.push(`delete ${entry.id}: ${e.message}`);
			}
		}
		created.length = 0;
		return problems;
	}

	/** The Z-API Trigger template with these parameters, fresh ids and the instance's credential. */
	function triggerWorkflow(inst, parameters, { name = 'e2e trigger' } = {}) {
		const wf = freshIds(readJson(path.join(WORKFLOW_DIR, 'trigger.json')));
		wf.name = name;
		const trigger = wf.nodes.find((n) => n.type === TRIGGER_TYPE);
		trigger.parameters = clone(parameters);
		return withCredential(wf, inst);
	}

	/**
	 * Webhook (POST /webhook/<path>) → Z-API node with these parameters. Returns the
	 * workflow and the path to POST to.
	 */
	function actionWorkflow(inst, parameters, { name = 'e2e action' } = {}) {
		const wf = freshIds(readJson(path.join(WORKFLOW_DIR, 'action.json')));
		wf.name = name;
		const start = wf.nodes.find((n) => n.type === 'n8n-nodes-base.webhook');
		const webhookPath = `zapi-e2e-${hex(6)}`;
		start.parameters.path = webhookPath;
		const action = wf.nodes.find((n) => n.type === ACTION_TYPE);
		action.parameters = clone(parameters);
		return { workflow: withCredential(wf, inst), path: webhookPath, actionNode: action.name };
	}

	/** An example workflow of examples/, as shipped, with the instance's credential. */
	function exampleWorkflow(file, inst) {
		return withCredential(readJson(path.join(EXAMPLES_DIR, file)), inst);
	}

	/** n8n's production URL of a Z-API Trigger node (before the signing query). */
	function productionUrl(webhookId) {
		return `${n8n.webhookUrl}webhook/${webhookId}/webhook`;
	}
	function testUrl(webhookId) {
		return `${n8n.webhookUrl}webhook-test/${webhookId}/webhook`;
	}

	async function executions(workflowId) {
		return n8n.executions(workflowId, { includeData: true, limit: Infinity });
	}

	/** Waits until `count` executions of the workflow have ended; returns them, oldest first. */
	async function waitForExecutions(workflowId, count, { timeoutMs = 30_000 } = {}) {
		const list = await n8n.waitForExecutions(workflowId, { count, timeoutMs });
		return [...list].sort((a, b) => Number(a.id) - Number(b.id));
	}

	/**
	 * Waits for `count` ended executions, then a short settle, and asserts there are exactly
	 * `count` (nothing else was started, e.g. by a refused or filtered delivery).
	 */
	async function exactlyExecutions(workflowId, count, { timeoutMs = 30_000, settleMs = 1_200 } = {}) {
		if (count > 0) await waitForExecutions(workflowId, count, { timeoutMs });
		await sleep(settleMs);
		const all = await n8n.executions(workflowId, { includeData: true, limit: 250 });
		const running = await n8n.executions(workflowId, { includeData: false, status: 'running' }).catch(() => []);
		const total = all.length + running.filter((r) => !all.some((a) => a.id === r.id)).length;
		assert.equal(total, count, `expected exactly ${count} execution(s) of workflow ${workflowId}, found ${total}: ${describeExecutions(all)}`);
		return [...all].sort((a, b) => Number(a.id) - Number(b.id));
	}

	/** POSTs to a production webhook path of n8n (Webhook node). */
	function postWebhook(webhookPath, body, headers = {}) {
		return n8n.request('POST', `webhook/${webhookPath}`, { body, headers, timeoutMs: 30_000 });
	}

	/** Emits through the stand-in and asserts n8n answered the delivery with `status`. */
	async function emit(inst, kind, fields = {}, { status = 200 } = {}) {
		const res = await standIn.emit(inst.id, kind, fields);
		assert.equal(
			res.delivered.status,
			status,
			`delivery of ${kind} ${JSON.stringify(fields)} to ${res.delivered.url}: expected ${status}, got ${res.delivered.status} ${res.delivered.error ?? ''}`,
		);
		return res.payload;
	}

	return {
		line,
		n8n,
		standIn,
		/** The packed package under test (for scenarios that install it themselves). */
		tarball: lc.tarball,
		freePort,
		assert,
		fixtures,
		sampleImages,
		sleep,
		waitFor,
		hex,
		instance: lc.instance,
		secretsIn: lc.secretsIn,
		withCredential,
		freshIds,
		deploy,
		activate: activateWf,
		deactivate: deactivateWf,
		cleanup,
		triggerWorkflow,
		actionWorkflow,
		exampleWorkflow,
		examplesDir: EXAMPLES_DIR,
		productionUrl,
		testUrl,
		executions,
		waitForExecutions,
		exactlyExecutions,
		nodeItems,
		executionError,
		describeExecutions,
		postWebhook,
		emit,
		httpRequest,
		TRIGGER_TYPE,
		ACTION_TYPE,
	};
}

// ---------------------------------------------------------------------------
// Scenario loading and running
// ---------------------------------------------------------------------------
/** 'all', or 'ci' (the default): line 2 without the heavy scenarios, line 1 the smoke ones. */
function scenarioScope() {
	const scope = process.env.N8N_E2E_SCOPE || 'ci';
	if (scope !== 'ci' && scope !== 'all') throw new Error(`N8N_E2E_SCOPE must be 'ci' or 'all', got ${scope}`);
	return scope;
}

/** The scenarios one line runs: all of them when named by N8N_E2E_ONLY or the scope is 'all'. */
function scenariosOfLine(line, scenarios) {
	if (process.env.N8N_E2E_ONLY || scenarioScope() === 'all') return scenarios;
	return scenarios.filter((s) => (line === '1' ? s.smoke : !s.heavy));
}

function loadScenarios() {
	const only = (process.env.N8N_E2E_ONLY || '')
		.split('|')
		.map((text) => text.trim().toLowerCase())
		.filter(Boolean);
	const files = fs
		.readdirSync(SCENARIO_DIR)
		.filter((f) => f.endsWith('.js') && !f.startsWith('_'))
		.sort();
	const list = [];
	for (const file of files) {
		const mod = require(path.join(SCENARIO_DIR, file));
		const group = mod.group ?? path.basename(file, '.js');
		for (const s of mod.scenarios ?? []) {
			const full = `${group}: ${s.name}`;
			if (only.length && !only.some((text) => full.toLowerCase().includes(text))) continue;
			list.push({ ...s, group, full, order: mod.order ?? 50 });
		}
	}
	return list.sort((a, b) => a.order - b.order);
}

function withTimeout(promise, ms, what) {
	let timer;
	return Promise.race([
		promise,
		new Promise((_, reject) => {
			timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
		}),
	]).finally(() => clearTimeout(timer));
}

function indent(text, prefix = '      ') {
	return String(text)
		.split('\n')
		.map((l) => prefix + l)
		.join('\n');
}

async function runLine(line, tarball, scenarios, results) {
	const lineStart = Date.now();
	let n8n;
	let standIn;
	let lineFailed = false;
	const record = (name, ok, ms, error) => {
		results.push({ line, name, ok, ms, error });
		log(`${ok ? 'ok  ' : 'FAIL'} ${name} [line ${line}${n8n ? `, n8n ${n8n.version}` : ''}] ${ms} ms`);
		if (!ok) {
			lineFailed = true;
			log(indent(error && error.stack ? error.stack : error));
		}
	};
	try {
		const t0 = Date.now();
		let install;
		try {
			install = ensureN8n(line);
			// lib/n8n.js's default ports, unless something else (a demo, another run) holds them.
			const port = await freePort(line === '2' ? 5688 : 5689);
			let brokerPort = await freePort(line === '2' ? 5698 : 5699);
			while (brokerPort === port) brokerPort = await freePort(0);
			n8n = await startN8n({ line, packageTarball: tarball, install, port, brokerPort });
			log(`n8n ${n8n.version} (line ${line}) ready in ${(n8n.bootMs / 1000).toFixed(1)} s`);
			// recordRequests: scenarios compare the calls a node made with those its Z-API page documents.
			standIn = createStandIn({ deliveryCa: n8n.ca, deliveryTimeoutMs: 30_000, recordRequests: true });
			await standIn.start(0);
			// The package must be loaded as users get it: both node types listed.
			const types = (await n8n.nodeTypes()).map((t) => t.name);
			for (const type of [TRIGGER_TYPE, ACTION_TYPE]) {
				assert.ok(types.includes(type), `n8n did not load ${type}; loaded Z-API types: ${types.filter((x) => x.includes('zapi')).join(', ') || 'none'}`);
			}
			record(`setup: n8n ${n8n.version} boots with the packed package and the stand-in`, true, Date.now() - t0);
		} catch (e) {
			record(`setup: n8n line ${line} boots with the packed package and the stand-in`, false, Date.now() - t0, e);
			return;
		}

		const lc = lineContext({ line, n8n, standIn, tarball });
		for (const s of scenarios) {
			const t = scenarioContext(lc);
			const started = Date.now();
			let error = null;
			try {
				await withTimeout(Promise.resolve().then(() => s.run(t)), s.timeoutMs ?? DEFAULT_SCENARIO_TIMEOUT_MS, `scenario "${s.full}"`);
			} catch (e) {
				error = e;
			}
			const problems = await withTimeout(t.cleanup(), 60_000, 'clean-up').catch((e) => [e.message]);
			if (!error && problems.length) error = new Error(`clean-up failed: ${problems.join('; ')}`);
			if (error && s.knownBug) error.message = `[known node bug: ${s.knownBug}] ${error.message}`;
			record(s.full, !error, Date.now() - started, error);
			if (!n8n.isRunning()) {
				record('n8n still running', false, 0, new Error('n8n exited during the scenarios'));
				break;
			}
		}
	} finally {
		if (standIn) await standIn.stop().catch(() => undefined);
		if (n8n) {
			const tail = lineFailed ? n8n.logs(80) : null;
			await n8n.stop().catch(() => undefined);
			if (lineFailed) log(`--- n8n ${n8n.version} log tail (line ${line}) ---\n${tail || n8n.logs(80)}\n--- end of log ---`);
		}
		log(`line ${line} took ${Math.round((Date.now() - lineStart) / 1000)} s`);
	}
}

/** Ctrl-C / kill and the overall bound: exit, so lib/n8n.js's exit hook kills the n8n process groups. */
function installGuards(results) {
	const finish = (why, code) => {
		const passed = results.filter((r) => r.ok).length;
		console.log(`FAIL ${why} [run] 0 ms`);
		console.log(`${passed} passed, ${results.length - passed + 1} failed`);
		process.exit(code);
	};
	process.once('SIGINT', () => finish('interrupted (SIGINT)', 130));
	process.once('SIGTERM', () => finish('terminated (SIGTERM)', 143));
	// A cold cache installs both lines first (about 10 min on 2 cores); the scenarios take a few minutes.
	const limitMs = Number(process.env.N8N_E2E_TIMEOUT_MS || 40 * 60_000);
	setTimeout(() => finish(`the whole run did not finish within ${limitMs} ms`, 1), limitMs).unref();
}

async function main() {
	const startedAt = Date.now();
	scenarioScope(); // a wrong N8N_E2E_SCOPE stops the run before the build
	const lines = String(process.env.N8N_E2E_LINES || '2,1')
		.split(',')
		.map((l) => l.trim())
		.filter(Boolean);
	const results = [];
	installGuards(results);
	let packed;
	try {
		// N8N_E2E_TARBALL: run against an existing tarball instead of building and packing.
		packed = process.env.N8N_E2E_TARBALL
			? { tarball: path.resolve(process.env.N8N_E2E_TARBALL), dir: null }
			: buildAndPack();
	} catch (e) {
		log(`FAIL build and pack [all lines] 0 ms\n${indent(e.message)}`);
		log('0 passed, 1 failed');
		process.exitCode = 1;
		return;
	}
	const scenarios = loadScenarios();
	try {
		for (const line of lines) {
			const own = scenariosOfLine(line, scenarios);
			log(`line ${line}: ${own.length} of ${scenarios.length} scenarios (${process.env.N8N_E2E_ONLY ? 'N8N_E2E_ONLY' : `scope ${scenarioScope()}`})`);
			await runLine(line, packed.tarball, own, results);
		}
	} finally {
		if (packed.dir) fs.rmSync(packed.dir, { recursive: true, force: true });
	}
	const passed = results.filter((r) => r.ok).length;
	const failed = results.length - passed;
	log(`total ${Math.round((Date.now() - startedAt) / 1000)} s`);
	log(`${passed} passed, ${failed} failed`);
	process.exitCode = failed ? 1 : 0;
}

// Required by the n8n benchmark for buildAndPack(); run as a script, it runs the suite.
if (require.main === module) {
	main().catch((e) => {
		console.error(e.stack || e.message);
		console.log('0 passed, 1 failed');
		process.exit(1);
	});
}

module.exports = { buildAndPack, freePort, nodeItems };
