import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { firstRecord, zApiRequest } from '../../../shared/transport';
import type { ItemRead, ZApiOperation } from '../types';
import { contactPhoneProperty, readContactPhone } from './helpers';

export const getProfilePicture: ZApiOperation = {
	value: 'getProfilePicture',
	name: 'Get Profile Picture',
	action: 'Get a profile picture',
	description: "Get a fresh address of a contact's profile picture (WhatsApp deletes these after 48 hours); photo is null when there is none to see",
	orderedBy: 'phone',
	properties: [contactPhoneProperty],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readContactPhone.call(this, itemIndex, read);
		const response = await zApiRequest.call(this, { method: 'GET', path: '/profile-picture', qs: { phone }, itemIndex });
		// The table shows {link}, the example [{link}]: both are read.
		const link = firstRecord(response).link;
		// `photo`, the word of every other output for a profile picture's address.
		return [{ phone, photo: typeof link === 'string' && link ? link : null }];
	},
};
