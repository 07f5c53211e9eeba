import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { MOBILE_HINT, mobileCall, readSixDigitCode } from './helpers';

/** docs/mobile/verify-email.md: {verificationCode} -> {success}. */
export const verifyEmail: ZApiOperation = {
	value: 'verifyEmail',
	name: 'Verify Account Email',
	action: 'Verify the email of the WhatsApp account with its code',
	description: 'Confirm the email set with Set Account Email on a Z-API mobile instance, with the code WhatsApp emailed to it',
	properties: [
		{
			displayName: 'Verification Code',
			name: 'verificationCode',
			type: 'string',
			required: true,
			default: '',
			placeholder: '123456',
			description: 'The 6-digit code WhatsApp sent to the email set with Set Account Email',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const verificationCode = readSixDigitCode(this.getNodeParameter('verificationCode', itemIndex), 'Verification Code', 'Type the 6-digit code from the email WhatsApp sent after Set Account Email.');
		const record = await mobileCall.call(this, itemIndex, {
			method: 'POST',
			path: '/security/verify-email',
			body: { verificationCode },
			secrets: [verificationCode],
			tried: "verify the account's email",
			expect: 'confirmation',
			hint: `Check the code in the latest email from WhatsApp (a new Set Account Email sends a new one). ${MOBILE_HINT}`,
		});
		return [record];
	},
};
