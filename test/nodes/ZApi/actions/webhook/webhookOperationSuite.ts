/**
 * What every webhook operation must do (they share the webhook conversation of
 * nodes/shared/webhooks.ts): each operation's test file runs these with its operation and
 * the webhook it sets, and the endpoint and label written as the docs and the user see them.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import type { ZApiOperation } from '../../../../../nodes/ZApi/actions/types';
import type { WebhookName } from '../../../../../nodes/shared/webhooks';
import { runAction } from '../../../../helpers/engine';
import { ENCODED_INSTANCE_PATH, ENCODED_TOKEN, WITH_ENCODED_TOKEN } from '../../../../helpers/encodedToken';

export interface WebhookOperationSpec {
	operation: ZApiOperation;
	webhook: WebhookName;
	/** The text n8n names the node with when the action is chosen: short. */
	action: string;
	/** The PUT endpoint as the webhook's docs page writes it (docs/webhooks/on-*.md). */
	endpoint: string;
	/** How errors name the webhook. */
	label: string;
}

export function describeWebhookOperation(spec: WebhookOperationSpec): void {
	const { endpoint, label } = spec;
	const api = () => nock('https://api.z-api.io');
	const ENDPOINT = `${ENCODED_INSTANCE_PATH}${endpoint}`;
	const operation = (url: string, extra: IDataObject = {}) => ({
		resource: 'webhook',
		operation: spec.operation.value,
		url,
		...extra,
	});
	const run = (parameters: IDataObject, items?: Parameters<typeof runAction>[1]) =>
		runAction(parameters, items, WITH_ENCODED_TOKEN);

	describe(`Webhook > ${spec.operation.name}`, () => {
		it(`is chosen as "${spec.action}"`, () => {
			expect(spec.operation.action).toBe(spec.action);
		});

		it(`PUTs {value: url} as JSON to ${endpoint}`, async () => {
			const scope = api()
				.put(ENDPOINT, { value: 'https://n8n.example.com/webhook/zapi' })
				.matchHeader('content-type', /^application\/json/)
				.reply(200, { value: true });
			const result = await run(operation('https://n8n.example.com/webhook/zapi'));
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
			const result = await run(operation('  https://hooks.example.com/a/b?x=1 '));
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
			const result = await run(operation('https://n8n.example.com/webhook/zapi'));
			expect(result.error).toBeUndefined();
			expect(result.json).toEqual([
				{ webhook: spec.webhook, url: 'https://n8n.example.com/webhook/zapi', success: true },
			]);
			expect(scope.isDone()).toBe(true);
		});

		it.each([
			[{ value: false }, '{"value":false}'],
			[{ value: 'false' }, '{"value":"false"}'],
			[{ value: true, error: 'Instance not found' }, '{"value":true,"error":"Instance not found"}'],
		])('fails the item when the service responds %j', async (response, shown) => {
			api().put(ENDPOINT).reply(200, response);
			const result = await run(operation('https://n8n.example.com/webhook/zapi'));
			expect(result.error?.message).toBe(
				`Z-API could not set the ${label} webhook to https://n8n.example.com/webhook/zapi (it answered ${shown})`,
			);
			expect(result.error?.description).toMatch(/https/);
			expect(result.json).toEqual([]);
		});

		it('never shows the instance token when the service refuses', async () => {
			api().put(ENDPOINT).reply(400, { error: `bad token ${ENCODED_TOKEN} at ${ENDPOINT}` });
			const result = await run(operation('https://n8n.example.com/webhook/zapi'));
			expect(result.error?.message).toMatch(/^Z-API did not recognise the instance ID or instance token/);
			const shown = JSON.stringify([result.error?.message, result.error?.description, result.error]);
			expect(shown).not.toContain(ENCODED_TOKEN);
			expect(shown).not.toContain(encodeURIComponent(ENCODED_TOKEN));
		});

		it.each([
			['http://n8n.example.com/webhook/zapi', /must start with https:\/\/ \(got http:\/\/\)/, /only delivers webhooks to https/],
			['/webhook/zapi', /is not an absolute URL/, /starting with https:\/\//],
			['n8n.example.com/webhook', /is not an absolute URL/, /starting with https:\/\//],
			['ftp://n8n.example.com/x', /must start with https:\/\//, /https/],
		])('refuses %j before any request, saying why', async (url, message, description) => {
			const scope = api().put(/.*/).reply(200, { value: true });
			const result = await run(operation(url));
			expect(result.error?.message).toMatch(message);
			expect(result.error?.description).toMatch(description);
			expect(result.json).toEqual([]);
			expect(scope.isDone()).toBe(false);
		});

		it('refuses an empty address (from an expression) before any request', async () => {
			const scope = api().put(/.*/).reply(200, { value: true });
			const result = await run(operation('={{ $json.url }}'), [{ json: { url: '' } }]);
			expect(result.error?.message).toBe('Webhook URL is empty');
			expect(result.error?.description).toMatch(/https:\/\//);
			expect(scope.isDone()).toBe(false);
		});
	});
}
