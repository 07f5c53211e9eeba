'use strict';
/**
 * Private Postgres and Redis for the queue-mode suite: Debian's packages (installed by
 * install-services.sh when missing), started on our own ports with throw-away data
 * directories, stopped and removed by stop(), also from an exit handler when the suite
 * dies half-way.
 */
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const INSTALL_SCRIPT = path.join(__dirname, 'install-services.sh');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Installs what is missing; returns how long it took (0 when nothing was missing). */
function ensureServicePackages() {
	const started = Date.now();
	const res = spawnSync('bash', [INSTALL_SCRIPT], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 15 * 60_000 });
	if (res.status !== 0) throw new Error(`install-services.sh failed (status ${res.status})`);
	return { ms: Date.now() - started, said: res.stdout.trim() };
}

/** The newest Postgres server installed (/usr/lib/postgresql/<version>/bin). */
function postgresBin() {
	const root = '/usr/lib/postgresql';
	const versions = fs
		.readdirSync(root)
		.filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a));
	if (!versions.length) throw new Error(`no Postgres server under ${root}`);
	return { version: versions[0], bin: path.join(root, versions[0], 'bin') };
}

function run(cmd, args, what) {
	const res = spawnSync(cmd, args, { encoding: 'utf8', timeout: 120_000, cwd: os.tmpdir() });
	if (res.status !== 0) throw new Error(`${what} failed (status ${res.status}): ${(res.stderr || res.stdout || '').slice(-800)}`);
	return res.stdout;
}

/** Postgres refuses to run as root: as root, its tools run as the postgres user. */
function asPostgres(cmd, args) {
	return process.getuid && process.getuid() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

const cleanups = new Set();
let hookInstalled = false;
function onExit(fn) {
	cleanups.add(fn);
	if (!hookInstalled) {
		hookInstalled = true;
		process.on('exit', () => {
			for (const f of cleanups) {
				try {
					f();
				} catch {
					/* best effort while exiting */
				}
			}
		});
	}
	return () => cleanups.delete(fn);
}

/** Starts a Postgres cluster of our own; resolves { host, port, user, database, version, stop }. */
async function startPostgres({ port, user = 'n8n', database = 'n8n' }) {
	const { version, bin } = postgresBin();
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapi-queue-pg-'));
	if (process.getuid && process.getuid() === 0) run('chown', ['-R', 'postgres:postgres', dataDir], 'chown of the Postgres data directory');
	const pgCtl = (args) => asPostgres(path.join(bin, 'pg_ctl'), args);
	let running = false;
	const stopSync = () => {
		if (running) {
			const [cmd, args] = pgCtl(['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
			spawnSync(cmd, args, { stdio: 'ignore', timeout: 40_000, cwd: os.tmpdir() });
			running = false;
		}
		fs.rmSync(dataDir, { recursive: true, force: true });
	};
	const forget = onExit(stopSync);
	try {
		const [initCmd, initArgs] = asPostgres(path.join(bin, 'initdb'), ['-D', dataDir, '-U', user, '--auth=trust', '-E', 'UTF8', '--no-instructions']);
		run(initCmd, initArgs, 'initdb');
		const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dataDir} -c max_connections=200`;
		const [cmd, args] = pgCtl(['-D', dataDir, '-l', path.join(dataDir, 'server.log'), '-o', serverOptions, '-w', '-t', '60', 'start']);
		run(cmd, args, 'pg_ctl start');
		running = true;
		run(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', user, '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qc', `CREATE DATABASE ${database}`], 'CREATE DATABASE');
	} catch (e) {
		stopSync();
		forget();
		throw e;
	}
	return {
		host: '127.0.0.1',
		port,
		user,
		database,
		version,
		/** n8n's environment for this database. */
		env: {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(port),
			DB_POSTGRESDB_USER: user,
			DB_POSTGRESDB_PASSWORD: '',
			DB_POSTGRESDB_DATABASE: database,
		},
		stop() {
			stopSync();
			forget();
		},
	};
}

function redisPing(port) {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		let answer = '';
		socket.setTimeout(1000, () => socket.destroy());
		socket.on('connect', () => socket.write('PING\r\n'));
		socket.on('data', (d) => {
			answer += d;
			if (answer.includes('\r\n')) socket.end();
		});
		socket.on('close', () => resolve(answer.startsWith('+PONG')));
		socket.on('error', () => resolve(false));
	});
}

/** Starts a Redis of our own (no persistence); resolves { port, version, stop }. */
async function startRedis({ port }) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapi-queue-redis-'));
	const version = run('redis-server', ['--version'], 'redis-server --version').trim();
	const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no'], {
		stdio: ['ignore', fs.openSync(path.join(dir, 'redis.log'), 'a'), 'inherit'],
	});
	let exited = false;
	child.on('exit', () => {
		exited = true;
	});
	const stopSync = () => {
		if (!exited) {
			try {
				child.kill('SIGKILL');
			} catch {
				/* gone */
			}
		}
		fs.rmSync(dir, { recursive: true, force: true });
	};
	const forget = onExit(stopSync);
	const end = Date.now() + 30_000;
	while (!(await redisPing(port))) {
		if (exited || Date.now() > end) {
			stopSync();
			forget();
			throw new Error(`redis-server did not answer on port ${port}${exited ? ' (it exited)' : ''}`);
		}
		await sleep(100);
	}
	return {
		port,
		version,
		env: { QUEUE_BULL_REDIS_HOST: '127.0.0.1', QUEUE_BULL_REDIS_PORT: String(port) },
		async stop() {
			if (!exited) {
				const gone = new Promise((r) => child.once('exit', r));
				child.kill('SIGTERM');
				await Promise.race([gone, sleep(5_000)]);
			}
			stopSync();
			forget();
		},
	};
}

module.exports = { ensureServicePackages, startPostgres, startRedis, postgresBin };
