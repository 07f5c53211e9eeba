import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { flagOf } from '../../../shared/delivery/readers';
import { firstRecord, zApiRequest } from '../../../shared/transport';
import { webhookAddressesIn } from '../../../shared/webhooks';
import type { ZApiOperation } from '../types';

export const getWebhooks: ZApiOperation = {
	value: 'getWebhooks',
	name: 'Get Webhooks',
	action: 'Get the webhook addresses',
	description:
		"Read where each webhook of the instance points now (an empty text: not set) and whether messages sent by the instance are delivered too, from the instance's settings",
	properties: [],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		// GET /me (docs/instance/me.md) is the only place the service shows its webhooks.
		const settings = firstRecord(await zApiRequest.call(this, { method: 'GET', path: '/me', itemIndex }));
		const sentByMe = settings.receiveCallbackSentByMe;
		return [{ ...webhookAddressesIn(settings), ...(sentByMe === undefined || sentByMe === null ? {} : { notifySentByMe: flagOf(sentByMe) === true }) }];
	},
};
