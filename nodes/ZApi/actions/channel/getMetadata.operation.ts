import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { firstRecord, requireAccepted, zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';
import { channelIdProperty, channelPath, FOLLOWED_HINT, readChannelId } from './helpers';

export const getMetadata: ZApiOperation = {
	value: 'getMetadata',
	name: 'Get Metadata',
	action: 'Get details of a channel',
	description: "Read a channel's name, description, state, followers, invite link, picture and the instance's role in it",
	properties: [channelIdProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const channelId = readChannelId.call(this, itemIndex);
		const tried = `read channel ${channelId}`;
		// docs/newsletter/newsletter-metadata.md: GET /newsletter/metadata/{newsletterId}.
		const response = await zApiRequest.call(this, { method: 'GET', path: channelPath('/newsletter/metadata', channelId), itemIndex });
		requireAccepted(this.getNode(), response, 'noRefusal', { tried, hint: FOLLOWED_HINT, itemIndex });
		const record = firstRecord(response);
		if (!Object.keys(record).length) {
			throw new NodeOperationError(this.getNode(), `Z-API gave no details of channel ${channelId}`, {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. ${FOLLOWED_HINT}`,
			});
		}
		return [record];
	},
};
