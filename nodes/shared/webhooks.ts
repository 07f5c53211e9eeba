/**
 * The instance's two webhooks of the contract: where each is set, and where the service's
 * settings read (GET /me) shows its current address. The service keeps one address per
 * webhook: whoever sets it last wins.
 */
export const WEBHOOKS = {
	receivedAndSent: {
		endpoint: '/update-webhook-received-delivery',
		settingsField: 'receivedCallbackUrl',
		label: 'received/sent messages',
	},
	messageStatus: {
		endpoint: '/update-webhook-message-status',
		settingsField: 'messageStatusCallbackUrl',
		label: 'message status',
	},
} as const;

export type WebhookName = keyof typeof WEBHOOKS;
