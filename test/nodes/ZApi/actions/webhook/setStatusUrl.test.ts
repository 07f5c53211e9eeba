import { describeWebhookOperation } from './setWebhookUrl.spec';

describeWebhookOperation({
	title: 'Set Message Status URL',
	operation: 'setStatusUrl',
	endpoint: '/update-webhook-message-status',
	webhook: 'messageStatus',
	label: 'message status',
});
