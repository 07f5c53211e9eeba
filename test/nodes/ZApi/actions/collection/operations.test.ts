/** Catalog collections: every operation's documented call; IDs, names and products checked before any request; refusals in 200 answers; the lists read by cursor; the new ID after adding or removing products. */
import { collection } from '../../../../../nodes/ZApi/actions/collection';
import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { api, describeOperations, expectCall } from '../../../../helpers/operationExamples';
import { COLLECTION_PRODUCT, COLLECTIONS, EXAMPLES, OWNER } from './examples';

describeOperations(collection, EXAMPLES);

const run = (operation: string, extra: object = {}) => runAction({ resource: 'collection', operation, ...EXAMPLES[operation].parameters, ...extra });

describe('Catalog Collection: refusals', () => {
	it.each([
		['create', { collectionName: '  ' }, 'Name is empty'],
		['create', { productIds: ' , ' }, 'Product IDs is empty'],
		['create', { productIds: ['1 2'] }, "Product ID '1 2' is not a product ID"],
		['updateName', { collectionName: ' ' }, 'Name is empty'],
		['updateName', { collectionId: '../config' }, "Collection ID '../config' is not an ID Z-API gives"],
		['delete', { collectionId: ' ' }, 'Collection ID is empty'],
		['getProducts', { collectionId: '1?x=2' }, "Collection ID '1?x=2' is not an ID Z-API gives"],
		['addProducts', { collectionId: '1/2' }, "Collection ID '1/2' is not an ID Z-API gives"],
		['addProducts', { productIds: ' ' }, 'Product IDs is empty'],
		['removeProducts', { productIds: [{ id: '1' }] }, 'An entry of Product IDs is not text'],
	])('%s refuses %j before any request', async (operation, change, message) => {
		const scope = api().post(/.*/).reply(200, {}).get(/.*/).reply(200, {}).delete(/.*/).reply(200, {});
		const result = await run(operation, change);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toEqual(expect.any(String));
		expect(scope.pendingMocks()).toHaveLength(3);
	});

	it.each([
		['addProducts', 'Z-API could not add 6643149779134830, 6988917394481455 to collection 658387616418640 (it answered {"success":false})'],
		['removeProducts', 'Z-API could not remove 6643149779134830, 6988917394481455 from collection 658387616418640 (it answered {"success":false})'],
		['updateName', 'Z-API could not rename collection 228078660281007 (it answered {"success":false})'],
		['delete', 'Z-API could not delete collection 123123123123 (it answered {"success":false})'],
	])('%s fails the item when Z-API does not confirm, pointing to the ID that changes', async (operation, message) => {
		expectCall(EXAMPLES[operation], { success: false });
		const result = await run(operation);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(/new ID/);
	});

	it('Create fails when no collection ID comes back', async () => {
		expectCall(EXAMPLES.create, { success: true });
		const result = await run('create');
		expect(result.error?.message).toBe("Z-API did not create the collection 'Nome da coleção'");
		expect(result.error?.description).toMatch(/^It answered \{"success":true\}\. Catalogs and products/);
	});

	it('Create sends each product once, in the order given', async () => {
		const scope = api().post(`${INSTANCE_PATH}/catalogs/collection`, { name: 'Sale', productIds: ['2', '1'] }).reply(200, { collectionId: '9' });
		const result = await run('create', { collectionName: ' Sale ', productIds: '2; 1, 2' });
		expect(result.json).toEqual([{ collectionId: '9', name: 'Sale', productIds: ['2', '1'] }]);
		expect(scope.isDone()).toBe(true);
	});

	it('Add Products keeps the given ID when the answer names none', async () => {
		expectCall(EXAMPLES.addProducts, { success: true });
		const result = await run('addProducts');
		expect(result.json[0]).toMatchObject({ collectionId: '658387616418640', previousCollectionId: '658387616418640' });
	});
});

describe('Catalog Collection: lists read by cursor', () => {
	it('Get Many asks the next page with nextCursor in the query until none comes', async () => {
		const scope = api()
			.get(`${INSTANCE_PATH}/catalogs/collection`)
			.query((query) => Object.keys(query).length === 0)
			.reply(200, { nextCursor: 'AQHRi6eu3NyRTR30t5Sr2CtkURU7rMF_e2K7NPbELxJFAa-K_HI1I6v8_C3o2j6d4wve', collections: [COLLECTIONS[0]] })
			.get(`${INSTANCE_PATH}/catalogs/collection`)
			.query({ nextCursor: 'AQHRi6eu3NyRTR30t5Sr2CtkURU7rMF_e2K7NPbELxJFAa-K_HI1I6v8_C3o2j6d4wve' })
			.reply(200, { nextCursor: null, collections: [COLLECTIONS[1]] });
		const result = await run('getMany');
		expect(result.json).toEqual(COLLECTIONS);
		expect(scope.isDone()).toBe(true);
	});

	it('Get Many stops at the Limit', async () => {
		const scope = api()
			.get(`${INSTANCE_PATH}/catalogs/collection`)
			.reply(200, { nextCursor: 'a', collections: COLLECTIONS })
			.get(`${INSTANCE_PATH}/catalogs/collection`)
			.query(true)
			.reply(200, { collections: [] });
		expect((await run('getMany', { returnAll: false, limit: 1 })).json).toEqual([COLLECTIONS[0]]);
		expect(scope.pendingMocks()).toHaveLength(1);
	});

	it('Get Many stops on a cursor already used', async () => {
		const scope = api()
			.get(`${INSTANCE_PATH}/catalogs/collection`)
			.reply(200, { nextCursor: 'a', collections: [COLLECTIONS[0]] })
			.get(`${INSTANCE_PATH}/catalogs/collection`)
			.query({ nextCursor: 'a' })
			.reply(200, { nextCursor: 'a', collections: [COLLECTIONS[1]] });
		expect((await run('getMany')).json).toEqual(COLLECTIONS);
		expect(scope.isDone()).toBe(true);
	});

	it('Get Products keeps collectionId beside the cursor on the next page', async () => {
		const path = `${INSTANCE_PATH}/catalogs/collection-products/${OWNER}`;
		const scope = api()
			.get(path)
			.query({ collectionId: '12312312312' })
			.reply(200, { nextCursor: 'CURSOR_VALUE', products: [COLLECTION_PRODUCT] })
			.get(path)
			.query({ collectionId: '12312312312', nextCursor: 'CURSOR_VALUE' })
			.reply(200, { nextCursor: null, products: [{ ...COLLECTION_PRODUCT, id: '2' }] });
		const result = await run('getProducts', { catalogPhone: '+55 44 1212-1212' });
		expect(result.json.map((item) => item.id)).toEqual(['6988917394481455', '2']);
		expect(scope.isDone()).toBe(true);
	});

	it('fails when no list comes back, or when Z-API says no', async () => {
		expectCall(EXAMPLES.getMany, { nextCursor: null });
		expect((await run('getMany')).error?.message).toBe('Z-API did not return a list of collections');
		expectCall(EXAMPLES.getProducts, { error: 'Collection not found' });
		const result = await run('getProducts');
		expect(result.error?.message).toBe('Z-API could not list the products of collection 12312312312 (it answered {"error":"Collection not found"})');
		expect(result.error?.description).toMatch(/new ID/);
	});
});
