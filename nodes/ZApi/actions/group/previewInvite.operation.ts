import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { GROUP, shapeRecord } from '../outputs';
import { groupReadField, inviteLinkProperty, readInviteLink } from './helpers';

export const previewInvite: ZApiOperation = {
	value: 'previewInvite',
	name: 'Preview Invite Link',
	action: 'Preview a group from its invite link',
	description: 'Read the name, owner and participants of a group from its invite link, without joining it',
	properties: [
		inviteLinkProperty,
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const invitationLink = readInviteLink(this.getNodeParameter('inviteLink', itemIndex));
		// docs/group/group-invitation-metadata.md: GET with the link as `url`, responding with the group.
		const { response } = await groupReadField.call(this, itemIndex, {
			method: 'GET',
			path: '/group-invitation-metadata',
			qs: { url: invitationLink },
			tried: `read the group of invite link ${invitationLink}`,
			hint: 'Check that the link is current (a reset makes old links stop working) and that the instance is connected.',
			field: 'phone',
		});
		// The group in the words of Get Metadata (outputs.ts).
		return [{ ...shapeRecord(response, GROUP), invitationLink }];
	},
};
