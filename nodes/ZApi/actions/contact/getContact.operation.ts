import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { firstRecord, zApiRequest } from '../../../shared/transport';
import { CONTACT, outputRecords, withSimplify } from '../outputs';
import type { ItemRead, ZApiOperation } from '../types';
import { contactPhoneProperty, readContactPhone } from './helpers';

export const getContact: ZApiOperation = {
	value: 'getContact',
	name: 'Get',
	action: 'Get a contact',
	description: "Read one contact: saved name, WhatsApp name, about text and profile picture address",
	orderedBy: 'phone',
	properties: withSimplify([contactPhoneProperty]),
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readContactPhone.call(this, itemIndex, read);
		const response = await zApiRequest.call(this, { method: 'GET', path: `/contacts/${encodeURIComponent(phone)}`, itemIndex });
		return outputRecords.call(this, itemIndex, [{ phone, ...firstRecord(response) }], CONTACT);
	},
};
