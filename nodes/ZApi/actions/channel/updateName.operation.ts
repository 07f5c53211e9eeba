import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireText } from '../parameters';
import type { ZApiOperation } from '../types';
import { changeChannel, channelIdProperty, MANAGED_HINT, readChannelId } from './helpers';

export const updateName: ZApiOperation = {
	value: 'updateName',
	name: 'Update Name',
	action: 'Update the name of a channel',
	description: 'Rename a channel the instance runs',
	properties: [channelIdProperty, { displayName: 'Name', name: 'name', type: 'string', required: true, default: '', description: 'The new name of the channel' }],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const channelId = readChannelId.call(this, itemIndex);
		const name = requireText(this.getNodeParameter('name', itemIndex), 'Name', 'Give the new name of the channel.');
		// docs/newsletter/update-newsletter-name.md: {id, name}, answered 201 {value: true}.
		await changeChannel.call(this, itemIndex, {
			method: 'POST',
			path: '/update-newsletter-name',
			body: { id: channelId, name },
			tried: `rename channel ${channelId}`,
			hint: MANAGED_HINT,
			expect: 'confirmation',
		});
		return [{ success: true, channelId, name }];
	},
};
