import { setSendResultUrl } from '../../../../../nodes/ZApi/actions/webhook/setSendResultUrl.operation';
import { describeWebhookOperation } from './webhookOperationSuite';

// docs/webhooks/on-message-send.md
describeWebhookOperation({ operation: setSendResultUrl, webhook: 'sendResult', endpoint: '/update-webhook-delivery', label: 'message send result', action: 'Set the send result URL' });
