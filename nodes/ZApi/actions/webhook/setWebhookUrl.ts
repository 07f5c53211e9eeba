import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireHttpsUrl } from '../../../shared/input';
import { setWebhookAddress, type WebhookName } from '../../../shared/webhooks';

export const webhookUrlProperty: INodeProperties = {
	displayName: 'Webhook URL',
	name: 'url',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'https://n8n.example.com/webhook/zapi',
	description:
		'Absolute https address Z-API will POST the events to (Z-API refuses http). It replaces the address set before, in n8n or in the Z-API panel. To start a workflow on these events, use the Z-API Trigger node instead: it sets this address itself.',
};

/** Both webhook operations: the item's https address, set through the shared call. */
export async function setWebhookUrl(
	this: IExecuteFunctions,
	itemIndex: number,
	name: WebhookName,
): Promise<IDataObject[]> {
	const url = requireHttpsUrl(this.getNodeParameter('url', itemIndex), 'Webhook URL');
	await setWebhookAddress.call(this, {
		name,
		address: url,
		whatToDo: 'Check that the address is reachable over https, then try again.',
		itemIndex,
	});
	return [{ webhook: name, url, success: true }];
}
