import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ItemRead, ZApiOperation } from '../types';
import { chatOfMessageProperty, messageIdProperty, readChat, readMessageId } from '../parameters';
import { callService } from './helpers';

export const deleteMessage: ZApiOperation = {
	value: 'deleteMessage',
	name: 'Delete Message',
	action: 'Delete a message',
	description: 'Delete a message sent by this instance (for everyone) or a received one',
	orderedBy: 'phone',
	properties: [
		chatOfMessageProperty,
		messageIdProperty,
		{
			displayName: 'Sent by Me',
			name: 'owner',
			type: 'boolean',
			default: true,
			description: "Whether this instance sent the message (a Z-API send's output, or a trigger item with fromMe true); off for a received message",
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readChat.call(this, itemIndex, read);
		const messageId = readMessageId.call(this, itemIndex);
		const owner = this.getNodeParameter('owner', itemIndex, true) as boolean;
		// Query string, not body: DELETE /messages?messageId&phone&owner, answered with 204.
		await callService.call(this, itemIndex, {
			method: 'DELETE',
			path: '/messages',
			qs: { messageId, phone, owner },
			tried: `delete message ${messageId}`,
		});
		return [{ success: true, phone, messageId, owner }];
	},
};
