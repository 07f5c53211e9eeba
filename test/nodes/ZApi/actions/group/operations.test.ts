/** What every Group operation shares: request, output, refusal before any request, answers that say no, item handling. */
import type { IDataObject } from 'n8n-workflow';

import { group } from '../../../../../nodes/ZApi/actions/group';
import { INSTANCE_PATH, TEST_CREDENTIALS, runAction } from '../../../../helpers/engine';
import { api, expectCall } from '../../../../helpers/operationExamples';
import { EXAMPLES, GROUP } from './examples';

const operations = group.operations.map((operation) => [operation.name, operation.value] as const);
const withGroupId = group.operations
	.filter((operation) => operation.properties.some((property) => property.name === 'groupId'))
	.map((operation) => [operation.name, operation.value] as const);
const params = (value: string, extra: IDataObject = {}) => ({ resource: 'group', operation: value, ...EXAMPLES[value].parameters, ...extra });

/** Catches any call, so a test can show that none was made. */
const anyCall = () => api().get(/.*/).reply(200, { value: true }).post(/.*/).reply(200, { value: true });

describe('Group: every operation', () => {
	it('has one example per operation', () => {
		expect(Object.keys(EXAMPLES).sort()).toEqual(group.operations.map(({ value }) => value).sort());
	});

	it.each(operations)('%s sends the documented request and outputs what the next node needs', async (_name, value) => {
		const scope = expectCall(EXAMPLES[value]);
		const result = await runAction(params(value));
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual(EXAMPLES[value].output);
		expect(result.items.map((item) => item.pairedItem)).toEqual(EXAMPLES[value].output.map(() => ({ item: 0 })));
		expect(scope.isDone()).toBe(true);
	});

	it.each(operations)('%s refuses its invalid example before any request', async (_name, value) => {
		const { invalid } = EXAMPLES[value];
		const scope = anyCall();
		const result = await runAction(params(value, { [invalid.name]: invalid.value }));
		expect(result.error?.message).toBe(invalid.message);
		expect(result.error?.description).toEqual(expect.any(String));
		expect(scope.pendingMocks()).toHaveLength(2);
	});

	it.each(withGroupId)('%s refuses a group ID that is not one, naming both forms, before any request', async (_name, value) => {
		const scope = anyCall();
		const result = await runAction(params(value, { groupId: '5511999999999' }));
		expect(result.error?.message).toBe("'5511999999999' is not a Z-API group ID");
		expect(result.error?.description).toMatch(/-group.*older groups/);
		expect(scope.pendingMocks()).toHaveLength(2);
	});

	it.each(operations)('%s fails the item on {value: false}, saying what it tried and what to check', async (_name, value) => {
		expectCall(EXAMPLES[value], { value: false });
		const result = await runAction(params(value));
		expect(result.error?.message).toMatch(/^Z-API could not .+ \(it answered \{"value":false\}\)$/);
		expect(result.error?.description).toMatch(/\w+ \w+ \w+/);
		expect(result.error?.context?.itemIndex).toBe(0);
		expect(result.json).toEqual([]);
	});

	it.each(operations)('%s with Continue On Fail: a bad item becomes an error item, the others go on, paired', async (_name, value) => {
		const { invalid, parameters } = EXAMPLES[value];
		const scope = expectCall(EXAMPLES[value]);
		const result = await runAction(
			params(value, { [invalid.name]: '={{ $json.value }}' }),
			[{ json: { value: invalid.value } }, { json: { value: parameters[invalid.name] } }],
			{ continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ error: invalid.message, details: expect.any(String) }, ...EXAMPLES[value].output]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, ...EXAMPLES[value].output.map(() => ({ item: 1 }))]);
		expect(scope.isDone()).toBe(true);
	});

	it.each(operations)('%s keeps the instance token out of a refused call', async (_name, value) => {
		const example = EXAMPLES[value];
		const path = `${INSTANCE_PATH}${example.path}`;
		const body = { error: `Instance not found ${INSTANCE_PATH}` };
		if (example.method === 'GET') api().get(path).query(true).reply(400, body);
		else api().post(path).query(true).reply(400, body);
		const result = await runAction(params(value));
		expect(result.error).toBeDefined();
		const seen = JSON.stringify([result.error?.message, result.error?.description, result.run.data.resultData]);
		expect(seen).not.toContain(TEST_CREDENTIALS.instanceToken);
		expect(seen).not.toContain(encodeURIComponent(TEST_CREDENTIALS.instanceToken));
	});

	it('runs each item with its own parameters', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/leave-group`, { groupId: GROUP })
			.reply(200, { value: true })
			.post(`${INSTANCE_PATH}/leave-group`, { groupId: '5511999999999-1623281429' })
			.reply(200, { value: true });
		const result = await runAction(params('leave', { groupId: '={{ $json.group }}' }), [
			{ json: { group: GROUP } },
			{ json: { group: '5511999999999-1623281429' } },
		]);
		expect(result.json).toEqual([
			{ success: true, groupId: GROUP },
			{ success: true, groupId: '5511999999999-1623281429' },
		]);
		expect(scope.isDone()).toBe(true);
	});
});
