import type { ZApiResource } from '../types';
import { getMany } from './getMany.operation';

/**
 * The catalog's products. Sending the catalog or a product to a chat are sends, listed under
 * Message with every other send (Send Catalog, Send Product), where users look for what goes
 * to a chat; reading what the catalog holds is not a message, so it has its own resource,
 * named by what it lists, as n8n's own nodes do.
 */
export const product: ZApiResource = {
	value: 'product',
	name: 'Product',
	description: "List the products of the instance's WhatsApp Business catalog",
	operations: [getMany],
};
