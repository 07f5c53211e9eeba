import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { chatOfMessageProperty, optionalFields, readChat, readMessageId, readOptions } from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';
import { EVENT_HINT, eventMessageIdProperty, eventOptions, eventProperties, readEvent } from './event';
import { sendMessage } from './helpers';

// docs/message/send-edit-event.md: the page lists no time zone for an edit; none is sent.
export const editEvent: ZApiOperation = {
	value: 'editEvent',
	name: 'Edit Event',
	action: 'Edit an event sent before',
	description: 'Change an event sent before: its name, date and time, place or call link, or cancel it',
	orderedBy: 'phone',
	properties: [
		{ ...chatOfMessageProperty, description: "The group the event is in. For a Z-API Trigger item, its 'phone' field." },
		eventMessageIdProperty,
		{
			displayName: 'An edit replaces the event: give again what stays the same (description, place, call link), or it may be removed.',
			name: 'wholeEventNotice',
			type: 'notice',
			default: '',
			description: 'What an edit keeps',
		},
		...eventProperties(),
		eventOptions(false),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readChat.call(this, itemIndex, read);
		const eventMessageId = readMessageId.call(this, itemIndex, 'eventMessageId', 'Event Message ID');
		const options = readOptions.call(this, itemIndex);
		const body: IDataObject = { phone, eventMessageId, event: readEvent.call(this, itemIndex, options, false), ...optionalFields(options) };
		const [output] = await sendMessage.call(this, itemIndex, {
			path: '/send-edit-event',
			body,
			phone,
			tried: `edit event ${eventMessageId} in ${phone}`,
			hint: `${EVENT_HINT} Event Message ID must be an event this instance sent in that chat.`,
		});
		return [{ ...output, eventMessageId }];
	},
};
