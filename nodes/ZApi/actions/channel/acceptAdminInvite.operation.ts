import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { changeChannel, channelIdProperty, channelPath, readChannelId } from './helpers';

export const acceptAdminInvite: ZApiOperation = {
	value: 'acceptAdminInvite',
	name: 'Accept Admin Invite',
	action: 'Accept an invite to be a channel admin',
	description: "Make the instance's phone an admin of a channel it was invited to run (the Z-API Trigger's Channel Admin Invite carries the channel ID)",
	properties: [
		{
			...channelIdProperty,
			description: "The channel the invite is for, ending in @newsletter: a Channel Admin Invite item of the Z-API Trigger carries it in 'content.newsletterId'",
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const channelId = readChannelId.call(this, itemIndex);
		// docs/newsletter/accept-newsletter-admin-invite.md: the ID in the path and no body (its
		// json-example sends none), answered 201 with no body shown. n8n sends {} as an empty
		// body, with the JSON Content-Type the service wants on every POST (the page's 415 note).
		await changeChannel.call(this, itemIndex, {
			method: 'POST',
			path: channelPath('/newsletter/accept-admin-invite', channelId),
			body: {},
			tried: `accept the invite to be an admin of channel ${channelId}`,
			hint: "Check the channel ID, that the invite was sent to the instance's phone and has not expired or been revoked, and that the instance is connected.",
			expect: 'noRefusal',
		});
		return [{ success: true, channelId }];
	},
};
