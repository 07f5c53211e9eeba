import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { groupRead, inviteLinkProperty, readInviteLink } from './helpers';

export const acceptInvite: ZApiOperation = {
	value: 'acceptInvite',
	name: 'Accept Invite',
	action: 'Join a group by invite link',
	description: "Make the instance's phone join a group through its invite link",
	properties: [
		inviteLinkProperty,
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const invitationLink = readInviteLink(this.getNodeParameter('inviteLink', itemIndex));
		const call = {
			method: 'GET' as const,
			path: '/accept-invite-group',
			qs: { url: invitationLink },
			tried: `join the group of invite link ${invitationLink}`,
			hint: 'Check that the link is current (a reset makes old links stop working) and that the instance is connected. A group that requires admin approval lets the phone in only once an admin approves.',
		};
		// docs/group/accept-group-invite.md answers {success: true}; {value: true}, as the other group calls respond, is taken too.
		await groupRead.call(this, itemIndex, { ...call, expect: 'confirmation' });
		return [{ success: true, invitationLink }];
	},
};
