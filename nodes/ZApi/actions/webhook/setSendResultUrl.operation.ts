import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { setWebhookUrl, webhookUrlProperty } from './helpers';

export const setSendResultUrl: ZApiOperation = {
	value: 'setSendResultUrl',
	name: 'Set Send Result URL',
	action: 'Set the send result URL',
	description: 'Set the https address that receives the result of each send: delivered to WhatsApp or failed, with the error',
	properties: [webhookUrlProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return await setWebhookUrl.call(this, itemIndex, 'sendResult');
	},
};
