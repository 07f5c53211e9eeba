import type { IDataObject, IExecuteFunctions, INodeParameters, INodeProperties } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

import { InputError, normalizeChatId } from '../../shared/input';
import { readMedia, type Media, type MediaKind, type MediaSource } from '../../shared/media';
import type { ItemRead } from './types';
import { optionsProperty } from '../../shared/properties';

/*
 * Parameters and readers every resource uses: the chat, the message acted on, the common
 * options of a send and their checks. Each operation file lists them in its properties.
 */

/** A message's text, several lines tall (each send says what it holds). */
export const messageTextProperty: INodeProperties = {
	displayName: 'Message',
	name: 'message',
	type: 'string',
	typeOptions: { rows: 3 },
	required: true,
	default: '',
};

/** The currency of amounts or prices, in three letters (each use says of what). */
export const currencyProperty: INodeProperties = {
	displayName: 'Currency',
	name: 'currency',
	type: 'string',
	required: true,
	default: 'BRL',
	placeholder: 'BRL',
};

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

/** The chat an operation acts on; the Z-API Trigger's `phone` maps straight in. */
export const chatProperty: INodeProperties = {
	...phoneProperty,
	description:
		"The chat: a phone with country code (5511999999999; +55 (11) 99999-9999 is accepted), a group ID (120363019502650977-group) or a LID ID (…@lid). For a Z-API Trigger item, its 'phone' field.",
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

/** The Options of a text-like message: Delay Message, its own options, then Reply To Message ID and Delay Typing. */
export function textMessageOptions(own: INodeProperties[]): INodeProperties {
	return optionsProperty([delayMessageOption, ...own, replyToOption, delayTypingOption]);
}

/** True when a parameter's value, as saved in the workflow, holds an expression anywhere in it. */
function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value && typeof value === 'object') return Object.values(value).some(holdsExpression);
	return false;
}

/**
 * Per node execution: its parameters as saved, and the values of those that hold no
 * expression. Keyed by the context n8n builds for one node execution, as the transport keeps
 * the credentials: gone with it, out of reach of any other.
 */
const constantsOfExecution = new WeakMap<IExecuteFunctions, { saved: INodeParameters; values: Map<string, unknown> }>();

/**
 * The item's value of parameter `name`. n8n resolves a parameter on every read (its
 * expressions, defaults, checks against the node's description), and a value that holds no
 * expression is the same for every item: that one is read for the first item that asks and
 * handed to the others (each its own copy). An expression is read for its item.
 */
export function readParameter(this: IExecuteFunctions, itemIndex: number, name: string, fallback?: unknown): unknown {
	let constants = constantsOfExecution.get(this);
	if (!constants) {
		constants = { saved: this.getNode().parameters, values: new Map() };
		constantsOfExecution.set(this, constants);
	}
	const saved = constants.saved[name];
	if (saved === undefined || holdsExpression(saved)) return this.getNodeParameter(name, itemIndex, fallback);
	if (!constants.values.has(name)) constants.values.set(name, this.getNodeParameter(name, itemIndex, fallback));
	const value = constants.values.get(name);
	return value && typeof value === 'object' ? deepCopy(value) : value;
}

/** The item's value of parameter `name`: the one the router read (ItemRead) when it is that parameter, else read now. */
export function parameterValue(this: IExecuteFunctions, itemIndex: number, name: string, read?: ItemRead): unknown {
	return read?.parameter === name ? read.value : readParameter.call(this, itemIndex, name);
}

/** The chat an item acts on (Phone or Group ID): a phone as digits, a group ID or a LID ID as they are. */
export function readChat(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): string {
	return normalizeChatId(parameterValue.call(this, itemIndex, 'phone', read));
}

export function readOptions(this: IExecuteFunctions, itemIndex: number): IDataObject {
	return readParameter.call(this, itemIndex, 'options', {}) as IDataObject;
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

/** The parameters of a file given three ways: their names are in saved workflows, so each operation keeps its own. */
export interface MediaSourceFields {
	kind: MediaKind;
	/** The names shown: 'File' ('File Source', 'File URL', 'File (Base64)') or 'Photo'. */
	noun: string;
	names: Record<'source' | 'url' | 'base64', string>;
	/** The source chosen by default. */
	defaultSource: MediaSource;
	/** Said after the File URL description: what works best at the service. */
	urlAdvice?: string;
}

/** Source, then the binary field, URL or base64 of the chosen source: a binary field of the input item, a URL, base64. */
export function mediaSourceProperties(fields: MediaSourceFields): INodeProperties[] {
	const { label, examples } = fields.kind;
	const { noun, names } = fields;
	const source: INodeProperties = {
		displayName: `${noun} Source`,
		name: names.source,
		type: 'options',
		options: [
			{ name: 'Binary File', value: 'binary', description: 'A file of the input item, for example from an HTTP Request or Read File node' },
			{ name: 'URL', value: 'url', description: `A public address Z-API downloads the ${label} from` },
			{ name: 'Base64', value: 'base64', description: `The ${label} as base64 text or a data URI` },
		],
		default: 'url',
		description: `Where the ${label} comes from`,
	};
	return [
		// Set apart so the operation's default source can replace the one written above.
		{ ...source, default: fields.defaultSource },
		{
			displayName: 'Input Binary Field',
			name: 'binaryPropertyName',
			type: 'string',
			required: true,
			default: 'data',
			hint: `The name of the input binary field containing the ${label}`,
			displayOptions: { show: { [names.source]: ['binary'] } },
		},
		{
			displayName: `${noun} URL`,
			name: names.url,
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://example.com/file',
			description: `Public http(s) address of the ${label} (${examples})${fields.urlAdvice ? `. ${fields.urlAdvice}` : ''}`,
			displayOptions: { show: { [names.source]: ['url'] } },
		},
		{
			displayName: `${noun} (Base64)`,
			name: names.base64,
			type: 'string',
			typeOptions: { rows: 2 },
			required: true,
			default: '',
			description: `The ${label} as base64, bare or as a data URI ('data:TYPE;base64,…')`,
			displayOptions: { show: { [names.source]: ['base64'] } },
		},
	];
}

/** The item's file from the source its parameters choose (mediaSourceProperties); a source not known reads as the default. */
export async function readMediaSource(
	this: IExecuteFunctions,
	itemIndex: number,
	fields: MediaSourceFields,
	noFileHint?: string,
): Promise<{ source: MediaSource; media: Media }> {
	const chosen = this.getNodeParameter(fields.names.source, itemIndex) as MediaSource;
	const source = (['binary', 'url', 'base64'] as const).includes(chosen) ? chosen : fields.defaultSource;
	const parameter = { binary: 'binaryPropertyName', url: fields.names.url, base64: fields.names.base64 }[source];
	const field = { binary: 'Input Binary Field', url: `${fields.noun} URL`, base64: `${fields.noun} (Base64)` }[source];
	const media = await readMedia.call(this, itemIndex, {
		source,
		kind: fields.kind,
		value: this.getNodeParameter(parameter, itemIndex),
		field,
		noFileHint,
	});
	return { source, media };
}
