'use strict';
/**
 * Test helpers for the stand-in's own tests: a self-signed certificate made with openssl
 * (once per test file, in a temp dir removed afterwards), and a small http/https receiver
 * that records what it is sent.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');
const https = require('node:https');
const { execFileSync } = require('node:child_process');

/** Generates a self-signed certificate for 127.0.0.1; returns { dir, key, cert, keyFile, certFile, cleanup }. */
function makeSelfSignedCert(prefix = 'zapi-stand-in-tls-') {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
	const keyFile = path.join(dir, 'key.pem');
	const certFile = path.join(dir, 'cert.pem');
	execFileSync(
		'openssl',
		['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '2',
			'-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
		{ stdio: 'pipe' },
	);
	return {
		dir,
		keyFile,
		certFile,
		key: fs.readFileSync(keyFile, 'utf8'),
		cert: fs.readFileSync(certFile, 'utf8'),
		cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
	};
}

/**
 * Starts a receiver (https when tls = {key, cert}). Every request is recorded as
 * { method, path, headers, body, json, secure }. `respondWith` (status number or function
 * (req) -> status) decides the answer (default 200).
 */
async function startReceiver({ tls, respondWith = 200 } = {}) {
	const requests = [];
	const waiters = [];
	const handler = (req, res) => {
		const chunks = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', () => {
			const body = Buffer.concat(chunks).toString('utf8');
			let json;
			try {
				json = JSON.parse(body);
			} catch {
				json = undefined;
			}
			const rec = { method: req.method, path: req.url, headers: req.headers, body, json, secure: Boolean(req.socket.encrypted) };
			requests.push(rec);
			const status = typeof respondWith === 'function' ? respondWith(rec) : respondWith;
			res.writeHead(status, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify({ received: true }));
			for (const w of waiters.splice(0)) w();
		});
	};
	const server = tls ? https.createServer({ key: tls.key, cert: tls.cert }, handler) : http.createServer(handler);
	await new Promise((r) => server.listen(0, '127.0.0.1', r));
	const { port } = server.address();
	const base = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
	return {
		base,
		url: (p = '/hook') => `${base}${p}`,
		requests,
		async waitFor(count, timeoutMs = 3000) {
			const deadline = Date.now() + timeoutMs;
			while (requests.length < count) {
				if (Date.now() > deadline) throw new Error(`receiver got ${requests.length} of ${count} requests`);
				await new Promise((r) => {
					waiters.push(r);
					setTimeout(r, 50);
				});
			}
			return requests;
		},
		close: () =>
			new Promise((r) => {
				server.close(() => r());
				server.closeAllConnections();
			}),
	};
}

module.exports = { makeSelfSignedCert, startReceiver };
