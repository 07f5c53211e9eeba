import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { firstRecord, notConfirmedError, zApiRequest } from '../../../shared/transport';
import { DEVICE, outputRecords, withSimplify } from '../outputs';
import type { ZApiOperation } from '../types';

export const getDevice: ZApiOperation = {
	value: 'getDevice',
	name: 'Get Device',
	action: 'Get the connected device',
	description: 'Read the connected phone: number, profile name, about text and picture, device model, and whether it is a WhatsApp Business account',
	properties: withSimplify([]),
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const response = await zApiRequest.call(this, { method: 'GET', path: '/device', itemIndex });
		const device = firstRecord(response);
		// With no number connected there is no device: an `error` in a 200 response, not a device to pass on.
		if (typeof device.error === 'string' && device.error) {
			throw notConfirmedError(this.getNode(), 'read the connected device', response, 'Connect a number first: Instance → Get QR Code, then scan it in WhatsApp.', itemIndex);
		}
		return outputRecords.call(this, itemIndex, [device], DEVICE);
	},
};
