import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { mobileCall } from './helpers';

/** docs/mobile/get-account-email.md: {success, hasEmail, email, verified}, output as it comes. */
export const getEmail: ZApiOperation = {
	value: 'getEmail',
	name: 'Get Account Email',
	action: "Get the email of the instance's WhatsApp account",
	description: 'Read the email set on the WhatsApp account of a Z-API mobile instance and whether it is verified',
	properties: [],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const record = await mobileCall.call(this, itemIndex, { method: 'GET', path: '/security/email', tried: "read the account's email", expect: 'noRefusal' });
		return [record];
	},
};
