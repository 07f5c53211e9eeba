import { setReceivedUrl } from '../../../../../nodes/ZApi/actions/webhook/setReceivedUrl.operation';
import { describeWebhookOperation } from './setWebhookUrl.spec';

describeWebhookOperation({ operation: setReceivedUrl, webhook: 'receivedAndSent', action: 'Set received messages URL' });
