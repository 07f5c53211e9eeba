import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireHttpsUrl } from '../../../shared/input';
import type { ZApiOperation } from '../types';
import { webhookUrlProperty, putWebhookSetting } from './helpers';

export const setReceivedOnlyUrl: ZApiOperation = {
	value: 'setReceivedOnlyUrl',
	name: 'Set Received Messages URL',
	action: 'Set the received messages only URL',
	description:
		'Set the https address that receives the messages received on the instance. Messages it sends arrive there too only with Set Sent by Me Notifications on.',
	properties: [webhookUrlProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const url = requireHttpsUrl(this.getNodeParameter('url', itemIndex), 'Webhook URL');
		// docs/webhooks/webhooksConf/update-webhook-receive.md heads the page with
		// /update-webhook-received and writes /update-webhook-receive in its example URL; the
		// heading's path is the one the service's other webhook calls follow (…-received-delivery).
		await putWebhookSetting.call(this, itemIndex, { path: '/update-webhook-received', body: { value: url }, tried: `set the received messages webhook to ${url}` });
		return [{ webhook: 'received', url, success: true }];
	},
};
