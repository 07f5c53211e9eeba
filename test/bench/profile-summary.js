#!/usr/bin/env node
'use strict';
/**
 * Reads a V8 .cpuprofile (as `npm run bench:n8n -- --profile=DIR` writes for n8n) and prints
 * where the time went: the frames with the most self time, and the inclusive time (share of
 * all samples with the frame on the stack) of the frames whose name or file matches a pattern.
 *
 *   node test/bench/profile-summary.js DIR/CPU.xxx.cpuprofile [pattern ...]
 *
 * Patterns are regular expressions matched against "function file"; with none, the frames of
 * this package and n8n's credential, parameter, expression and HTTP paths are shown.
 */
const fs = require('node:fs');

const DEFAULT_PATTERNS = [
	'n8n-nodes-zapi',
	'^(getCredentials|_getCredentials|getDecrypted|decrypt) ',
	'^(getNodeParameter|_getNodeParameter|getParameterValue|resolveSimpleParameterValue) ',
	'^(httpRequestWithAuthentication|httpRequest|request) .*n8n-core',
	'^(redactValue|redactSecrets|toItems|acceptor) ',
	'^webhook .*(Webhook|ZApiTrigger)',
	'^(runNode|executeWebhook|processRunExecutionData) ',
];

/**
 * --window NAME keeps only the samples taken while the benchmark drove that side (names in
 * windows.json beside the profile, e.g. trigger:zapi, trigger:hook, action:send-text:zapi,
 * action:add-participants:http).
 */
let windowFilter = null;

function load(file) {
	const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
	if (windowFilter) {
		const spans = JSON.parse(fs.readFileSync(require('node:path').join(require('node:path').dirname(file), 'windows.json'), 'utf8')).filter((w) => w.name === windowFilter);
		let t = profile.startTime;
		const kept = [];
		profile.samples.forEach((id, i) => {
			t += profile.timeDeltas[i];
			if (spans.some((w) => t >= w.start && t <= w.end)) kept.push(id);
		});
		const spanUs = spans.reduce((sum, w) => sum + (w.end - w.start), 0);
		const usPerSample = (profile.endTime - profile.startTime) / profile.samples.length;
		profile.samples = kept;
		profile.startTime = 0;
		profile.endTime = kept.length * usPerSample;
		console.log(`window ${windowFilter}: ${spans.length} spans, ${(spanUs / 1000).toFixed(0)} ms wall, ${kept.length} samples`);
	}
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	const parent = new Map();
	for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
	const totalUs = profile.endTime - profile.startTime;
	const usPerSample = totalUs / profile.samples.length;
	return { profile, byId, parent, usPerSample, samples: profile.samples };
}

const label = (n) => {
	const f = n.callFrame;
	const file = f.url ? f.url.replace(/^file:\/\//, '').replace(/.*node_modules\//, '') : '';
	return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
};

function summarize(file, patterns) {
	const { byId, parent, usPerSample, samples } = load(file);
	const self = new Map();
	const inclusive = new Map();
	let busy = 0;
	for (const id of samples) {
		const leaf = byId.get(id);
		const leafLabel = label(leaf);
		if (/^\((idle|program)\)/.test(leafLabel)) continue;
		busy++;
		self.set(leafLabel, (self.get(leafLabel) ?? 0) + 1);
		const seen = new Set();
		for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
			const l = label(byId.get(cur));
			if (seen.has(l)) continue;
			seen.add(l);
			inclusive.set(l, (inclusive.get(l) ?? 0) + 1);
		}
	}
	const ms = (count) => ((count * usPerSample) / 1000).toFixed(0);
	const pct = (count) => ((100 * count) / busy).toFixed(1);
	console.log(`${file}: ${ms(busy)} ms busy (${busy} samples)`);
	console.log('\nTop self time:');
	for (const [l, c] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${pct(c).padStart(5)}%  ${ms(c).padStart(6)} ms  ${l}`);
	console.log('\nInclusive time of matching frames:');
	const res = patterns.map((p) => new RegExp(p));
	for (const [l, c] of [...inclusive].filter(([l]) => res.some((r) => r.test(l))).sort((a, b) => b[1] - a[1]).slice(0, 60)) {
		console.log(`  ${pct(c).padStart(5)}%  ${ms(c).padStart(6)} ms  ${l}`);
	}
}

/** The most common call paths (innermost first, `depth` frames) into frames matching `pattern`. */
function callers(file, pattern, depth = 12) {
	const { byId, parent, usPerSample, samples } = load(file);
	const re = new RegExp(pattern);
	const paths = new Map();
	for (const id of samples) {
		let cur = id;
		while (cur !== undefined && !re.test(label(byId.get(cur)))) cur = parent.get(cur);
		if (cur === undefined) continue;
		const chain = [];
		for (let up = cur; up !== undefined && chain.length < depth; up = parent.get(up)) chain.push(label(byId.get(up)));
		const key = chain.join('\n      <- ');
		paths.set(key, (paths.get(key) ?? 0) + 1);
	}
	for (const [key, count] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, 6)) {
		console.log(`${((count * usPerSample) / 1000).toFixed(0)} ms\n      ${key}\n`);
	}
}

const argv = process.argv.slice(2);
const windowAt = argv.indexOf('--window');
if (windowAt >= 0) {
	windowFilter = argv[windowAt + 1];
	argv.splice(windowAt, 2);
}
const callersAt = argv.indexOf('--callers');
if (callersAt >= 0) {
	callers(argv[0], argv[callersAt + 1], Number(argv[callersAt + 2] || 12));
} else {
	const [file, ...patterns] = argv;
	if (!file) {
		console.error('usage: profile-summary.js FILE.cpuprofile [pattern ...] | FILE --callers PATTERN [depth]');
		process.exit(2);
	}
	summarize(file, patterns.length ? patterns : DEFAULT_PATTERNS);
}
