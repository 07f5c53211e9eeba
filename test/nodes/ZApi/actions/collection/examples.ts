/** One valid call per Catalog Collection operation (see test/helpers/operationExamples.ts), as docs/business/*-collection*.md write them. */
import type { OperationExample } from '../../../../helpers/operationExamples';

export const OWNER = '554412121212';

/** docs/business/list-collection-products.md's product. */
export const COLLECTION_PRODUCT = {
	id: '6988917394481455',
	name: 'Nome do produto',
	description: 'Descrição do produto',
	url: 'http://site.com/produto',
	price: '10000',
	currency: 'BRL',
	isHidden: false,
	availability: 'in stock',
	retailerId: '123',
	images: ['https://cdn.greatsoftwares.com.br/arquivos/paginas/10603-92bb9420b363835d05d41b96a45d8f4e.png'],
	quantity: '99',
};

/** docs/business/list-collections.md's collections. */
export const COLLECTIONS = [
	{ id: '1072603710847740', name: 'Nome da coleção', status: 'PENDING' },
	{ id: '902834786123343', name: 'Nome da coleção 2', status: 'APPROVED' },
];

export const EXAMPLES: Record<string, OperationExample> = {
	// docs/business/add-product-to-collection.md
	addProducts: {
		parameters: { collectionId: '658387616418640', productIds: '6643149779134830, 6988917394481455' },
		method: 'POST',
		path: '/catalogs/collection/add-product',
		body: { collectionId: '658387616418640', productIds: ['6643149779134830', '6988917394481455'] },
		answer: { success: true, collectionId: '1798362193933497' },
		output: [{ success: true, collectionId: '1798362193933497', previousCollectionId: '658387616418640', productIds: ['6643149779134830', '6988917394481455'] }],
	},
	// docs/business/create-collection.md
	create: {
		parameters: { collectionName: 'Nome da coleção', productIds: ['121212121212', '232323232323'] },
		method: 'POST',
		path: '/catalogs/collection',
		body: { name: 'Nome da coleção', productIds: ['121212121212', '232323232323'] },
		answer: { collectionId: '123456789123' },
		output: [{ collectionId: '123456789123', name: 'Nome da coleção', productIds: ['121212121212', '232323232323'] }],
	},
	// docs/business/delete-collection.md (its json-example's ID)
	delete: {
		parameters: { collectionId: '123123123123' },
		method: 'DELETE',
		path: '/catalogs/collection/123123123123',
		answer: { success: true },
		output: [{ success: true, collectionId: '123123123123' }],
	},
	// docs/business/list-collections.md: the first page has no cursor.
	getMany: {
		parameters: { returnAll: true },
		method: 'GET',
		path: '/catalogs/collection',
		answer: { nextCursor: null, collections: COLLECTIONS },
		output: COLLECTIONS,
	},
	// docs/business/list-collection-products.md (its json-example's phone)
	getProducts: {
		parameters: { catalogPhone: OWNER, collectionId: '12312312312', returnAll: true },
		phoneParameter: 'catalogPhone',
		method: 'GET',
		path: `/catalogs/collection-products/${OWNER}`,
		query: { collectionId: '12312312312' },
		answer: { nextCursor: null, products: [COLLECTION_PRODUCT] },
		output: [COLLECTION_PRODUCT],
	},
	// docs/business/remove-product-from-collection.md
	removeProducts: {
		parameters: { collectionId: '658387616418640', productIds: ['6643149779134830', '6988917394481455'] },
		method: 'POST',
		path: '/catalogs/collection/remove-product',
		body: { collectionId: '658387616418640', productIds: ['6643149779134830', '6988917394481455'] },
		answer: { success: true, collectionId: '1798362193933497' },
		output: [{ success: true, collectionId: '1798362193933497', previousCollectionId: '658387616418640', productIds: ['6643149779134830', '6988917394481455'] }],
	},
	// docs/business/edit-collection.md (its json-example's ID)
	updateName: {
		parameters: { collectionId: '228078660281007', collectionName: 'Novo nome da coleção' },
		method: 'POST',
		path: '/catalogs/collection-edit/228078660281007',
		body: { name: 'Novo nome da coleção' },
		answer: { success: true, collectionId: '228078660281007' },
		output: [{ success: true, collectionId: '228078660281007', name: 'Novo nome da coleção' }],
	},
};
