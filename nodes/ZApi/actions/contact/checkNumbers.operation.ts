import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { parsePhoneList } from '../../../shared/input';
import { flagOf } from '../../../shared/delivery/readers';
import { firstRecord, zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';

/** The batch call's documented maximum per request. */
export const BATCH_LIMIT = 50_000;

export const checkNumbers: ZApiOperation = {
	value: 'checkNumbers',
	name: 'Check Numbers',
	action: 'Check numbers on WhatsApp',
	description:
		'Check whether phones have WhatsApp, one output item per phone: exists, the number as WhatsApp registered it (Brazilian ninth digit) and its LID ID',
	properties: [
		{
			displayName: 'Phones',
			name: 'phones',
			type: 'string',
			required: true,
			default: '',
			placeholder: '5511999999999, 5521988887777',
			description:
				'One phone or several separated by commas, or an expression returning a list. Each with country code (+55 (11) 99999-9999 is accepted).',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const phones = parsePhoneList(this.getNodeParameter('phones', itemIndex));
		if (phones.length === 1) {
			const [phone] = phones;
			const response = await zApiRequest.call(this, { method: 'GET', path: `/phone-exists/${encodeURIComponent(phone)}`, itemIndex });
			// Shown as an object in the table and wrapped in a list in the example: both are read.
			const record = firstRecord(response);
			return [checked(phone, record.phone, record)];
		}
		const results: IDataObject[] = [];
		for (let start = 0; start < phones.length; start += BATCH_LIMIT) {
			const batch = phones.slice(start, start + BATCH_LIMIT);
			// A read sent as POST (docs/contacts/get-iswhatsapp-batch.md): safe to send again.
			const response = await zApiRequest.call(this, {
				method: 'POST',
				path: '/phone-exists-batch',
				body: { phones: batch },
				itemIndex,
				repeatable: true,
			});
			if (!Array.isArray(response)) {
				throw new NodeOperationError(this.getNode(), 'Z-API did not return a list of checked phones', {
					itemIndex,
					description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. Check that the instance is connected.`,
				});
			}
			const byInput = new Map((response as IDataObject[]).map((record) => [String(record?.inputPhone ?? ''), record ?? {}]));
			// One item per phone asked, in the order given, even if the response skips or reorders some.
			for (const phone of batch) {
				const record = byInput.get(phone) ?? {};
				results.push(checked(phone, record.outputPhone, record));
			}
		}
		return results;
	},
};

function checked(phone: string, registeredPhone: unknown, record: IDataObject): IDataObject {
	const exists = flagOf(record.exists) ?? false;
	return {
		phone,
		exists,
		registeredPhone: exists && typeof registeredPhone === 'string' && registeredPhone ? registeredPhone : null,
		lid: exists && typeof record.lid === 'string' && record.lid ? record.lid : null,
	};
}
