import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { requireAccepted, zApiRequest } from '../../../shared/transport';
import type { ItemRead, ZApiOperation } from '../types';
import { chatProperty, readChat } from '../parameters';

/** The timers WhatsApp offers (docs/chats/chat-expiration.md). */
const TIMERS = ['24_HOURS', '7_DAYS', '90_DAYS', 'OFF'];

export const setDisappearingMessages: ZApiOperation = {
	value: 'setDisappearingMessages',
	name: 'Set Disappearing Messages',
	action: 'Set disappearing messages in a chat',
	description: 'Make new messages of a chat disappear after 24 hours, 7 days or 90 days, or turn that off',
	orderedBy: 'phone',
	properties: [
		chatProperty,
		{
			displayName: 'Messages Disappear After',
			name: 'chatExpiration',
			type: 'options',
			options: [
				{ name: '24 Hours', value: '24_HOURS', description: 'New messages disappear a day after they are sent' },
				{ name: '7 Days', value: '7_DAYS', description: 'New messages disappear a week after they are sent' },
				{ name: '90 Days', value: '90_DAYS', description: 'New messages disappear 90 days after they are sent' },
				{ name: 'Off', value: 'OFF', description: 'New messages stay' },
			],
			default: '7_DAYS',
			description: 'The timer for new messages; messages sent before keep theirs',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readChat.call(this, itemIndex, read);
		const raw = this.getNodeParameter('chatExpiration', itemIndex, '7_DAYS');
		const chatExpiration = String(raw ?? '').trim().toUpperCase();
		if (!TIMERS.includes(chatExpiration)) {
			throw new InputError(
				`Messages Disappear After must be 24 hours, 7 days, 90 days or off (got ${JSON.stringify(raw)})`,
				`Pick one from the list, or map one of ${TIMERS.join(', ')}.`,
			);
		}
		const response = await zApiRequest.call(this, { method: 'POST', path: '/send-chat-expiration', body: { phone, chatExpiration }, itemIndex });
		requireAccepted(this.getNode(), response, 'confirmation', {
			tried: `set disappearing messages in the chat with ${phone}`,
			hint: 'Check that the phone is a WhatsApp number and that the instance is connected. In a group, only admins can change the timer unless everyone may edit its settings.',
			itemIndex,
		});
		return [{ success: true, phone, chatExpiration }];
	},
};
