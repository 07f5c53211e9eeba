'use strict';
/**
 * The package installed the way users install it: n8n's Settings > Community Nodes
 * (POST /rest/community-packages) fetches the packed tarball from a registry, here the local
 * one of lib/registry.js standing in for registry.npmjs.org. A fresh n8n of the same line,
 * booted without the package, installs it, lists it with its version, loads both node
 * types, and runs a Z-API node against the stand-in.
 */
const fs = require('node:fs');

const { ensureN8n, startN8n } = require('../lib/n8n');
const { startLocalRegistry, PUBLIC_REGISTRY_HOST } = require('../lib/registry');

// This scenario's own n8n, beside the line's main one (5688/5689 when free).
const PORTS = { port: 5770, brokerPort: 5771 };
const CONTACT = '5511912340099';

async function bootWithoutPackage(t, env) {
	const port = await t.freePort(PORTS.port);
	let brokerPort = await t.freePort(PORTS.brokerPort);
	while (brokerPort === port) brokerPort = await t.freePort(0);
	return startN8n({ line: t.line, install: ensureN8n(t.line), port, brokerPort, env });
}

/** Settings > Community Nodes > Install, then what n8n shows for the package. */
async function installThroughSettings(t, n8n, registry) {
	const { assert } = t;
	const [pkg] = registry.packages;
	const expectedTypes = [t.ACTION_TYPE, t.TRIGGER_TYPE].sort();
	const typesBefore = (await n8n.nodeTypes()).map((x) => x.name);
	assert.ok(!typesBefore.some((x) => x.startsWith(`${pkg.name}.`)), `n8n ${n8n.version} already knows ${pkg.name} before the install`);

	// npm pack and npm install run inside this call.
	const installed = (await n8n.rest('POST', '/rest/community-packages', { name: pkg.name, version: pkg.version }, { timeoutMs: 5 * 60_000 })).data;
	assert.equal(installed.packageName, pkg.name);
	assert.equal(installed.installedVersion, pkg.version);
	assert.deepEqual(installed.installedNodes.map((node) => node.type).sort(), expectedTypes);
	const manifest = JSON.parse(fs.readFileSync(`${n8n.userFolder}/.n8n/nodes/node_modules/${pkg.name}/package.json`, 'utf8'));
	assert.equal(manifest.n8n.nodes.length, expectedTypes.length, `the installed package declares ${manifest.n8n.nodes.length} nodes`);

	// Fetched from the registry under the public name: the package document and the very tarball packed for this run.
	// npm asks for a scoped name as /@scope%2fname; the tarball file is named without the scope.
	const served = registry.requests.filter((r) => r.status === 200 && r.host === PUBLIC_REGISTRY_HOST).map((r) => decodeURIComponent(r.path));
	const seen = JSON.stringify(registry.requests);
	const fileName = `${pkg.name.split('/').pop()}-${pkg.version}.tgz`;
	assert.ok(served.includes(`/${pkg.name}`), `the package document was never fetched: ${seen}`);
	assert.ok(served.includes(`/${pkg.name}/-/${fileName}`), `the tarball was never fetched: ${seen}`);

	const listed = (await n8n.rest('GET', '/rest/community-packages')).data;
	const entry = listed.find((p) => p.packageName === pkg.name);
	assert.ok(entry, `GET /rest/community-packages does not list ${pkg.name}: ${JSON.stringify(listed)}`);
	assert.equal(entry.installedVersion, pkg.version);
	assert.notEqual(entry.failedLoading, true, `${pkg.name} is listed as failed to load`);
	const typesAfter = (await n8n.nodeTypes()).map((x) => x.name);
	for (const type of expectedTypes) assert.ok(typesAfter.includes(type), `${type} is not among n8n's node types after the install`);
}

/**
 * Webhook → Z-API Send Text with a credential whose tokens need encoding; the stand-in must
 * get the message, and neither token may appear in the execution data or n8n's log.
 */
async function sendTextWithInstalledNode(t, n8n) {
	const { assert } = t;
	const id = t.hex(16).toUpperCase();
	const token = `inst+${t.hex(6)}/tok= ${t.hex(4)}`;
	const clientToken = `client/${t.hex(6)}+ct==`;
	t.standIn.addInstance({ id, token, clientToken, name: 'e2e installed from a registry' });
	const credentialName = 'Z-API installed from a registry';
	const credential = await n8n.createCredential(credentialName, 'zApiApi', {
		instanceId: id,
		instanceToken: token,
		clientToken,
		baseUrl: t.standIn.url,
		...(t.line === '1' ? { allowedHttpRequestDomains: 'all' } : {}),
	});
	const inst = { id, token, credential: { id: String(credential.id), name: credentialName } };
	const message = `sent by the installed package on n8n ${n8n.version}`;
	const parameters = { resource: 'message', operation: 'sendText', phone: CONTACT, message, options: {} };
	const { workflow, path, actionNode } = t.actionWorkflow(inst, parameters, { name: 'e2e installed package' });
	const created = await n8n.createWorkflow(workflow);
	await n8n.activate(created.id);
	const res = await n8n.request('POST', `webhook/${path}`, { body: {}, timeoutMs: 30_000 });
	assert.equal(res.status, 200, `POST /webhook/${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
	const [execution] = await n8n.waitForExecutions(created.id, { count: 1 });
	const error = t.executionError(execution);
	assert.equal(execution.status, 'success', `execution ${execution.id} ended ${execution.status}${error ? `: ${error.message}` : ''}`);

	const sent = t.standIn.sent(id);
	assert.equal(sent.length, 1, `the stand-in got ${sent.length} message(s)`);
	assert.equal(sent[0].path, '/send-text');
	assert.equal(sent[0].phone, CONTACT);
	assert.equal(sent[0].body.message, message);
	const [output] = t.nodeItems(execution, actionNode);
	assert.equal(output.messageId, sent[0].messageId);

	const executionText = JSON.stringify(await n8n.executions(created.id, { includeData: true }));
	const logText = fs.readFileSync(n8n.logFile, 'utf8');
	for (const [where, text] of [['the execution data', executionText], ["n8n's log", logText]]) {
		for (const secret of [token, clientToken]) {
			assert.ok(!text.includes(secret) && !text.includes(encodeURIComponent(secret)), `a token of the credential appears in ${where}`);
		}
	}
}

module.exports = {
	group: 'install',
	order: 90,
	scenarios: [
		{
			smoke: true,
			name: 'installed through Settings > Community Nodes from a registry: listed with its version, both nodes load, Send Text reaches the service',
			// Boots a second n8n (minutes on a loaded machine) besides the install itself.
			timeoutMs: 12 * 60_000,
			async run(t) {
				const registry = await startLocalRegistry({ tarballs: [t.tarball] });
				let n8n;
				try {
					n8n = await bootWithoutPackage(t, registry.proxyEnv());
					await installThroughSettings(t, n8n, registry);
					await sendTextWithInstalledNode(t, n8n);
				} catch (e) {
					if (n8n) e.message += `\n--- n8n ${n8n.version} (installing from the registry) log tail ---\n${n8n.logs(40)}`;
					throw e;
				} finally {
					if (n8n) await n8n.stop();
					await registry.stop();
				}
			},
		},
	],
};
