import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { instanceCall, instanceIdProperty, instanceTokenProperty, ON_DEMAND, readInstance } from './helpers';

export const cancelInstance: ZApiOperation = {
	value: 'cancelInstance',
	name: 'Cancel Instance',
	action: 'Cancel a Z-API instance subscription',
	description: 'Cancel the subscription of an instance of the integrator account; it stays usable for 30 days',
	properties: [instanceIdProperty, instanceTokenProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const instance = readInstance.call(this, itemIndex);
		// docs/partner/unsubscribe-instance.md: POST with no body, answering 201 "OK".
		await instanceCall.call(this, instance, { method: 'POST', path: `${ON_DEMAND}/cancel`, itemIndex });
		return [{ success: true, instanceId: instance.id }];
	},
};
