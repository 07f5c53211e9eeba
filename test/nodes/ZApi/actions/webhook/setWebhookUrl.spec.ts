/**
 * What both webhook operations must do (they share setWebhookUrl.ts): each operation's
 * test file runs these with its own endpoint, webhook name and label.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';

export interface WebhookOperationSpec {
	title: string;
	operation: string;
	endpoint: string;
	webhook: string;
	label: string;
}

export function describeWebhookOperation(spec: WebhookOperationSpec): void {
	const api = () => nock('https://api.z-api.io');
	const ENDPOINT = `${INSTANCE_PATH}${spec.endpoint}`;
	const operation = (url: string, extra: IDataObject = {}) => ({
		resource: 'webhook',
		operation: spec.operation,
		url,
		...extra,
	});

	describe(`Webhook > ${spec.title}`, () => {
		it(`PUTs {value: url} as JSON to ${spec.endpoint}`, async () => {
			const scope = api()
				.put(ENDPOINT, { value: 'https://n8n.example.com/webhook/zapi' })
				.matchHeader('content-type', /^application\/json/)
				.reply(200, { value: true });
			const result = await runAction(operation('https://n8n.example.com/webhook/zapi'));
			expect(result.error).toBeUndefined();
			expect(result.json).toEqual([
				{ webhook: spec.webhook, url: 'https://n8n.example.com/webhook/zapi', success: true },
			]);
			expect(scope.isDone()).toBe(true);
		});

		it('keeps the query string and trims spaces around the address', async () => {
			const scope = api()
				.put(ENDPOINT, { value: 'https://hooks.example.com/a/b?x=1' })
				.reply(200, { value: true });
			const result = await runAction(operation('  https://hooks.example.com/a/b?x=1 '));
			expect(result.error).toBeUndefined();
			expect(result.json[0].url).toBe('https://hooks.example.com/a/b?x=1');
			expect(scope.isDone()).toBe(true);
		});

		it.each([
			['an empty answer', ''],
			['an answer without value', { ok: true }],
			['{value: true}', { value: true }],
		])('treats %s as success', async (_label, answer) => {
			const scope = api().put(ENDPOINT).reply(200, answer as IDataObject);
			const result = await runAction(operation('https://n8n.example.com/webhook/zapi'));
			expect(result.error).toBeUndefined();
			expect(result.json).toEqual([
				{ webhook: spec.webhook, url: 'https://n8n.example.com/webhook/zapi', success: true },
			]);
			expect(scope.isDone()).toBe(true);
		});

		it('fails the item when the service answers {value: false}', async () => {
			api().put(ENDPOINT).reply(200, { value: false });
			const result = await runAction(operation('https://n8n.example.com/webhook/zapi'));
			expect(result.error?.message).toBe(
				`Z-API could not set the ${spec.label} webhook to https://n8n.example.com/webhook/zapi (it answered {"value":false})`,
			);
			expect(result.error?.description).toMatch(/https/);
			expect(result.json).toEqual([]);
		});

		it.each([
			['http://n8n.example.com/webhook/zapi', /must start with https:\/\/ \(got http:\/\/\)/, /only delivers webhooks to https/],
			['/webhook/zapi', /is not an absolute URL/, /starting with https:\/\//],
			['n8n.example.com/webhook', /is not an absolute URL/, /starting with https:\/\//],
			['ftp://n8n.example.com/x', /must start with https:\/\//, /https/],
		])('refuses %j before any request, saying why', async (url, message, description) => {
			const scope = api().put(/.*/).reply(200, { value: true });
			const result = await runAction(operation(url));
			expect(result.error?.message).toMatch(message);
			expect(result.error?.description).toMatch(description);
			expect(result.json).toEqual([]);
			expect(scope.isDone()).toBe(false);
		});

		it('refuses an empty address (from an expression) before any request', async () => {
			const scope = api().put(/.*/).reply(200, { value: true });
			const result = await runAction(operation('={{ $json.url }}'), [{ json: { url: '' } }]);
			expect(result.error?.message).toBe('Webhook URL is empty');
			expect(result.error?.description).toMatch(/https:\/\//);
			expect(scope.isDone()).toBe(false);
		});
	});
}
