'use strict';
/**
 * The instance's WhatsApp Business catalog on the stand-in (docs/business/get-products*.md,
 * *-product.md, *-collection*.md, save-catalog-config.md): its products, its collections and
 * its cart setting, lists read a few at a time with a `nextCursor` handed back, long as the real
 * ones (the pages warn that a long cursor in the query string can get a 414). Every instance
 * starts with the page's Mouse and no collection; other numbers' catalogs are seeded by the
 * control route. `business: false` makes every catalog call refuse, as on a personal account.
 *
 * SERVICE ROUTES (prefix /instances/{id}/token/{token})
 *   GET  /catalogs[?nextCursor=]       {cartEnabled, products: [...], nextCursor?}: `pageSize` (option, 10)
 *   POST /catalogs {nextCursor?}       the same, the cursor in the body (get-products-v2.md)
 *   GET  /catalogs/{phone}[?nextCursor=], POST /catalogs/{phone} {nextCursor?}
 *                                      the same for any number: the instance's own phone reads its
 *                                      catalog, another one the catalog seeded for it ({cartEnabled:
 *                                      false, products: []} when none); not digits: 400
 *   POST /catalogs/config {cartEnabled}  {success: true}; the listings' cartEnabled follows
 *   POST /products {name, price, currency, images, description?, isHidden?, salePrice?, retailerId?, url?}
 *                                      {id}: a product with the same retailerId is updated, else one
 *                                      is created. The json-example's forms (images as one text,
 *                                      numbers and booleans as texts, integrationId) are taken too.
 *   GET  /products/{id}                {cartEnabled, catalogId, product}; unknown 404 {error}
 *   DELETE /products/{id}              {success: true}, the product leaves its collections; unknown {success: false}
 *   POST /catalogs/collection {name, productIds}   {collectionId}, status PENDING; no name, no products
 *                                      or one not in the catalog: 400 {error}
 *   GET  /catalogs/collection[?nextCursor=]   {nextCursor (null on the last page), collections: [{id, name, status}]}
 *   POST /catalogs/collection-edit/{id} {name}   {success: true, collectionId}; unknown {success: false}
 *   DELETE /catalogs/collection/{id}   {success: true}; unknown {success: false}
 *   GET  /catalogs/collection-products/{phone}?collectionId=[&nextCursor=]
 *                                      {nextCursor, products}; unknown collection or another number
 *                                      {error: 'Collection not found'}; no collectionId 400
 *   POST /catalogs/collection/add-product|remove-product {collectionId, productIds}
 *                                      {success: true, collectionId}: a NEW id, the old one stops
 *                                      working (as the pages warn); unknown collection or product
 *                                      {success: false}
 *   A cursor the stand-in did not give: 400 {error}. A query longer than 2,000 characters: 414.
 *   Refusals carry the reason in X-Stand-In-Reason.
 *
 * CONTROL ROUTES
 *   POST /_control/catalog {instanceId, products?, business?, pageSize?, cartEnabled?, collections?, phone?}
 *        201 view; products (and collections [{id?, name, status?, productIds}]) replace the lists;
 *        with `phone`, `products` seeds that other number's catalog instead
 *   GET  /_control/catalog?instanceId=   {business, pageSize, cartEnabled, products, productIds, collections, others}
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

/** docs/business/get-product-id.md's catalog ID. */
const CATALOG_ID = '99999999999999999';

function createCatalog({ route, HttpError, getInstance, clone }) {
	const books = new WeakMap();
	const bookOf = (inst) => {
		if (!books.has(inst)) {
			books.set(inst, { business: true, pageSize: 10, cartEnabled: true, products: [clone(MOUSE)], collections: [], others: new Map(), nextId: 4741575945866725n });
		}
		return books.get(inst);
	};
	const newId = (book) => String(book.nextId++);
	const refuse = (body, reason) => ({ body, headers: { 'X-Stand-In-Reason': reason } });
	const NOT_BUSINESS = 'not a WhatsApp Business account';

	/** Runs `handler` on the instance's catalog, or refuses as a personal account does. */
	const business = (refusal, handler) => (ctx) => {
		const book = bookOf(ctx.instance);
		if (!book.business) return refuse(refusal, NOT_BUSINESS);
		return handler(book, ctx);
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

	/** One page of `list` after `cursor`: the records and the cursor of the next page, if any. */
	function slice(book, list, cursor) {
		const offset = cursor ? offsetOf(cursor) : 0;
		const next = offset + book.pageSize < list.length ? cursorOf(offset + book.pageSize) : null;
		return { records: clone(list.slice(offset, offset + book.pageSize)), next };
	}

	function tooLong(query) {
		if (String(query).length > 2000) throw new HttpError(414, { error: 'URI Too Large' });
	}

	/** A page of a catalog's products (get-products.md): the instance's own, or another number's. */
	function productPage(instance, cursor, phone) {
		const book = bookOf(instance);
		if (!book.business) return refuse({ error: 'Only available for WhatsApp Business' }, NOT_BUSINESS);
		if (phone !== undefined && !/^\d{8,15}$/.test(phone)) throw new HttpError(400, { error: 'Invalid phone' });
		const own = phone === undefined || phone === instance.phone;
		const products = own ? book.products : book.others.get(phone) || [];
		const { records, next } = slice(book, products, cursor);
		return { body: { cartEnabled: own ? book.cartEnabled : book.others.has(phone), products: records, ...(next ? { nextCursor: next } : {}) } };
	}

	const text = (value) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
	const number = (value) => (typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN);
	const bool = (value) => value === true || value === 'true';

	/** The fields of POST /products, as the page writes them or as its json-example does. */
	function productFields(body) {
		const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
		const name = text(fields.name);
		const price = number(fields.price);
		const currency = text(fields.currency);
		const images = (Array.isArray(fields.images) ? fields.images : [fields.images]).map(text).filter(Boolean);
		if (!name) throw new HttpError(400, { error: 'name is required' });
		if (!Number.isFinite(price) || price < 0) throw new HttpError(400, { error: 'price must be a number' });
		if (!/^[A-Z]{3}$/.test(currency)) throw new HttpError(400, { error: 'currency must be a currency code' });
		if (!images.length) throw new HttpError(400, { error: 'images is required' });
		const salePrice = fields.salePrice === undefined ? undefined : number(fields.salePrice);
		if (salePrice !== undefined && (!Number.isFinite(salePrice) || salePrice < 0)) throw new HttpError(400, { error: 'salePrice must be a number' });
		const retailerId = text(fields.retailerId) || text(fields.integrationId) || null;
		return {
			name,
			description: text(fields.description),
			price: String(price),
			...(salePrice === undefined ? {} : { salePrice: String(salePrice) }),
			currency,
			images,
			isHidden: bool(fields.isHidden),
			retailerId,
			...(text(fields.url) ? { url: text(fields.url) } : {}),
		};
	}

	/** The product IDs of a collection call: a list of texts, each in the catalog; else null. */
	function productIdsIn(book, value) {
		if (!Array.isArray(value) || !value.length) return null;
		const ids = value.map(text);
		return ids.every((id) => book.products.some((product) => product.id === id)) ? [...new Set(ids)] : null;
	}

	function changeCollection(change) {
		return business({ success: false }, (book, { body }) => {
			const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
			const collection = book.collections.find((candidate) => candidate.id === text(fields.collectionId));
			if (!collection) return refuse({ success: false }, 'no such collection (adding or removing products gives it a new id)');
			const ids = productIdsIn(book, fields.productIds);
			if (!ids) return refuse({ success: false }, 'productIds must be a list of products of the catalog');
			collection.productIds = change === 'add' ? [...new Set([...collection.productIds, ...ids])] : collection.productIds.filter((id) => !ids.includes(id));
			// WhatsApp gives the collection a new id; the old one stops working.
			collection.id = newId(book);
			return { body: { success: true, collectionId: collection.id } };
		});
	}

	const summary = (collection) => ({ id: collection.id, name: collection.name, status: collection.status });

	const view = (instanceId) => {
		const book = bookOf(getInstance(instanceId));
		return {
			business: book.business,
			pageSize: book.pageSize,
			cartEnabled: book.cartEnabled,
			products: clone(book.products),
			productIds: book.products.map((p) => p.id),
			collections: clone(book.collections),
			others: Object.fromEntries([...book.others].map(([phone, products]) => [phone, clone(products)])),
		};
	};

	const emptyBody = (r) => Object.assign(r, { emptyBody: true });

	return {
		serviceRoutes: [
			route('GET', '/catalogs', ({ instance, query }) => {
				tooLong(query);
				return productPage(instance, query.get('nextCursor'));
			}),
			emptyBody(route('POST', '/catalogs', ({ instance, body }) => productPage(instance, body && body.nextCursor))),
			// Before /catalogs/{phone}, which their paths match too.
			route(
				'POST',
				'/catalogs/config',
				business({ success: false }, (book, { body }) => {
					const value = body && typeof body === 'object' ? body.cartEnabled : undefined;
					// The page's table types it as a string, its body sends a boolean: both taken.
					if (![true, false, 'true', 'false'].includes(value)) throw new HttpError(400, { error: 'cartEnabled must be true or false' });
					book.cartEnabled = bool(value);
					return { body: { success: true } };
				}),
			),
			route(
				'GET',
				'/catalogs/collection',
				business({ error: 'Only available for WhatsApp Business' }, (book, { query }) => {
					tooLong(query);
					const { records, next } = slice(book, book.collections.map(summary), query.get('nextCursor'));
					return { body: { nextCursor: next, collections: records } };
				}),
			),
			route(
				'POST',
				'/catalogs/collection',
				business({ error: 'Only available for WhatsApp Business' }, (book, { body }) => {
					const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
					const name = text(fields.name);
					if (!name) throw new HttpError(400, { error: 'name is required' });
					const productIds = productIdsIn(book, fields.productIds);
					if (!productIds) throw new HttpError(400, { error: 'productIds must be a list of products of the catalog' });
					const collection = { id: newId(book), name, status: 'PENDING', productIds };
					book.collections.push(collection);
					return { body: { collectionId: collection.id } };
				}),
			),
			route(
				'POST',
				'/catalogs/collection-edit/:id',
				business({ success: false }, (book, { params, body }) => {
					const collection = book.collections.find((candidate) => candidate.id === params.id);
					if (!collection) return refuse({ success: false }, 'no such collection');
					const name = text(body && body.name);
					if (!name) throw new HttpError(400, { error: 'name is required' });
					collection.name = name;
					return { body: { success: true, collectionId: collection.id } };
				}),
			),
			route('POST', '/catalogs/collection/add-product', changeCollection('add')),
			route('POST', '/catalogs/collection/remove-product', changeCollection('remove')),
			route(
				'DELETE',
				'/catalogs/collection/:id',
				business({ success: false }, (book, { params }) => {
					const before = book.collections.length;
					book.collections = book.collections.filter((candidate) => candidate.id !== params.id);
					return book.collections.length < before ? { body: { success: true } } : refuse({ success: false }, 'no such collection');
				}),
			),
			route(
				'GET',
				'/catalogs/collection-products/:phone',
				business({ error: 'Only available for WhatsApp Business' }, (book, { instance, params, query }) => {
					tooLong(query);
					const collectionId = query.get('collectionId');
					if (!collectionId) throw new HttpError(400, { error: 'collectionId is required' });
					const collection = params.phone === instance.phone && book.collections.find((candidate) => candidate.id === collectionId);
					if (!collection) return refuse({ error: 'Collection not found' }, params.phone === instance.phone ? 'no such collection' : "not this instance's catalog");
					const products = collection.productIds.map((id) => book.products.find((product) => product.id === id)).filter(Boolean);
					const { records, next } = slice(book, products, query.get('nextCursor'));
					return { body: { nextCursor: next, products: records } };
				}),
			),
			route('GET', '/catalogs/:phone', ({ instance, params, query }) => {
				tooLong(query);
				return productPage(instance, query.get('nextCursor'), params.phone);
			}),
			emptyBody(route('POST', '/catalogs/:phone', ({ instance, params, body }) => productPage(instance, body && body.nextCursor, params.phone))),
			route(
				'POST',
				'/products',
				business({ error: 'Only available for WhatsApp Business' }, (book, { body }) => {
					const fields = productFields(body);
					const existing = fields.retailerId && book.products.find((product) => product.retailerId === fields.retailerId);
					if (existing) {
						Object.assign(existing, fields);
						return { body: { id: existing.id } };
					}
					const product = { availability: 'in stock', id: newId(book), quantity: null, ...fields };
					book.products.push(product);
					return { body: { id: product.id } };
				}),
			),
			route(
				'GET',
				'/products/:id',
				business({ error: 'Only available for WhatsApp Business' }, (book, { params }) => {
					const product = book.products.find((candidate) => candidate.id === params.id);
					if (!product) throw new HttpError(404, { error: 'Product not found' });
					return { body: { cartEnabled: book.cartEnabled, catalogId: CATALOG_ID, product: clone(product) } };
				}),
			),
			route(
				'DELETE',
				'/products/:id',
				business({ success: false }, (book, { params }) => {
					const before = book.products.length;
					book.products = book.products.filter((product) => product.id !== params.id);
					if (book.products.length === before) return refuse({ success: false }, 'no such product');
					for (const collection of book.collections) collection.productIds = collection.productIds.filter((id) => id !== params.id);
					return { body: { success: true } };
				}),
			),
		],
		controlRoutes: [
			route('POST', '/_control/catalog', ({ body }) => {
				const fields = body || {};
				const book = bookOf(getInstance(fields.instanceId));
				if (fields.phone !== undefined) {
					book.others.set(String(fields.phone), clone(Array.isArray(fields.products) ? fields.products : []));
				} else if (Array.isArray(fields.products)) {
					book.products = clone(fields.products);
				}
				if (Array.isArray(fields.collections)) {
					book.collections = fields.collections.map((collection) => ({
						id: collection.id ? String(collection.id) : newId(book),
						name: String(collection.name || ''),
						status: collection.status || 'APPROVED',
						productIds: (collection.productIds || []).map(String),
					}));
				}
				if (fields.business !== undefined) book.business = fields.business !== false;
				if (fields.cartEnabled !== undefined) book.cartEnabled = fields.cartEnabled !== false;
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
