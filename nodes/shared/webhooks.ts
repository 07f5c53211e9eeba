import type { IDataObject } from 'n8n-workflow';

import { flagOf } from './delivery/readers';
import { requireAccepted, zApiRequest, type ZApiContext } from './transport';

/**
 * The instance's webhooks: where each is set, and where the service's settings read
 * (GET /me) shows its current address. The service keeps one address per webhook: whoever
 * sets it last wins. Each has its docs page under docs/webhooks/ (on-message-received.md,
 * on-whatsapp-message-status-changes.md, on-message-send.md, on-webhook-connected.md,
 * on-whatsapp-disconnected.md, on-chat-presence.md).
 */
export const WEBHOOKS = {
	receivedAndSent: {
		// Also switches on "notify messages sent by me" for the whole instance
		// (docs/webhooks/on-message-received-notify-fromme.md)...
		endpoint: '/update-webhook-received-delivery',
		// ...where this one leaves that setting as it is (docs/webhooks/webhooksConf/update-webhook-receive.md).
		endpointLeavingSentByMe: '/update-webhook-received',
		settingsField: 'receivedCallbackUrl',
		label: 'received/sent messages',
	},
	messageStatus: {
		endpoint: '/update-webhook-message-status',
		settingsField: 'messageStatusCallbackUrl',
		label: 'message status',
	},
	sendResult: {
		endpoint: '/update-webhook-delivery',
		settingsField: 'deliveryCallbackUrl',
		label: 'message send result',
	},
	connected: {
		endpoint: '/update-webhook-connected',
		settingsField: 'connectedCallbackUrl',
		label: 'instance connected',
	},
	disconnected: {
		endpoint: '/update-webhook-disconnected',
		settingsField: 'disconnectedCallbackUrl',
		label: 'instance disconnected',
	},
	chatPresence: {
		endpoint: '/update-webhook-chat-presence',
		settingsField: 'presenceChatCallbackUrl',
		label: 'chat presence',
	},
} as const;

export type WebhookName = keyof typeof WEBHOOKS;

interface WebhookSetting {
	endpoint: string;
	endpointLeavingSentByMe?: string;
	settingsField: string;
	label: string;
}

export const WEBHOOK_NAMES = Object.keys(WEBHOOKS) as WebhookName[];

export function isWebhookName(name: string): name is WebhookName {
	return Object.prototype.hasOwnProperty.call(WEBHOOKS, name);
}

export type WebhookAddresses = Record<WebhookName, string>;

export interface WebhookChange {
	name: WebhookName;
	/** The new address; '' clears the webhook. */
	address: string;
	/** How errors name the address: the address itself unless it carries secrets. */
	shownAs?: string;
	/** What the user does when the service refuses. */
	whatToDo: string;
	/** The address's own secrets, redacted from answers and errors. */
	secrets?: string[];
	itemIndex?: number;
	/**
	 * Set the received webhook without touching the instance's "notify messages sent by me"
	 * setting (the endpoint of the Z-API node's operation switches it on).
	 */
	leaveSentByMe?: boolean;
}

/**
 * Points one webhook at an address (PUT {value}). The response of these endpoints is not
 * documented ({value: true} in live examples): only an explicit no counts as a refusal.
 */
export async function setWebhookAddress(this: ZApiContext, change: WebhookChange): Promise<void> {
	const webhook: WebhookSetting = WEBHOOKS[change.name];
	const response = await zApiRequest.call(this, {
		method: 'PUT',
		path: (change.leaveSentByMe && webhook.endpointLeavingSentByMe) || webhook.endpoint,
		body: { value: change.address },
		itemIndex: change.itemIndex,
		secrets: change.secrets,
		// Setting an address twice leaves it as setting it once.
		repeatable: true,
	});
	const tried = change.address
		? `set the ${webhook.label} webhook to ${change.shownAs ?? change.address}`
		: `clear the ${webhook.label} webhook`;
	requireAccepted(this.getNode(), response, 'noRefusal', { tried, hint: change.whatToDo, itemIndex: change.itemIndex });
}

/**
 * Turns the instance's "notify messages sent by me" setting on or off
 * (docs/webhooks/update-notify-sent-by-me.md: PUT {notifySentByMe}).
 */
export async function setSentByMe(this: ZApiContext, notifySentByMe: boolean, whatToDo: string, secrets?: string[]): Promise<void> {
	const response = await zApiRequest.call(this, {
		method: 'PUT',
		path: '/update-notify-sent-by-me',
		body: { notifySentByMe },
		secrets,
		repeatable: true,
	});
	requireAccepted(this.getNode(), response, 'noRefusal', { tried: `turn ${notifySentByMe ? 'on' : 'off'} notify sent by me`, hint: whatToDo });
}

/** The webhook settings of the instance now (GET /me). */
export interface WebhookSettings {
	addresses: WebhookAddresses;
	/** receiveCallbackSentByMe (docs/instance/me.md); null when the response does not say. */
	sentByMe: boolean | null;
}

/**
 * The address each webhook points at now, and the sent-by-me setting, from the service's
 * settings (GET /me). Throws when they cannot be read: a caller must not guess what it
 * cannot see.
 */
export async function readWebhookSettings(this: ZApiContext): Promise<WebhookSettings> {
	const settings = await zApiRequest.call(this, { method: 'GET', path: '/me' });
	const flag = settings && typeof settings === 'object' ? (settings as IDataObject).receiveCallbackSentByMe : undefined;
	return {
		addresses: webhookAddressesIn(settings),
		sentByMe: flagOf(flag) ?? null,
	};
}

/** The webhook addresses in a settings response; a missing or odd field reads as not set. */
export function webhookAddressesIn(settings: unknown): WebhookAddresses {
	const record = settings && typeof settings === 'object' ? (settings as IDataObject) : {};
	const out = {} as WebhookAddresses;
	for (const name of WEBHOOK_NAMES) {
		const value = record[WEBHOOKS[name].settingsField];
		out[name] = typeof value === 'string' ? value : '';
	}
	return out;
}
