'use strict';
/**
 * Load side of the n8n benchmark, run as a child process so the requests it makes do not
 * share an event loop (or CPU accounting) with the harness. It answers IPC messages:
 *
 *   { id, burst: { url, body, count, concurrency, ca, timeoutMs, vary, rate } }
 *     -> { id, latenciesMs: [...], statuses: {200: n, ...}, errors: [...], elapsedMs, sent: [...] }
 *
 * Each burst keeps `concurrency` POSTs in flight over keep-alive connections until `count`
 * have been answered. The body is serialised once, so every request carries the same bytes;
 * with `vary` naming a field of the body, each request's copy has that field suffixed with a
 * number unique in the process (a new message each time, as real traffic is), and `sent`
 * lists each copy's value with the time it left (ms since the epoch, sub-ms precision, as
 * `performance.timeOrigin + performance.now()` reads in any process of the machine).
 * With `rate` (requests per second) the requests leave on a fixed schedule instead, whether
 * or not earlier ones were answered (an open load, as people writing to a bot are).
 *
 *   { id, schedule: { url, ca, timeoutMs, sends: [{ key, atMs, body }] } }
 *     -> { id, statuses: {...}, errors: [...], sent: [{ key, at }] }
 *
 * Each send leaves `atMs` after the schedule starts, whatever the others' answers, with its own
 * body; `momment` (the message's time, as Z-API stamps it) is set to the moment it leaves.
 * `sent` gives each key with the time it left (ms since the epoch, as above).
 */
const http = require('node:http');
const https = require('node:https');

let sent = 0;

const epochMs = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function burst({ url, body, count, concurrency = 1, ca, timeoutMs = 60_000, vary, rate }) {
	const target = new URL(url);
	const isHttps = target.protocol === 'https:';
	const agent = new (isHttps ? https : http).Agent({ keepAlive: true, maxSockets: concurrency, ...(ca ? { ca } : {}) });
	const fixed = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
	const sentCopies = [];
	const payloadOf = () => {
		if (!vary) return fixed;
		const value = `${body[vary]}-${++sent}`;
		sentCopies.push({ value, at: epochMs() });
		return Buffer.from(JSON.stringify({ ...body, [vary]: value }));
	};
	const latenciesMs = [];
	const statuses = {};
	const errors = [];

	const one = () =>
		new Promise((resolve) => {
			const payload = payloadOf();
			const started = process.hrtime.bigint();
			const req = (isHttps ? https : http).request(
				target,
				{
					method: 'POST',
					agent,
					timeout: timeoutMs,
					headers: { 'content-type': 'application/json', 'content-length': payload.length },
				},
				(res) => {
					res.resume();
					res.on('end', () => {
						latenciesMs.push(Number(process.hrtime.bigint() - started) / 1e6);
						statuses[res.statusCode] = (statuses[res.statusCode] || 0) + 1;
						resolve();
					});
				},
			);
			req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
			req.on('error', (e) => {
				if (errors.length < 5) errors.push(e.message);
				statuses.error = (statuses.error || 0) + 1;
				resolve();
			});
			req.end(payload);
		});

	let next = 0;
	const worker = async () => {
		while (next < count) {
			next++;
			await one();
		}
	};
	const paced = async () => {
		const answered = [];
		const start = performance.now();
		for (let i = 0; i < count; i++) {
			const due = start + (i * 1000) / rate - performance.now();
			if (due > 0) await sleep(due);
			answered.push(one());
		}
		await Promise.all(answered);
	};
	const started = process.hrtime.bigint();
	if (rate) await paced();
	else await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
	const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
	agent.destroy();
	return { latenciesMs, statuses, errors, elapsedMs, sent: sentCopies };
}

/** One POST of `payload`, resolving its status code or the error's message. */
function post(target, agent, payload, timeoutMs) {
	const isHttps = target.protocol === 'https:';
	return new Promise((resolve) => {
		const req = (isHttps ? https : http).request(
			target,
			{ method: 'POST', agent, timeout: timeoutMs, headers: { 'content-type': 'application/json', 'content-length': payload.length } },
			(res) => {
				res.resume();
				res.on('end', () => resolve({ status: res.statusCode }));
			},
		);
		req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
		req.on('error', (e) => resolve({ status: 'error', error: e.message }));
		req.end(payload);
	});
}

async function schedule({ url, ca, timeoutMs = 60_000, sends }) {
	const target = new URL(url);
	const agent = new (target.protocol === 'https:' ? https : http).Agent({ keepAlive: true, maxSockets: 256, ...(ca ? { ca } : {}) });
	const statuses = {};
	const errors = [];
	const sent = [];
	const start = performance.now();
	const answers = [];
	for (const { key, atMs, body } of [...sends].sort((a, b) => a.atMs - b.atMs)) {
		const due = start + atMs - performance.now();
		if (due > 0) await sleep(due);
		const at = epochMs();
		sent.push({ key, at });
		const payload = Buffer.from(JSON.stringify({ ...body, momment: Math.round(at) }));
		answers.push(
			post(target, agent, payload, timeoutMs).then(({ status, error }) => {
				statuses[status] = (statuses[status] || 0) + 1;
				if (error && errors.length < 5) errors.push(error);
			}),
		);
	}
	await Promise.all(answers);
	agent.destroy();
	return { statuses, errors, sent };
}

process.on('message', async (message) => {
	try {
		const result = message.schedule ? await schedule(message.schedule) : await burst(message.burst);
		process.send({ id: message.id, ...result });
	} catch (e) {
		process.send({ id: message.id, failure: e.message });
	}
});
process.on('disconnect', () => process.exit(0));
