import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import type { ItemRead, ZApiOperation } from '../types';
import { chatOfMessageProperty, delayMessageOption, messageIdProperty, optionalFields, readChat, readMessageId, readOptions } from '../parameters';
import { sendMessage } from './helpers';

/** One emoji: a few code points at most, none of them a letter or a digit. */
function checkReaction(raw: unknown): string {
	const text = String(raw ?? '').trim();
	if (!text || [...text].length > 8 || /[\p{L}\p{N}]/u.test(text.replace(/[#*0-9]\uFE0F?\u20E3/gu, ''))) {
		throw new InputError(
			text ? `Reaction '${text}' is not an emoji` : 'Reaction is empty',
			'Give one emoji, for example 👍 or ❤️. To take a reaction back, use Remove Reaction.',
		);
	}
	return text;
}

export const sendReaction: ZApiOperation = {
	value: 'sendReaction',
	name: 'Send Reaction',
	action: 'React to a message',
	description: 'React to a sent or received message with an emoji',
	orderedBy: 'phone',
	properties: [
		chatOfMessageProperty,
		messageIdProperty,
		{ displayName: 'Reaction', name: 'reaction', type: 'string', required: true, default: '👍', description: 'One emoji' },
		optionsProperty([delayMessageOption]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readChat.call(this, itemIndex, read);
		const messageId = readMessageId.call(this, itemIndex);
		const reaction = checkReaction(this.getNodeParameter('reaction', itemIndex));
		const body: IDataObject = { phone, reaction, messageId, ...optionalFields(readOptions.call(this, itemIndex)) };
		const [output] = await sendMessage.call(this, itemIndex, { path: '/send-reaction', body, phone, tried: `react to message ${messageId}` });
		return [{ ...output, reactedTo: messageId, reaction }];
	},
};
