import { setConnectedUrl } from '../../../../../nodes/ZApi/actions/webhook/setConnectedUrl.operation';
import { describeWebhookOperation } from './webhookOperationSuite';

// docs/webhooks/on-webhook-connected.md
describeWebhookOperation({ operation: setConnectedUrl, webhook: 'connected', endpoint: '/update-webhook-connected', label: 'instance connected', action: 'Set the instance connected URL' });
