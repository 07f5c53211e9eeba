import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import type { WebhookName } from '../shared/webhooks';

/**
 * What the user can choose to receive: each choice names the webhook it needs and which
 * items it lets through. Registering only the webhooks the chosen events need follows
 * from this table.
 */
export interface EventChoice extends INodePropertyOptions {
	value: string;
	webhook: WebhookName;
	accepts: (item: IDataObject) => boolean;
}

export const EVENT_CHOICES: EventChoice[] = [
	{
		name: 'Message Received',
		value: 'messageReceived',
		description: 'A message, reaction, reply, payment, product or cart sent to the instance',
		webhook: 'receivedAndSent',
		accepts: (item) => item.event === 'message' && item.fromMe !== true,
	},
	{
		name: 'Message Sent by Me',
		value: 'messageSent',
		description:
			'A message sent by the instance itself, from any device. Leave off for bots that reply to messages, or they will answer themselves.',
		webhook: 'receivedAndSent',
		accepts: (item) => item.event === 'message' && item.fromMe === true,
	},
	{
		name: 'Message Status Changed',
		value: 'messageStatus',
		description: 'A sent message was delivered, read or played',
		webhook: 'messageStatus',
		accepts: (item) => item.event === 'status',
	},
	{
		name: 'Group or System Notification',
		value: 'notification',
		description: 'Participants added, removed or leaving, group created, missed calls, deleted messages, …',
		webhook: 'receivedAndSent',
		accepts: (item) => item.event === 'notification',
	},
];

export function chosenEvents(values: string[]): EventChoice[] {
	return EVENT_CHOICES.filter((choice) => values.includes(choice.value));
}

export function webhooksFor(values: string[]): WebhookName[] {
	return [...new Set(chosenEvents(values).map((choice) => choice.webhook))];
}
