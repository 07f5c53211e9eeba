import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { mobileCall } from '../accountSecurity/helpers';
import { ddiProperty, nationalPhoneProperty, readNumber, REGISTRATION_HINT } from './helpers';

/**
 * docs/mobile/registration-available.md: {ddi, phone} -> {available, blocked?, appealToken?,
 * smsWaitSeconds, voiceWaitSeconds, waOldWaitSeconds, waOldEligible, reason?}. A number that is
 * not available (banned) is an answer, not a failure: the output carries it, with the
 * appealToken Request Unbanning takes.
 */
export const checkAvailability: ZApiOperation = {
	value: 'checkAvailability',
	name: 'Check Registration Availability',
	action: 'Check whether a number can be registered on the instance',
	description:
		'First step of registering a number on a Z-API mobile instance: tells whether it can be registered, whether it is banned, and how soon a code can come by SMS, voice call or the WhatsApp app',
	properties: [ddiProperty, nationalPhoneProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const { ddi, phone } = readNumber.call(this, itemIndex);
		const record = await mobileCall.call(this, itemIndex, {
			method: 'POST',
			path: '/mobile/registration-available',
			body: { ddi, phone },
			// A check: asked again, it answers again and changes nothing the next step relies on.
			repeatable: true,
			tried: `check whether +${ddi} ${phone} can be registered`,
			expect: 'noRefusal',
			hint: REGISTRATION_HINT,
		});
		return [{ ...record, ddi, phone }];
	},
};
