import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InputError, normalizePhone } from '../../../shared/input';
import { firstRecord, requireAccepted, zApiRequest } from '../../../shared/transport';
import { phoneProperty } from '../parameters';
import type { ZApiOperation } from '../types';

const PHONE_HINT = 'Use the country code, area code and number, for example 5511999999999 (+55 (11) 99999-9999 is accepted too).';
const HINT = 'Check that the number is a WhatsApp Business account (a personal account has no business profile) and that the instance is connected.';

/**
 * docs/business/profile.md: GET /business/profile?phone= (digits only, "without formatting"),
 * answering {description, address, email, websites, categories, businessHours, hasCoverPhoto}.
 * The page's table names businessHours' zone `timezones`, its example `timezone`: the answer is
 * output as it comes, so whichever the service sends reaches the user.
 */
export const get: ZApiOperation = {
	value: 'get',
	name: 'Get',
	action: 'Get the business profile of a number',
	description: "Read a WhatsApp Business number's profile (the instance's own or a contact's): description, address, email, websites, categories, opening hours",
	properties: [
		{ ...phoneProperty, displayName: 'Phone', description: "The WhatsApp Business number, with country code (+55 (11) 99999-9999 is accepted). For a Z-API Trigger item, its 'phone' field." },
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const raw = this.getNodeParameter('phone', itemIndex);
		const phone = normalizePhone(raw, 'Phone', PHONE_HINT);
		// normalizePhone lets a LID through; the page takes a phone's digits only.
		if (!/^\d+$/.test(phone)) throw new InputError(`Phone '${phone}' is a LID, not a phone number`, `The business profile is read by phone number. ${PHONE_HINT} Contact → Resolve finds the phone of a LID.`);
		const response = await zApiRequest.call(this, { method: 'GET', path: '/business/profile', qs: { phone }, itemIndex });
		requireAccepted(this.getNode(), response, 'noRefusal', { tried: `read the business profile of ${phone}`, hint: HINT, itemIndex });
		const record = firstRecord(response);
		if (!Object.keys(record).length) {
			throw new NodeOperationError(this.getNode(), `Z-API gave no business profile for ${phone}`, {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. ${HINT}`,
			});
		}
		return [{ phone, ...record }];
	},
};
