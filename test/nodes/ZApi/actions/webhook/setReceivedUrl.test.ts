import { describeWebhookOperation } from './setWebhookUrl.spec';

describeWebhookOperation({
	title: 'Set Received/Sent Messages URL',
	operation: 'setReceivedUrl',
	endpoint: '/update-webhook-received-delivery',
	webhook: 'receivedAndSent',
	label: 'received/sent messages',
});
