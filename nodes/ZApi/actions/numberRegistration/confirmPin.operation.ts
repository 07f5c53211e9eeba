import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { mobileCall, pinProperty, readPin } from '../accountSecurity/helpers';
import { REGISTRATION_HINT } from './helpers';

/**
 * docs/mobile/confirm-security-code.md: {code} -> {success}. The page heads it with
 * /mobile/confirm-pin-code, its json-examples sample (confirm-security-code.json) with
 * /mobile/confirm-security-code: the page's path is followed, as the endpoint list and the
 * page's title (código PIN) give it, and the sample keeps the page's earlier name.
 */
export const confirmPin: ZApiOperation = {
	value: 'confirmPin',
	name: 'Confirm Two-Step PIN',
	action: 'Confirm the two-step PIN of a number being registered',
	description:
		'Last step of registering a number that has two-step verification on a Z-API mobile instance, when Confirm Registration Code output confirmSecurityCode: the PIN connects the number',
	properties: [pinProperty('pin', 'PIN', "The 6-digit PIN of the account's two-step verification (Recover Two-Step PIN emails a way to reset a forgotten one)")],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const code = readPin(this.getNodeParameter('pin', itemIndex), 'PIN');
		const record = await mobileCall.call(this, itemIndex, {
			method: 'POST',
			path: '/mobile/confirm-pin-code',
			body: { code },
			secrets: [code],
			tried: 'confirm the two-step PIN',
			expect: 'confirmation',
			hint: `Check the PIN; if it is forgotten, Recover Two-Step PIN emails a link to reset it. ${REGISTRATION_HINT}`,
		});
		return [record];
	},
};
