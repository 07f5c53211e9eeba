import type { ZApiResource } from '../types';
import { getWebhooks } from './getWebhooks.operation';
import { setAllUrls } from './setAllUrls.operation';
import { setConnectedUrl } from './setConnectedUrl.operation';
import { setDisconnectedUrl } from './setDisconnectedUrl.operation';
import { setPresenceUrl } from './setPresenceUrl.operation';
import { setReceivedOnlyUrl } from './setReceivedOnlyUrl.operation';
import { setReceivedUrl } from './setReceivedUrl.operation';
import { setSendResultUrl } from './setSendResultUrl.operation';
import { setSentByMe } from './setSentByMe.operation';
import { setStatusUrl } from './setStatusUrl.operation';

export const webhook: ZApiResource = {
	value: 'webhook',
	name: 'Webhook',
	description: 'Where Z-API sends the instance’s events',
	// The first two keep their place (the first is the default of saved workflows); the rest
	// follow in n8n's order.
	operations: [
		setReceivedUrl,
		setStatusUrl,
		getWebhooks,
		setAllUrls,
		setPresenceUrl,
		setConnectedUrl,
		setDisconnectedUrl,
		setReceivedOnlyUrl,
		setSendResultUrl,
		setSentByMe,
	],
};
