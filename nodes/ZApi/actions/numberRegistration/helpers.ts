import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { InputError } from '../../../shared/input';

/*
 * Registering a number on a Z-API "mobile" instance (docs/mobile/introduction.md): the
 * instance becomes the number's primary device, as a phone is, instead of a device linked by
 * QR code. The steps, in order: Check Registration Availability, Request Registration Code,
 * Respond to Captcha when the request answers one, Confirm Registration Code, then Confirm
 * Two-Step PIN when the account has one. A banned number asks for a review with Request
 * Unbanning.
 */

export const REGISTRATION_HINT =
	'These calls work only on a Z-API mobile instance (created as mobile in the Z-API panel), where the number is registered on the instance itself. Follow the steps in order: Check Registration Availability, Request Registration Code, Confirm Registration Code.';

/** The country code and the number without it, as the pages take them (registration-available.md, request-code.md). */
export const ddiProperty: INodeProperties = {
	displayName: 'Country Code',
	name: 'ddi',
	type: 'string',
	required: true,
	default: '',
	placeholder: '55',
	description: 'The country calling code of the number, digits only (55 for Brazil, 1 for the USA)',
};

export const nationalPhoneProperty: INodeProperties = {
	displayName: 'Phone (Without Country Code)',
	name: 'phone',
	type: 'string',
	required: true,
	default: '',
	placeholder: '4499999999',
	description: 'The number to register with its area code and without the country code, e.g. 4499999999. Request Registration Code takes the same number Check Registration Availability checked.',
};

const PUNCTUATION = /[\s().-]/g;

/** The country code: one to three digits, a leading + dropped. */
export function readDdi(raw: unknown): string {
	const text = String(raw ?? '').trim();
	const hint = 'Give the country calling code in digits: 55 for Brazil, 1 for the USA, 351 for Portugal.';
	if (!text) throw new InputError('Country Code is empty', hint);
	const digits = text.replace(/^\+/, '');
	if (!/^[1-9]\d{0,2}$/.test(digits)) throw new InputError(`Country Code '${text}' is not a country calling code`, hint);
	return digits;
}

/**
 * The number without its country code, digits only ('(44) 99999-9999' -> '4499999999'). With
 * the country code it makes at most 15 digits (E.164); a Brazilian number has its two-digit
 * area code and 8 or 9 digits.
 */
export function readNationalPhone(raw: unknown, ddi: string): string {
	const text = String(raw ?? '').trim();
	const hint = `Give the number with its area code and without the country code ${ddi}, for example 4499999999 for +55 (44) 9999-9999.`;
	if (!text) throw new InputError('Phone is empty', hint);
	if (/[^\d\s().-]/.test(text)) throw new InputError(`Phone '${text}' is not a phone number`, `${hint} A + sign or country code goes in Country Code.`);
	const digits = text.replace(PUNCTUATION, '');
	if (ddi === '55' && (digits.length < 10 || digits.length > 11)) {
		throw new InputError(`Phone '${text}' has ${digits.length} digits; a Brazilian number has 10 or 11 (area code and number)`, hint);
	}
	if (digits.length < 4) throw new InputError(`Phone '${text}' has ${digits.length} digits, too few for a number with its area code`, hint);
	if (ddi.length + digits.length > 15) {
		throw new InputError(`Phone '${text}' has ${digits.length} digits; with country code ${ddi} a number has at most ${15 - ddi.length}`, hint);
	}
	return digits;
}

export function readNumber(this: IExecuteFunctions, itemIndex: number): { ddi: string; phone: string } {
	const ddi = readDdi(this.getNodeParameter('ddi', itemIndex));
	return { ddi, phone: readNationalPhone(this.getNodeParameter('phone', itemIndex), ddi) };
}
