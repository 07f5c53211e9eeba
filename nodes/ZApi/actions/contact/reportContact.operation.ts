import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireAccepted, zApiRequest } from '../../../shared/transport';
import type { ItemRead, ZApiOperation } from '../types';
import { contactPhoneProperty, readContactPhone } from './helpers';

export const reportContact: ZApiOperation = {
	value: 'reportContact',
	name: 'Report',
	action: 'Report a contact to WhatsApp',
	description: 'Report a contact to WhatsApp as spam or abuse. It is not blocked: use Block for that.',
	orderedBy: 'phone',
	properties: [contactPhoneProperty],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readContactPhone.call(this, itemIndex, read);
		// docs/contacts/report-contact.md: the phone in the path and no body. n8n sends {} as an
		// empty body, with the JSON Content-Type the service wants on every POST.
		const response = await zApiRequest.call(this, { method: 'POST', path: `/contacts/${encodeURIComponent(phone)}/report`, body: {}, itemIndex });
		requireAccepted(this.getNode(), response, 'confirmation', {
			tried: `report ${phone}`,
			hint: 'Check that the phone is a WhatsApp number and that the instance is connected.',
			itemIndex,
		});
		return [{ success: true, phone, reported: true }];
	},
};
