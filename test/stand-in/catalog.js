'use strict';
/**
 * The instance's WhatsApp Business catalog on the stand-in (docs/business/get-products*.md):
 * its products, read a few at a time with a `nextCursor` handed back, long as the real ones
 * (the pages warn that a long cursor in the query string can get a 414). Every instance starts
 * with the page's Mouse; `business: false` makes every catalog call refuse, as on a personal
 * account.
 *
 * SERVICE ROUTES (prefix /instances/{id}/token/{token})
 *   GET  /catalogs[?nextCursor=]       {cartEnabled, products: [...], nextCursor?}: `pageSize` (option, 10)
 *   POST /catalogs {nextCursor?}       the same, the cursor in the body (get-products-v2.md)
 *   A cursor the stand-in did not give: 400 {error}. A query longer than 2,000 characters: 414.
 *
 * CONTROL ROUTES
 *   POST /_control/catalog {instanceId, products?, business?, pageSize?}   201 view (products replace the list)
 *   GET  /_control/catalog?instanceId=   {business, pageSize, products, productIds}
 */
const MOUSE = {
	availability: 'in stock',
	id: '999999999999999',
	retailerId: null,
	description: 'mouse description',
	price: '100000',
	salePrice: '90000',
	currency: 'BRL',
	name: 'Mouse',
	quantity: null,
	images: ['https://'],
};

function createCatalog({ route, HttpError, getInstance, clone }) {
	const books = new WeakMap();
	const bookOf = (inst) => {
		if (!books.has(inst)) books.set(inst, { business: true, pageSize: 10, products: [clone(MOUSE)] });
		return books.get(inst);
	};
	// The offset, padded out to the length of a real cursor.
	const cursorOf = (offset) => Buffer.from(JSON.stringify({ plugin_name: 'WHATSAPP_CATALOG', query: 'products', offset, pad: 'x'.repeat(400) })).toString('base64url');
	function offsetOf(cursor) {
		try {
			const { offset } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
			if (Number.isInteger(offset) && offset > 0) return offset;
		} catch {
			// not one of ours
		}
		throw new HttpError(400, { error: 'Invalid nextCursor' });
	}

	function page(instance, cursor) {
		const book = bookOf(instance);
		if (!book.business) return { body: { error: 'Only available for WhatsApp Business' }, headers: { 'X-Stand-In-Reason': 'not a WhatsApp Business account' } };
		const offset = cursor ? offsetOf(cursor) : 0;
		const products = book.products.slice(offset, offset + book.pageSize);
		const next = offset + book.pageSize < book.products.length ? { nextCursor: cursorOf(offset + book.pageSize) } : {};
		return { body: { cartEnabled: true, products: clone(products), ...next } };
	}

	const view = (instanceId) => {
		const book = bookOf(getInstance(instanceId));
		return { business: book.business, pageSize: book.pageSize, products: clone(book.products), productIds: book.products.map((p) => p.id) };
	};

	return {
		serviceRoutes: [
			route('GET', '/catalogs', ({ instance, query }) => {
				if (String(query).length > 2000) throw new HttpError(414, { error: 'URI Too Large' });
				return page(instance, query.get('nextCursor'));
			}),
			{ ...route('POST', '/catalogs', ({ instance, body }) => page(instance, body && body.nextCursor)), emptyBody: true },
		],
		controlRoutes: [
			route('POST', '/_control/catalog', ({ body }) => {
				const fields = body || {};
				const book = bookOf(getInstance(fields.instanceId));
				if (Array.isArray(fields.products)) book.products = clone(fields.products);
				if (fields.business !== undefined) book.business = fields.business !== false;
				if (Number.isInteger(fields.pageSize) && fields.pageSize > 0) book.pageSize = fields.pageSize;
				return { status: 201, body: view(fields.instanceId) };
			}),
			route('GET', '/_control/catalog', ({ query }) => ({ body: view(query.get('instanceId')) })),
		],
		catalog: view,
		/** Whether the instance's catalog has this product (for /send-product). */
		hasProduct: (instance, id) => bookOf(instance).products.some((product) => product.id === String(id)),
	};
}

module.exports = { createCatalog };
