import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import type { ItemRead, ZApiOperation } from '../types';
import { answeringPhoneProperty, readAnsweredChat } from '../answeredChat';
import { delayMessageOption, optionalFields, readOptions, replyToOption, requireText } from '../parameters';
import { sendMessage } from './helpers';

/** A coordinate within its range, sent as the string the service documents. */
function coordinate(raw: unknown, field: string, limit: number): string {
	const text = String(raw ?? '').trim().replace(',', '.');
	const value = Number(text);
	if (!text || !Number.isFinite(value) || Math.abs(value) > limit) {
		throw new InputError(
			`${field} must be a number from -${limit} to ${limit} (got ${JSON.stringify(raw)})`,
			'Give decimal degrees, for example -23.5613 and -46.6565 for São Paulo.',
		);
	}
	return text;
}

export const sendLocation: ZApiOperation = {
	value: 'sendLocation',
	name: 'Send Location',
	action: 'Send a location',
	description: 'Send a place on the map: name, address and coordinates',
	orderedBy: 'phone',
	answersChat: true,
	properties: [
		answeringPhoneProperty,
		{ displayName: 'Place Name', name: 'title', type: 'string', required: true, default: '', placeholder: 'Paulista Avenue', description: 'Name of the place' },
		{ displayName: 'Address', name: 'address', type: 'string', required: true, default: '', placeholder: 'Av. Paulista, 1578, Bela Vista, São Paulo, SP, 01310-200', description: 'Street, number, district, city, state, postcode, separated by commas' },
		{ displayName: 'Latitude', name: 'latitude', type: 'string', required: true, default: '', placeholder: '-23.5613', description: 'Decimal degrees, -90 to 90' },
		{ displayName: 'Longitude', name: 'longitude', type: 'string', required: true, default: '', placeholder: '-46.6565', description: 'Decimal degrees, -180 to 180' },
		optionsProperty([delayMessageOption, replyToOption]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readAnsweredChat.call(this, itemIndex, read);
		const body: IDataObject = {
			phone,
			title: requireText(this.getNodeParameter('title', itemIndex), 'Place Name', 'Name the place, for example the shop or the street.'),
			address: requireText(this.getNodeParameter('address', itemIndex), 'Address', 'Give the street address shown under the map.'),
			latitude: coordinate(this.getNodeParameter('latitude', itemIndex), 'Latitude', 90),
			longitude: coordinate(this.getNodeParameter('longitude', itemIndex), 'Longitude', 180),
			...optionalFields(readOptions.call(this, itemIndex)),
		};
		return await sendMessage.call(this, itemIndex, { path: '/send-location', body, phone, tried: `send a location to ${phone}` });
	},
};
