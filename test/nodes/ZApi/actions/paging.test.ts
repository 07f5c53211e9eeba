import { planPages } from '../../../../nodes/ZApi/actions/paging';

/** Records [from, to) that a plan reads, and how many of them it asks for in all. */
function coverage(limit: number, pageSize: number) {
	const pages = planPages(limit, pageSize);
	const kept: number[] = [];
	for (const { page, pageSize: size, keep } of pages) {
		const offset = (page - 1) * size;
		for (let index = offset; index < offset + keep; index++) kept.push(index);
	}
	return { pages, kept, asked: pages.reduce((sum, page) => sum + page.pageSize, 0) };
}

describe('planPages: page and pageSize for a limit', () => {
	it.each([
		[50, 100, [{ page: 1, pageSize: 50, keep: 50 }]],
		[100, 100, [{ page: 1, pageSize: 100, keep: 100 }]],
		[250, 100, [{ page: 1, pageSize: 100, keep: 100 }, { page: 2, pageSize: 100, keep: 100 }, { page: 5, pageSize: 50, keep: 50 }]],
		[101, 100, [{ page: 1, pageSize: 100, keep: 100 }, { page: 101, pageSize: 1, keep: 1 }]],
		[7, 3, [{ page: 1, pageSize: 3, keep: 3 }, { page: 2, pageSize: 3, keep: 3 }, { page: 7, pageSize: 1, keep: 1 }]],
	])('limit %i by %i', (limit, pageSize, expected) => {
		expect(planPages(limit, pageSize)).toEqual(expected);
	});

	it.each([
		[1, 1],
		[257, 100],
		[999, 100],
		[1000, 100],
		[12345, 1000],
		[97, 10],
		[5, 100],
	])('limit %i by %i: reads records 0 to limit-1 once each, in order, in the fewest requests, never above the page size', (limit, pageSize) => {
		const { pages, kept, asked } = coverage(limit, pageSize);
		expect(kept).toEqual(Array.from({ length: limit }, (_, index) => index));
		expect(pages).toHaveLength(Math.ceil(limit / pageSize));
		expect(Math.max(...pages.map((page) => page.pageSize))).toBeLessThanOrEqual(pageSize);
		// Only the last page may ask for more than it keeps, and it asks for fewer than a page more.
		expect(asked - limit).toBeLessThan(pageSize);
		expect(pages.slice(0, -1).every((page) => page.pageSize === page.keep)).toBe(true);
	});

	it('asks for at most one record beyond the limit when page sizes can share it (257 by 100: 86, 86, 86 keeping 85)', () => {
		const last = planPages(257, 100).at(-1)!;
		expect(last.pageSize - last.keep).toBeLessThanOrEqual(1);
	});
});
