import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireHttpsUrl } from '../../../shared/input';
import { notConfirmedError, zApiRequest } from '../../../shared/transport';
import { WEBHOOKS, type WebhookName } from '../../../shared/webhooks';

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

/** Both webhook operations: PUT {value: url} to their endpoint and check the answer. */
export async function setWebhookUrl(
	this: IExecuteFunctions,
	itemIndex: number,
	name: WebhookName,
): Promise<IDataObject[]> {
	const webhook = WEBHOOKS[name];
	const url = requireHttpsUrl(this.getNodeParameter('url', itemIndex), 'Webhook URL');
	const answer = (await zApiRequest.call(this, {
		method: 'PUT',
		path: webhook.endpoint,
		body: { value: url },
		itemIndex,
	})) as IDataObject | undefined;
	// The answer of these endpoints is not documented ({value: true} in live examples):
	// only an explicit false counts as a refusal.
	if (answer?.value === false) {
		throw notConfirmedError(
			this.getNode(),
			`set the ${webhook.label} webhook to ${url}`,
			answer,
			'Check that the address is reachable over https, then try again.',
			itemIndex,
		);
	}
	return [{ webhook: name, url, success: true }];
}
