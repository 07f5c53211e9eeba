import { setConnectedUrl } from '../../../../../nodes/ZApi/actions/webhook/setConnectedUrl.operation';
import { describeWebhookOperation } from './setWebhookUrl.spec';

describeWebhookOperation({ operation: setConnectedUrl, webhook: 'connected', action: 'Set the instance connected URL' });
