import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { firstRecord, requireAccepted, zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';
import { CATALOG_HINT, productIdProperty, readProductIdSegment } from './helpers';

/**
 * One product of the instance's catalog (docs/business/get-product-id.md): GET
 * /products/{id}, answering {cartEnabled, catalogId, product: {...}}. Its json-example shows
 * the product's fields flat in a request body, which a GET does not carry: the page's
 * response is followed. One item: the product's fields, with `catalogId` and `cartEnabled`.
 */
export const get: ZApiOperation = {
	value: 'get',
	name: 'Get',
	action: 'Get a product of the catalog',
	description: "Get one product of the instance's WhatsApp Business catalog by its ID: name, description, price, sale price, currency, availability and images",
	properties: [productIdProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const id = readProductIdSegment.call(this, itemIndex);
		const response = await zApiRequest.call(this, { method: 'GET', path: `/products/${encodeURIComponent(id)}`, itemIndex });
		requireAccepted(this.getNode(), response, 'noRefusal', { tried: `get product ${id}`, hint: CATALOG_HINT, itemIndex });
		const { product, ...catalog } = firstRecord(response);
		if (!product || typeof product !== 'object' || Array.isArray(product)) {
			throw new NodeOperationError(this.getNode(), `Z-API did not return product ${id}`, {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. Check the product ID (Product → Get Many lists them). ${CATALOG_HINT}`,
			});
		}
		return [{ ...(product as IDataObject), ...catalog }];
	},
};
