import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import { chatOfMessageProperty, delayMessageOption, optionalFields, readChat, readMessageId, readOptions } from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';
import { EVENT_HINT, eventMessageIdProperty } from './event';
import { sendMessage } from './helpers';

/** docs/message/send-event-response.md: GOING or NOT_GOING. */
const ANSWERS = ['GOING', 'NOT_GOING'];

export const answerEvent: ZApiOperation = {
	value: 'answerEvent',
	name: 'Answer Event',
	action: 'Answer an event invitation',
	description: "Say the instance's phone is going or not going to an event; an event the instance created itself cannot be answered",
	orderedBy: 'phone',
	properties: [
		{ ...chatOfMessageProperty, description: "The group the event is in. For a Z-API Trigger item, its 'phone' field." },
		{ ...eventMessageIdProperty, description: "ID of the event's message: 'messageId' of the Z-API Trigger item for the event" },
		{
			displayName: 'Answer',
			name: 'eventResponse',
			type: 'options',
			options: [
				{ name: 'Going', value: 'GOING', description: 'The phone goes to the event' },
				{ name: 'Not Going', value: 'NOT_GOING', description: 'The phone does not go to the event' },
			],
			default: 'GOING',
			description: 'Whether the phone goes to the event',
		},
		optionsProperty([delayMessageOption]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readChat.call(this, itemIndex, read);
		const eventMessageId = readMessageId.call(this, itemIndex, 'eventMessageId', 'Event Message ID');
		const eventResponse = String(this.getNodeParameter('eventResponse', itemIndex, '') ?? '').trim().toUpperCase();
		if (!ANSWERS.includes(eventResponse)) {
			throw new InputError(`Answer '${eventResponse}' is not going or not going`, 'Pick Going or Not Going, or map GOING or NOT_GOING.');
		}
		const body: IDataObject = { phone, eventMessageId, eventResponse, ...optionalFields(readOptions.call(this, itemIndex)) };
		const [output] = await sendMessage.call(this, itemIndex, {
			path: '/send-event-response',
			body,
			phone,
			tried: `answer event ${eventMessageId} with ${eventResponse}`,
			// docs/message/send-event-response.md: one's own event always stays "going".
			hint: `${EVENT_HINT} Event Message ID must be an event in that chat, created by someone else: the instance's own events cannot be answered.`,
		});
		return [{ ...output, eventMessageId, eventResponse }];
	},
};
