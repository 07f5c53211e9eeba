import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { summary } from './examples';

const api = () => nock('https://api.z-api.io');

/** Group summaries with ids 1203630000000000NN-group, from `from` on. */
const groups = (from: number, count: number) =>
	Array.from({ length: count }, (_, index) => summary(`1203630000000000${String(from + index).padStart(2, '0')}-group`, `G${from + index}`));
const names = (json: IDataObject[]) => json.map((group) => group.name);
const getMany = (extra: IDataObject = {}) => ({ resource: 'group', operation: 'getMany', ...extra });

/** Answers /groups page by page: each entry is [page, pageSize, answer]. */
function servePages(pages: Array<[number, number, unknown]>) {
	const scope = api();
	for (const [page, pageSize, reply] of pages) {
		scope.get(`${INSTANCE_PATH}/groups`).query({ page: String(page), pageSize: String(pageSize) }).reply(200, reply as nock.Body);
	}
	return scope;
}

describe('Group > Get Many: paging', () => {
	it('with Return All reads pages 1, 2, 3 until a short page', async () => {
		const scope = servePages([
			[1, 3, groups(1, 3)],
			[2, 3, groups(4, 3)],
			[3, 3, groups(7, 1)],
		]);
		const result = await runAction(getMany({ returnAll: true, options: { pageSize: 3 } }));
		expect(result.error).toBeUndefined();
		expect(names(result.json)).toEqual(['G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7']);
		expect(result.json[0].groupId).toBe('120363000000000001-group');
		expect(scope.isDone()).toBe(true);
	});

	it('stops on an empty page', async () => {
		const scope = servePages([
			[1, 2, groups(1, 2)],
			[2, 2, []],
		]);
		const result = await runAction(getMany({ returnAll: true, options: { pageSize: 2 } }));
		expect(names(result.json)).toEqual(['G1', 'G2']);
		expect(scope.isDone()).toBe(true);
	});

	it('stops when a page brings nothing new (a service that ignores page), returning each group once', async () => {
		const scope = servePages([
			[1, 2, groups(1, 2)],
			[2, 2, groups(1, 2)],
		]);
		const result = await runAction(getMany({ returnAll: true, options: { pageSize: 2 } }));
		expect(names(result.json)).toEqual(['G1', 'G2']);
		expect(scope.isDone()).toBe(true);
	});

	it('with a Limit stops asking once it has enough, and cuts the last page', async () => {
		const scope = servePages([
			[1, 2, groups(1, 2)],
			[2, 2, groups(3, 2)],
		]);
		const result = await runAction(getMany({ returnAll: false, limit: 3, options: { pageSize: 2 } }));
		expect(names(result.json)).toEqual(['G1', 'G2', 'G3']);
		expect(scope.isDone()).toBe(true);
	});

	it('asks for 50 per page by default', async () => {
		const scope = servePages([[1, 50, groups(1, 5)]]);
		const result = await runAction(getMany({ returnAll: true }));
		expect(result.json).toHaveLength(5);
		expect(scope.isDone()).toBe(true);
	});

	it('fails the item, saying what came back, when the answer is not a list', async () => {
		servePages([[1, 50, { message: 'no groups here' }]]);
		const result = await runAction(getMany({ returnAll: true }));
		expect(result.error?.message).toBe('Z-API did not return a list of groups');
		expect(result.error?.description).toMatch(/no groups here/);
	});

	it.each([
		['a Page Size of 0', { returnAll: true, options: { pageSize: 0 } }, 'Page Size must be a whole number of 1 or more (got 0)'],
		['a fractional Limit', { returnAll: false, limit: 2.5 }, 'Limit must be a whole number of 1 or more (got 2.5)'],
	])('refuses %s before any request', async (_label, parameters, message) => {
		const scope = api().get(/.*/).reply(200, []);
		const result = await runAction(getMany(parameters));
		expect(result.error?.message).toBe(message);
		expect(scope.isDone()).toBe(false);
	});
});
