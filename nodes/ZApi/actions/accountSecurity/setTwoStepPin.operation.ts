import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { mobileCall, pinProperty, readPin } from './helpers';

/** docs/mobile/set-security-code.md: {code} -> {success}. The PIN is not output. */
export const setTwoStepPin: ZApiOperation = {
	value: 'setTwoStepPin',
	name: 'Set Two-Step PIN',
	action: 'Set the two-step verification PIN of the WhatsApp account',
	description: 'Turn on two-step verification for the WhatsApp account of a Z-API mobile instance, or change its PIN',
	properties: [pinProperty('pin', 'PIN', 'The 6-digit PIN WhatsApp will ask for when the number is registered again. Keep it: Recover Two-Step PIN needs an account email.')],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const code = readPin(this.getNodeParameter('pin', itemIndex), 'PIN');
		const record = await mobileCall.call(this, itemIndex, { method: 'POST', path: '/security/two-fa-code', body: { code }, secrets: [code], tried: 'set the two-step PIN', expect: 'confirmation' });
		return [record];
	},
};
