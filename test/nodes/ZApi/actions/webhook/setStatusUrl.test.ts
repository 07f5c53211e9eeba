import { setStatusUrl } from '../../../../../nodes/ZApi/actions/webhook/setStatusUrl.operation';
import { describeWebhookOperation } from './setWebhookUrl.spec';

describeWebhookOperation({ operation: setStatusUrl, webhook: 'messageStatus', action: 'Set message status URL' });
