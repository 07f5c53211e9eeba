import type { INodeProperties } from 'n8n-workflow';

import { InputError, normalizePhone } from '../../../shared/input';

/** Said when a catalog call fails: catalogs exist only on WhatsApp Business. */
export const CATALOG_HINT =
	'Catalogs and products exist only on WhatsApp Business accounts with a catalog set up: check that the account is one and that the catalog has products.';

/** Whose catalog a catalog or product message shows (docs/message/send-message-catalog.md, send-message-product.md). */
export const catalogPhoneProperty: INodeProperties = {
	displayName: 'Catalog Phone',
	name: 'catalogPhone',
	type: 'string',
	required: true,
	default: '',
	placeholder: '5511999999999',
	description: "The phone of the WhatsApp Business account the catalog belongs to, with country code; usually this instance's own number",
};

export function readCatalogPhone(raw: unknown): string {
	return normalizePhone(raw, 'Catalog Phone');
}

/**
 * A product's ID, as the product listing and the product webhook give it
 * (docs/message/send-message-product.md: "7190654897637620"). The pages show digits but do
 * not say IDs are only digits, so anything without spaces passes.
 */
export function readProductId(raw: unknown): string {
	const text = String(raw ?? '').trim();
	if (!text || /\s/.test(text)) {
		throw new InputError(
			text ? `Product ID '${text.slice(0, 60)}' is not a product ID` : 'Product ID is empty',
			"Give the product's ID, for example 7190654897637620: the 'id' of Product → Get Many, or 'productId' of a Z-API Trigger item for a product message.",
		);
	}
	return text;
}
