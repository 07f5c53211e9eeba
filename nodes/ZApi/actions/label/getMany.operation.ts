import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';
import { LABEL_HINT } from './helpers';

export const getMany: ZApiOperation = {
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many labels',
	description: 'List the labels of the WhatsApp Business account, one output item per label with its ID, name and colour number',
	properties: [],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		// docs/business/tags.md: one list, not paged.
		const response = await zApiRequest.call(this, { method: 'GET', path: '/tags', itemIndex });
		if (!Array.isArray(response)) {
			throw new NodeOperationError(this.getNode(), 'Z-API did not return a list of labels', {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. ${LABEL_HINT}`,
			});
		}
		return response.filter((label): label is IDataObject => Boolean(label) && typeof label === 'object' && !Array.isArray(label));
	},
};
