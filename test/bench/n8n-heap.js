'use strict';
/**
 * Reads what n8n's main process keeps alive: through its inspector (opened by SIGUSR1 on the
 * port its --inspect-port set), a full garbage collection, then process.memoryUsage(). Run as a
 * child process with --experimental-websocket (Node 20 has no WebSocket otherwise):
 *
 *   node --experimental-websocket n8n-heap.js <inspector port>
 *     -> prints {"heapUsed": bytes, "rss": bytes, "external": bytes, "arrayBuffers": bytes}
 *
 * RSS alone says little after a burst: V8 frees lazily and the allocator keeps pages, so the
 * measure is the heap after two full collections (the second frees what the first's
 * finalizers let go).
 */
const port = Number(process.argv[2]);
// Global under --experimental-websocket only.
const { WebSocket } = globalThis;

async function targetUrl() {
	const end = Date.now() + 15_000;
	for (;;) {
		try {
			const res = await fetch(`http://127.0.0.1:${port}/json/list`);
			const [target] = await res.json();
			if (target?.webSocketDebuggerUrl) return target.webSocketDebuggerUrl;
		} catch (error) {
			if (Date.now() > end) throw new Error(`n8n's inspector did not open on port ${port}: ${error.message}`);
		}
		await new Promise((r) => setTimeout(r, 200));
	}
}

async function main() {
	const socket = new WebSocket(await targetUrl());
	await new Promise((resolve, reject) => {
		socket.onopen = resolve;
		socket.onerror = () => reject(new Error("could not connect to n8n's inspector"));
	});
	let seq = 0;
	const waiting = new Map();
	socket.onmessage = (event) => {
		const message = JSON.parse(event.data);
		const done = waiting.get(message.id);
		if (!done) return;
		waiting.delete(message.id);
		if (message.error) done.reject(new Error(message.error.message));
		else done.resolve(message.result);
	};
	const call = (method, params = {}) =>
		new Promise((resolve, reject) => {
			const id = ++seq;
			waiting.set(id, { resolve, reject });
			socket.send(JSON.stringify({ id, method, params }));
		});
	await call('HeapProfiler.collectGarbage');
	await call('HeapProfiler.collectGarbage');
	const { result } = await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
	socket.close();
	process.stdout.write(result.value);
}

main().then(
	() => process.exit(0),
	(error) => {
		process.stderr.write(`${error.message}\n`);
		process.exit(1);
	},
);
