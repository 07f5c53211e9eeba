#!/usr/bin/env node
'use strict';
/**
 * Smoke check of lib/n8n.js against a real n8n: boots one line with a packed community
 * package, lists the loaded node types of the package, and stops.
 *
 *   node test/e2e/lib/smoke.js <1|2> <package tarball>   # e.g. the `npm pack` of this package
 *   node test/e2e/lib/smoke.js <1|2> --throwaway         # packs a minimal n8n-nodes-zapi-smoke
 *
 * Options: --http (no TLS), --keep (keep the n8n user folder), --port N, --broker-port N.
 * Prints the node types whose name contains the package name; exits 1 when there are none.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { startN8n } = require('./n8n');

const SMOKE_NODE = `'use strict';
class SmokeTrigger {
	constructor() {
		this.description = {
			displayName: 'Smoke Trigger',
			name: 'smokeTrigger',
			group: ['trigger'],
			version: 1,
			description: 'Throw-away trigger for the e2e smoke check',
			defaults: { name: 'Smoke Trigger' },
			inputs: [],
			outputs: ['main'],
			webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'smoke' }],
			properties: [],
		};
	}
	async webhook() {
		return { workflowData: [this.helpers.returnJsonArray([{ body: this.getBodyData() }])] };
	}
}
module.exports = { SmokeTrigger };
`;

/** Writes and packs the throw-away package n8n-nodes-zapi-smoke; returns the tarball path. */
function packThrowaway() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-nodes-zapi-smoke-'));
	fs.mkdirSync(path.join(dir, 'dist'));
	fs.writeFileSync(
		path.join(dir, 'package.json'),
		JSON.stringify(
			{
				name: 'n8n-nodes-zapi-smoke',
				version: '0.0.1',
				keywords: ['n8n-community-node-package'],
				license: 'MIT',
				main: 'index.js',
				files: ['dist'],
				n8n: { n8nNodesApiVersion: 1, credentials: [], nodes: ['dist/SmokeTrigger.node.js'] },
			},
			null,
			2,
		),
	);
	fs.writeFileSync(path.join(dir, 'dist', 'SmokeTrigger.node.js'), SMOKE_NODE);
	const out = execFileSync('npm', ['pack', '--silent', '--ignore-scripts'], { cwd: dir, encoding: 'utf8' });
	return path.join(dir, out.trim().split('\n').pop());
}

function arg(name) {
	const i = process.argv.indexOf(name);
	return i > 0 ? process.argv[i + 1] : undefined;
}

async function main() {
	const [line, tarArg] = process.argv.slice(2);
	if (!['1', '2'].includes(line) || !tarArg) {
		console.error('usage: smoke.js <1|2> <tarball|--throwaway> [--http] [--keep] [--port N] [--broker-port N]');
		process.exit(2);
	}
	const tarball = tarArg === '--throwaway' ? packThrowaway() : path.resolve(tarArg);
	const t0 = Date.now();
	const n8n = await startN8n({
		line,
		packageTarball: tarball,
		https: !process.argv.includes('--http'),
		keepUserFolder: process.argv.includes('--keep'),
		...(arg('--port') ? { port: Number(arg('--port')) } : {}),
		...(arg('--broker-port') ? { brokerPort: Number(arg('--broker-port')) } : {}),
	});
	let ok = false;
	try {
		const pkgName = n8n.packages[0].name;
		console.log(`n8n ${n8n.version} (line ${line}) ready at ${n8n.baseUrl} in ${n8n.bootMs} ms` +
			` (${Date.now() - t0} ms with install check and login); user folder ${n8n.userFolder}`);
		const types = (await n8n.nodeTypes()).filter((t) => String(t.name).includes(pkgName));
		for (const t of types) console.log(`  ${t.name} v${[].concat(t.version).join(',')}  "${t.displayName}"`);
		ok = types.length > 0;
		if (!ok) console.error(`no node type of ${pkgName} loaded; log tail:\n${n8n.logs(60)}`);
	} finally {
		await n8n.stop();
	}
	process.exit(ok ? 0 : 1);
}

main().catch((e) => {
	console.error(e.stack || e.message);
	process.exit(1);
});
