import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { firstRecord, requireAccepted, zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';
import { COMMUNITY_HINT, communityIdProperty, readCommunityId } from './helpers';

export const getMetadata: ZApiOperation = {
	value: 'getMetadata',
	name: 'Get Metadata',
	action: 'Get details of a community',
	description: "Read a community's name, description and linked groups (which one is its announcement group)",
	properties: [communityIdProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const communityId = readCommunityId.call(this, itemIndex);
		const tried = `read community ${communityId}`;
		const response = await zApiRequest.call(this, { method: 'GET', path: `/communities-metadata/${encodeURIComponent(communityId)}`, itemIndex });
		requireAccepted(this.getNode(), response, 'noRefusal', { tried, hint: COMMUNITY_HINT, itemIndex });
		const record = firstRecord(response);
		// docs/communities/community-metadata.md: {name, id, description, subGroups}.
		if (!Object.keys(record).length) {
			throw new NodeOperationError(this.getNode(), `Z-API gave no details of community ${communityId}`, {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. ${COMMUNITY_HINT}`,
			});
		}
		return [record];
	},
};
