import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireAccepted, zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';
import { COMMUNITY_HINT, communityIdProperty, readCommunityId } from './helpers';

export const deactivate: ZApiOperation = {
	value: 'deactivate',
	name: 'Deactivate',
	action: 'Deactivate a community',
	description: 'Deactivate a community: its groups are unlinked from it and kept',
	properties: [
		{
			displayName: 'Deactivating a community unlinks all its groups; the groups themselves are not deleted.',
			name: 'deactivateNotice',
			type: 'notice',
			default: '',
			description: 'What deactivating does',
		},
		communityIdProperty,
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const communityId = readCommunityId.call(this, itemIndex);
		// docs/communities/deactivate-community.md shows no answer under 200: any answer that is
		// not an explicit no is taken.
		const response = await zApiRequest.call(this, { method: 'DELETE', path: `/communities/${encodeURIComponent(communityId)}`, itemIndex });
		requireAccepted(this.getNode(), response, 'noRefusal', { tried: `deactivate community ${communityId}`, hint: COMMUNITY_HINT, itemIndex });
		return [{ success: true, communityId }];
	},
};
