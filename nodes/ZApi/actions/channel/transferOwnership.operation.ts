import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { optionsProperty } from '../../../shared/properties';
import type { ZApiOperation } from '../types';
import { adminPhoneProperty, changeChannel, channelIdProperty, channelPath, readAdminPhone, readChannelId } from './helpers';

export const transferOwnership: ZApiOperation = {
	value: 'transferOwnership',
	name: 'Transfer Ownership',
	action: 'Transfer the ownership of a channel',
	description: "Make one of a channel's admins its owner; the instance's phone stays an admin unless Stop Being Admin is on",
	properties: [
		channelIdProperty,
		adminPhoneProperty('The new owner, an admin of the channel, as a phone with country code (5511999999999)'),
		optionsProperty([
			{
				displayName: 'Stop Being Admin',
				name: 'quitAdmin',
				type: 'boolean',
				default: false,
				description: "Whether the instance's phone stops being an admin of the channel once it is no longer the owner",
			},
		]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const channelId = readChannelId.call(this, itemIndex);
		const phone = readAdminPhone.call(this, itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		// docs/newsletter/transfer-ownership.md: {phone, quitAdmin?}; quitAdmin only when set, as the page's first example.
		const body: IDataObject = { phone };
		if (typeof options.quitAdmin === 'boolean') body.quitAdmin = options.quitAdmin;
		await changeChannel.call(this, itemIndex, {
			method: 'POST',
			path: channelPath('/newsletter/transfer-ownership', channelId),
			body,
			tried: `make ${phone} the owner of channel ${channelId}`,
			hint: "Check the channel ID, that the instance's phone owns the channel, that the phone is already one of its admins (invite it with Message → Send Channel Admin Invite) and that the instance is connected.",
			expect: 'confirmation',
		});
		return [{ success: true, channelId, phone, ...(body.quitAdmin !== undefined ? { quitAdmin: body.quitAdmin } : {}) }];
	},
};
