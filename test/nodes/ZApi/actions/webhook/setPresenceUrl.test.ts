import { setPresenceUrl } from '../../../../../nodes/ZApi/actions/webhook/setPresenceUrl.operation';
import { describeWebhookOperation } from './webhookOperationSuite';

// docs/webhooks/on-chat-presence.md
describeWebhookOperation({ operation: setPresenceUrl, webhook: 'chatPresence', endpoint: '/update-webhook-chat-presence', label: 'chat presence', action: 'Set the chat presence URL' });
