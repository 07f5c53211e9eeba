'use strict';
/**
 * The load balancer in front of the webhook processors: https on loopback (Z-API only
 * delivers to https), plain http to each processor, one request to each in turn. Counts
 * what each processor answered, so the suite can tell both got a share.
 */
const http = require('node:http');
const https = require('node:https');

/** backends: [{ name, port }]. Resolves { url, port, counts(), reset(), close() }. */
function startRoundRobinProxy({ key, cert, backends }) {
	// A fresh connection per request: reusing one that the processor is closing as idle
	// answers the delivery 502, an artifact of the proxy rather than of n8n.
	const agent = new http.Agent({ keepAlive: false, maxSockets: 64 });
	const tally = new Map(backends.map((b) => [b.name, { requests: 0, statuses: {} }]));
	let next = 0;
	const server = https.createServer({ key, cert }, (req, res) => {
		const backend = backends[next++ % backends.length];
		const count = tally.get(backend.name);
		count.requests++;
		const upstream = http.request(
			{ host: '127.0.0.1', port: backend.port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-proto': 'https' }, agent },
			(answer) => {
				count.statuses[answer.statusCode] = (count.statuses[answer.statusCode] || 0) + 1;
				res.writeHead(answer.statusCode, answer.headers);
				answer.pipe(res);
			},
		);
		upstream.on('error', (e) => {
			count.statuses.error = (count.statuses.error || 0) + 1;
			if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ error: `proxy: ${backend.name} ${e.message}` }));
		});
		req.pipe(upstream);
	});
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address();
			resolve({
				port,
				url: `https://127.0.0.1:${port}/`,
				counts: () => JSON.parse(JSON.stringify(Object.fromEntries(tally))),
				close: () =>
					new Promise((r) => {
						agent.destroy();
						server.close(() => r());
						server.closeAllConnections();
					}),
			});
		});
	});
}

module.exports = { startRoundRobinProxy };
