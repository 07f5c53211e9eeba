/** One valid call per Webhook operation: the parameters a user sets and the service's answer. */
const URL = 'https://n8n.example.com/webhook/zapi';

export const EXAMPLES = {
	setReceivedUrl: { parameters: { url: URL }, answer: { value: true } },
	setStatusUrl: { parameters: { url: 'https://n8n.example.com/webhook/zapi-status' }, answer: { value: true } },
	getWebhooks: { parameters: {}, answer: { receivedCallbackUrl: URL, receiveCallbackSentByMe: true } },
	setAllUrls: { parameters: { url: URL, options: { notifySentByMe: false } }, answer: { value: true } },
	setPresenceUrl: { parameters: { url: URL }, answer: { value: true } },
	setConnectedUrl: { parameters: { url: URL }, answer: { value: true } },
	setDisconnectedUrl: { parameters: { url: URL }, answer: { value: true } },
	setReceivedOnlyUrl: { parameters: { url: URL }, answer: { value: true } },
	setSendResultUrl: { parameters: { url: URL }, answer: { value: true } },
	setSentByMe: { parameters: { notifySentByMe: true }, answer: { value: true } },
};
