import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { zApiRequest } from '../../../shared/transport';
import { firstRecord } from '../answers';
import { CONTACT, outputRecords, withSimplify } from '../outputs';
import type { ZApiOperation } from '../types';
import { contactPhoneProperty, readContactPhone } from './contactPhone';

export const getContact: ZApiOperation = {
	value: 'getContact',
	name: 'Get',
	action: 'Get a contact',
	description: "Read one contact: saved name, WhatsApp name, about text and profile picture address",
	properties: withSimplify([contactPhoneProperty]),
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const phone = readContactPhone.call(this, itemIndex);
		const answer = await zApiRequest.call(this, { method: 'GET', path: `/contacts/${encodeURIComponent(phone)}`, itemIndex });
		return outputRecords.call(this, itemIndex, [{ phone, ...firstRecord(answer) }], CONTACT);
	},
};
