import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { adminPhoneProperty, changeChannel, channelIdProperty, channelPath, MANAGED_HINT, readAdminPhone, readChannelId } from './helpers';

export const revokeAdminInvite: ZApiOperation = {
	value: 'revokeAdminInvite',
	name: 'Revoke Admin Invite',
	action: 'Revoke an invite to be a channel admin',
	description: 'Withdraw an invite to run a channel, sent with Message → Send Channel Admin Invite and not yet accepted',
	properties: [channelIdProperty, adminPhoneProperty('The person invited, as a phone with country code (5511999999999)')],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const channelId = readChannelId.call(this, itemIndex);
		const phone = readAdminPhone.call(this, itemIndex);
		// docs/newsletter/revoke-admin-invite.md: the ID in the path, {phone} in the body, answered 201.
		await changeChannel.call(this, itemIndex, {
			method: 'POST',
			path: channelPath('/newsletter/revoke-admin-invite', channelId),
			body: { phone },
			tried: `revoke the admin invite of ${phone} to channel ${channelId}`,
			hint: `${MANAGED_HINT} The phone must have an invite not yet accepted.`,
			expect: 'noRefusal',
		});
		return [{ success: true, channelId, phone }];
	},
};
