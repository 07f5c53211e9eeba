import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { changeCatalog } from '../product/helpers';
import type { ZApiOperation } from '../types';
import { COLLECTION_HINT, collectionIdProperty, collectionNameProperty, newCollectionId, readCollectionId, readCollectionName } from './helpers';

/** docs/business/edit-collection.md: POST /catalogs/collection-edit/{id} {name}, answering {success, collectionId}. */
export const updateName: ZApiOperation = {
	value: 'updateName',
	name: 'Update Name',
	action: 'Rename a collection of the catalog',
	description: 'Give a catalog collection a new name; its products stay',
	properties: [collectionIdProperty, { ...collectionNameProperty, displayName: 'New Name', description: 'The new name of the collection' }],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const collectionId = readCollectionId.call(this, itemIndex);
		const name = readCollectionName.call(this, itemIndex);
		const response = await changeCatalog.call(this, itemIndex, {
			method: 'POST',
			path: `/catalogs/collection-edit/${encodeURIComponent(collectionId)}`,
			body: { name },
			tried: `rename collection ${collectionId}`,
			hint: COLLECTION_HINT,
		});
		return [{ success: true, collectionId: newCollectionId(response, collectionId), name }];
	},
};
