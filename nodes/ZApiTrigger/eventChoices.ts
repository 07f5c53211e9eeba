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
		description:
			'A message, reaction, reply, poll vote, payment, product, order or event sent to the instance. Edits come with isEdit; channel posts only with Include Channel Posts. With a Combine Quick Messages after it, also what a person sends from the instance’s phone, so it pauses the bot there (never the bot’s own sends).',
		webhook: 'receivedAndSent',
		accepts: (item) => item.event === 'message' && item.fromMe !== true,
	},
	{
		name: 'Message Sent by Me',
		value: 'messageSent',
		description:
			'A message sent by the instance’s number: typed on its phone or WhatsApp Web, or sent through the API (Sent by Me From chooses). Leave off for bots that reply to messages, or they will answer themselves; Combine Quick Messages gets a person’s answers from the phone without it.',
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
		description:
			'Participants added, removed or asking to join, group created, incoming and missed calls, deleted messages, label and profile changes, …',
		webhook: 'receivedAndSent',
		accepts: (item) => item.event === 'notification',
	},
	{
		name: 'Message Send Result',
		value: 'sendResult',
		description:
			'A message sent by the instance was handed to WhatsApp, or failed with an error (kind sent or failed)',
		webhook: 'sendResult',
		accepts: (item) => item.event === 'sendResult',
	},
	{
		name: 'Instance Connected',
		value: 'connected',
		description: 'The instance connected to WhatsApp, for example after its QR code was read or a restart',
		webhook: 'connected',
		accepts: (item) => item.event === 'connected',
	},
	{
		name: 'Instance Disconnected',
		value: 'disconnected',
		description: 'The instance lost its connection to WhatsApp or to the phone, with the reason',
		webhook: 'disconnected',
		accepts: (item) => item.event === 'disconnected',
	},
	{
		name: 'Chat Presence',
		value: 'chatPresence',
		description: 'A contact is in the chat, left it, is typing, recording audio or stopped',
		webhook: 'chatPresence',
		accepts: (item) => item.event === 'chatPresence',
	},
];

export function chosenEvents(values: string[]): EventChoice[] {
	return EVENT_CHOICES.filter((choice) => values.includes(choice.value));
}

export function webhooksFor(values: string[]): WebhookName[] {
	return [...new Set(chosenEvents(values).map((choice) => choice.webhook))];
}
