import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import type { ZApiOperation } from '../types';
import { mobileCall } from '../accountSecurity/helpers';
import { REGISTRATION_HINT } from './helpers';

/**
 * docs/mobile/captcha-confirm.md: {captcha} -> {success}. Needed only when Request
 * Registration Code answered a captcha image; after it, the code comes without asking again.
 */
export const respondCaptcha: ZApiOperation = {
	value: 'respondCaptcha',
	name: 'Respond to Captcha',
	action: 'Answer the captcha of a registration code request',
	description: 'Type the characters of the captcha image Request Registration Code output, so that WhatsApp sends the registration code of a Z-API mobile instance',
	properties: [
		{
			displayName: 'Captcha',
			name: 'captcha',
			type: 'string',
			required: true,
			default: '',
			placeholder: '123456',
			description: 'The characters shown in the captcha image (the binary field captcha of Request Registration Code)',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const hint = 'Type the characters shown in the captcha image that Request Registration Code output, letters and digits only.';
		const captcha = String(this.getNodeParameter('captcha', itemIndex) ?? '').replace(/\s+/g, '');
		if (!captcha) throw new InputError('Captcha is empty', hint);
		if (!/^[A-Za-z0-9]{1,20}$/.test(captcha)) throw new InputError('Captcha must hold letters and digits only, at most 20', hint);
		const record = await mobileCall.call(this, itemIndex, {
			method: 'POST',
			path: '/mobile/respond-captcha',
			body: { captcha },
			tried: 'answer the captcha',
			expect: 'confirmation',
			hint: `Check the characters against the latest captcha image; a new Request Registration Code gives a new one. ${REGISTRATION_HINT}`,
		});
		return [record];
	},
};
