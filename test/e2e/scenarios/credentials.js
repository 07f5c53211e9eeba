'use strict';
/**
 * The credential type's declarative test, run by n8n's own credentials tester (the "Test"
 * of the credential dialog, POST /rest/credentials/test): its expressions build the URL in
 * this n8n's expression engine, and its rules pick the message n8n shows.
 */
const { conversationStateCredential } = require('../lib/conversationState');

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
				// n8n 1.x loses the HTTP answer on the error it hands its tester (the error's cause
				// is dropped), so no status rule can apply there: it shows its own text for the status.
				const expected = t.line === '1' ? /^Bad request - please check your parameters$/ : /^Z-API refused these credentials \(400\)\. Either the Instance ID or Instance Token is wrong/;
				t.assert.match(result.message, expected);
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
			// n8n's tester shows a request that got no answer as Node's bare error code (2.x) or its
			// own text (1.x); a declarative test cannot word it. The Base URL's hint, in the same
			// dialog, says what each code means.
			smoke: true,
			name: 'an unreachable Base URL fails with a network code the Base URL hint explains',
			async run(t) {
				const inst = await t.instance('credential-test-unreachable');
				const port = await t.freePort(0);
				const result = await testCredential(t, inst, { baseUrl: `https://127.0.0.1:${port}` });
				t.assert.equal(result.status, 'Error', JSON.stringify(result));
				const expected = t.line === '1' ? /refused the connection|ECONNREFUSED/ : /^ECONNREFUSED$/;
				t.assert.match(result.message, expected);
				t.assert.deepEqual(t.secretsIn(result.message), []);
				const types = await t.n8n.rest('GET', '/types/credentials.json');
				const type = (Array.isArray(types) ? types : (types.data ?? types)).find((candidate) => candidate.name === 'zApiApi');
				t.assert.equal(type?.displayName, 'Z-API Instance API');
				const hint = type.properties.find((property) => property.name === 'baseUrl')?.hint ?? '';
				t.assert.match(hint, /If saving shows ECONNREFUSED, ENOTFOUND or ETIMEDOUT, n8n cannot reach this address/);
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
