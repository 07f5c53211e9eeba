import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { optionsProperty } from '../../../shared/properties';
import type { ZApiOperation } from '../types';
import { instanceCall, instanceIdProperty, instanceTokenProperty, ON_DEMAND, readInstance } from './helpers';

export const signInstance: ZApiOperation = {
	value: 'signInstance',
	name: 'Sign Instance',
	action: 'Sign a Z-API instance',
	description: 'Subscribe an instance of the integrator account, so that it stays after its trial (billed monthly)',
	properties: [
		instanceIdProperty,
		instanceTokenProperty,
		optionsProperty([
			{
				displayName: 'With Calls',
				name: 'withCalls',
				type: 'boolean',
				default: true,
				description: 'Whether the subscription includes calls, for accounts that have them',
			},
		]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const instance = readInstance.call(this, itemIndex);
		const chosen = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		// docs/partner/sign-instance.md: withCalls is optional; without it the call has no body,
		// as json-examples/sign-instance.json sends it. The page answers 201 "OK".
		const withCalls = chosen.withCalls === undefined ? undefined : chosen.withCalls === true;
		await instanceCall.call(this, instance, {
			method: 'POST',
			path: `${ON_DEMAND}/subscription`,
			...(withCalls === undefined ? {} : { body: { withCalls } }),
			itemIndex,
		});
		return [{ success: true, instanceId: instance.id, ...(withCalls === undefined ? {} : { withCalls }) }];
	},
};
