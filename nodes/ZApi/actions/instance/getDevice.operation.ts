import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { zApiRequest } from '../../../shared/transport';
import { firstRecord } from '../answers';
import type { ZApiOperation } from '../types';

export const getDevice: ZApiOperation = {
	value: 'getDevice',
	name: 'Get Device',
	action: 'Get the connected device',
	description: 'Read the connected phone: number, profile name, about text and picture, device model, and whether it is a WhatsApp Business account',
	properties: [],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return [firstRecord(await zApiRequest.call(this, { method: 'GET', path: '/device', itemIndex }))];
	},
};
