import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireAccepted, zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';
import { COLLECTION_HINT, collectionNameProperty, productIdsProperty, readCollectionName, readProductIds, requireCollectionId } from './helpers';

/** docs/business/create-collection.md: POST /catalogs/collection {name, productIds}, answering {collectionId}. */
export const create: ZApiOperation = {
	value: 'create',
	name: 'Create',
	action: 'Create a collection in the catalog',
	description: 'Group products of the WhatsApp Business catalog into a named collection; outputs its ID',
	properties: [collectionNameProperty, { ...productIdsProperty, description: `${productIdsProperty.description}. The page requires at least one.` }],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const name = readCollectionName.call(this, itemIndex);
		const productIds = readProductIds.call(this, itemIndex);
		const response = await zApiRequest.call(this, { method: 'POST', path: '/catalogs/collection', body: { name, productIds }, itemIndex });
		const tried = `create the collection '${name}'`;
		requireAccepted(this.getNode(), response, 'noRefusal', { tried, hint: COLLECTION_HINT, itemIndex });
		return [{ collectionId: requireCollectionId.call(this, itemIndex, response, tried), name, productIds }];
	},
};
