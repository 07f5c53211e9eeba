'use strict';
/** The stand-in's catalog: the page's product, pages by nextCursor in the query or in a POST body, a personal account refused; catalog, product and call sends. */
const { standInPerTest } = require('./harness');

const ID = 'CATALOGINSTANCE';
const TOKEN = 'catalog-token';
const ANA = '5511988887777';

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
});
