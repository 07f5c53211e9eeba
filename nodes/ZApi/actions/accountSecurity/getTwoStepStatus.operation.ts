import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { mobileCall } from './helpers';

/** docs/mobile/get-has-security-code.md: {success, hasCode}. */
export const getTwoStepStatus: ZApiOperation = {
	value: 'getTwoStepStatus',
	name: 'Get Two-Step PIN Status',
	action: 'Check whether the WhatsApp account has a two-step PIN',
	description: 'Tell whether two-step verification is on for the WhatsApp account of a Z-API mobile instance (hasCode: a PIN is set)',
	properties: [],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const record = await mobileCall.call(this, itemIndex, { method: 'GET', path: '/security/two-fa-code', tried: 'read whether the account has a two-step PIN', expect: 'noRefusal' });
		return [record];
	},
};
