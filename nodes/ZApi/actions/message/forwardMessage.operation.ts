import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { normalizeChatId } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import type { ItemRead, ZApiOperation } from '../types';
import { delayMessageOption, messageIdProperty, optionalFields, phoneProperty, readChat, readMessageId, readOptions } from '../parameters';
import { sendMessage } from './helpers';

export const forwardMessage: ZApiOperation = {
	value: 'forwardMessage',
	name: 'Forward Message',
	action: 'Forward a message',
	description: 'Forward a message from one chat to another. Z-API forwards only when a webhook is configured on the instance.',
	orderedBy: 'phone',
	properties: [
		{ ...phoneProperty, displayName: 'To Phone or Group ID', description: 'The chat that receives the copy: a phone with country code, a group ID or a LID ID' },
		messageIdProperty,
		{
			displayName: 'From Phone or Group ID',
			name: 'messagePhone',
			type: 'string',
			required: true,
			default: '',
			placeholder: '5511888888888',
			description: 'The chat the message is in now',
		},
		optionsProperty([delayMessageOption]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readChat.call(this, itemIndex, read);
		const messageId = readMessageId.call(this, itemIndex);
		const messagePhone = normalizeChatId(this.getNodeParameter('messagePhone', itemIndex));
		const body: IDataObject = { phone, messageId, messagePhone, ...optionalFields(readOptions.call(this, itemIndex)) };
		// The response is {zaapId} only: the forwarded copy's own id is not returned.
		const [output] = await sendMessage.call(this, itemIndex, { path: '/forward-message', body, phone, tried: `forward message ${messageId} to ${phone}` });
		return [{ ...output, forwardedMessageId: messageId }];
	},
};
