import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError, isChannelId, normalizeChannelId, normalizePhone } from '../../../shared/input';
import { parameterValue, phoneProperty, requireText } from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';
import { sendMessage } from './helpers';

const PHONE_HINT =
	'Use the country code, area code and number, for example 5511999999999 (+55 (11) 99999-9999 is accepted too); a LID ID (…@lid) is accepted as it is. Group IDs and channel IDs are not: an admin is a person.';

export const sendChannelAdminInvite: ZApiOperation = {
	value: 'sendChannelAdminInvite',
	name: 'Send Channel Admin Invite',
	action: 'Invite someone to be a channel admin',
	description: 'Send a person a message inviting them to be an admin of a channel the instance owns; they accept it in WhatsApp',
	orderedBy: 'phone',
	properties: [
		{ ...phoneProperty, displayName: 'Phone', description: 'Who is invited: a phone with country code (5511999999999; +55 (11) 99999-9999 is accepted)' },
		{
			displayName: 'Channel ID',
			name: 'channelId',
			type: 'string',
			required: true,
			default: '',
			placeholder: '120363166555745933@newsletter',
			description: "The channel's ID, ending in @newsletter, as Channel → Create, Get Many and Search output it",
		},
		{
			displayName: 'Caption',
			name: 'caption',
			type: 'string',
			typeOptions: { rows: 2 },
			required: true,
			default: '',
			placeholder: 'I want to invite you to be an admin of my channel on WhatsApp.',
			description: 'Text of the invite message',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const given = String(parameterValue.call(this, itemIndex, 'phone', read) ?? '').trim();
		if (isChannelId(given)) {
			throw new InputError(`Phone '${given}' is a WhatsApp channel, not the person invited`, 'Put the channel in Channel ID and the phone of the person invited in Phone.');
		}
		const phone = normalizePhone(given, 'Phone', PHONE_HINT);
		// docs/message/send-newsletter-admin-invite.md: {phone, adminInviteMessage: {newsletterId, caption}}.
		// The page types caption as an object; its example and json-example send text, which is followed.
		const adminInviteMessage = {
			newsletterId: normalizeChannelId(this.getNodeParameter('channelId', itemIndex)),
			caption: requireText(this.getNodeParameter('caption', itemIndex), 'Caption', 'Write the text of the invite message.'),
		};
		return await sendMessage.call(this, itemIndex, {
			path: '/send-newsletter-admin-invite',
			body: { phone, adminInviteMessage },
			phone,
			tried: `send ${phone} an invite to be an admin of channel ${adminInviteMessage.newsletterId}`,
			hint: "Check that the instance's phone owns the channel, that the phone is a WhatsApp number and that the instance is connected.",
		});
	},
};
