import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, INodeProperties } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { firstRecord, requireAccepted, zApiRequest } from '../../../shared/transport';
import type { Expectation } from '../../../shared/transport';

/*
 * The security settings of a WhatsApp account registered on a Z-API "mobile" instance
 * (docs/mobile/*.md): a mobile instance is the number's primary device, as a phone is, so it
 * holds the account's email and two-step verification PIN. Each page warns that these calls
 * work on mobile instances only (docs/mobile/get-account-email.md).
 */

export const MOBILE_HINT =
	'These calls work only on a Z-API mobile instance: a number registered on the instance itself with Number Registration, not one linked by QR code. Check that the instance is a mobile one and that its number is connected.';

/** The digits of WhatsApp's two-step verification PIN (six, as the app asks them). */
const PIN_LENGTH = 6;

/**
 * A two-step verification PIN: exactly six digits. The PIN never appears in an error: a
 * message says what is wrong with it, not what it is.
 */
export function readPin(raw: unknown, field: string): string {
	const text = String(raw ?? '').trim();
	const hint = `Type the ${PIN_LENGTH}-digit PIN of WhatsApp's two-step verification, digits only. A PIN mapped from a number loses its leading zeros: map it as text.`;
	if (!text) throw new InputError(`${field} is empty`, hint);
	if (!/^\d+$/.test(text)) throw new InputError(`${field} must hold digits only`, hint);
	if (text.length !== PIN_LENGTH) throw new InputError(`${field} must be ${PIN_LENGTH} digits (it has ${text.length})`, hint);
	return text;
}

/**
 * A one-time code WhatsApp sent (by SMS, call or email): six digits, written with a space or
 * a hyphen in the middle or not ("123-456", as the SMS shows it, becomes "123456"). Not
 * repeated in an error either.
 */
export function readSixDigitCode(raw: unknown, field: string, hint: string): string {
	const text = String(raw ?? '').trim();
	if (!text) throw new InputError(`${field} is empty`, hint);
	const digits = text.replace(/[\s-]/g, '');
	if (!/^\d+$/.test(digits)) throw new InputError(`${field} must hold digits only`, hint);
	if (digits.length !== 6) throw new InputError(`${field} must be 6 digits (it has ${digits.length})`, hint);
	return digits;
}

/** A PIN parameter: hidden as it is typed, as a password is. */
export function pinProperty(name: string, displayName: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		placeholder: '123456',
		description,
	};
}

/**
 * One call of a mobile instance, failed by the refusal policy (refusal.ts) with what was
 * tried and the hint. `secrets` are codes the user typed: redacted from the answer and from
 * any error, should the service echo them.
 */
export async function mobileCall(
	this: IExecuteFunctions,
	itemIndex: number,
	call: {
		method: IHttpRequestMethods;
		path: string;
		body?: IDataObject;
		secrets?: string[];
		/** A POST that only reads, safe to send again after a dropped connection (see ZApiCall). */
		repeatable?: boolean;
		tried: string;
		expect: Expectation;
		hint?: string;
	},
): Promise<IDataObject> {
	// A page with no body (remove-account-email.md, remove-security-code.md,
	// forgot-security-code.md): {} goes, which n8n sends empty with the JSON Content-Type.
	const body = call.method === 'GET' ? undefined : (call.body ?? {});
	const response = await zApiRequest.call(this, { method: call.method, path: call.path, body, secrets: call.secrets, repeatable: call.repeatable, itemIndex });
	requireAccepted(this.getNode(), response, call.expect, { tried: call.tried, hint: call.hint ?? MOBILE_HINT, itemIndex });
	return firstRecord(response);
}
