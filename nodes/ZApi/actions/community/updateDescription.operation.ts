import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { confirmedCall } from '../group/helpers';
import { requireText } from '../parameters';
import type { ZApiOperation } from '../types';
import { COMMUNITY_HINT, communityIdProperty, readCommunityId } from './helpers';

// docs/communities/update-community-description.md: {communityId, communityDescription}, answers {value: true}.
export const updateDescription: ZApiOperation = {
	value: 'updateDescription',
	name: 'Update Description',
	action: 'Update the description of a community',
	description: 'Change the description of a community (admins only)',
	properties: [
		communityIdProperty,
		{
			displayName: 'Description',
			name: 'communityDescription',
			type: 'string',
			typeOptions: { rows: 3 },
			required: true,
			default: '',
			description: 'The new description of the community',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const communityId = readCommunityId.call(this, itemIndex);
		// An empty one is refused: a mapping that came out empty would silently wipe the description.
		const communityDescription = requireText(this.getNodeParameter('communityDescription', itemIndex), 'Description', 'Give the new description of the community.');
		await confirmedCall.call(this, itemIndex, {
			endpoint: '/update-community-description',
			body: { communityId, communityDescription },
			tried: `update the description of community ${communityId}`,
			hint: COMMUNITY_HINT,
		});
		return [{ success: true, communityId, communityDescription }];
	},
};
