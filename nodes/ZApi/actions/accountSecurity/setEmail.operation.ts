import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import type { ZApiOperation } from '../types';
import { mobileCall } from './helpers';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * docs/mobile/set-account-email.md: {success, message}; message VERIFY_EMAIL means WhatsApp
 * emailed a code that Verify Account Email takes. `verificationRequired` says so in the output.
 */
export const setEmail: ZApiOperation = {
	value: 'setEmail',
	name: 'Set Account Email',
	action: "Set the email of the instance's WhatsApp account",
	description: 'Set the email of the WhatsApp account of a Z-API mobile instance, used to recover its two-step PIN; WhatsApp may email a code to verify it',
	properties: [
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'name@email.com',
			required: true,
			default: '',
			description: 'The email to set on the WhatsApp account. When the output says verificationRequired, use Verify Account Email with the code WhatsApp sends to it.',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const email = String(this.getNodeParameter('email', itemIndex) ?? '').trim();
		const hint = 'Give one email address, such as name@email.com.';
		if (!email) throw new InputError('Email is empty', hint);
		if (!EMAIL.test(email)) throw new InputError(`Email '${email}' is not an email address`, hint);
		const record = await mobileCall.call(this, itemIndex, { method: 'POST', path: '/security/email', body: { email }, tried: `set ${email} as the account's email`, expect: 'confirmation' });
		return [{ ...record, email, verificationRequired: record.message === 'VERIFY_EMAIL' }];
	},
};
