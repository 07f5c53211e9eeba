import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ItemRead, ZApiOperation } from '../types';
import { chatOfMessageProperty, messageIdProperty, readChat, readMessageId } from '../parameters';
import { callService } from './helpers';

export const markAsRead: ZApiOperation = {
	value: 'markAsRead',
	name: 'Mark as Read',
	action: 'Mark a message as read',
	description: 'Mark a received message as read (blue ticks for the sender)',
	orderedBy: 'phone',
	properties: [chatOfMessageProperty, messageIdProperty],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readChat.call(this, itemIndex, read);
		const messageId = readMessageId.call(this, itemIndex);
		// Answered with 204 and no content.
		await callService.call(this, itemIndex, { path: '/read-message', body: { phone, messageId }, tried: `mark message ${messageId} as read` });
		return [{ success: true, phone, messageId }];
	},
};
