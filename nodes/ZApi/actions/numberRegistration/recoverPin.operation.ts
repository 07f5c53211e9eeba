import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { mobileCall } from '../accountSecurity/helpers';
import { REGISTRATION_HINT } from './helpers';

/**
 * docs/mobile/forgot-security-code.md: no body -> {success}. The page heads it with
 * /mobile/recovery-pin-code, its json-examples sample (forgot-security-code.json) with
 * /mobile/recovery-security-code: the page's path is followed, as for Confirm Two-Step PIN.
 */
export const recoverPin: ZApiOperation = {
	value: 'recoverPin',
	name: 'Recover Two-Step PIN',
	action: 'Email a link to reset a forgotten two-step PIN',
	description: "WhatsApp emails a link to reset the two-step PIN to the account's email, for a number being registered on a Z-API mobile instance",
	properties: [],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const record = await mobileCall.call(this, itemIndex, {
			method: 'POST',
			path: '/mobile/recovery-pin-code',
			tried: 'send the email to reset the two-step PIN',
			expect: 'confirmation',
			hint: `WhatsApp can email the link only when the account has an email set (Account Security → Set Account Email). ${REGISTRATION_HINT}`,
		});
		return [record];
	},
};
