import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { changeCollectionProducts, collectionIdProperty, productIdsProperty } from './helpers';

export const addProducts: ZApiOperation = {
	value: 'addProducts',
	name: 'Add Products',
	action: 'Add products to a collection',
	description: "Put products of the catalog into a collection; outputs the collection's new ID (WhatsApp changes it)",
	properties: [collectionIdProperty, productIdsProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return await changeCollectionProducts.call(this, itemIndex, 'add');
	},
};
