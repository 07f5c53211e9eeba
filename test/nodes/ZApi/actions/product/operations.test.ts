/** Products: every operation's documented call; the catalogs read page by page with the cursor in a POST body (get-products-v2.md, get-products-phone-v2.md) and their stops; input refused before any request; refusals in 200 answers. */
import { product } from '../../../../../nodes/ZApi/actions/product';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { api, describeOperations, expectCall } from '../../../../helpers/operationExamples';
import { EXAMPLES, MOUSE, NEW_PRODUCT, SELLER } from './examples';

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

const runOperation = (operation: string, extra: object = {}) => runAction({ resource: 'product', operation, ...EXAMPLES[operation].parameters, ...extra });

describe('Product: Get Many of Another Number', () => {
	it("reads the number's catalog page by page, the cursor in a POST body to the same address", async () => {
		const scope = api()
			.get(`${INSTANCE_PATH}/catalogs/${SELLER}`)
			.reply(200, { cartEnabled: true, nextCursor: 'eyJwbHVnaW5fbmFtZSI6IldIQVRTQVBQX0NBVEFMT0ciLCJxdWVy...', products: [productNamed('1')] })
			.post(`${INSTANCE_PATH}/catalogs/${SELLER}`, { nextCursor: 'eyJwbHVnaW5fbmFtZSI6IldIQVRTQVBQX0NBVEFMT0ciLCJxdWVy...' })
			.matchHeader('content-type', /^application\/json/)
			.reply(200, { cartEnabled: true, products: [productNamed('2')] });
		const result = await runOperation('getManyOfNumber');
		expect(result.json.map((item) => item.id)).toEqual(['1', '2']);
		expect(scope.isDone()).toBe(true);
	});

	it('stops at the Limit', async () => {
		const scope = api()
			.get(`${INSTANCE_PATH}/catalogs/${SELLER}`)
			.reply(200, { nextCursor: 'more', products: [productNamed('1'), productNamed('2')] })
			.post(`${INSTANCE_PATH}/catalogs/${SELLER}`)
			.reply(200, { products: [productNamed('3')] });
		const result = await runOperation('getManyOfNumber', { returnAll: false, limit: 1 });
		expect(result.json.map((item) => item.id)).toEqual(['1']);
		expect(scope.pendingMocks()).toHaveLength(1);
	});

	it('fails, naming the number, when Z-API says no', async () => {
		expectCall(EXAMPLES.getManyOfNumber, { error: 'Catalog not found' });
		const result = await runOperation('getManyOfNumber');
		expect(result.error?.message).toBe(`Z-API could not list the products of the catalog of ${SELLER} (it answered {"error":"Catalog not found"})`);
		expect(result.error?.description).toMatch(/WhatsApp Business/);
	});
});

describe('Product: refusals', () => {
	it.each([
		['createOrUpdate', { productName: '  ' }, 'Name is empty'],
		['createOrUpdate', { productDescription: ' ' }, 'Description is empty'],
		['createOrUpdate', { price: -1 }, 'Price must be a number of 0 or more (got -1)'],
		['createOrUpdate', { price: '={{ "twenty" }}' }, 'Price must be a number of 0 or more (got "twenty")'],
		['createOrUpdate', { currency: 'reais' }, "Currency 'REAIS' is not a currency code"],
		['createOrUpdate', { imageUrls: ' , ' }, 'Image URLs is empty'],
		['createOrUpdate', { imageUrls: 'mouse.jpg' }, "Image URL 'mouse.jpg' is not an http(s) URL"],
		['createOrUpdate', { isHidden: '={{ "maybe" }}' }, 'Hidden must be true or false (got "maybe")'],
		['createOrUpdate', { options: { salePrice: -5 } }, 'Sale Price must be a number of 0 or more (got -5)'],
		['createOrUpdate', { options: { url: 'z-api.io' } }, "Product URL 'z-api.io' is not an http(s) URL"],
		['get', { productId: ' ' }, 'Product ID is empty'],
		['get', { productId: '12 34' }, "Product ID '12 34' is not a product ID"],
		['get', { productId: '../catalogs' }, "Product ID '../catalogs' is not an ID Z-API gives"],
		['delete', { productId: '1?x=1' }, "Product ID '1?x=1' is not an ID Z-API gives"],
		['updateCatalogSettings', { cartEnabled: '={{ "yes" }}' }, 'Cart Enabled must be true or false (got "yes")'],
	])('%s refuses %j before any request', async (operation, change, message) => {
		const scope = api().post(/.*/).reply(200, {}).get(/.*/).reply(200, {}).delete(/.*/).reply(200, {});
		const result = await runOperation(operation, change);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toEqual(expect.any(String));
		expect(scope.pendingMocks()).toHaveLength(3);
	});

	it('Create or Update sends only the fields given: no sale price, retailer ID nor URL when not set', async () => {
		const required = { description: NEW_PRODUCT.description, name: NEW_PRODUCT.name, price: NEW_PRODUCT.price };
		const scope = api()
			.post(`${INSTANCE_PATH}/products`, { ...required, currency: 'USD', images: ['https://example.com/a.jpg', 'https://example.com/b.jpg'], isHidden: true })
			.reply(200, { id: '1' });
		const result = await runOperation('createOrUpdate', {
			currency: ' usd ',
			imageUrls: ['https://example.com/a.jpg', 'https://example.com/b.jpg'],
			isHidden: true,
			options: {},
		});
		expect(result.json).toEqual([{ id: '1', ...required, currency: 'USD', images: ['https://example.com/a.jpg', 'https://example.com/b.jpg'], isHidden: true }]);
		expect(scope.isDone()).toBe(true);
	});

	it('Create or Update fails when no product ID comes back', async () => {
		expectCall(EXAMPLES.createOrUpdate, {});
		const result = await runOperation('createOrUpdate');
		expect(result.error?.message).toBe("Z-API did not save the product 'Meu primeiro produto'");
		expect(result.error?.description).toMatch(/^It answered \{\}\. Catalogs and products exist only on WhatsApp Business/);
	});

	it('Create or Update fails when Z-API says no in a 200 answer', async () => {
		expectCall(EXAMPLES.createOrUpdate, { error: 'Invalid image' });
		const result = await runOperation('createOrUpdate');
		expect(result.error?.message).toBe('Z-API could not save the product \'Meu primeiro produto\' (it answered {"error":"Invalid image"})');
	});

	it('Get fails, naming the product, when the answer holds no product', async () => {
		expectCall(EXAMPLES.get, { cartEnabled: true });
		const result = await runOperation('get');
		expect(result.error?.message).toBe('Z-API did not return product 99999999999999');
		expect(result.error?.description).toMatch(/Product → Get Many/);
	});

	it('Delete fails the item when Z-API does not confirm', async () => {
		expectCall(EXAMPLES.delete, { success: false });
		const result = await runOperation('delete');
		expect(result.error?.message).toBe('Z-API could not delete product 4741575945866725 (it answered {"success":false})');
		expect(result.error?.description).toMatch(/WhatsApp Business/);
	});

	it('Update Catalog Settings turns the cart off with false, and fails when Z-API does not confirm', async () => {
		const scope = api().post(`${INSTANCE_PATH}/catalogs/config`, { cartEnabled: false }).reply(200, { success: true });
		expect((await runOperation('updateCatalogSettings', { cartEnabled: false })).json).toEqual([{ success: true, cartEnabled: false }]);
		expect(scope.isDone()).toBe(true);
		expectCall(EXAMPLES.updateCatalogSettings, {});
		const result = await runOperation('updateCatalogSettings');
		expect(result.error?.message).toBe("Z-API could not turn the catalog's cart on (it answered {})");
	});
});
