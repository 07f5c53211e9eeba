import type { ZApiResource } from '../types';
import { addProducts } from './addProducts.operation';
import { create } from './create.operation';
import { deleteCollection } from './delete.operation';
import { getMany } from './getMany.operation';
import { getProducts } from './getProducts.operation';
import { removeProducts } from './removeProducts.operation';
import { updateName } from './updateName.operation';

/**
 * The collections of the WhatsApp Business catalog (docs/business/*-collection*.md): named
 * groups of its products. Beside Product in the Resource list, named for the catalog so that
 * it is not taken for a list of anything else.
 */
export const collection: ZApiResource = {
	value: 'collection',
	name: 'Catalog Collection',
	description: 'WhatsApp Business catalog collections: create, list, rename and delete them, list, add and remove their products',
	operations: [addProducts, create, deleteCollection, getMany, getProducts, removeProducts, updateName],
};
