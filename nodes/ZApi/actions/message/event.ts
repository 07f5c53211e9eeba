import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import { delayMessageOption, requireText } from '../parameters';

/*
 * WhatsApp events (docs/message/send-event.md, send-edit-event.md, send-event-response.md):
 * an event message names a date and time, optionally a place and a call link; it is edited
 * and answered by further messages naming it.
 */

export const EVENT_HINT = 'Check that the instance is connected and that its phone is in the group; events are sent in groups.';

export const eventMessageIdProperty: INodeProperties = {
	displayName: 'Event Message ID',
	name: 'eventMessageId',
	type: 'string',
	required: true,
	default: '',
	placeholder: '3EB058359730B7C2895C55',
	description: "ID of the event's message: 'messageId' of Send Event's output, or of the Z-API Trigger item for the event",
};

export function eventProperties(): INodeProperties[] {
	return [
		{ displayName: 'Name', name: 'eventName', type: 'string', required: true, default: '', placeholder: 'Team lunch', description: 'Name of the event' },
		{
			displayName: 'Date and Time',
			name: 'dateTime',
			type: 'dateTime',
			required: true,
			default: '',
			description: 'When the event starts (an ISO date and time, such as 2030-04-29T09:30:00Z)',
		},
	];
}

/** The optional fields of an event; `timeZone` only where the page lists it (Send Event). */
export function eventOptions(withTimeZone: boolean): INodeProperties {
	return optionsProperty([
		{
			displayName: 'Call Link',
			name: 'callLinkType',
			type: 'options',
			options: [
				{ name: 'None', value: '', description: 'No call link' },
				{ name: 'Voice Call', value: 'voice', description: 'A link to a WhatsApp voice call' },
				{ name: 'Video Call', value: 'video', description: 'A link to a WhatsApp video call' },
			],
			default: '',
			description: 'Whether the event carries a WhatsApp call link, and of which kind',
		},
		{ displayName: 'Canceled', name: 'canceled', type: 'boolean', default: false, description: 'Whether the event is canceled' },
		delayMessageOption,
		{ displayName: 'Description', name: 'description', type: 'string', typeOptions: { rows: 2 }, default: '', description: 'Description of the event' },
		{ displayName: 'Location Name', name: 'locationName', type: 'string', default: '', placeholder: 'Main office', description: 'Where the event takes place' },
		...(withTimeZone
			? [
					{
						displayName: 'Time Zone',
						name: 'timeZone',
						type: 'string',
						default: '',
						placeholder: 'UTC-3',
						description: 'Time zone of the event, as UTC with its offset (UTC-3, UTC+1, UTC+5:30)',
					} satisfies INodeProperties,
				]
			: []),
	]);
}

/**
 * The event's date and time. docs/message/send-event.md says "without time zone" but its
 * example and json-examples/send-event.json send an ISO instant in UTC
 * (2024-04-29T09:30:53.309Z): the examples are followed, any date n8n gives (a date picked,
 * an ISO text, a Luxon date of an expression) is sent in that form.
 */
function eventDateTime(raw: unknown): string {
	const text = String(raw ?? '').trim();
	if (!text) throw new InputError('Date and Time is empty', 'Pick when the event starts, or map an ISO date such as 2030-04-29T09:30:00Z.');
	const date = new Date(text);
	if (Number.isNaN(date.getTime())) throw new InputError(`Date and Time '${text}' is not a date`, 'Pick a date and time, or map an ISO date such as 2030-04-29T09:30:00Z.');
	return date.toISOString();
}

/** docs/message/send-event.md's example: "UTC-3". */
function timeZoneOf(raw: unknown): string | undefined {
	const text = String(raw ?? '').trim().toUpperCase();
	if (!text) return undefined;
	if (/^UTC(?:[+-](?:1[0-4]|0?\d)(?::?[0-5]\d)?)?$/.test(text)) return text;
	throw new InputError(`Time Zone '${String(raw)}' is not a UTC offset`, 'Write the time zone as UTC with its offset, for example UTC-3 or UTC+5:30, or remove the option.');
}

/**
 * The `event` object. `canceled` is always sent: the pages list it without "optional", and
 * send-edit-event.md says fields left out of an edit may be removed from the event.
 */
export function readEvent(this: IExecuteFunctions, itemIndex: number, options: IDataObject, withTimeZone: boolean): IDataObject {
	const event: IDataObject = { name: requireText(this.getNodeParameter('eventName', itemIndex), 'Name', 'Give the name of the event.') };
	const description = String(options.description ?? '').trim();
	if (description) event.description = description;
	event.dateTime = eventDateTime(this.getNodeParameter('dateTime', itemIndex));
	const timeZone = withTimeZone ? timeZoneOf(options.timeZone) : undefined;
	if (timeZone) event.timeZone = timeZone;
	const place = String(options.locationName ?? '').trim();
	if (place) event.location = { name: place };
	const callLinkType = String(options.callLinkType ?? '');
	if (callLinkType) {
		if (callLinkType !== 'voice' && callLinkType !== 'video') throw new InputError(`Call Link '${callLinkType}' is not voice or video`, 'Pick Voice Call, Video Call or None.');
		event.callLinkType = callLinkType;
	}
	event.canceled = options.canceled === true;
	return event;
}
