import type { ICredentialTestFunctions, ICredentialsDecrypted, INodeCredentialTestResult } from 'n8n-workflow';

import { credentialTestSender } from '../transport';
import { failed } from '../credentialCheck';
import { CREDENTIAL_LABEL, apiBaseOf, callN8nApi, day, keyExpiryOf, newKeyAdvice } from './n8nApi';

/**
 * The Z-API Conversation State credential's test: the request the nodes make first (list one
 * data table), through the same client and the same same-origin sender, so it passes only when
 * n8n's JSON API answers with the key accepted, and its failures are the nodes' own words.
 * n8n hands a credential test nothing but `helpers.request`; it is told never to follow a
 * redirect itself.
 */
export async function testConversationState(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
	const name = credential.name || 'Z-API Conversation State';
	const apiKey = String(credential.data?.apiKey ?? '').trim();
	if (!apiKey) return failed(`The API Key is empty. ${newKeyAdvice(name)}`);
	const typed = String(credential.data?.baseUrl ?? '').trim();
	const expiry = keyExpiryOf(apiKey);
	const expires = expiry ? ` This key expires on ${day(expiry)}; after that every conversation call fails. To avoid it: ${newKeyAdvice(name)}` : '';
	if (!typed) {
		return failed(`The n8n API Address is empty: type this n8n's address as the browser shows it (for example https://n8n.example.com), then save again to test the key.${expires}`);
	}
	const base = apiBaseOf(typed);
	if (!base) return failed(`The n8n API Address in the ${CREDENTIAL_LABEL} is not an http(s) address: type it as the browser shows n8n, for example https://n8n.example.com.`);
	const send = credentialTestSender(this.helpers, { json: true, headers: { 'X-N8N-API-KEY': apiKey } });
	const result = await callN8nApi({ base, apiKey, credentialName: name, send }, { method: 'GET', path: '/data-tables', qs: { limit: 1 }, missingMeansOldN8n: true });
	if (!result.ok) return failed(`${result.failure.message}. ${result.failure.description}`);
	const { body } = result;
	if (!body || typeof body !== 'object' || !Array.isArray((body as { data?: unknown }).data)) {
		return failed(`${base} answered, but not as n8n's API does (no list of data tables). Check the n8n API Address: it must be this n8n's address.`);
	}
	return { status: 'OK', message: `Connected to n8n's API at ${new URL(base).host}.${expires}` };
}
