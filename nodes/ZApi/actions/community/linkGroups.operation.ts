import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { changeCommunityGroups, communityIdProperty, groupIdsProperty } from './helpers';

export const linkGroups: ZApiOperation = {
	value: 'linkGroups',
	name: 'Link Groups',
	action: 'Link groups to a community',
	description: 'Add existing groups to a community; a group already in another community stays there',
	properties: [communityIdProperty, { ...groupIdsProperty, description: `${groupIdsProperty.description}. A group can belong to one community only.` }],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return await changeCommunityGroups.call(this, itemIndex, 'link');
	},
};
