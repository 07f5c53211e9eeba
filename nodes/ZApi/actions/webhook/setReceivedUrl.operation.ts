import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { setWebhookUrl, webhookUrlProperty } from './helpers';

export const setReceivedUrl: ZApiOperation = {
	value: 'setReceivedUrl',
	name: 'Set Received/Sent Messages URL',
	action: 'Set received messages URL',
	description:
		'Set the https address that receives every message received on the instance, and those sent by it',
	properties: [webhookUrlProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return await setWebhookUrl.call(this, itemIndex, 'receivedAndSent');
	},
};
