import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InputError, normalizePhone, requireIdSegment } from '../../../shared/input';
import { requireAccepted, type ZApiCall, zApiRequest } from '../../../shared/transport';

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

/** The product a Get or Delete acts on, by the ID Z-API gave it. */
export const productIdProperty: INodeProperties = {
	displayName: 'Product ID',
	name: 'productId',
	type: 'string',
	required: true,
	default: '',
	placeholder: '4741575945866725',
	description: "The product's ID, as Product → Get Many lists it or Product → Create or Update outputs it",
};

/** A product ID that goes inside the path (/products/{id}): also nothing that would change the path called. */
export function readProductIdSegment(this: IExecuteFunctions, itemIndex: number): string {
	return requireIdSegment(readProductId(this.getNodeParameter('productId', itemIndex)), 'Product ID', '4741575945866725');
}

/** A switch's value: true or false, also as the texts an expression may give; refused otherwise. */
export function readSwitch(raw: unknown, field: string): boolean {
	if (raw === true || raw === 'true') return true;
	if (raw === false || raw === 'false') return false;
	throw new InputError(`${field} must be true or false (got ${JSON.stringify(raw)})`, 'Turn the switch on or off, or map an expression giving true or false.');
}

/** What a read by cursor asks and where the records are in each page. */
export interface CursorListing {
	/** The first page's request. */
	first: Omit<ZApiCall, 'itemIndex'>;
	/** The request for the page after `cursor`. */
	next(cursor: string): Omit<ZApiCall, 'itemIndex'>;
	/** The page's key holding the list: `products`, `collections`. */
	listKey: string;
	/** The records, in the error when no list comes: 'products'. */
	what: string;
	/** Completes "Z-API could not …". */
	tried: string;
	hint: string;
}

/**
 * Reads a list Z-API pages with a `nextCursor` it hands back (the catalog, its collections, a
 * collection's products), up to `limit` records. Stops when no new cursor comes, on a cursor
 * already used, on a page with nothing new, or at the limit; never outputs a record twice
 * (records are told apart by `id`).
 */
export async function readByCursor(this: IExecuteFunctions, itemIndex: number, limit: number, listing: CursorListing): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	const seen = new Set<string>();
	const usedCursors = new Set<string>();
	let cursor: string | undefined;
	do {
		const response = await zApiRequest.call(this, { ...(cursor ? listing.next(cursor) : listing.first), itemIndex });
		requireAccepted(this.getNode(), response, 'noRefusal', { tried: listing.tried, hint: listing.hint, itemIndex });
		const page = response && typeof response === 'object' && !Array.isArray(response) ? (response as IDataObject) : {};
		const list = page[listing.listKey];
		if (!Array.isArray(list)) {
			throw new NodeOperationError(this.getNode(), `Z-API did not return a list of ${listing.what}`, {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. ${listing.hint}`,
			});
		}
		let fresh = 0;
		for (const record of list as IDataObject[]) {
			const id = record && typeof record === 'object' ? record.id : undefined;
			if (id !== undefined && id !== null) {
				if (seen.has(String(id))) continue;
				seen.add(String(id));
			}
			fresh++;
			if (records.length < limit) records.push(record);
		}
		const next = typeof page.nextCursor === 'string' ? page.nextCursor.trim() : '';
		cursor = next && !usedCursors.has(next) && fresh > 0 ? next : undefined;
		if (cursor) usedCursors.add(cursor);
	} while (cursor && records.length < limit);
	return records;
}

/**
 * The products of a catalog: the first page by GET, the next ones by POST with the cursor in
 * the body. The pages warn that a long cursor in the query string can get a 414 and document
 * the POST for it (docs/business/get-products-v2.md, get-products-phone-v2.md): a read, so it
 * may be asked again.
 */
export async function readCatalog(this: IExecuteFunctions, itemIndex: number, limit: number, path: string, tried: string): Promise<IDataObject[]> {
	return await readByCursor.call(this, itemIndex, limit, {
		first: { method: 'GET', path },
		next: (nextCursor) => ({ method: 'POST', path, body: { nextCursor }, repeatable: true }),
		listKey: 'products',
		what: 'products',
		tried,
		hint: CATALOG_HINT,
	});
}

/**
 * A catalog change whose page documents {success: true} (delete-product.md,
 * save-catalog-config.md and the collection changes): anything else fails the item.
 */
export async function changeCatalog(this: IExecuteFunctions, itemIndex: number, call: Omit<ZApiCall, 'itemIndex'> & { tried: string; hint?: string }): Promise<IDataObject> {
	const { tried, hint, ...request } = call;
	const response = await zApiRequest.call(this, { ...request, itemIndex });
	requireAccepted(this.getNode(), response, 'confirmation', { tried, hint: hint ?? CATALOG_HINT, itemIndex });
	return response && typeof response === 'object' && !Array.isArray(response) ? (response as IDataObject) : {};
}
