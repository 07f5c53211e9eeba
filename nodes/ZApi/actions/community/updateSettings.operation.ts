import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { requireAccepted, zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';
import { COMMUNITY_HINT, communityIdProperty, readCommunityId } from './helpers';

/** docs/communities/community-settings.md: "admins" or "all". */
const WHO = ['admins', 'all'];

export const updateSettings: ZApiOperation = {
	value: 'updateSettings',
	name: 'Update Settings',
	action: 'Update the settings of a community',
	description: 'Choose who can add groups to a community: its admins only, or every member',
	properties: [
		communityIdProperty,
		{
			displayName: 'Who Can Add Groups',
			name: 'whoCanAddNewGroups',
			type: 'options',
			options: [
				{ name: 'Admins Only', value: 'admins', description: 'Only admins of the community add groups' },
				{ name: 'All Members', value: 'all', description: 'Every member can add groups' },
			],
			default: 'admins',
			description: 'Who can add new groups to the community',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const communityId = readCommunityId.call(this, itemIndex);
		const whoCanAddNewGroups = String(this.getNodeParameter('whoCanAddNewGroups', itemIndex, '') ?? '').trim();
		if (!WHO.includes(whoCanAddNewGroups)) {
			throw new InputError(`Who Can Add Groups '${whoCanAddNewGroups}' is not admins or all`, 'Pick Admins Only or All Members, or map admins or all.');
		}
		const body = { communityId, whoCanAddNewGroups };
		// The page answers {success: true}, false on a failure.
		const response = await zApiRequest.call(this, { method: 'POST', path: '/communities/settings', body, itemIndex });
		requireAccepted(this.getNode(), response, 'confirmation', { tried: `change who can add groups to community ${communityId}`, hint: COMMUNITY_HINT, itemIndex });
		return [{ success: true, ...body }];
	},
};
