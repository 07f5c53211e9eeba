import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { adminPhoneProperty, changeChannel, channelIdProperty, channelPath, MANAGED_HINT, readAdminPhone, readChannelId } from './helpers';

export const removeAdmin: ZApiOperation = {
	value: 'removeAdmin',
	name: 'Remove Admin',
	action: 'Remove an admin from a channel',
	description: 'Take away the admin role of a person in a channel the instance owns',
	properties: [channelIdProperty, adminPhoneProperty('The admin to remove, as a phone with country code (5511999999999)')],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const channelId = readChannelId.call(this, itemIndex);
		const phone = readAdminPhone.call(this, itemIndex);
		// docs/newsletter/remove-admin.md: the ID in the path, {phone} in the body, answered 201.
		await changeChannel.call(this, itemIndex, {
			method: 'POST',
			path: channelPath('/newsletter/remove-admin', channelId),
			body: { phone },
			tried: `remove ${phone} from the admins of channel ${channelId}`,
			hint: `${MANAGED_HINT} The phone must be an admin of the channel.`,
			expect: 'noRefusal',
		});
		return [{ success: true, channelId, phone }];
	},
};
