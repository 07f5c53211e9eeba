import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { changeCollectionProducts, collectionIdProperty, productIdsProperty } from './helpers';

export const removeProducts: ZApiOperation = {
	value: 'removeProducts',
	name: 'Remove Products',
	action: 'Remove products from a collection',
	description: "Take products out of a collection (they stay in the catalog); outputs the collection's new ID (WhatsApp changes it)",
	properties: [collectionIdProperty, productIdsProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return await changeCollectionProducts.call(this, itemIndex, 'remove');
	},
};
