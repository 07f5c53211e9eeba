import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, INodeProperties } from 'n8n-workflow';

import { InputError, normalizeChatId } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import { notConfirmedError, zApiRequest } from '../../../shared/transport';

/** The chat a message goes to; the Z-API Trigger's `phone` maps straight in. */
export const phoneProperty: INodeProperties = {
	displayName: 'Phone or Group ID',
	name: 'phone',
	type: 'string',
	required: true,
	default: '',
	placeholder: '5511999999999',
	description:
		"Who gets the message: a phone with country code (5511999999999; +55 (11) 99999-9999 is accepted), a group ID (120363019502650977-group) or a LID ID (…@lid). To answer a Z-API Trigger item, use its 'phone' field.",
};

/** The chat of a message acted on (react, read, delete). */
export const chatOfMessageProperty: INodeProperties = {
	...phoneProperty,
	description:
		"The chat the message is in: a phone with country code, a group ID or a LID ID. For a Z-API Trigger item, its 'phone' field.",
};

/** The message acted on, by its WhatsApp id. */
export const messageIdProperty: INodeProperties = {
	displayName: 'Message ID',
	name: 'messageId',
	type: 'string',
	required: true,
	default: '',
	placeholder: '3EB0C431C26A1916E4B8',
	description:
		"The message's ID: 'messageId' of a Z-API Trigger item for a received message, or of this node's output for one it sent",
};

export const replyToOption: INodeProperties = {
	displayName: 'Reply To Message ID',
	name: 'replyTo',
	type: 'string',
	default: '',
	description:
		"Quote this message: the new one is sent as a reply to it. Use 'messageId' of a Z-API Trigger item or of an earlier send.",
};

export const delayMessageOption: INodeProperties = {
	displayName: 'Delay Before Sending (Seconds)',
	name: 'delayMessage',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 15 },
	default: 2,
	description:
		'Seconds (1 to 15) Z-API waits before sending. Without it Z-API spaces messages by 1 to 3 seconds. Spacing messages lowers the risk of WhatsApp blocking the number as spam.',
};

export const delayTypingOption: INodeProperties = {
	displayName: 'Typing Time (Seconds)',
	name: 'delayTyping',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 15 },
	default: 3,
	description: 'Seconds (1 to 15) the chat shows "typing…" before the message arrives',
};

/** An Options collection holding the given optional fields. */
/** The Options of a text-like message: Delay Message, its own options, then Reply To Message ID and Delay Typing. */
export function textMessageOptions(own: INodeProperties[]): INodeProperties {
	return optionsProperty([delayMessageOption, ...own, replyToOption, delayTypingOption]);
}

export function readPhone(this: IExecuteFunctions, itemIndex: number): string {
	return normalizeChatId(this.getNodeParameter('phone', itemIndex));
}

export function readOptions(this: IExecuteFunctions, itemIndex: number): IDataObject {
	return this.getNodeParameter('options', itemIndex, {}) as IDataObject;
}

export function requireText(raw: unknown, field: string, hint: string): string {
	const text = String(raw ?? '').trim();
	if (!text) throw new InputError(`${field} is empty`, hint);
	return text;
}

export function readMessageId(this: IExecuteFunctions, itemIndex: number, name = 'messageId', field = 'Message ID'): string {
	return requireText(
		this.getNodeParameter(name, itemIndex),
		field,
		"Map 'messageId' from a Z-API Trigger item (a received message) or from the output of a Z-API send.",
	);
}

const DELAY_LABELS: Record<string, string> = {
	delayMessage: 'Delay Before Sending',
	delayTyping: 'Typing Time',
};

/** A whole number of seconds from 1 to 15, as the service takes for both delays. */
export function checkDelay(value: unknown, name: string): number {
	const seconds = Number(value);
	if (value === '' || value === null || !Number.isInteger(seconds) || seconds < 1 || seconds > 15) {
		throw new InputError(
			`${DELAY_LABELS[name] ?? name} must be a whole number of seconds from 1 to 15 (got ${JSON.stringify(value)})`,
			`Set ${DELAY_LABELS[name] ?? name} between 1 and 15, or remove the option.`,
		);
	}
	return seconds;
}

/**
 * The optional fields the user set, in the service's names: delays checked, reply-to
 * sent as `messageId`, empty texts left out. `extra` maps further option names to body
 * fields as they are.
 */
export function optionalFields(options: IDataObject, extra: Record<string, string> = {}): IDataObject {
	const body: IDataObject = {};
	for (const name of ['delayMessage', 'delayTyping']) {
		if (options[name] !== undefined) body[name] = checkDelay(options[name], name);
	}
	const replyTo = String(options.replyTo ?? '').trim();
	if (replyTo) body.messageId = replyTo;
	for (const [option, field] of Object.entries(extra)) {
		const value = options[option];
		if (value === undefined || value === '') continue;
		body[field] = typeof value === 'string' ? value.trim() : value;
	}
	return body;
}

/** True when a 200 answer still says the call failed. */
export function refused(answer: unknown): boolean {
	if (!answer || typeof answer !== 'object') return false;
	const body = answer as IDataObject;
	return body.value === false || body.value === 'false' || body.success === false || body.success === 'false' || Boolean(body.error);
}

export interface SendCall {
	method?: IHttpRequestMethods;
	path: string;
	body?: IDataObject;
	qs?: IDataObject;
	/** What was tried, for the error message: 'send a text to 5511999999999'. */
	action: string;
	hint?: string;
}

const DEFAULT_HINT =
	'Check that the instance is connected (its phone online) and that the phone is a WhatsApp number. Buttons and lists depend on the WhatsApp account: see the Z-API docs on button status.';

/** Makes one call and fails the item when the answer says it did not happen. */
export async function callService(this: IExecuteFunctions, itemIndex: number, call: SendCall): Promise<IDataObject> {
	const answer = await zApiRequest.call(this, {
		method: call.method ?? 'POST',
		path: call.path,
		body: call.body,
		qs: call.qs,
		itemIndex,
	});
	if (refused(answer)) throw notConfirmedError(this.getNode(), call.action, answer, call.hint ?? DEFAULT_HINT, itemIndex);
	return answer && typeof answer === 'object' && !Array.isArray(answer) ? (answer as IDataObject) : {};
}

/**
 * Sends one message. The output is the service's answer plus the chat, with `messageId`
 * read from `messageId` or, where a page only shows it, `id`: what the next node needs to
 * reply, react, edit or delete. `id` itself is left out: the pages call it a copy of
 * messageId kept for Zapier (docs/message/send-message-text.md), and `messageId` is the
 * word of the trigger's items and of this node's parameters.
 */
export async function sendMessage(this: IExecuteFunctions, itemIndex: number, call: SendCall & { phone: string }): Promise<IDataObject[]> {
	const { id, ...answer } = await callService.call(this, itemIndex, call);
	const messageId = answer.messageId ?? id;
	return [{ ...answer, phone: call.phone, ...(messageId !== undefined ? { messageId } : {}) }];
}
