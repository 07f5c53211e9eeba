import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { changeCatalog } from '../product/helpers';
import type { ZApiOperation } from '../types';
import { COLLECTION_HINT, collectionIdProperty, readCollectionId } from './helpers';

/** docs/business/delete-collection.md: DELETE /catalogs/collection/{id}, answering {success: true}. */
export const deleteCollection: ZApiOperation = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a collection of the catalog',
	description: 'Delete a catalog collection; its products stay in the catalog',
	properties: [collectionIdProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const collectionId = readCollectionId.call(this, itemIndex);
		await changeCatalog.call(this, itemIndex, {
			method: 'DELETE',
			path: `/catalogs/collection/${encodeURIComponent(collectionId)}`,
			tried: `delete collection ${collectionId}`,
			hint: COLLECTION_HINT,
		});
		return [{ success: true, collectionId }];
	},
};
