/** One valid call per Product operation (see test/helpers/operationExamples.ts), as docs/business/ writes them. */
import type { OperationExample } from '../../../../helpers/operationExamples';

export const MOUSE = {
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

export const SELLER = '5511999999999';

/** docs/business/edit-product.md's request body. */
export const NEW_PRODUCT = {
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

/** docs/business/get-product-id.md's product. */
const FIRST_PRODUCT = {
	availability: 'in stock',
	id: '99999999999999',
	retailerId: null,
	description: 'Descriçao do mouse',
	price: '20000',
	salePrice: '90000',
	currency: 'BRL',
	name: 'Meu primeiro produto',
	images: ['https://'],
};

export const EXAMPLES: Record<string, OperationExample> = {
	// docs/business/get-products.md
	getMany: {
		parameters: { returnAll: true },
		method: 'GET',
		path: '/catalogs',
		answer: { cartEnabled: true, products: [MOUSE] },
		output: [MOUSE],
	},
	// docs/business/edit-product.md
	createOrUpdate: {
		parameters: {
			productName: 'Meu primeiro produto',
			productDescription: 'Uma descricao do produto',
			price: 20,
			currency: 'BRL',
			imageUrls: 'https://avatars.githubusercontent.com/u/60630101?s=200&v=4',
			isHidden: false,
			options: { salePrice: 18, retailerId: '002', url: 'https://z-api.io' },
		},
		method: 'POST',
		path: '/products',
		body: NEW_PRODUCT,
		answer: { id: '4741575945866725' },
		output: [{ id: '4741575945866725', ...NEW_PRODUCT }],
	},
	// docs/business/delete-product.md
	delete: {
		parameters: { productId: '4741575945866725' },
		method: 'DELETE',
		path: '/products/4741575945866725',
		answer: { success: true },
		output: [{ success: true, productId: '4741575945866725' }],
	},
	// docs/business/get-product-id.md
	get: {
		parameters: { productId: ' 99999999999999 ' },
		method: 'GET',
		path: '/products/99999999999999',
		answer: { cartEnabled: true, catalogId: '99999999999999999', product: FIRST_PRODUCT },
		output: [{ ...FIRST_PRODUCT, cartEnabled: true, catalogId: '99999999999999999' }],
	},
	// docs/business/get-products-phone.md
	getManyOfNumber: {
		parameters: { catalogPhone: '+55 (11) 99999-9999', returnAll: true },
		phoneParameter: 'catalogPhone',
		method: 'GET',
		path: `/catalogs/${SELLER}`,
		answer: { cartEnabled: true, products: [{ ...MOUSE, id: '99999999999999999', description: 'Descriçao do mouse' }] },
		output: [{ ...MOUSE, id: '99999999999999999', description: 'Descriçao do mouse' }],
	},
	// docs/business/save-catalog-config.md
	updateCatalogSettings: {
		parameters: { cartEnabled: true },
		method: 'POST',
		path: '/catalogs/config',
		body: { cartEnabled: true },
		answer: { success: true },
		output: [{ success: true, cartEnabled: true }],
	},
};
