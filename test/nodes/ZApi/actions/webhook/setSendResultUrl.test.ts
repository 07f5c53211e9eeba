import { setSendResultUrl } from '../../../../../nodes/ZApi/actions/webhook/setSendResultUrl.operation';
import { describeWebhookOperation } from './setWebhookUrl.spec';

describeWebhookOperation({ operation: setSendResultUrl, webhook: 'sendResult', action: 'Set the send result URL' });
