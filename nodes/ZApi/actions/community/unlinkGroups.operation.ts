import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { changeCommunityGroups, communityIdProperty, groupIdsProperty } from './helpers';

export const unlinkGroups: ZApiOperation = {
	value: 'unlinkGroups',
	name: 'Unlink Groups',
	action: 'Unlink groups from a community',
	description: 'Take groups out of a community; it keeps at least one group besides its announcement group',
	properties: [communityIdProperty, groupIdsProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return await changeCommunityGroups.call(this, itemIndex, 'unlink');
	},
};
