import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, INodeProperties } from 'n8n-workflow';
import { WAIT_INDEFINITELY } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { type Media, MEDIA_KINDS, type MediaKindName, withArticle } from '../../../shared/media';
import { optionsProperty } from '../../../shared/properties';
import { requireAccepted, zApiRequest } from '../../../shared/transport';
import { answeringPhoneProperty, readAnsweredChat } from '../answeredChat';
import {
	chatOfMessageProperty,
	type MediaSourceFields,
	mediaSourceProperties,
	messageIdProperty,
	optionalFields,
	readChat,
	readMediaSource,
	readMessageId,
	readOptions,
} from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';

export interface SendCall {
	method?: IHttpRequestMethods;
	path: string;
	body?: IDataObject;
	qs?: IDataObject;
	/** What was tried, for the error message: 'send a text to 5511999999999'. */
	tried: string;
	hint?: string;
}

const DEFAULT_HINT =
	'Check that the instance is connected (its phone online) and that the phone is a WhatsApp number. Buttons and lists depend on the WhatsApp account: see the Z-API docs on button status.';

/** Makes one call and fails the item when the response says it did not happen. */
export async function callService(this: IExecuteFunctions, itemIndex: number, call: SendCall): Promise<IDataObject> {
	const response = await zApiRequest.call(this, {
		method: call.method ?? 'POST',
		path: call.path,
		body: call.body,
		qs: call.qs,
		itemIndex,
	});
	requireAccepted(this.getNode(), response, 'noRefusal', { tried: call.tried, hint: call.hint ?? DEFAULT_HINT, itemIndex });
	return response && typeof response === 'object' && !Array.isArray(response) ? (response as IDataObject) : {};
}

/**
 * Sends one message. The output is the service's response plus the chat, with `messageId`
 * read from `messageId` or, where a page only shows it, `id`: what the next node needs to
 * reply, react, edit or delete. `id` itself is left out: the pages call it a copy of
 * messageId kept for Zapier (docs/message/send-message-text.md), and `messageId` is the
 * word of the trigger's items and of this node's parameters.
 */
export async function sendMessage(this: IExecuteFunctions, itemIndex: number, call: SendCall & { phone: string }): Promise<IDataObject[]> {
	const { id, ...response } = await callService.call(this, itemIndex, call);
	const messageId = response.messageId ?? id;
	return [{ ...response, phone: call.phone, ...(messageId !== undefined ? { messageId } : {}) }];
}

/** What tells one media send from another. */
export interface MediaSend {
	value: string;
	name: string;
	action: string;
	description: string;
	kind: MediaKindName;
	/** Body field that carries the file: 'image', 'audio', ... */
	field: string;
	/** Path of the call; the document path names the file's extension. */
	path: string | ((media: Media, itemIndex: number, context: IExecuteFunctions) => string);
	/** Parameters between the file and the Options collection. */
	properties?: INodeProperties[];
	/** Optional fields of the Options collection. */
	options: INodeProperties[];
	/** Options sent under their own name (other than the delays and reply-to). */
	passOptions?: Record<string, string>;
	/** What was tried, for the error message, when it is not a send: 'edit the caption of a document in …'. */
	tried?: (phone: string) => string;
	/** Further body fields, read from the operation's own parameters. */
	fields?: (this: IExecuteFunctions, itemIndex: number, media: Media, options: IDataObject) => IDataObject;
}

/** The file's parameters, under the names saved workflows hold: the media sends', and of every other call taking a file the same way. */
export const fileFields = (send: Pick<MediaSend, 'kind'>): MediaSourceFields => ({
	kind: MEDIA_KINDS[send.kind],
	noun: 'File',
	names: { source: 'mediaSource', url: 'mediaUrl', base64: 'mediaBase64' },
	defaultSource: 'url',
});

/** One media operation: phone, file source, its own fields and options, one POST. */
export function mediaOperation(send: MediaSend): ZApiOperation {
	return {
		value: send.value,
		name: send.name,
		action: send.action,
		description: send.description,
		orderedBy: 'phone',
		answersChat: true,
		properties: [answeringPhoneProperty, ...mediaSourceProperties(fileFields(send)), ...(send.properties ?? []), optionsProperty(send.options)],
		async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
			const phone = readAnsweredChat.call(this, itemIndex, read);
			const options = readOptions.call(this, itemIndex);
			const fields = optionalFields(options, send.passOptions);
			const { media } = await readMediaSource.call(this, itemIndex, fileFields(send));
			const body: IDataObject = {
				phone,
				[send.field]: media.value,
				...(send.fields?.call(this, itemIndex, media, options) ?? {}),
				...fields,
			};
			const path = typeof send.path === 'string' ? send.path : send.path(media, itemIndex, this);
			return await sendMessage.call(this, itemIndex, { path, body, phone, tried: send.tried?.(phone) ?? `send ${withArticle(MEDIA_KINDS[send.kind].label)} to ${phone}` });
		},
	};
}

export const captionOption: INodeProperties = {
	displayName: 'Caption',
	name: 'caption',
	type: 'string',
	default: '',
	description: 'Text shown with the file',
};

export const viewOnceOption: INodeProperties = {
	displayName: 'View Once',
	name: 'viewOnce',
	type: 'boolean',
	default: false,
	description: 'Whether the recipient can open it only once',
};

export const sendInBackgroundOption: INodeProperties = {
	displayName: 'Process in Background',
	name: 'async',
	type: 'boolean',
	default: false,
	description:
		'Whether Z-API answers at once and processes the file afterwards (for large files). The outcome then arrives only on the delivery webhook.',
};

/** Said on every button and list operation: whether they arrive depends on WhatsApp. */
export const BUTTONS_DEPEND_ON_ACCOUNT =
	'Whether buttons and lists show depends on the WhatsApp account type, the chat type and on the button terms of use being accepted in Z-API; WhatsApp changes this often, so check Z-API\'s button status page';

/**
 * The caveat as a notice shown above the parameters of every button and list operation: in
 * an operation's description it was cut off in the node panel before it said anything.
 */
export const buttonsNotice: INodeProperties = {
	displayName: `${BUTTONS_DEPEND_ON_ACCOUNT}.`,
	name: 'buttonsNotice',
	type: 'notice',
	default: '',
	description: 'When buttons and lists show on the phone',
};

/** The fields every buttons message starts with: the notice, who gets it (empty: the chat answered), its text. */
export const buttonsMessageFields: INodeProperties[] = [
	buttonsNotice,
	answeringPhoneProperty,
	{ displayName: 'Message', name: 'message', type: 'string', required: true, default: '', description: 'Text shown with the buttons' },
];

/** A list of rows the user adds one by one (list options, buttons). */
export function rowsProperty(list: { displayName: string; name: string; description: string; placeholder: string }, row: { displayName: string; name: string; description: string; values: INodeProperties[] }): INodeProperties {
	return {
		...list,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		required: true,
		default: {},
		options: [row],
	};
}

/** The rows of a fixed collection, or an error naming the collection when there are none. */
export function rowsOf(raw: unknown, key: string, field: string, hint: string): IDataObject[] {
	const rows = ((raw as IDataObject | undefined)?.[key] ?? []) as IDataObject[];
	if (!Array.isArray(rows) || rows.length === 0) throw new InputError(`${field} is empty`, hint);
	return rows;
}

/** The row's text field, trimmed, or an error saying which row lacks it. */
export function rowText(row: IDataObject, key: string, field: string, index: number): string {
	const text = String(row[key] ?? '').trim();
	if (!text) throw new InputError(`${field} of row ${index + 1} is empty`, `Fill in ${field} of every row, or remove the row.`);
	return text;
}

/** Adds an optional id only when given. */
export function withId(entry: IDataObject, id: unknown): IDataObject {
	const text = String(id ?? '').trim();
	return text ? { ...entry, id: text } : entry;
}

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

/* Send and Wait for Response and Send and Wait for Reply: how long the workflow waits. */

/**
 * What the person is asked and how long the workflow waits, read the same way when the
 * message is sent and when the answer comes back. `read` hides the difference between the
 * execute and webhook contexts' getNodeParameter.
 */
export type ReadParameter = (name: string, fallback: unknown) => unknown;

export const limitWaitTime: INodeProperties = {
	displayName: 'Limit Wait Time',
	name: 'limitWaitTime',
	type: 'fixedCollection',
	description: 'Whether to stop waiting after a time; the workflow then goes on with the input items, without an answer',
	default: { values: { limitType: 'afterTimeInterval', resumeAmount: 45, resumeUnit: 'minutes' } },
	options: [
		{
			displayName: 'Values',
			name: 'values',
			description: 'When to stop waiting',
			values: [
				{
					displayName: 'Limit Type',
					name: 'limitType',
					type: 'options',
					default: 'afterTimeInterval',
					description: 'Stop waiting after an interval or at a date and time',
					options: [
						{ name: 'After Time Interval', value: 'afterTimeInterval', description: 'Wait this long at most' },
						{ name: 'At Specified Time', value: 'atSpecifiedTime', description: 'Wait until this date and time at most' },
					],
				},
				{
					displayName: 'Amount',
					name: 'resumeAmount',
					type: 'number',
					typeOptions: { minValue: 0, numberPrecision: 2 },
					default: 1,
					displayOptions: { show: { limitType: ['afterTimeInterval'] } },
					description: 'How long to wait at most, in Unit',
				},
				{
					displayName: 'Unit',
					name: 'resumeUnit',
					type: 'options',
					default: 'hours',
					displayOptions: { show: { limitType: ['afterTimeInterval'] } },
					options: [
						{ name: 'Minutes', value: 'minutes' },
						{ name: 'Hours', value: 'hours' },
						{ name: 'Days', value: 'days' },
					],
					description: 'Unit of Amount',
				},
				{
					displayName: 'Max Date and Time',
					name: 'maxDateAndTime',
					type: 'dateTime',
					default: '',
					displayOptions: { show: { limitType: ['atSpecifiedTime'] } },
					description: 'When to stop waiting',
				},
			],
		},
	],
};


const UNIT_MS: Record<string, number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

/** Until when the execution waits for an answer: Limit Wait Time, or for good. */
export function waitLimit(read: ReadParameter, now: Date): Date {
	const limit = read('options.limitWaitTime.values', {}) as IDataObject;
	if (!limit || Object.keys(limit).length === 0) return WAIT_INDEFINITELY;
	if ((limit.limitType ?? 'afterTimeInterval') === 'afterTimeInterval') {
		const amount = Number(limit.resumeAmount ?? 1);
		const unit = UNIT_MS[String(limit.resumeUnit ?? 'hours')];
		if (!Number.isFinite(amount) || amount < 0 || limit.resumeAmount === '' || !unit) {
			throw new InputError(
				`Limit Wait Time of ${JSON.stringify(limit.resumeAmount)} ${String(limit.resumeUnit ?? '')} is not a time interval`,
				'Set Amount to a number of 0 or more and Unit to minutes, hours or days, or remove Limit Wait Time.',
			);
		}
		return new Date(now.getTime() + amount * unit);
	}
	const until = new Date(String(limit.maxDateAndTime ?? ''));
	if (!limit.maxDateAndTime || Number.isNaN(until.getTime())) {
		throw new InputError(
			`Max Date and Time '${String(limit.maxDateAndTime ?? '')}' is not a date`,
			'Pick a date and time, or map an ISO date such as 2030-01-31T18:00:00Z.',
		);
	}
	return until;
}
