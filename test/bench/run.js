#!/usr/bin/env node
'use strict';
/**
 * Speed and memory of the trigger's delivery path (one delivery -> typed items) and of the
 * redaction every error passes through, printed as ratios against a baseline measured in
 * the same run on the same payloads: a structured clone of the delivery, which any
 * handler must at least pay for. No absolute thresholds: the ratios are what to watch.
 *
 *   npm run bench   (builds first if dist/ is missing)
 */
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const root = path.join(__dirname, '..', '..');
if (!fs.existsSync(path.join(root, 'dist', 'nodes', 'shared', 'delivery', 'items.js'))) {
	execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
const { toItems } = require(path.join(root, 'dist/nodes/shared/delivery/items.js'));
const { redactSecrets } = require(path.join(root, 'dist/nodes/shared/transport/redact.js'));
const fixtures = require('../fixtures/callbacks');

const payloads = [
	...Object.keys(fixtures.CONTENT_KINDS).map((kind) => fixtures.receivedCallback(kind)),
	...fixtures.NOTIFICATION_CODES.map((code) => fixtures.notificationCallback(code)),
	...fixtures.STATUS_VALUES.map((status) => fixtures.statusCallback(status, ['A', 'B', 'C'])),
];
const ROUNDS = Number(process.env.BENCH_ROUNDS || 2000);

function time(fn) {
	for (let i = 0; i < 200; i++) fn(i); // warm up
	const start = process.hrtime.bigint();
	for (let i = 0; i < ROUNDS; i++) fn(i);
	return Number(process.hrtime.bigint() - start) / ROUNDS;
}

/** Bytes retained per call: keep every result alive, then measure the heap after GC. */
function retained(fn) {
	const keep = new Array(ROUNDS);
	global.gc?.();
	const before = process.memoryUsage().heapUsed;
	for (let i = 0; i < ROUNDS; i++) keep[i] = fn(i);
	global.gc?.();
	const after = process.memoryUsage().heapUsed;
	return { bytes: Math.max(0, after - before) / ROUNDS, keep };
}

const pick = (i) => payloads[i % payloads.length];
const baseline = (i) => structuredClone(pick(i));
const delivery = (i) => toItems(pick(i), { splitStatusIds: true });

const secret = 'tok3n-SECRET-7f9a';
const errorText = (i) => `Z-API rejected https://api.z-api.io/instances/I/token/${secret}/chat-messages/${i} (${JSON.stringify(pick(i))})`;
const baselineReplace = (i) => errorText(i).replace('x', 'y');
const redaction = (i) => redactSecrets(errorText(i), [secret, 'client-token-123']);

const rows = [];
const ratio = (name, subject, base, unit) => {
	rows.push({ name, subject: subject.toFixed(1), baseline: base.toFixed(1), unit, ratio: (subject / base).toFixed(2) });
};

ratio('delivery -> items, time', time(delivery), time(baseline), 'ns/delivery');
const memSubject = retained(delivery);
const memBase = retained(baseline);
ratio('delivery -> items, retained memory', memSubject.bytes, memBase.bytes, 'bytes/delivery');
ratio('redaction of an error text, time', time(redaction), time(baselineReplace), 'ns/text');

console.log(`Benchmarks (${ROUNDS} rounds over ${payloads.length} payloads; ratio = subject / baseline)`);
console.log(`${global.gc ? '' : '(run with --expose-gc for steadier memory figures)\n'}`);
for (const row of rows) {
	console.log(`${row.name.padEnd(38)} ${row.subject.padStart(10)} vs ${row.baseline.padStart(10)} ${row.unit.padEnd(15)} ratio ${row.ratio}`);
}
