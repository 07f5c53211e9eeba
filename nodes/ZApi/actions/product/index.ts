import type { ZApiResource } from '../types';
import { createOrUpdate } from './createOrUpdate.operation';
import { deleteProduct } from './delete.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { getManyOfNumber } from './getManyOfNumber.operation';
import { updateCatalogSettings } from './updateCatalogSettings.operation';

/**
 * The catalog's products. Sending the catalog or a product to a chat are sends, listed under
 * Message with every other send (Send Catalog, Send Product), where users look for what goes
 * to a chat; managing what the catalog holds is not a message, so it has its own resource,
 * named by what it lists, as n8n's own nodes do. Get Many stays first: it is the resource's
 * default, which saved workflows rely on. The catalog's collections are Catalog Collection.
 */
export const product: ZApiResource = {
	value: 'product',
	name: 'Product',
	description: "WhatsApp Business catalog: list, get, create, update and delete its products, read another number's catalog, turn the cart on or off",
	operations: [getMany, createOrUpdate, deleteProduct, get, getManyOfNumber, updateCatalogSettings],
};
