import { setStatusUrl } from '../../../../../nodes/ZApi/actions/webhook/setStatusUrl.operation';
import { describeWebhookOperation } from './webhookOperationSuite';

describeWebhookOperation({ operation: setStatusUrl, webhook: 'messageStatus', endpoint: '/update-webhook-message-status', label: 'message status', action: 'Set message status URL' });
