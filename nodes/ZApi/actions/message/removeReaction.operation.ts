import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { optionsProperty } from '../../../shared/properties';
import type { ItemRead, ZApiOperation } from '../types';
import { chatOfMessageProperty, delayMessageOption, messageIdProperty, optionalFields, readChat, readMessageId, readOptions } from '../parameters';
import { sendMessage } from './helpers';

export const removeReaction: ZApiOperation = {
	value: 'removeReaction',
	name: 'Remove Reaction',
	action: 'Remove a reaction from a message',
	description: "Take back this instance's reaction to a message",
	orderedBy: 'phone',
	properties: [
		chatOfMessageProperty,
		messageIdProperty,
		optionsProperty([delayMessageOption]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readChat.call(this, itemIndex, read);
		const messageId = readMessageId.call(this, itemIndex);
		const body: IDataObject = { phone, messageId, ...optionalFields(readOptions.call(this, itemIndex)) };
		const [output] = await sendMessage.call(this, itemIndex, { path: '/send-remove-reaction', body, phone, tried: `remove the reaction to message ${messageId}` });
		return [{ ...output, reactedTo: messageId }];
	},
};
