import { setDisconnectedUrl } from '../../../../../nodes/ZApi/actions/webhook/setDisconnectedUrl.operation';
import { describeWebhookOperation } from './setWebhookUrl.spec';

describeWebhookOperation({ operation: setDisconnectedUrl, webhook: 'disconnected', action: 'Set the instance disconnected URL' });
