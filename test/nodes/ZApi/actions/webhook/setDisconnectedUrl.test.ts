import { setDisconnectedUrl } from '../../../../../nodes/ZApi/actions/webhook/setDisconnectedUrl.operation';
import { describeWebhookOperation } from './webhookOperationSuite';

// docs/webhooks/on-whatsapp-disconnected.md
describeWebhookOperation({ operation: setDisconnectedUrl, webhook: 'disconnected', endpoint: '/update-webhook-disconnected', label: 'instance disconnected', action: 'Set the instance disconnected URL' });
