/** One valid call per Product operation (see test/helpers/operationExamples.ts), as docs/business/get-products.md writes it. */
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

export const EXAMPLES: Record<string, OperationExample> = {
	getMany: {
		parameters: { returnAll: true },
		method: 'GET',
		path: '/catalogs',
		answer: { cartEnabled: true, products: [MOUSE] },
		output: [MOUSE],
	},
};
