/**
 * One valid call per operation, as a table: the parameters a user sets, the request the node
 * must send, the service's documented answer and the node's output. The resource specs run
 * the same checks over every row; each spec checks its table covers every operation.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import type { ZApiResource } from '../../nodes/ZApi/actions/types';
import { INSTANCE_PATH, runAction } from './engine';

/** The request an operation must send, and what the service answers. */
export interface ExampleCall {
	method: 'GET' | 'POST' | 'PUT' | 'DELETE';
	path: string;
	query?: IDataObject;
	/** '' for a POST that carries no body; a list where the service takes one. */
	body?: IDataObject | IDataObject[] | string[] | '';
	/** Status of the answer; 200 when not given. */
	status?: number;
	answer?: unknown;
}

/** One operation's valid call. `Output` is the output items' JSON (one item's for Message). */
export interface OperationExample<Output = IDataObject[]> extends ExampleCall {
	parameters: IDataObject;
	output: Output;
	/** The parameter holding the phone or chat, when the operation has one. */
	phoneParameter?: string;
}

export const api = () => nock('https://api.z-api.io');

/** Expects exactly the example's request and answers it with `reply` (the example's answer by default). */
export function expectCall(example: ExampleCall, reply: unknown = example.answer, status = example.status ?? 200): nock.Scope {
	const path = `${INSTANCE_PATH}${example.path}`;
	const body = example.body === '' ? (sent: unknown) => sent === '' : (example.body as nock.RequestBodyMatcher);
	const interceptor =
		example.method === 'GET'
			? api().get(path)
			: example.method === 'DELETE' && example.body === undefined
				? api().delete(path)
				: (example.method === 'DELETE' ? api().delete(path, body) : example.method === 'PUT' ? api().put(path, body) : api().post(path, body)).matchHeader(
						'content-type',
						/^application\/json/,
					);
	return (example.query ? interceptor.query(example.query as Record<string, string>) : interceptor.query((query) => Object.keys(query).length === 0)).reply(
		status,
		reply as nock.Body,
	);
}

/** Every request refused: a test that expects none sees them pending. */
export function anyCall(): nock.Scope {
	return api().get(/.*/).reply(200, {}).post(/.*/).reply(200, {});
}

export function operationsOf(resource: ZApiResource) {
	return resource.operations.map((operation) => [operation.name, operation.value] as const);
}

/**
 * The checks every operation of a resource passes: the documented request and output, bad
 * phones refused before any request, Continue On Fail keeping the other items, paired.
 */
export function describeOperations(resource: ZApiResource, examples: Record<string, OperationExample>) {
	const params = (value: string, extra: IDataObject = {}) => ({ resource: resource.value, operation: value, ...examples[value].parameters, ...extra });
	const operations = operationsOf(resource);
	const withPhone = operations.filter(([, value]) => examples[value]?.phoneParameter);

	describe(`${resource.name}: every operation`, () => {
		it('has one example per operation', () => {
			expect(Object.keys(examples).sort()).toEqual(resource.operations.map(({ value }) => value).sort());
		});

		it.each(operations)('%s sends the documented request and outputs what the user needs', async (_name, value) => {
			const scope = expectCall(examples[value]);
			const result = await runAction(params(value));
			expect(result.error).toBeUndefined();
			expect(result.json).toEqual(examples[value].output);
			expect(result.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
			expect(scope.isDone()).toBe(true);
		});

		it.each(operations)('%s keeps the token out of the error when the service refuses', async (_name, value) => {
			expectCall(examples[value], { error: `Instance not found ${INSTANCE_PATH}` }, 400);
			const result = await runAction(params(value));
			expect(result.error?.message).toBeDefined();
			const seen = JSON.stringify([result.error?.message, result.error?.description, result.run.data.resultData]);
			expect(seen).not.toContain('tok3n-SECRET-7f9a');
			expect(seen).not.toContain(encodeURIComponent('tok3n-SECRET-7f9a'));
		});

		it.each(operations)('%s with Continue On Fail: a refused call becomes an error item, the next item goes on, paired', async (_name, value) => {
			const example = examples[value];
			const refused = expectCall(example, { error: 'Something went wrong' }, 400);
			const scope = expectCall(example);
			const result = await runAction(params(value), [{ json: {} }, { json: {} }], { continueOnFail: true });
			expect(result.error).toBeUndefined();
			expect(result.json).toEqual([{ error: expect.stringContaining('Something went wrong'), details: expect.any(String) }, ...example.output]);
			expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, ...example.output.map(() => ({ item: 1 }))]);
			expect(refused.isDone() && scope.isDone()).toBe(true);
		});

		if (withPhone.length) {
			it.each(withPhone)('%s refuses a phone that is not one before any request', async (_name, value) => {
				const scope = anyCall();
				const result = await runAction(params(value, { [examples[value].phoneParameter!]: 'call me maybe' }));
				expect(result.error?.message).toMatch(/'call me maybe' is not a phone number$/);
				expect(result.error?.description).toMatch(/country code/);
				expect(scope.pendingMocks()).toHaveLength(2);
			});

			it.each(withPhone)('%s with Continue On Fail: a bad item becomes an error item, the others go on, paired', async (_name, value) => {
				const example = examples[value];
				const scope = expectCall(example);
				const result = await runAction(
					params(value, { [example.phoneParameter!]: '={{ $json.to }}' }),
					[{ json: { to: '' } }, { json: { to: example.parameters[example.phoneParameter!] } }],
					{ continueOnFail: true },
				);
				expect(result.error).toBeUndefined();
				expect(result.json).toEqual([{ error: expect.stringMatching(/is empty$/), details: expect.stringMatching(/country code/) }, ...example.output]);
				expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, ...example.output.map(() => ({ item: 1 }))]);
				expect(scope.isDone()).toBe(true);
			});
		}
	});
}
