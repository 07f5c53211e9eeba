import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireAccepted, zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';

export const getMany: ZApiOperation = {
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many channels',
	description:
		"List the channels the instance's phone owns or follows, one output item per channel, with its ID, name, followers, invite link and the instance's role (viewMetadata)",
	properties: [],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		// docs/newsletter/newsletter-list.md: GET /newsletter, a list with no paging.
		const response = await zApiRequest.call(this, { method: 'GET', path: '/newsletter', itemIndex });
		requireAccepted(this.getNode(), response, 'noRefusal', { tried: 'list the channels', hint: 'Check that the instance is connected.', itemIndex });
		if (!Array.isArray(response)) {
			throw new NodeOperationError(this.getNode(), 'Z-API did not answer with a list of channels', {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. Check that the instance is connected.`,
			});
		}
		return response.filter((entry): entry is IDataObject => !!entry && typeof entry === 'object' && !Array.isArray(entry));
	},
};
