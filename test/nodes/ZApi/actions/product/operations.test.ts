/** Products: the catalog read with the documented call, then page by page with the cursor in a POST body (get-products-v2.md); its stops. */
import { product } from '../../../../../nodes/ZApi/actions/product';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { api, describeOperations, expectCall } from '../../../../helpers/operationExamples';
import { EXAMPLES, MOUSE } from './examples';

describeOperations(product, EXAMPLES);

const productNamed = (id: string) => ({ ...MOUSE, id, name: `Product ${id}` });
const run = (extra: object = {}) => runAction({ resource: 'product', operation: 'getMany', ...extra });

describe('Product: Get Many', () => {
	it('follows nextCursor in a POST body until a page comes without one', async () => {
		const scope = api()
			.get(`${INSTANCE_PATH}/catalogs`)
			.reply(200, { cartEnabled: true, nextCursor: 'eyJwbHVnaW5fbmFtZSI6IldIQVRTQVBQX0NBVEFMT0ciLCJxdWVy', products: [productNamed('1'), productNamed('2')] })
			.post(`${INSTANCE_PATH}/catalogs`, { nextCursor: 'eyJwbHVnaW5fbmFtZSI6IldIQVRTQVBQX0NBVEFMT0ciLCJxdWVy' })
			.matchHeader('content-type', /^application\/json/)
			.reply(200, { cartEnabled: true, nextCursor: 'second', products: [productNamed('3')] })
			.post(`${INSTANCE_PATH}/catalogs`, { nextCursor: 'second' })
			.reply(200, { cartEnabled: true, products: [productNamed('4')] });
		const result = await run({ returnAll: true });
		expect(result.json.map((item) => item.id)).toEqual(['1', '2', '3', '4']);
		expect(scope.isDone()).toBe(true);
	});

	it('stops at the Limit without asking for the next page', async () => {
		const scope = api()
			.get(`${INSTANCE_PATH}/catalogs`)
			.reply(200, { nextCursor: 'more', products: [productNamed('1'), productNamed('2'), productNamed('3')] })
			.post(`${INSTANCE_PATH}/catalogs`)
			.reply(200, { products: [productNamed('4')] });
		const result = await run({ limit: 2 });
		expect(result.json.map((item) => item.id)).toEqual(['1', '2']);
		expect(scope.pendingMocks()).toHaveLength(1);
	});

	it('stops on a cursor already used and on a page with nothing new, never returning a product twice', async () => {
		const scope = api()
			.get(`${INSTANCE_PATH}/catalogs`)
			.reply(200, { nextCursor: 'a', products: [productNamed('1')] })
			.post(`${INSTANCE_PATH}/catalogs`, { nextCursor: 'a' })
			.reply(200, { nextCursor: 'a', products: [productNamed('1'), productNamed('2')] });
		const result = await run({ returnAll: true });
		expect(result.json.map((item) => item.id)).toEqual(['1', '2']);
		expect(scope.isDone()).toBe(true);
	});

	it('fails, pointing to WhatsApp Business, when no list of products comes back', async () => {
		expectCall(EXAMPLES.getMany, { cartEnabled: false });
		const result = await run({ returnAll: true });
		expect(result.error?.message).toBe('Z-API did not return a list of products');
		expect(result.error?.description).toMatch(/WhatsApp Business/);
	});

	it('fails when Z-API says no in a 200 answer', async () => {
		expectCall(EXAMPLES.getMany, { error: 'Catalog not found' });
		const result = await run({ returnAll: true });
		expect(result.error?.message).toBe('Z-API could not list the products of the catalog (it answered {"error":"Catalog not found"})');
	});
});
