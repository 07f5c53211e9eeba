import { setPresenceUrl } from '../../../../../nodes/ZApi/actions/webhook/setPresenceUrl.operation';
import { describeWebhookOperation } from './setWebhookUrl.spec';

describeWebhookOperation({ operation: setPresenceUrl, webhook: 'chatPresence', action: 'Set the chat presence URL' });
