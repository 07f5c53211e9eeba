import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { setWebhookUrl, webhookUrlProperty } from './helpers';

export const setDisconnectedUrl: ZApiOperation = {
	value: 'setDisconnectedUrl',
	name: 'Set Disconnected URL',
	action: 'Set the instance disconnected URL',
	description: 'Set the https address told when the WhatsApp number disconnects from the instance, with the reason',
	properties: [webhookUrlProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return await setWebhookUrl.call(this, itemIndex, 'disconnected');
	},
};
