'use strict';
/**
 * Boots a real n8n (line '2' = 2.41.1 on Node 24, line '1' = 1.123.81 on the machine's
 * Node 20) with our community package installed the way a user's n8n loads it, and
 * drives it over its REST and public APIs. Node built-ins only.
 *
 *   const { ensureN8n, makeCertificate, startN8n } = require('./lib/n8n');
 *   const n8n = await startN8n({ line: '2', packageTarball: 'n8n-nodes-zapi-n8n-nodes-zapi-0.1.0.tgz' });
 *   ...
 *   await n8n.stop();
 *
 * Facts behind this file: docs/n8n-facts.md.
 */
const { spawn, spawnSync, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const net = require('node:net');
const http = require('node:http');
const https = require('node:https');
const zlib = require('node:zlib');
const { createRequire } = require('node:module');

const INSTALL_SCRIPT = path.join(__dirname, '..', 'install-n8n.sh');
const DEFAULT_PORTS = { 2: { port: 5688, brokerPort: 5698 }, 1: { port: 5689, brokerPort: 5699 } };
const DEFAULT_EMAIL = 'owner@zapi-e2e.test';
const DEFAULT_PASSWORD = 'Zapi-e2e-Passw0rd';
// A fixed key: credentials stored in a throw-away user folder, never real secrets.
const ENCRYPTION_KEY = 'n8n-nodes-zapi-e2e-encryption-key-0001';
// n8n boots in 10-20 s on an idle machine; on a loaded one it has taken minutes. The wait
// ends at once if n8n exits, so a generous limit costs nothing when something is wrong.
const BOOT_TIMEOUT_MS = Number(process.env.N8N_E2E_BOOT_TIMEOUT_MS || 10 * 60_000);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function normLine(line) {
	const l = String(line ?? '2');
	if (l !== '1' && l !== '2') throw new Error(`n8n line must be '1' or '2', got ${line}`);
	return l;
}

/** Installs (or reuses from the cache) one n8n line. Returns { dir, nodeBin, version }. */
function ensureN8n(line, { timeoutMs = 30 * 60_000 } = {}) {
	const l = normLine(line);
	const res = spawnSync('bash', [INSTALL_SCRIPT, l], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
		timeout: timeoutMs,
	});
	if (res.status !== 0) {
		throw new Error(`install-n8n.sh ${l} failed (status ${res.status}${res.signal ? `, ${res.signal}` : ''})`);
	}
	const dir = res.stdout.trim().split('\n').pop().trim();
	const nodeBin = fs.readFileSync(path.join(dir, '.node'), 'utf8').trim();
	const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', 'n8n', 'package.json'), 'utf8'));
	return { dir, nodeBin, version };
}

/**
 * Self-signed certificate in dir, for 127.0.0.1 (subjectAltName=IP:127.0.0.1) unless
 * `host` names another address or a DNS name.
 */
function makeCertificate(dir, { host = '127.0.0.1' } = {}) {
	fs.mkdirSync(dir, { recursive: true });
	const keyPath = path.join(dir, 'key.pem');
	const certPath = path.join(dir, 'cert.pem');
	execFileSync(
		'openssl',
		[
			'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '3',
			'-keyout', keyPath, '-out', certPath,
			'-subj', `/CN=${host}`,
			'-addext', `subjectAltName=${net.isIP(host) ? 'IP' : 'DNS'}:${host}`,
			'-addext', 'basicConstraints=critical,CA:TRUE',
		],
		{ stdio: ['ignore', 'ignore', 'pipe'] },
	);
	return {
		keyPath,
		certPath,
		key: fs.readFileSync(keyPath, 'utf8'),
		cert: fs.readFileSync(certPath, 'utf8'),
	};
}

function portFree(port) {
	return new Promise((resolve) => {
		const srv = net.createServer();
		srv.once('error', () => resolve(false));
		srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
	});
}

/** Unpacks an `npm pack` tarball into <userFolder>/.n8n/nodes/node_modules/<name>. */
function installPackageTarball(userFolder, tarball) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-pkg-'));
	try {
		execFileSync('tar', ['-xzf', path.resolve(tarball), '-C', tmp], { stdio: ['ignore', 'ignore', 'pipe'] });
		const src = path.join(tmp, 'package');
		const pkg = JSON.parse(fs.readFileSync(path.join(src, 'package.json'), 'utf8'));
		const dest = path.join(nodesDir, 'node_modules', ...pkg.name.split('/'));
		fs.mkdirSync(path.dirname(dest), { recursive: true });
		fs.rmSync(dest, { recursive: true, force: true });
		fs.cpSync(src, dest, { recursive: true });
		// What n8n's own installer leaves behind: a package.json listing the package.
		const manifestPath = path.join(nodesDir, 'package.json');
		let manifest = { name: 'installed-nodes', private: true, dependencies: {} };
		if (fs.existsSync(manifestPath)) manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
		manifest.dependencies = { ...(manifest.dependencies || {}), [pkg.name]: pkg.version };
		fs.writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
		return { name: pkg.name, version: pkg.version, dir: dest };
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
}

function bcryptHash(n8nDir, password) {
	const req = createRequire(path.join(n8nDir, 'node_modules', 'n8n', 'package.json'));
	let bcrypt;
	try {
		bcrypt = req('bcryptjs');
	} catch {
		bcrypt = createRequire(path.join(n8nDir, 'package.json'))('bcryptjs');
	}
	return bcrypt.hashSync(password, 10);
}

function tailFile(file, lines = 80) {
	try {
		const text = fs.readFileSync(file, 'utf8');
		return text.split('\n').slice(-lines).join('\n');
	} catch {
		return '(no log)';
	}
}

class N8nHttpError extends Error {
	constructor(method, url, res) {
		const body = typeof res.data === 'string' ? res.data : JSON.stringify(res.data);
		super(`${method} ${url} -> ${res.status}: ${String(body).slice(0, 600)}`);
		this.status = res.status;
		this.data = res.data;
		this.headers = res.headers;
	}
}

/**
 * One HTTP(S) request. `ca` trusts the throw-away certificate for this call only.
 * Resolves { status, headers, data, text } (data = parsed JSON when the answer is JSON).
 */
function httpRequest(method, url, { body, headers = {}, ca, timeoutMs = 30_000 } = {}) {
	const u = new URL(url);
	const lib = u.protocol === 'https:' ? https : http;
	const h = { accept: 'application/json', ...headers };
	let payload;
	if (body !== undefined && body !== null) {
		if (Buffer.isBuffer(body) || typeof body === 'string') {
			payload = body;
		} else {
			payload = JSON.stringify(body);
			if (!Object.keys(h).some((k) => k.toLowerCase() === 'content-type')) h['content-type'] = 'application/json';
		}
		h['content-length'] = Buffer.byteLength(payload);
	}
	return new Promise((resolve, reject) => {
		const req = lib.request(
			u,
			{ method, headers: h, ...(u.protocol === 'https:' && ca ? { ca } : {}), timeout: timeoutMs },
			(res) => {
				const chunks = [];
				res.on('data', (c) => chunks.push(c));
				res.on('error', reject);
				res.on('end', () => {
					let buf = Buffer.concat(chunks);
					const enc = res.headers['content-encoding'];
					try {
						if (enc === 'gzip') buf = zlib.gunzipSync(buf);
						else if (enc === 'br') buf = zlib.brotliDecompressSync(buf);
						else if (enc === 'deflate') buf = zlib.inflateSync(buf);
					} catch {
						/* keep raw */
					}
					const text = buf.toString('utf8');
					let data = text;
					if (/json/i.test(res.headers['content-type'] || '') && text.length) {
						try {
							data = JSON.parse(text);
						} catch {
							/* keep text */
						}
					}
					resolve({ status: res.statusCode, headers: res.headers, data, text });
				});
			},
		);
		req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer in ${timeoutMs} ms`)));
		req.on('error', reject);
		if (payload !== undefined) req.write(payload);
		req.end();
	});
}

function cleanEnv(base) {
	const env = {};
	for (const [k, v] of Object.entries(base)) {
		if (/^(N8N_|DB_|EXECUTIONS_|QUEUE_|GENERIC_|WEBHOOK_URL$|NODE_OPTIONS$|NODE_EXTRA_CA_CERTS$)/.test(k)) continue;
		env[k] = v;
	}
	return env;
}

const liveChildren = new Set();
let exitHookInstalled = false;
function installExitHook() {
	if (exitHookInstalled) return;
	exitHookInstalled = true;
	process.on('exit', () => {
		for (const child of liveChildren) {
			try {
				process.kill(-child.pid, 'SIGKILL');
			} catch {
				/* gone */
			}
		}
	});
}

/**
 * Boots n8n. Options:
 *   line            '2' (default) or '1'
 *   packageTarball  path of an `npm pack` tarball (or an array of them); optional
 *   port, brokerPort defaults 5688/5698 (line 2), 5689/5699 (line 1)
 *   https           true (default): throw-away certificate, WEBHOOK_URL=https://127.0.0.1:<port>/
 *   userFolder      N8N_USER_FOLDER (default: a fresh temp dir, removed by stop() unless keepUserFolder)
 *   keepUserFolder  keep the folder after stop() (also when N8N_E2E_KEEP=1)
 *   env             extra environment for n8n (wins over ours)
 *   email, password owner login (defaults above)
 *   bootTimeoutMs   how long to wait for n8n to be ready while it runs (default 10 min,
 *                   or N8N_E2E_BOOT_TIMEOUT_MS)
 *   install         result of ensureN8n(line), to skip running the installer again
 *   command         'start' (default), or 'webhook' / 'worker' for queue mode's other
 *                   processes: these have no editor, so the result only waits for
 *                   /healthz/readiness (a worker's on `port`, its health server) and carries
 *                   no login, API key or REST helpers
 *   args            extra command-line arguments (e.g. ['--concurrency=20'])
 */
async function startN8n(opts = {}) {
	const line = normLine(opts.line);
	const useHttps = opts.https !== false;
	const port = opts.port ?? DEFAULT_PORTS[line].port;
	const brokerPort = opts.brokerPort ?? DEFAULT_PORTS[line].brokerPort;
	const email = opts.email ?? DEFAULT_EMAIL;
	const password = opts.password ?? DEFAULT_PASSWORD;
	const bootTimeoutMs = opts.bootTimeoutMs ?? BOOT_TIMEOUT_MS;
	const command = opts.command ?? 'start';
	const isMain = command === 'start';

	for (const p of [port, brokerPort]) {
		if (!(await portFree(p))) throw new Error(`port ${p} on 127.0.0.1 is in use (a stale n8n?)`);
	}

	const install = opts.install ?? ensureN8n(line);
	const createdFolder = !opts.userFolder;
	const userFolder = opts.userFolder ?? fs.mkdtempSync(path.join(os.tmpdir(), `n8n-e2e-${line}-`));
	fs.mkdirSync(path.join(userFolder, '.n8n'), { recursive: true });
	const keep = !!opts.keepUserFolder || process.env.N8N_E2E_KEEP === '1';

	const packages = [];
	const tarballs = [].concat(opts.packageTarball ?? []);
	for (const t of tarballs) packages.push(installPackageTarball(userFolder, t));

	const scheme = useHttps ? 'https' : 'http';
	const baseUrl = `${scheme}://127.0.0.1:${port}`;
	const webhookUrl = `${baseUrl}/`;
	let certificate = null;
	if (useHttps) certificate = makeCertificate(path.join(userFolder, 'tls'));
	const ca = certificate ? certificate.cert : undefined;

	const env = {
		...cleanEnv(process.env),
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: scheme,
		WEBHOOK_URL: webhookUrl,
		N8N_EDITOR_BASE_URL: webhookUrl,
		N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		DB_TYPE: 'sqlite',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_LOG_OUTPUT: 'console',
		N8N_LOG_LEVEL: 'info',
		N8N_NO_COLOR: 'true',
		...(useHttps
			? {
					N8N_SSL_KEY: certificate.keyPath,
					N8N_SSL_CERT: certificate.certPath,
					// n8n trusts its own throw-away certificate, as a deployment trusts its own
					// address: nodes that call n8n's API (the conversation state) reach it, triggers of
					// several workflows on one instance pass deliveries to each other, and the Z-API
					// Trigger hands a reply to a waiting execution at n8n's WEBHOOK_URL.
					NODE_EXTRA_CA_CERTS: certificate.certPath,
				}
			: { N8N_SECURE_COOKIE: 'false' }),
		...(command === 'worker'
			? { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(port), N8N_WORKER_SERVER_ADDRESS: '127.0.0.1' }
			: {}),
		...(line === '2' && !isMain ? { N8N_DISABLED_MODULES: 'mcp-registry' } : {}),
		...(line === '2' && isMain
			? {
					N8N_DISABLED_MODULES: 'mcp-registry',
					N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
					N8N_INSTANCE_OWNER_EMAIL: email,
					N8N_INSTANCE_OWNER_PASSWORD_HASH: bcryptHash(install.dir, password),
				}
			: {}),
		...(line === '1' ? { N8N_EXPRESSION_ENGINE: 'legacy' } : {}),
		...(opts.env || {}),
	};

	const logFile = path.join(userFolder, 'n8n.log');
	const logFd = fs.openSync(logFile, 'a');
	const started = Date.now();
	const child = spawn(install.nodeBin, [path.join(install.dir, 'node_modules', 'n8n', 'bin', 'n8n'), command, ...(opts.args ?? [])], {
		cwd: userFolder,
		env,
		detached: true, // own process group: stop() kills n8n and its task runner together
		stdio: ['ignore', logFd, logFd],
	});
	fs.closeSync(logFd);
	installExitHook();
	liveChildren.add(child);
	let exited = null;
	const exitPromise = new Promise((resolve) => {
		child.on('exit', (code, signal) => {
			exited = { code, signal };
			liveChildren.delete(child);
			resolve(exited);
		});
	});

	let lastLogTail = null;
	const logs = (lines = 80) => (lastLogTail !== null ? lastLogTail.split('\n').slice(-lines).join('\n') : tailFile(logFile, lines));

	let stopped = false;
	async function stop({ timeoutMs = 20_000 } = {}) {
		if (stopped) return;
		stopped = true;
		if (!exited) {
			try {
				process.kill(-child.pid, 'SIGTERM');
			} catch {
				/* already gone */
			}
			const done = await Promise.race([exitPromise, sleep(timeoutMs).then(() => null)]);
			if (!done) {
				try {
					process.kill(-child.pid, 'SIGKILL');
				} catch {
					/* gone */
				}
				await Promise.race([exitPromise, sleep(5_000)]);
			}
		}
		// The task runner is in the same group; make sure nothing of the group is left.
		try {
			process.kill(-child.pid, 'SIGKILL');
		} catch {
			/* none left */
		}
		lastLogTail = tailFile(logFile, 400);
		if (createdFolder && !keep) fs.rmSync(userFolder, { recursive: true, force: true });
	}

	const fail = async (msg) => {
		const tail = tailFile(logFile, 60);
		await stop();
		throw new Error(`${msg}\n--- n8n ${install.version} log tail (${logFile}) ---\n${tail}`);
	};

	// Wait for readiness AND the REST routes, for as long as n8n is alive: a loaded machine
	// can take minutes, and a process that exits ends the wait at once.
	const readyOnce = async () => {
		try {
			const r1 = await httpRequest('GET', `${baseUrl}/healthz/readiness`, { ca, timeoutMs: 5_000 });
			if (r1.status !== 200) return false;
			if (!isMain) return true;
			const r2 = await httpRequest('GET', `${baseUrl}/rest/settings`, { ca, timeoutMs: 5_000 });
			return r2.status === 200;
		} catch {
			return false; // not listening yet
		}
	};
	const deadline = started + bootTimeoutMs;
	let ready = false;
	while (!ready && !exited && Date.now() < deadline) {
		ready = Boolean(await Promise.race([readyOnce(), exitPromise.then(() => false)]));
		if (!ready) await Promise.race([sleep(500), exitPromise]);
	}
	const waitedS = Math.round((Date.now() - started) / 1000);
	if (exited) return fail(`n8n exited during boot after ${waitedS} s (code ${exited.code}, signal ${exited.signal})`);
	if (!ready) return fail(`n8n not ready within ${bootTimeoutMs / 1000} s (N8N_E2E_BOOT_TIMEOUT_MS)`);
	const bootMs = Date.now() - started;
	if (!isMain) {
		return { line, command, version: install.version, pid: child.pid, bootMs, baseUrl, webhookUrl, userFolder, logFile, ca, packages, logs, isRunning: () => !exited, stop };
	}

	// Session (cookie) client.
	const browserId = `zapi-e2e-${process.pid}-${Date.now()}`;
	let cookie = '';
	/** opts.timeoutMs: for calls that outlast httpRequest's default (a community package install). */
	async function restRaw(method, p, body, headers = {}, { timeoutMs } = {}) {
		const res = await httpRequest(method, `${baseUrl}${p}`, {
			body,
			ca,
			headers: { 'browser-id': browserId, ...(cookie ? { cookie } : {}), ...headers },
			...(timeoutMs ? { timeoutMs } : {}),
		});
		const set = res.headers['set-cookie'];
		if (set) {
			const jar = new Map(cookie ? cookie.split('; ').map((c) => c.split(/=(.*)/s).slice(0, 2)) : []);
			for (const c of set) {
				const [pair] = c.split(';');
				const [k, v] = pair.split(/=(.*)/s);
				jar.set(k.trim(), v ?? '');
			}
			cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
		}
		return res;
	}
	async function rest(method, p, body, opts) {
		const res = await restRaw(method, p, body, {}, opts);
		if (res.status >= 400) throw new N8nHttpError(method, p, res);
		return res.data;
	}

	try {
		if (line === '1') {
			const r = await restRaw('POST', '/rest/owner/setup', { email, firstName: 'Zapi', lastName: 'E2E', password });
			// A reused user folder already has its owner: then the login below is what counts.
			if (r.status >= 400 && !(r.status === 400 && createdFolder === false)) {
				throw new N8nHttpError('POST', '/rest/owner/setup', r);
			}
		}
		await rest('POST', '/rest/login', { emailOrLdapLoginId: email, email, password });
	} catch (e) {
		return fail(`owner setup / login failed: ${e.message}`);
	}

	let apiKey;
	try {
		const scopes = (await rest('GET', '/rest/api-keys/scopes')).data;
		const created = await rest('POST', '/rest/api-keys', { label: `e2e-${Date.now()}`, scopes, expiresAt: null });
		apiKey = created.data.rawApiKey ?? created.data.apiKey;
		if (!apiKey) throw new Error(`no key in ${JSON.stringify(created).slice(0, 300)}`);
	} catch (e) {
		return fail(`API key creation failed: ${e.message}`);
	}

	async function apiRaw(method, p, body, headers = {}) {
		const full = p.startsWith('/api/') ? p : `/api/v1${p.startsWith('/') ? '' : '/'}${p}`;
		return httpRequest(method, `${baseUrl}${full}`, { body, ca, headers: { 'X-N8N-API-KEY': apiKey, ...headers } });
	}
	async function api(method, p, body) {
		const res = await apiRaw(method, p, body);
		if (res.status >= 400) throw new N8nHttpError(method, p, res);
		return res.data;
	}

	const WORKFLOW_KEYS = ['name', 'nodes', 'connections', 'settings', 'staticData'];
	async function createWorkflow(json) {
		const wf = {};
		for (const k of WORKFLOW_KEYS) if (json[k] !== undefined) wf[k] = json[k];
		wf.name = wf.name ?? `e2e ${Date.now()}`;
		wf.connections = wf.connections ?? {};
		wf.settings = wf.settings ?? {};
		return api('POST', '/workflows', wf);
	}
	/**
	 * 2.x publishes through a publication outbox: the API answers before the triggers are
	 * registered (webhookMethods run a moment later, in the background). Poll the editor's
	 * GET /rest/workflows/:id/publication-status until nothing is in flight.
	 */
	async function publicationSettled(id, { timeoutMs = 30_000 } = {}) {
		const end = Date.now() + timeoutMs;
		let st;
		while (Date.now() < end) {
			const res = await restRaw('GET', `/rest/workflows/${id}/publication-status`);
			if (res.status === 404 && /not available/i.test(res.text)) return null; // outbox disabled
			if (res.status >= 400) throw new N8nHttpError('GET', `/rest/workflows/${id}/publication-status`, res);
			st = res.data.data ?? res.data;
			if (st.status !== 'in_progress') return st;
			await sleep(200);
		}
		throw new Error(`publication of workflow ${id} still in progress after ${timeoutMs} ms: ${JSON.stringify(st)}`);
	}
	/** Activates (1.x) / publishes (2.x) and returns once the triggers are registered. */
	async function activate(id, { timeoutMs } = {}) {
		const wf = await api('POST', `/workflows/${id}/${line === '2' ? 'publish' : 'activate'}`);
		if (line === '2') {
			const st = await publicationSettled(id, { timeoutMs });
			if (st && st.status !== 'published') {
				throw new Error(`publishing workflow ${id} ended as ${st.status}: ${JSON.stringify(st.triggers)}`);
			}
		}
		return wf;
	}
	/** Deactivates (1.x) / unpublishes (2.x) and returns once the triggers are torn down. */
	async function deactivate(id, { timeoutMs } = {}) {
		const wf = await api('POST', `/workflows/${id}/${line === '2' ? 'unpublish' : 'deactivate'}`);
		if (line === '2') await publicationSettled(id, { timeoutMs });
		return wf;
	}

	/**
	 * The newest executions, newest first: `limit` of them, page after page (n8n hands out 250 at
	 * most per page), or all with `limit: Infinity`.
	 */
	async function executions(workflowId, { includeData = true, status, limit = 100 } = {}) {
		const out = [];
		let cursor;
		do {
			const q = new URLSearchParams({ includeData: String(includeData), limit: String(Math.min(250, limit - out.length)) });
			if (workflowId !== undefined && workflowId !== null) q.set('workflowId', String(workflowId));
			if (status) q.set('status', status);
			if (cursor) q.set('cursor', cursor);
			const page = await api('GET', `/executions?${q}`);
			out.push(...(page.data ?? []));
			cursor = page.nextCursor;
		} while (cursor && out.length < limit);
		return out;
	}
	/** Polls until `count` executions of the workflow have ended (not new/running/waiting). */
	async function waitForExecutions(workflowId, { count = 1, timeoutMs = 30_000, intervalMs = 300 } = {}) {
		const end = Date.now() + timeoutMs;
		const hasEnded = (e) => e.finished || !['new', 'running', 'waiting', 'unknown'].includes(e.status);
		let list = [];
		while (Date.now() < end) {
			// Counted without their data (cheap however many), then read whole once enough ended.
			list = count > 100 ? await executions(workflowId, { includeData: false, limit: Infinity }) : await executions(workflowId);
			if (list.filter(hasEnded).length >= count) {
				if (count > 100) list = await executions(workflowId, { limit: Infinity });
				const ended = list.filter(hasEnded);
				if (ended.length >= count) return ended;
			}
			await sleep(intervalMs);
		}
		throw new Error(
			`waited ${timeoutMs} ms for ${count} ended execution(s) of workflow ${workflowId}; have ${list.length}: ` +
				JSON.stringify(list.map((e) => ({ id: e.id, status: e.status, finished: e.finished }))),
		);
	}

	/**
	 * The editor's "Listen for test event" (Execute workflow from a webhook trigger):
	 * registers the test webhook (<WEBHOOK_URL>webhook-test/<webhookId>/<path>) and runs the
	 * node's checkExists/create in mode 'manual'. Resolves the REST answer
	 * ({ data: { waitingForWebhook: true } } when a test webhook was registered).
	 */
	async function listenForTestEvent(workflowId, triggerNodeName) {
		const body = { triggerToStartFrom: { name: triggerNodeName } };
		if (line === '1') body.workflowData = (await rest('GET', `/rest/workflows/${workflowId}`)).data;
		return rest('POST', `/rest/workflows/${workflowId}/run`, body);
	}
	/** Stops listening (the editor's cancel): the test webhook's delete() runs. */
	const cancelTestEvent = (workflowId) => rest('DELETE', `/rest/test-webhook/${workflowId}`);

	async function nodeTypes() {
		const data = await rest('GET', '/types/nodes.json');
		return Array.isArray(data) ? data : (data.data ?? data);
	}

	/** Any HTTP(S) request that trusts this instance's certificate (e.g. to a webhook URL). */
	const request = (method, url, { body, headers, timeoutMs } = {}) =>
		httpRequest(method, /^https?:/.test(url) ? url : `${webhookUrl}${url.replace(/^\//, '')}`, {
			body,
			headers,
			ca,
			timeoutMs,
		});

	return {
		line,
		version: install.version,
		nodeBin: install.nodeBin,
		installDir: install.dir,
		pid: child.pid,
		bootMs,
		baseUrl,
		webhookUrl,
		userFolder,
		logFile,
		certificate,
		ca,
		packages,
		email,
		password,
		apiKey,
		api,
		apiRaw,
		rest,
		restRaw,
		request,
		createCredential: (name, type, data) => api('POST', '/credentials', { name, type, data }),
		createWorkflow,
		getWorkflow: (id) => api('GET', `/workflows/${id}`),
		deleteWorkflow: (id) => api('DELETE', `/workflows/${id}`),
		activate,
		deactivate,
		publicationStatus: (id) => (line === '2' ? publicationSettled(id) : Promise.resolve(null)),
		listenForTestEvent,
		cancelTestEvent,
		executions,
		waitForExecutions,
		nodeTypes,
		logs,
		isRunning: () => !exited,
		stop,
	};
}

module.exports = { ensureN8n, makeCertificate, startN8n, httpRequest, installPackageTarball, N8nHttpError };
