import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import type { ItemRead, ZApiOperation } from '../types';
import { sendMessage } from './send';
import { chatOfMessageProperty, messageIdProperty, readChat, readMessageId } from '../parameters';

/** How long a message stays pinned, as WhatsApp offers it (docs/message/send-pin-message.md). */
export const PIN_DURATIONS = ['24_hours', '7_days', '30_days'] as const;

export const pinDurationProperty: INodeProperties = {
	displayName: 'Pinned For',
	name: 'pinDuration',
	type: 'options',
	options: [
		{ name: '24 Hours', value: '24_hours', description: 'Unpinned after a day' },
		{ name: '7 Days', value: '7_days', description: 'Unpinned after a week' },
		{ name: '30 Days', value: '30_days', description: 'Unpinned after a month' },
	],
	default: '7_days',
	description: 'How long the message stays pinned at the top of the chat; WhatsApp unpins it afterwards',
};

export interface PinChange extends Omit<ZApiOperation, 'properties' | 'execute'> {
	pinAction: 'pin' | 'unpin';
}

/**
 * Pin or Unpin a message: POST /pin-message, responding like a send ({zaapId, messageId}, the
 * id of the pin notice). The output keeps the message acted on as `pinnedMessageId`.
 */
export function pinChange(change: PinChange): ZApiOperation & Pick<PinChange, 'pinAction'> {
	const { pinAction, ...listed } = change;
	return {
		...listed,
		pinAction,
		orderedBy: 'phone',
		properties: [chatOfMessageProperty, messageIdProperty, ...(pinAction === 'pin' ? [pinDurationProperty] : [])],
		async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
			const phone = readChat.call(this, itemIndex, read);
			const messageId = readMessageId.call(this, itemIndex);
			// The page marks the duration required and says it does nothing on unpin: an unpin
			// carries the shortest one so a service that checks the field still takes it.
			const duration = pinAction === 'pin' ? checkDuration(this.getNodeParameter('pinDuration', itemIndex, '7_days')) : PIN_DURATIONS[0];
			const body: IDataObject = { phone, messageId, messageAction: pinAction, pinMessageDuration: duration };
			const [output] = await sendMessage.call(this, itemIndex, {
				path: '/pin-message',
				body,
				phone,
				tried: `${pinAction} message ${messageId}`,
				hint: "Check the Message ID and that the message is in this chat. In a group, only admins can pin unless the group lets everyone edit its settings.",
			});
			return [{ ...output, pinnedMessageId: messageId, pinned: pinAction === 'pin', ...(pinAction === 'pin' ? { pinDuration: duration } : {}) }];
		},
	};
}

function checkDuration(raw: unknown): string {
	const value = String(raw ?? '');
	if ((PIN_DURATIONS as readonly string[]).includes(value)) return value;
	throw new InputError(`Pinned For must be 24 hours, 7 days or 30 days (got ${JSON.stringify(raw)})`, `Pick one of the listed durations, or map one of ${PIN_DURATIONS.join(', ')}.`);
}
