import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { changeCatalog, productIdProperty, readProductIdSegment } from './helpers';

/**
 * docs/business/delete-product.md: DELETE /products/{id}, answering {success: true}. Its
 * json-example writes /product/{id}; the page's heading and URL, and get-product-id.md for
 * the same product, write /products/{id}: the page is followed.
 */
export const deleteProduct: ZApiOperation = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a product from the catalog',
	description: "Delete a product from the instance's WhatsApp Business catalog by its ID",
	properties: [productIdProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const id = readProductIdSegment.call(this, itemIndex);
		await changeCatalog.call(this, itemIndex, { method: 'DELETE', path: `/products/${encodeURIComponent(id)}`, tried: `delete product ${id}` });
		return [{ success: true, productId: id }];
	},
};
