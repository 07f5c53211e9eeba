import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireAccepted, zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';
import { BUSINESS_HINT } from './helpers';

/**
 * docs/business/available-categories.md: GET /business/available-categories[?query=], a list of
 * {displayName, id, label?}; `id` or `label` is what Update Categories takes.
 */
export const getAvailableCategories: ZApiOperation = {
	value: 'getAvailableCategories',
	name: 'Get Available Categories',
	action: 'Get the categories a business can choose',
	description: 'List the categories WhatsApp offers for a business profile, one output item per category, with the ID or label Update Categories takes',
	properties: [
		{
			displayName: 'Search',
			name: 'query',
			type: 'string',
			default: '',
			placeholder: 'tecnologia',
			description: 'Only the categories matching these words (in the language of the WhatsApp account); empty lists them all',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const query = String(this.getNodeParameter('query', itemIndex, '') ?? '').trim();
		const response = await zApiRequest.call(this, { method: 'GET', path: '/business/available-categories', qs: query ? { query } : undefined, itemIndex });
		requireAccepted(this.getNode(), response, 'noRefusal', { tried: 'list the business categories', hint: BUSINESS_HINT, itemIndex });
		if (!Array.isArray(response)) {
			throw new NodeOperationError(this.getNode(), 'Z-API did not return a list of categories', {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. ${BUSINESS_HINT}`,
			});
		}
		return response.filter((entry): entry is IDataObject => !!entry && typeof entry === 'object' && !Array.isArray(entry));
	},
};
