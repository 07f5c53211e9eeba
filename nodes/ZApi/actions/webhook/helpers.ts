import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireHttpsUrl } from '../../../shared/input';
import { requireAccepted, zApiRequest } from '../../../shared/transport';
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

/**
 * A webhook endpoint the shared table (nodes/shared/webhooks.ts) does not hold: PUT `body`
 * to `path`. As there, only an explicit no counts as a refusal (refusal.ts): these pages
 * show `{"value": boolean}` without saying when it is false.
 */
export async function putWebhookSetting(
	this: IExecuteFunctions,
	itemIndex: number,
	call: { path: string; body: IDataObject; tried: string },
): Promise<void> {
	const response = await zApiRequest.call(this, { method: 'PUT', path: call.path, body: call.body, itemIndex });
	requireAccepted(this.getNode(), response, 'noRefusal', {
		tried: call.tried,
		hint: 'Check that the address is reachable over https and that the instance exists, then try again.',
		itemIndex,
	});
}

/** Whether messages the instance sends arrive at the received webhook too. */
export const notifySentByMeProperty: INodeProperties = {
	displayName: 'Notify Sent by Me',
	name: 'notifySentByMe',
	type: 'boolean',
	default: true,
	description:
		"Whether the messages this instance sends (from n8n, the phone or WhatsApp Web) are delivered to the received messages webhook too, with fromMe true. A bot that answers every delivery must then skip its own messages.",
};
