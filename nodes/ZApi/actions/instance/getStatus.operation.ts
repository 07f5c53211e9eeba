import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { flagOf } from '../../../shared/delivery/readers';
import { firstRecord, zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';

export const getStatus: ZApiOperation = {
	value: 'getStatus',
	name: 'Get Status',
	action: 'Get the connection status',
	description:
		"Whether the WhatsApp number is connected to the instance and whether the phone is online; 'error' says what to do when not connected",
	properties: [],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const response = firstRecord(await zApiRequest.call(this, { method: 'GET', path: '/status', itemIndex }));
		return [{ ...response, connected: flagOf(response.connected) ?? false, smartphoneConnected: flagOf(response.smartphoneConnected) ?? false }];
	},
};
