import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError, isGroupId, parsePhoneList } from '../../../shared/input';
import { nodeError } from '../../../shared/transport';
import type { ItemRead, ZApiOperation } from '../types';
import { answeringPhoneProperty, readAnsweredChat } from '../answeredChat';
import { messageTextProperty, optionalFields, parameterValue, readOptions, requireText, textMessageOptions } from '../parameters';
import { bubbleLengthOption, readBubbleLength, readSplit, splitIntoBubbles, splitIntoBubblesOption, typingSecondsFor } from './sendText/bubbles';
import { sendMessage } from './helpers';

export const sendText: ZApiOperation = {
	value: 'sendText',
	name: 'Send Text',
	action: 'Send a text message',
	description: 'Send a text to a phone or group: a new message, a reply to one, or an edit of one sent before',
	orderedBy: 'phone',
	answersChat: true,
	properties: [
		answeringPhoneProperty,
		{ ...messageTextProperty, description: 'The text to send. WhatsApp formatting (*bold*, _italic_, ~strike~) and emoji work; new lines are kept.' },
		textMessageOptions([
			{
				displayName: 'Edit Message ID',
				name: 'editMessageId',
				type: 'string',
				default: '',
				description:
					"Replace the text of a message sent before by this instance with Message, instead of sending a new one. Use 'messageId' of that send's output. Z-API needs a webhook configured for edits.",
			},
			{
				displayName: 'Mention Phones',
				name: 'mentioned',
				type: 'string',
				default: '',
				placeholder: '5511999999999, 5511888888888',
				description:
					'Group members to mention (the chat must be a group). Write @5511999999999 in Message where each should appear; members listed without an @ in the text are still notified.',
			},
			{
				displayName: 'Private Answer',
				name: 'privateAnswer',
				type: 'boolean',
				default: false,
				description:
					"Whether a reply in a group goes to the quoted sender's private chat instead of the group. Needs Reply To Message ID.",
			},
			splitIntoBubblesOption,
			bubbleLengthOption,
		]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readAnsweredChat.call(this, itemIndex, read);
		const message = requireText(parameterValue.call(this, itemIndex, 'message'), 'Message', 'Write the text to send, or map it from a previous node.');
		const options = readOptions.call(this, itemIndex);
		const body: IDataObject = { phone, message, ...optionalFields(options, { editMessageId: 'editMessageId' }) };
		if (String(options.mentioned ?? '').trim() || Array.isArray(options.mentioned)) {
			if (!isGroupId(phone)) {
				throw new InputError('Mention Phones works only in groups', `Set Phone or Group ID to a group ID (…-group), or remove Mention Phones. '${phone}' is not a group.`);
			}
			body.mentioned = parsePhoneList(options.mentioned, 'Mention Phones');
		}
		if (options.privateAnswer === true) {
			if (!body.messageId) {
				throw new InputError('Private Answer needs Reply To Message ID', 'Set Reply To Message ID to the group message to answer privately, or turn Private Answer off.');
			}
			body.privateAnswer = true;
		}
		const split = readSplit(options.splitInto);
		if (split !== 'off') return await sendBubbles.call(this, itemIndex, body, split, readBubbleLength(options.bubbleLength));
		const what = body.editMessageId ? `edit message ${body.editMessageId} in the chat with ${phone}` : `send a text to ${phone}`;
		return await sendMessage.call(this, itemIndex, { path: '/send-text', body, phone, tried: what });
	},
};

/**
 * Sends the text as bubbles, one after the other, each awaited before the next so they arrive
 * in order, each with "typing…" for a time that grows with its length (capped by Typing Time
 * when set). The quote goes with the first bubble only (with Private Answer, with every bubble:
 * a private answer needs it); mentions with the first. A bubble that fails stops the rest: the
 * ones sent are named in the error and never sent again.
 */
async function sendBubbles(
	this: IExecuteFunctions,
	itemIndex: number,
	body: IDataObject,
	split: Exclude<ReturnType<typeof readSplit>, 'off'>,
	maxLength: number,
): Promise<IDataObject[]> {
	if (body.editMessageId) {
		throw new InputError('Split Into Bubbles cannot edit a message', 'An edit replaces one message with one text. Remove Edit Message ID, or set Split Into Bubbles to Off.');
	}
	const bubbles = splitIntoBubbles(String(body.message), split, maxLength);
	const phone = String(body.phone);
	const { mentioned, messageId: quoted, delayTyping, ...each } = body;
	const sent: IDataObject[] = [];
	const send = async (bubble: string, index: number) => {
		const first = index === 0;
		const bubbleBody: IDataObject = {
			...each,
			message: bubble,
			delayTyping: typingSecondsFor(bubble, delayTyping === undefined ? 15 : Number(delayTyping)),
			...(quoted !== undefined && (first || body.privateAnswer) ? { messageId: quoted } : {}),
			...(mentioned !== undefined && first ? { mentioned } : {}),
		};
		const [output] = await sendMessage.call(this, itemIndex, {
			path: '/send-text',
			body: bubbleBody,
			phone,
			tried: `send bubble ${index + 1} of ${bubbles.length} to ${phone}`,
		});
		sent.push({ ...output, bubble: index + 1, bubbles: bubbles.length, text: bubble, typingSeconds: bubbleBody.delayTyping });
	};
	for (const [index, bubble] of bubbles.entries()) {
		if (!sent.length) {
			await send(bubble, index);
			continue;
		}
		try {
			await send(bubble, index);
		} catch (caught) {
			const failure = caught as Error & { description?: string };
			const ids = sent.map((output) => output.messageId ?? '?').join(', ');
			throw nodeError(
				this.getNode(),
				`${failure.message} (bubbles 1 to ${sent.length} of ${bubbles.length} were sent, message IDs ${ids}; they are not sent again)`,
				{ itemIndex, description: failure.description ?? undefined },
			);
		}
	}
	return sent;
}
