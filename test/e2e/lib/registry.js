'use strict';
/**
 * A local npm registry for `npm pack` tarballs, on loopback, that is also an HTTPS proxy
 * standing in for the public registry. Node built-ins only (plus openssl for the
 * certificate and tar to read package.json).
 *
 *   const registry = await startLocalRegistry({ tarballs: ['n8n-nodes-zapi-n8n-nodes-zapi-0.1.0.tgz'] });
 *   registry.url         // http://127.0.0.1:<port>: a registry of its own (npm --registry=...)
 *   registry.proxyEnv()  // environment that sends npm and n8n to it for registry.npmjs.org
 *   registry.requests    // what was asked for: [{ method, host, path, status }]
 *   await registry.stop();
 *
 * Why a proxy: without an enterprise licence n8n installs community packages only from
 * https://registry.npmjs.org and passes that to npm as --registry, which beats npm's own
 * configuration (docs/n8n-facts.md, "Community package installs"). So the public host is
 * answered here: CONNECT registry.npmjs.org:443 is terminated with a throw-away certificate
 * for that name, trusted through NODE_EXTRA_CA_CERTS and npm's cafile. CONNECT to a loopback
 * address is tunnelled as is; CONNECT anywhere else is refused, so nothing leaves the machine.
 *
 * Routes (both on the plain URL and through the proxy):
 *   GET /<name>                     package document (packument), every version, dist-tags.latest
 *   GET /<name>/<version|tag>       one version's document
 *   GET /<name>/-/<file>.tgz        the tarball
 * Anything else answers 404: n8n strips peer, dev and optional dependencies before its
 * `npm install`, and the package has no dependencies, so a request for another package
 * means something changed and should fail loudly.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const tls = require('node:tls');
const { execFileSync } = require('node:child_process');

const { makeCertificate } = require('./n8n');

const PUBLIC_REGISTRY_HOST = 'registry.npmjs.org';
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** name, version and dist fields of one `npm pack` tarball. */
function readTarball(file) {
	const bytes = fs.readFileSync(file);
	const manifest = JSON.parse(execFileSync('tar', ['-xzOf', file, 'package/package.json'], { encoding: 'utf8' }));
	return {
		manifest,
		bytes,
		fileName: `${manifest.name.split('/').pop()}-${manifest.version}.tgz`,
		shasum: crypto.createHash('sha1').update(bytes).digest('hex'),
		integrity: `sha512-${crypto.createHash('sha512').update(bytes).digest('base64')}`,
	};
}

/** The version document npm reads: the package.json plus where and how to fetch it. */
function versionDocument(pkg, origin) {
	return {
		...pkg.manifest,
		_id: `${pkg.manifest.name}@${pkg.manifest.version}`,
		dist: {
			tarball: `${origin}/${pkg.manifest.name}/-/${pkg.fileName}`,
			shasum: pkg.shasum,
			integrity: pkg.integrity,
		},
	};
}

function packument(name, versions, origin, publishedAt) {
	const docs = Object.fromEntries(versions.map((pkg) => [pkg.manifest.version, versionDocument(pkg, origin)]));
	const latest = versions[versions.length - 1].manifest.version;
	return {
		_id: name,
		name,
		'dist-tags': { latest },
		versions: docs,
		time: { created: publishedAt, modified: publishedAt, ...Object.fromEntries(versions.map((p) => [p.manifest.version, publishedAt])) },
	};
}

/**
 * Starts the registry on 127.0.0.1. Options:
 *   tarballs     paths of `npm pack` tarballs to serve (several versions of one name are fine)
 *   port         default 0 (the system picks)
 *   interceptHost  the public registry host answered through the proxy (default registry.npmjs.org)
 */
async function startLocalRegistry({ tarballs, port = 0, interceptHost = PUBLIC_REGISTRY_HOST } = {}) {
	const byName = new Map();
	for (const file of [].concat(tarballs ?? [])) {
		const pkg = readTarball(file);
		byName.set(pkg.manifest.name, [...(byName.get(pkg.manifest.name) ?? []), pkg]);
	}
	const publishedAt = new Date().toISOString();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-registry-'));
	const certificate = makeCertificate(path.join(dir, 'tls'), { host: interceptHost });
	const secureContext = tls.createSecureContext({ key: certificate.key, cert: certificate.cert });
	const requests = [];
	const refused = [];
	const sockets = new Set();
	const track = (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
		socket.on('error', () => socket.destroy());
		return socket;
	};

	/** [status, content type, body] for one registry path. */
	function route(pathname, origin) {
		const parts = decodeURIComponent(pathname).replace(/^\/+/, '').split('/');
		const nameLength = parts[0].startsWith('@') ? 2 : 1;
		const name = parts.slice(0, nameLength).join('/');
		const rest = parts.slice(nameLength);
		const versions = byName.get(name);
		if (!versions) return [404, { error: 'Not found' }];
		if (rest.length === 0) return [200, packument(name, versions, origin, publishedAt)];
		if (rest.length === 2 && rest[0] === '-') {
			const pkg = versions.find((p) => p.fileName === rest[1]);
			return pkg ? [200, pkg.bytes] : [404, { error: 'Not found' }];
		}
		if (rest.length === 1) {
			const wanted = rest[0] === 'latest' ? versions[versions.length - 1].manifest.version : rest[0];
			const pkg = versions.find((p) => p.manifest.version === wanted);
			return pkg ? [200, versionDocument(pkg, origin)] : [404, { error: `version not found: ${rest[0]}` }];
		}
		return [404, { error: 'Not found' }];
	}

	function handle(req, res) {
		const viaTls = Boolean(req.socket.encrypted);
		const url = new URL(req.url, `${viaTls ? 'https' : 'http'}://${req.headers.host ?? '127.0.0.1'}`);
		const entry = { method: req.method, host: url.host, path: url.pathname, status: 0 };
		requests.push(entry);
		const ownHost = url.host === interceptHost || LOOPBACK_HOSTS.has(url.hostname);
		let status;
		let body;
		if (!ownHost) [status, body] = [403, { error: `this registry answers only for ${interceptHost} and loopback` }];
		else if (req.method !== 'GET' && req.method !== 'HEAD') [status, body] = [405, { error: 'read-only registry' }];
		else [status, body] = route(url.pathname, url.origin);
		entry.status = status;
		const bytes = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
		res.writeHead(status, {
			'content-type': Buffer.isBuffer(body) ? 'application/octet-stream' : 'application/json',
			'content-length': bytes.length,
		});
		res.end(req.method === 'HEAD' ? undefined : bytes);
	}

	const server = http.createServer(handle);
	// Requests arriving through the proxy's TLS tunnels; never listens itself.
	const tunnelled = http.createServer(handle);
	server.on('connection', track);

	server.on('connect', (req, clientSocket, head) => {
		const target = new URL(`https://${req.url}`); // CONNECT's target is host:port
		const host = target.hostname;
		const targetPort = Number(target.port || 443);
		if (host === interceptHost && targetPort === 443) {
			clientSocket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
			if (head.length) clientSocket.unshift(head);
			const secure = track(new tls.TLSSocket(clientSocket, { isServer: true, secureContext }));
			tunnelled.emit('connection', secure);
			return;
		}
		if (LOOPBACK_HOSTS.has(host)) {
			const upstream = track(net.connect(targetPort, host.replace(/^\[|\]$/g, ''), () => {
				clientSocket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
				if (head.length) upstream.write(head);
				upstream.pipe(clientSocket);
				clientSocket.pipe(upstream);
			}));
			upstream.on('error', () => clientSocket.destroy());
			return;
		}
		refused.push(req.url);
		clientSocket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
	});

	await new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => {
			server.off('error', reject);
			resolve();
		});
	});
	const url = `http://127.0.0.1:${server.address().port}`;

	return {
		url,
		dir,
		caFile: certificate.certPath,
		packages: [...byName.values()].flat().map((p) => ({ name: p.manifest.name, version: p.manifest.version, integrity: p.integrity, shasum: p.shasum })),
		requests,
		/** CONNECT targets refused (hosts that are neither the public registry nor loopback). */
		refused,
		/**
		 * Environment for a process (and the npm it runs) to reach this registry in place of
		 * the public one: the proxy in both spellings and npm's own, loopback exempt, the
		 * certificate trusted, and an npm cache of its own so nothing served here stays in the
		 * machine's cache under the public registry's name.
		 */
		proxyEnv() {
			const noProxy = '127.0.0.1,localhost,::1';
			return {
				HTTPS_PROXY: url,
				https_proxy: url,
				NO_PROXY: noProxy,
				no_proxy: noProxy,
				npm_config_https_proxy: url,
				npm_config_noproxy: noProxy,
				npm_config_cafile: certificate.certPath,
				npm_config_cache: path.join(dir, 'npm-cache'),
				NODE_EXTRA_CA_CERTS: certificate.certPath,
			};
		},
		async stop() {
			for (const socket of sockets) socket.destroy();
			await new Promise((resolve) => server.close(() => resolve()));
			fs.rmSync(dir, { recursive: true, force: true });
		},
	};
}

module.exports = { startLocalRegistry, PUBLIC_REGISTRY_HOST };
