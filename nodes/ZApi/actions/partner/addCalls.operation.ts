import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { instanceCall, instanceIdProperty, instanceTokenProperty, ON_DEMAND, readInstance } from './helpers';

export const addCalls: ZApiOperation = {
	value: 'addCalls',
	name: 'Add Calls to Subscription',
	action: 'Add calls to an instance subscription',
	description: 'Move a signed instance to the subscription with calls; there is no way back except cancelling and signing again',
	properties: [instanceIdProperty, instanceTokenProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const instance = readInstance.call(this, itemIndex);
		// docs/partner/update-instance.md: withCalls is required and only true is accepted.
		await instanceCall.call(this, instance, { method: 'PUT', path: `${ON_DEMAND}/subscription/update`, body: { withCalls: true }, itemIndex });
		return [{ success: true, instanceId: instance.id, withCalls: true }];
	},
};
