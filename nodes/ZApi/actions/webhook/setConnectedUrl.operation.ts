import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { setWebhookUrl, webhookUrlProperty } from './helpers';

export const setConnectedUrl: ZApiOperation = {
	value: 'setConnectedUrl',
	name: 'Set Connected URL',
	action: 'Set the instance connected URL',
	description: 'Set the https address told when the WhatsApp number connects to the instance',
	properties: [webhookUrlProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return await setWebhookUrl.call(this, itemIndex, 'connected');
	},
};
