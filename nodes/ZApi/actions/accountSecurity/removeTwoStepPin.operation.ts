import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { mobileCall } from './helpers';

/** docs/mobile/remove-security-code.md: no body -> {success, message?}. */
export const removeTwoStepPin: ZApiOperation = {
	value: 'removeTwoStepPin',
	name: 'Remove Two-Step PIN',
	action: 'Remove the two-step verification PIN of the WhatsApp account',
	description: 'Turn off two-step verification for the WhatsApp account of a Z-API mobile instance',
	properties: [],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const record = await mobileCall.call(this, itemIndex, { method: 'POST', path: '/security/two-fa-code/remove', tried: 'remove the two-step PIN', expect: 'confirmation' });
		return [record];
	},
};
