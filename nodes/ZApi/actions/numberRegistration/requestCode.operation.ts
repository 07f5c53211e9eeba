import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { sniffMediaType } from '../../../shared/media';
import { flagOf } from '../../../shared/delivery/readers';
import { firstRecord, zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';
import { ItemWithFile } from '../types';
import { ddiProperty, nationalPhoneProperty, readNumber, REGISTRATION_HINT } from './helpers';
import { readChoice } from '../privacy/helpers';

/** docs/mobile/request-code.md: "sms | voice | wa_old". */
const METHODS = [
	{ name: 'SMS', value: 'sms', description: 'WhatsApp texts the code to the number' },
	{ name: 'Voice Call', value: 'voice', description: 'WhatsApp calls the number and reads the code' },
	{
		name: 'WhatsApp App Pop-Up',
		value: 'wa_old',
		description: 'The code pops up in the WhatsApp app on the phone where the number is now; only with that phone at hand and the app open',
	},
];

/**
 * docs/mobile/request-code.md: {ddi, phone, method} -> {success, retryAfter, smsWaitSeconds,
 * voiceWaitSeconds, waOldWaitSeconds, method}; {success: false, blocked: true} for a banned
 * number; `captcha` (a base64 image) when WhatsApp asks for one before sending the code. A
 * captcha is a step, not a failure: it is output as text and as the image file `captcha`, for
 * Respond to Captcha. Any other no fails the item, saying why.
 */
export const requestCode: ZApiOperation = {
	value: 'requestCode',
	name: 'Request Registration Code',
	action: 'Request the code that registers a number on the instance',
	description:
		'Second step of registering a number on a Z-API mobile instance: WhatsApp sends the confirmation code by SMS, voice call or app pop-up. When WhatsApp asks for a captcha first, the output has its image.',
	properties: [
		ddiProperty,
		nationalPhoneProperty,
		{
			displayName: 'Send Code By',
			name: 'method',
			type: 'options',
			options: METHODS,
			default: 'sms',
			description: 'How WhatsApp sends the code. Check Registration Availability tells how many seconds each way must wait.',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<Array<IDataObject | ItemWithFile>> {
		const { ddi, phone } = readNumber.call(this, itemIndex);
		const method = readChoice(this.getNodeParameter('method', itemIndex), 'Send Code By', METHODS);
		const response = await zApiRequest.call(this, { method: 'POST', path: '/mobile/request-registration-code', body: { ddi, phone, method }, itemIndex });
		const record = firstRecord(response);
		const number = `+${ddi} ${phone}`;
		if (typeof record.captcha === 'string' && record.captcha.trim()) {
			const output = { ...record, ddi, phone, captchaRequired: true };
			const image = captchaImageOf(record.captcha);
			if (!image) return [output];
			const binary = await this.helpers.prepareBinaryData(image.data, `captcha.${image.mimeType.split('/')[1]}`, image.mimeType);
			return [new ItemWithFile(output, { captcha: binary })];
		}
		if (flagOf(record.success) !== true || record.error) {
			const got = JSON.stringify(response ?? null).slice(0, 200);
			const blocked = flagOf(record.blocked) === true;
			const wait = [record.retryAfter, record[`${method === 'wa_old' ? 'waOld' : method}WaitSeconds`]].map(Number).find((seconds) => seconds > 0);
			const description = blocked
				? 'WhatsApp has banned this number. Check Registration Availability gives an appealToken for Request Unbanning; without one, WhatsApp does not let the number be registered anywhere for now.'
				: wait
					? `WhatsApp asks to wait ${wait} seconds before another code is sent this way: try again then, or pick another way in Send Code By. ${REGISTRATION_HINT}`
					: `Run Check Registration Availability for this same number first, then request the code again. ${REGISTRATION_HINT}`;
			throw new NodeOperationError(this.getNode(), `Z-API could not request the registration code of ${number}${blocked ? ': the number is banned' : ''} (it answered ${got})`, {
				itemIndex,
				description,
			});
		}
		return [{ ...record, ddi, phone, captchaRequired: false }];
	},
};

/** The captcha image: base64, with or without a data: prefix; undefined when it is not an image. */
function captchaImageOf(captcha: string): { data: Buffer; mimeType: string } | undefined {
	const payload = captcha.trim().replace(/^data:[\w/+.-]+;base64,/i, '').replace(/\s+/g, '');
	if (!/^[A-Za-z0-9+/]+={0,2}$/.test(payload)) return undefined;
	const data = Buffer.from(payload, 'base64');
	const mimeType = sniffMediaType(data)?.mimeType;
	return mimeType?.startsWith('image/') ? { data, mimeType } : undefined;
}
