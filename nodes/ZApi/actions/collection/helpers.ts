import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InputError, listEntries, requireIdSegment } from '../../../shared/input';
import { requireText } from '../parameters';
import { CATALOG_HINT, changeCatalog, readProductId } from '../product/helpers';

/** Said when a collection call fails. */
export const COLLECTION_HINT = `Check the collection ID: adding or removing products gives a collection a new ID, output by that operation. ${CATALOG_HINT}`;

export const collectionIdProperty: INodeProperties = {
	displayName: 'Collection ID',
	name: 'collectionId',
	type: 'string',
	required: true,
	default: '',
	placeholder: '658387616418640',
	description:
		"The collection's ID, as Catalog Collection → Get Many lists it or Create outputs it. Adding or removing products changes it: use the one those operations output.",
};

export const collectionNameProperty: INodeProperties = {
	displayName: 'Name',
	name: 'collectionName',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'Summer sale',
	description: 'The name of the collection, as the catalog shows it',
};

export const productIdsProperty: INodeProperties = {
	displayName: 'Product IDs',
	name: 'productIds',
	type: 'string',
	required: true,
	default: '',
	placeholder: '6643149779134830, 6988917394481455',
	description: 'The products, by the ID Product → Get Many lists, separated by commas (or an expression returning a list)',
};

export function readCollectionId(this: IExecuteFunctions, itemIndex: number): string {
	return requireIdSegment(this.getNodeParameter('collectionId', itemIndex), 'Collection ID', '658387616418640');
}

export function readCollectionName(this: IExecuteFunctions, itemIndex: number): string {
	return requireText(this.getNodeParameter('collectionName', itemIndex), 'Name', 'Give the name of the collection.');
}

/** One or more product IDs, without repeats, in the order given. */
export function readProductIds(this: IExecuteFunctions, itemIndex: number): string[] {
	const hint = 'Give one or more product IDs (6643149779134830) separated by commas, or an expression returning a list: the IDs Product → Get Many lists.';
	const ids = [...new Set(listEntries(this.getNodeParameter('productIds', itemIndex), 'Product IDs', hint).map((entry) => readProductId(entry)))];
	if (!ids.length) throw new InputError('Product IDs is empty', hint);
	return ids;
}

/**
 * Adds products to a collection or removes them (docs/business/add-product-to-collection.md,
 * remove-product-from-collection.md): POST {collectionId, productIds}, answering {success,
 * collectionId}. The pages warn that WhatsApp gives the collection a new ID on each such
 * change and the old one stops working: the output's `collectionId` is the new one, and
 * `previousCollectionId` the one given.
 */
export async function changeCollectionProducts(this: IExecuteFunctions, itemIndex: number, change: 'add' | 'remove'): Promise<IDataObject[]> {
	const collectionId = readCollectionId.call(this, itemIndex);
	const productIds = readProductIds.call(this, itemIndex);
	const response = await changeCatalog.call(this, itemIndex, {
		method: 'POST',
		path: `/catalogs/collection/${change}-product`,
		body: { collectionId, productIds },
		tried: `${change} ${productIds.join(', ')} ${change === 'add' ? 'to' : 'from'} collection ${collectionId}`,
		hint: COLLECTION_HINT,
	});
	return [{ success: true, collectionId: newCollectionId(response, collectionId), previousCollectionId: collectionId, productIds }];
}

/** The collection's ID as the answer gives it, or `given` when it gives none. */
export function newCollectionId(response: IDataObject, given: string): string {
	const id = response.collectionId;
	return (typeof id === 'string' || typeof id === 'number') && String(id).trim() !== '' ? String(id).trim() : given;
}

/** Fails the item when an answer that must name a collection does not. */
export function requireCollectionId(this: IExecuteFunctions, itemIndex: number, response: unknown, tried: string): string {
	const record = response && typeof response === 'object' && !Array.isArray(response) ? (response as IDataObject) : {};
	const id = record.collectionId;
	if ((typeof id !== 'string' && typeof id !== 'number') || String(id).trim() === '') {
		throw new NodeOperationError(this.getNode(), `Z-API did not ${tried}`, {
			itemIndex,
			description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. ${CATALOG_HINT}`,
		});
	}
	return String(id).trim();
}
