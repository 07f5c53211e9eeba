import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError, isGroupId } from '../../../shared/input';
import { optionalFields, phoneProperty, readChat, readOptions } from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';
import { EVENT_HINT, eventOptions, eventProperties, readEvent } from './event';
import { sendMessage } from './helpers';

export const sendEvent: ZApiOperation = {
	value: 'sendEvent',
	name: 'Send Event',
	action: 'Send an event to a group',
	description: 'Send an event with its date and time, place and call link to a group; members answer going or not going',
	orderedBy: 'phone',
	properties: [
		{ ...phoneProperty, displayName: 'Group ID', placeholder: '120363019502650977-group', description: "The group the event is for (120363019502650977-group). For a Z-API Trigger item, its 'phone' field." },
		...eventProperties(),
		eventOptions(true),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readChat.call(this, itemIndex, read);
		// docs/message/send-event.md: "only possible to send this kind to a group". Its
		// json-example sends to a phone; the page's words are followed.
		if (!isGroupId(phone)) {
			throw new InputError(`Send Event sends to a group, not to '${phone}'`, 'WhatsApp events are sent in groups: set Group ID to a group ID such as 120363019502650977-group.');
		}
		const options = readOptions.call(this, itemIndex);
		const body: IDataObject = { phone, event: readEvent.call(this, itemIndex, options, true), ...optionalFields(options) };
		return await sendMessage.call(this, itemIndex, { path: '/send-event', body, phone, tried: `send the event '${String((body.event as IDataObject).name)}' to ${phone}`, hint: EVENT_HINT });
	},
};
