'use strict';
/**
 * The credential tests, run by n8n's own credentials tester (the "Test" of the credential
 * dialog, POST /rest/credentials/test): n8n finds the Z-API Instance API credential's test on
 * the nodes (testedBy), runs it with the request helper it hands credential tests, and shows
 * its words.
 */
const { conversationStateCredential } = require('../lib/conversationState');

/** A text matched literally inside a pattern. */
const escaped = (text) => String(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function testCredential(t, inst, data = {}) {
	const res = await t.n8n.rest('POST', '/rest/credentials/test', {
		credentials: {
			id: inst.credential.id,
			name: inst.credential.name,
			type: 'zApiApi',
			data: { instanceId: inst.id, instanceToken: inst.token, clientToken: '', baseUrl: t.standIn.url, ...data },
		},
	});
	return res.data ?? res;
}

module.exports = {
	group: 'credentials',
	scenarios: [
		{
			smoke: true,
			name: 'a right credential passes the test',
			async run(t) {
				const inst = await t.instance('credential-test-ok');
				const result = await testCredential(t, inst);
				t.assert.equal(result.status, 'OK', JSON.stringify(result));
			},
		},
		{
			smoke: true,
			name: 'a wrong token fails with per-field advice, never the token',
			async run(t) {
				const wrong = `wr0ng+tok/en= ${t.hex(8)}`;
				const inst = await t.instance('credential-test-wrong', { credentialToken: wrong });
				const result = await testCredential(t, inst, { instanceToken: wrong });
				t.assert.equal(result.status, 'Error', JSON.stringify(result));
				t.assert.match(
					result.message,
					new RegExp(`^Z-API refused these credentials \\(400\\): the Instance ID or the Instance Token of the Z-API Instance API credential "${escaped(inst.credential.name)}" is wrong\\. Copy both again`),
				);
				t.assert.deepEqual(t.secretsIn(result.message), []);
				t.assert.ok(!result.message.includes('wr0ng'), result.message);
			},
		},
		{
			smoke: true,
			name: 'a disconnected instance fails, saying the credentials are right',
			async run(t) {
				const inst = await t.instance('credential-test-disconnected', { instance: { connected: false } });
				const result = await testCredential(t, inst);
				t.assert.equal(result.status, 'Error', JSON.stringify(result));
				t.assert.match(result.message, /are right, but the instance is not connected to WhatsApp/);
			},
		},
		{
			smoke: true,
			name: 'an unreachable Base URL fails in words naming the field, not a bare ECONNREFUSED',
			async run(t) {
				const inst = await t.instance('credential-test-unreachable');
				const port = await t.freePort(0);
				const result = await testCredential(t, inst, { baseUrl: `https://127.0.0.1:${port}` });
				t.assert.equal(result.status, 'Error', JSON.stringify(result));
				t.assert.match(
					result.message,
					new RegExp(`^The Base URL of the Z-API Instance API credential "${escaped(inst.credential.name)}" cannot be reached at 127\\.0\\.0\\.1:${port}: nothing accepts connections at that address .*\\(ECONNREFUSED\\)\\. Check the Base URL`),
				);
				t.assert.deepEqual(t.secretsIn(result.message), []);
				const types = await t.n8n.rest('GET', '/types/credentials.json');
				const type = (Array.isArray(types) ? types : (types.data ?? types)).find((candidate) => candidate.name === 'zApiApi');
				t.assert.equal(type?.displayName, 'Z-API Instance API');
			},
		},
		{
			name: 'the Conversation State credential: a wrong n8n API key fails with words, not the bare "Unauthorized"',
			async run(t) {
				if (t.line === '1') return;
				const stored = await conversationStateCredential(t.n8n);
				const res = await t.n8n.rest('POST', '/rest/credentials/test', {
					credentials: {
						id: stored.id,
						name: stored.name,
						type: 'zApiConversationStateApi',
						data: { baseUrl: `${t.n8n.baseUrl}/api/v1`, apiKey: `wrong-${t.hex(8)}` },
					},
				});
				const result = res.data ?? res;
				t.assert.equal(result.status, 'Error', JSON.stringify(result));
				t.assert.match(result.message, /^n8n refused the API Key in the Z-API Conversation State credential "[^"]+": it is wrong, deleted or expired \(401\).*Settings → n8n API/);
				const ok = await t.n8n.rest('POST', '/rest/credentials/test', {
					credentials: { id: stored.id, name: stored.name, type: 'zApiConversationStateApi', data: { baseUrl: `${t.n8n.baseUrl}/api/v1`, apiKey: t.n8n.apiKey } },
				});
				t.assert.equal((ok.data ?? ok).status, 'OK', JSON.stringify(ok));
			},
		},
	],
};
