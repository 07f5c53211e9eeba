import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { setWebhookUrl, webhookUrlProperty } from './helpers';

export const setStatusUrl: ZApiOperation = {
	value: 'setStatusUrl',
	name: 'Set Message Status URL',
	action: 'Set message status URL',
	description:
		'Set the https address that receives message status changes (sent, received, read, played)',
	properties: [webhookUrlProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return await setWebhookUrl.call(this, itemIndex, 'messageStatus');
	},
};
