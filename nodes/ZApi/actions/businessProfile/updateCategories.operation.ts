import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError, listEntries } from '../../../shared/input';
import type { ZApiOperation } from '../types';
import { BUSINESS_HINT, changeBusinessProfile } from './helpers';

/** docs/business/set-categories.md: "at most 3 categories, and at least one". */
const MAX_CATEGORIES = 3;

const HINT =
	"Give one to three categories by the 'id' or 'label' Business Profile → Get Available Categories outputs (629412378414563, RESTAURANT), separated by commas or as a list; not their display names.";

export const updateCategories: ZApiOperation = {
	value: 'updateCategories',
	name: 'Update Categories',
	action: 'Update the business categories',
	description: "Set the categories (one to three) of the instance's WhatsApp Business profile",
	properties: [
		{
			displayName: 'Categories',
			name: 'categories',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'RESTAURANT, FINANCE, 629412378414563',
			description: 'One to three categories by the ID or label Get Available Categories outputs, separated by commas (or an expression returning a list). They replace the categories of the profile.',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const categories = [...new Set(listEntries(this.getNodeParameter('categories', itemIndex), 'Categories', HINT))];
		if (!categories.length) throw new InputError('Categories is empty', HINT);
		const spaced = categories.find((category) => /\s/.test(category));
		// The page: the values must be equal to an `id` or `label` of the list, which have no spaces.
		if (spaced) throw new InputError(`Category '${spaced.slice(0, 60)}' is not a category ID or label`, HINT);
		if (categories.length > MAX_CATEGORIES) {
			throw new InputError(`Categories has ${categories.length} entries; a business profile takes ${MAX_CATEGORIES} at most`, HINT);
		}
		await changeBusinessProfile.call(this, itemIndex, {
			path: '/business/categories',
			body: { categories },
			tried: `set the business categories ${categories.join(', ')}`,
			hint: `${BUSINESS_HINT} Each category must be an 'id' or 'label' of Get Available Categories.`,
		});
		return [{ success: true, categories }];
	},
};
