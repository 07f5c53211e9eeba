import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireText } from '../parameters';
import type { ZApiOperation } from '../types';
import { changeChannel, channelIdProperty, MANAGED_HINT, readChannelId } from './helpers';

export const updateDescription: ZApiOperation = {
	value: 'updateDescription',
	name: 'Update Description',
	action: 'Update the description of a channel',
	description: 'Change the description of a channel the instance runs',
	properties: [
		channelIdProperty,
		{ displayName: 'Description', name: 'description', type: 'string', typeOptions: { rows: 2 }, required: true, default: '', description: 'The new description of the channel' },
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const channelId = readChannelId.call(this, itemIndex);
		const description = requireText(this.getNodeParameter('description', itemIndex), 'Description', 'Give the new description of the channel.');
		// docs/newsletter/update-newsletter-description.md: {id, description}, answered 201 {value: true}.
		await changeChannel.call(this, itemIndex, {
			method: 'POST',
			path: '/update-newsletter-description',
			body: { id: channelId, description },
			tried: `change the description of channel ${channelId}`,
			hint: MANAGED_HINT,
			expect: 'confirmation',
		});
		return [{ success: true, channelId, description }];
	},
};
