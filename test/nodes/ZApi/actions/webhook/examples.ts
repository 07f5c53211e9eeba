/** One valid call per Webhook operation: the parameters a user sets and the service's answer. */
export const EXAMPLES = {
	setReceivedUrl: { parameters: { url: 'https://n8n.example.com/webhook/zapi' }, answer: { value: true } },
	setStatusUrl: { parameters: { url: 'https://n8n.example.com/webhook/zapi-status' }, answer: { value: true } },
};
