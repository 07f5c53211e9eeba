'use strict';
/** The stand-in's catalog: the page's product, pages by nextCursor in the query or in a POST body, a personal account refused; products saved, read and deleted; another number's catalog; the cart setting; collections and their products, with the new ID a change gives; catalog, product and call sends. */
const { standInPerTest } = require('./harness');
const { DEFAULTS } = require('../fixtures/callbacks');

const ID = 'CATALOGINSTANCE';
const TOKEN = 'catalog-token';
const ANA = '5511988887777';
const OWN = DEFAULTS.connectedPhone;
const SELLER = '554412121212';

const harness = standInPerTest({ id: ID, token: TOKEN });
const { api } = harness;

const control = (body) => fetch(`${harness.base}/_control/catalog`, { method: 'POST', body: JSON.stringify({ instanceId: ID, ...body }) });
const products = (count) => Array.from({ length: count }, (_, index) => ({ id: String(1000 + index), name: `Product ${index}` }));

describe('stand-in: catalog', () => {
	it("starts with the page's product", async () => {
		expect((await api('GET', '/catalogs')).json).toEqual({ cartEnabled: true, products: [expect.objectContaining({ id: '999999999999999', name: 'Mouse' })] });
	});

	it('hands out pages with a long nextCursor, taken back in the query or in a POST body', async () => {
		await control({ products: products(5), pageSize: 2 });
		const first = (await api('GET', '/catalogs')).json;
		expect(first.products.map((p) => p.id)).toEqual(['1000', '1001']);
		expect(first.nextCursor.length).toBeGreaterThan(500);
		const second = (await api('POST', '/catalogs', { nextCursor: first.nextCursor })).json;
		expect(second.products.map((p) => p.id)).toEqual(['1002', '1003']);
		const third = (await api('GET', `/catalogs?nextCursor=${second.nextCursor}`)).json;
		expect(third).toEqual({ cartEnabled: true, products: [{ id: '1004', name: 'Product 4' }] });
		expect((await api('POST', '/catalogs', { nextCursor: 'made-up' })).status).toBe(400);
	});

	it('refuses a query string too long for the server with a 414, as the page warns', async () => {
		expect((await api('GET', `/catalogs?nextCursor=${'x'.repeat(2100)}`)).status).toBe(414);
	});

	it('refuses on a personal account', async () => {
		await control({ business: false });
		expect(await api('GET', '/catalogs')).toMatchObject({ json: { error: 'Only available for WhatsApp Business' }, reason: 'not a WhatsApp Business account' });
	});

	it('sends a catalog and a product as messages, and a call that is kept but not a chat message', async () => {
		const catalog = await api('POST', '/send-catalog', { phone: ANA, catalogPhone: '5511999999999', translation: 'EN', message: 'Our catalog' });
		expect(catalog.json).toEqual({ zaapId: expect.any(String), messageId: expect.any(String), id: catalog.json.messageId });
		expect((await api('POST', '/send-product', { phone: ANA, catalogPhone: '5511999999999', productId: '7190654897637620' })).status).toBe(200);
		expect((await api('POST', '/send-call', { phone: ANA })).status).toBe(200);
		expect(harness.standIn.sent(ID).map((sent) => [sent.path, sent.body])).toEqual([
			['/send-catalog', { phone: ANA, catalogPhone: '5511999999999', translation: 'EN', message: 'Our catalog' }],
			['/send-product', { phone: ANA, catalogPhone: '5511999999999', productId: '7190654897637620' }],
			['/send-call', { phone: ANA, callDuration: 5 }],
		]);
	});

	it.each([
		['/send-catalog', { phone: ANA }],
		['/send-catalog', { phone: ANA, catalogPhone: '5511999999999', translation: 'ES' }],
		['/send-product', { phone: ANA, catalogPhone: '5511999999999' }],
		['/send-call', { phone: '120363019502650977-group' }],
		['/send-call', { phone: ANA, callDuration: 20 }],
		['/send-call', { phone: ANA, callAudioUrl: 'ring.mp3' }],
	])('refuses POST %s %j with a 400', async (path, body) => {
		expect((await api('POST', path, body)).status).toBe(400);
	});

	describe('products (edit-product.md, get-product-id.md, delete-product.md)', () => {
		// docs/business/edit-product.md's request body.
		const PAGE_PRODUCT = {
			currency: 'BRL',
			description: 'Uma descricao do produto',
			images: ['https://avatars.githubusercontent.com/u/60630101?s=200&v=4'],
			isHidden: false,
			name: 'Meu primeiro produto',
			price: 20,
			salePrice: 18,
			retailerId: '002',
			url: 'https://z-api.io',
		};

		it("saves the page's product, answers its id, and gives it back as get-product-id.md does", async () => {
			const created = await api('POST', '/products', PAGE_PRODUCT);
			expect(created).toEqual({ status: 200, json: { id: expect.stringMatching(/^\d+$/) } });
			const read = await api('GET', `/products/${created.json.id}`);
			expect(read.json).toEqual({
				cartEnabled: true,
				catalogId: '99999999999999999',
				product: {
					availability: 'in stock',
					id: created.json.id,
					retailerId: '002',
					description: 'Uma descricao do produto',
					price: '20',
					salePrice: '18',
					currency: 'BRL',
					name: 'Meu primeiro produto',
					quantity: null,
					images: ['https://avatars.githubusercontent.com/u/60630101?s=200&v=4'],
					isHidden: false,
					url: 'https://z-api.io',
				},
			});
			expect((await api('GET', '/catalogs')).json.products.map((p) => p.id)).toEqual(['999999999999999', created.json.id]);
		});

		it('updates the product with the same retailerId instead of adding one', async () => {
			const { id } = (await api('POST', '/products', PAGE_PRODUCT)).json;
			expect((await api('POST', '/products', { ...PAGE_PRODUCT, name: 'Renamed', price: 25 })).json).toEqual({ id });
			expect((await api('GET', `/products/${id}`)).json.product).toMatchObject({ name: 'Renamed', price: '25' });
			expect(harness.standIn.catalog(ID).products).toHaveLength(2);
		});

		it("takes the json-example's forms: one image as text, numbers and booleans as texts, integrationId", async () => {
			const body = {
				currency: 'BRL',
				description: 'Uma descricao do produto*',
				images: 'https://avatars.githubusercontent.com/u/60630101?s=200&v=4',
				isHidden: 'false',
				name: 'Meu primeiro produto',
				price: '20',
				integrationId: '002',
				url: 'https://z-api.io',
			};
			const { id } = (await api('POST', '/products', body)).json;
			expect((await api('GET', `/products/${id}`)).json.product).toMatchObject({ retailerId: '002', images: [body.images], isHidden: false, price: '20' });
		});

		it.each([{ name: '' }, { price: 'twenty' }, { currency: 'real' }, { images: [] }])('refuses a product with %j with a 400', async (change) => {
			expect((await api('POST', '/products', { ...PAGE_PRODUCT, ...change })).status).toBe(400);
		});

		it('deletes a product once; an unknown one is not found', async () => {
			expect((await api('DELETE', '/products/999999999999999')).json).toEqual({ success: true });
			expect(await api('DELETE', '/products/999999999999999')).toMatchObject({ json: { success: false }, reason: 'no such product' });
			expect(await api('GET', '/products/999999999999999')).toMatchObject({ status: 404, json: { error: 'Product not found' } });
		});
	});

	it('turns the cart on and off (save-catalog-config.md), shown by the listings', async () => {
		expect((await api('POST', '/catalogs/config', { cartEnabled: false })).json).toEqual({ success: true });
		expect((await api('GET', '/catalogs')).json.cartEnabled).toBe(false);
		expect((await api('GET', '/products/999999999999999')).json.cartEnabled).toBe(false);
		expect((await api('POST', '/catalogs/config', { cartEnabled: 'true' })).json).toEqual({ success: true });
		expect((await api('GET', '/catalogs')).json.cartEnabled).toBe(true);
		expect((await api('POST', '/catalogs/config', { cartEnabled: 'maybe' })).status).toBe(400);
	});

	it("reads a number's catalog (get-products-phone.md): its own, another's page by page in the query or a POST body, none", async () => {
		expect((await api('GET', `/catalogs/${OWN}`)).json).toEqual((await api('GET', '/catalogs')).json);
		await control({ phone: SELLER, products: products(3), pageSize: 2 });
		const first = (await api('GET', `/catalogs/${SELLER}`)).json;
		expect(first.products.map((p) => p.id)).toEqual(['1000', '1001']);
		const second = (await api('POST', `/catalogs/${SELLER}`, { nextCursor: first.nextCursor })).json;
		expect(second).toEqual({ cartEnabled: true, products: [{ id: '1002', name: 'Product 2' }] });
		expect((await api('GET', `/catalogs/${SELLER}?nextCursor=${first.nextCursor}`)).json).toEqual(second);
		expect((await api('GET', '/catalogs/5511977776666')).json).toEqual({ cartEnabled: false, products: [] });
		expect((await api('GET', '/catalogs/not-a-phone')).status).toBe(400);
	});

	describe('collections (*-collection*.md)', () => {
		beforeEach(() => control({ products: [{ id: '121212121212', name: 'A' }, { id: '232323232323', name: 'B' }, { id: '6988917394481455', name: 'C' }] }));

		it("creates the page's collection, lists it PENDING, renames and deletes it", async () => {
			const { collectionId } = (await api('POST', '/catalogs/collection', { name: 'Nome da coleção', productIds: ['121212121212', '232323232323'] })).json;
			expect(collectionId).toMatch(/^\d+$/);
			expect((await api('GET', '/catalogs/collection')).json).toEqual({ nextCursor: null, collections: [{ id: collectionId, name: 'Nome da coleção', status: 'PENDING' }] });
			expect((await api('POST', `/catalogs/collection-edit/${collectionId}`, { name: 'Novo nome da coleção' })).json).toEqual({ success: true, collectionId });
			expect((await api('GET', '/catalogs/collection')).json.collections[0].name).toBe('Novo nome da coleção');
			expect((await api('DELETE', `/catalogs/collection/${collectionId}`)).json).toEqual({ success: true });
			expect(await api('DELETE', `/catalogs/collection/${collectionId}`)).toMatchObject({ json: { success: false }, reason: 'no such collection' });
			expect(await api('POST', `/catalogs/collection-edit/${collectionId}`, { name: 'x' })).toMatchObject({ json: { success: false } });
		});

		it.each([{ name: ' ' }, { productIds: [] }, { productIds: ['1'] }, { productIds: '121212121212' }])('refuses a collection with %j with a 400', async (change) => {
			expect((await api('POST', '/catalogs/collection', { name: 'Sale', productIds: ['121212121212'], ...change })).status).toBe(400);
		});

		it('adds and removes products, each time under a new ID, the old one refused', async () => {
			const { collectionId } = (await api('POST', '/catalogs/collection', { name: 'Sale', productIds: ['121212121212'] })).json;
			const added = (await api('POST', '/catalogs/collection/add-product', { collectionId, productIds: ['232323232323', '6988917394481455'] })).json;
			expect(added).toEqual({ success: true, collectionId: expect.stringMatching(/^\d+$/) });
			expect(added.collectionId).not.toBe(collectionId);
			expect(await api('POST', '/catalogs/collection/add-product', { collectionId, productIds: ['232323232323'] })).toMatchObject({ json: { success: false } });
			const listed = (await api('GET', `/catalogs/collection-products/${OWN}?collectionId=${added.collectionId}`)).json;
			expect(listed).toEqual({ nextCursor: null, products: [{ id: '121212121212', name: 'A' }, { id: '232323232323', name: 'B' }, { id: '6988917394481455', name: 'C' }] });
			const removed = (await api('POST', '/catalogs/collection/remove-product', { collectionId: added.collectionId, productIds: ['121212121212'] })).json;
			expect(removed).toEqual({ success: true, collectionId: expect.stringMatching(/^\d+$/) });
			expect(removed.collectionId).not.toBe(added.collectionId);
			expect((await api('GET', `/catalogs/collection-products/${OWN}?collectionId=${removed.collectionId}`)).json.products.map((p) => p.id)).toEqual(['232323232323', '6988917394481455']);
			expect(await api('POST', '/catalogs/collection/remove-product', { collectionId: removed.collectionId, productIds: ['404'] })).toMatchObject({ json: { success: false } });
		});

		it("pages the collections and a collection's products with nextCursor in the query, null on the last page", async () => {
			await control({ pageSize: 2, collections: [{ name: 'One', productIds: ['121212121212', '232323232323', '6988917394481455'] }, { name: 'Two', productIds: [] }, { name: 'Three', productIds: [] }] });
			const first = (await api('GET', '/catalogs/collection')).json;
			expect(first.collections.map((c) => [c.name, c.status])).toEqual([['One', 'APPROVED'], ['Two', 'APPROVED']]);
			const second = (await api('GET', `/catalogs/collection?nextCursor=${first.nextCursor}`)).json;
			expect(second).toEqual({ nextCursor: null, collections: [expect.objectContaining({ name: 'Three' })] });
			const id = first.collections[0].id;
			const page = (await api('GET', `/catalogs/collection-products/${OWN}?collectionId=${id}`)).json;
			expect(page.products.map((p) => p.id)).toEqual(['121212121212', '232323232323']);
			const last = (await api('GET', `/catalogs/collection-products/${OWN}?collectionId=${id}&nextCursor=${page.nextCursor}`)).json;
			expect(last).toEqual({ nextCursor: null, products: [{ id: '6988917394481455', name: 'C' }] });
		});

		it("refuses the products of an unknown collection, of another number's catalog, or without collectionId", async () => {
			expect(await api('GET', `/catalogs/collection-products/${OWN}?collectionId=1`)).toMatchObject({ json: { error: 'Collection not found' }, reason: 'no such collection' });
			const { collectionId } = (await api('POST', '/catalogs/collection', { name: 'Sale', productIds: ['121212121212'] })).json;
			expect(await api('GET', `/catalogs/collection-products/${SELLER}?collectionId=${collectionId}`)).toMatchObject({ json: { error: 'Collection not found' } });
			expect((await api('GET', `/catalogs/collection-products/${OWN}`)).status).toBe(400);
		});
	});

	it.each([
		['POST', '/products', { name: 'x', price: 1, currency: 'BRL', images: ['https://a'] }],
		['GET', '/products/999999999999999', undefined],
		['POST', '/catalogs/config', { cartEnabled: true }],
		['GET', `/catalogs/${SELLER}`, undefined],
		['GET', '/catalogs/collection', undefined],
		['POST', '/catalogs/collection', { name: 'x', productIds: ['999999999999999'] }],
	])('refuses %s %s on a personal account', async (method, path, body) => {
		await control({ business: false });
		expect(await api(method, path, body)).toMatchObject({ status: 200, reason: 'not a WhatsApp Business account' });
	});
});
