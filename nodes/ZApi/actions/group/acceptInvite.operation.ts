import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import type { ZApiOperation } from '../types';
import { groupRead } from './helpers';

const INVITE_LINK = /https?:\/\/chat\.whatsapp\.com\/(?:invite\/)?([A-Za-z0-9]{10,})/i;
const INVITE_CODE = /^[A-Za-z0-9]{10,}$/;

/**
 * The invite link in what the user gave: a link, a text holding one (a received message) or
 * the code alone, always sent as https://chat.whatsapp.com/<code>.
 */
export function readInviteLink(raw: unknown): string {
	const text = String(raw ?? '').trim();
	const code = INVITE_LINK.exec(text)?.[1] ?? (INVITE_CODE.test(text) ? text : undefined);
	if (!code) {
		throw new InputError(
			text ? 'Invite Link holds no WhatsApp group invite link' : 'Invite Link is empty',
			"Give a link such as https://chat.whatsapp.com/AbCdEfGhIjK1234567890, a text containing one (for example a received message's text), or the code after chat.whatsapp.com/.",
		);
	}
	return `https://chat.whatsapp.com/${code}`;
}

export const acceptInvite: ZApiOperation = {
	value: 'acceptInvite',
	name: 'Accept Invite',
	action: 'Join a group by invite link',
	description: "Make the instance's phone join a group through its invite link",
	properties: [
		{
			displayName: 'Invite Link',
			name: 'inviteLink',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://chat.whatsapp.com/AbCdEfGhIjK1234567890',
			description:
				'The group\'s invite link, a text containing one (for example the text of a received message), or the code after chat.whatsapp.com/',
		},
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
