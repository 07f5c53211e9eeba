import { setReceivedUrl } from '../../../../../nodes/ZApi/actions/webhook/setReceivedUrl.operation';
import { describeWebhookOperation } from './webhookOperationSuite';

describeWebhookOperation({ operation: setReceivedUrl, webhook: 'receivedAndSent', endpoint: '/update-webhook-received-delivery', label: 'received/sent messages', action: 'Set received messages URL' });
