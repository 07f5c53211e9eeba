import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireHttpsUrl } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import { firstRecord, partnerRequest } from '../../../shared/transport';
import { requireText } from '../parameters';
import type { ZApiOperation } from '../types';
import { unexpectedAnswer } from './helpers';

/** docs/partner/create-instance.md's optional webhook addresses, in the order the page lists them. */
const WEBHOOKS: Array<[name: string, displayName: string, what: string]> = [
	['deliveryCallbackUrl', 'Send Result Webhook URL', 'the result of each message sent (delivery)'],
	['receivedCallbackUrl', 'Received Messages Webhook URL', 'messages received'],
	['receivedAndDeliveryCallbackUrl', 'Received and Sent by Me Webhook URL', 'messages received and those sent by the instance'],
	['presenceChatCallbackUrl', 'Chat Presence Webhook URL', 'chat presence (typing, online)'],
	['disconnectedCallbackUrl', 'Disconnected Webhook URL', 'the instance losing its connection'],
	['connectedCallbackUrl', 'Connected Webhook URL', 'the instance connecting'],
	['messageStatusCallbackUrl', 'Message Status Webhook URL', 'message status changes (sent, delivered, read)'],
];

/** docs/partner/create-instance.md's optional settings, each sent under the page's name. */
const SWITCHES: Array<[name: string, displayName: string, description: string]> = [
	['callRejectAuto', 'Reject Calls', 'Whether the instance rejects calls automatically'],
	['autoReadMessage', 'Read Messages Automatically', 'Whether the instance marks received messages as read'],
	['autoReadStatus', 'Read Statuses Automatically', 'Whether the instance marks the statuses it sees as seen'],
	['isDevice', 'Mobile', 'Whether the instance is a mobile instance rather than a web one'],
	['businessDevice', 'WhatsApp Business', 'Whether the instance uses WhatsApp Business rather than ordinary WhatsApp'],
	['disableEnqueueWhenDisconnected', 'Do Not Queue While Disconnected', 'Whether messages sent while the instance is disconnected are refused instead of queued'],
];

const options: INodeProperties[] = [
	{ displayName: 'Session Name', name: 'sessionName', type: 'string', default: '', description: 'The name WhatsApp shows for the session among connected devices' },
	{ displayName: 'Call Reject Message', name: 'callRejectMessage', type: 'string', default: '', description: 'The message sent after a call is rejected automatically' },
	...SWITCHES.map(([name, displayName, description]): INodeProperties => ({ displayName, name, type: 'boolean', default: false, description })),
	...WEBHOOKS.map(([name, displayName, what]): INodeProperties => ({
		displayName,
		name,
		type: 'string',
		default: '',
		placeholder: 'https://n8n.example.com/webhook/zapi',
		description: `The https address Z-API calls for ${what}`,
	})),
];

export const createInstance: ZApiOperation = {
	value: 'createInstance',
	name: 'Create Instance',
	action: 'Create a Z-API instance',
	description:
		'Create an instance on the integrator account (2 days of trial, deleted unless signed); outputs its ID and token, for a Z-API Instance API credential',
	properties: [
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'Customer 9292812',
			description: 'The name of the new instance, as the Z-API panel shows it',
		},
		optionsProperty(options),
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const name = requireText(this.getNodeParameter('name', itemIndex), 'Name', 'Give the new instance a name, for example the customer it is for.');
		const chosen = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const body: IDataObject = { name };
		for (const field of ['sessionName', 'callRejectMessage']) {
			const text = String(chosen[field] ?? '').trim();
			if (text) body[field] = text;
		}
		for (const [field] of SWITCHES) if (chosen[field] !== undefined) body[field] = chosen[field] === true;
		for (const [field, displayName] of WEBHOOKS) {
			if (String(chosen[field] ?? '').trim()) body[field] = requireHttpsUrl(chosen[field], displayName);
		}
		// docs/partner/create-instance.md: POST {baseUrl}/instances/integrator/on-demand,
		// answering {id, token, due}.
		const response = await partnerRequest.call(this, { method: 'POST', path: '/instances/integrator/on-demand', body, itemIndex });
		const created = firstRecord(response);
		const id = created.id;
		const token = created.token;
		if (typeof id !== 'string' || !id || typeof token !== 'string' || !token) {
			throw unexpectedAnswer.call(this, itemIndex, `Z-API did not give the ID and token of the new instance '${name}'`, response);
		}
		return [{ id, token, ...(created.due !== undefined ? { due: created.due } : {}), name }];
	},
};
