import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { mobileCall } from './helpers';

/** docs/mobile/remove-account-email.md: no body -> {success, message: "REMOVED"}. */
export const removeEmail: ZApiOperation = {
	value: 'removeEmail',
	name: 'Remove Account Email',
	action: "Remove the email of the instance's WhatsApp account",
	description: 'Remove the email set on the WhatsApp account of a Z-API mobile instance',
	properties: [],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const record = await mobileCall.call(this, itemIndex, { method: 'POST', path: '/security/email/remove', tried: "remove the account's email", expect: 'confirmation' });
		return [record];
	},
};
