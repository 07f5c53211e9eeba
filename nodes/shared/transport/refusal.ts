import type { IDataObject, INode } from 'n8n-workflow';

import { flagOf } from '../delivery/readers';
import { notConfirmedError } from './errors';

/*
 * Z-API says no inside some 200 responses. One policy for every call:
 * - the record read is the response itself, or the first object of a list (some docs pages
 *   show a response wrapped so, e.g. docs/contacts/get-profile-picture.md);
 * - an explicit no refuses: `value` or `success` false (as a boolean or a string, as the
 *   docs' examples vary: flagOf), or any non-empty `error`;
 * - a call whose docs give {value: true} as its only success (docs/chats/pin-chat.md,
 *   docs/contacts/block-contact.md, the group changes) also refuses a response that does not say yes in `value` or `success`.
 */

/** What a 200 response must show: a yes (`confirmation`), or only no explicit no (`noRefusal`). */
export type Expectation = 'confirmation' | 'noRefusal';

/** The response's record: an object, or the first object of a list; {} otherwise. */
export function firstRecord(response: unknown): IDataObject {
	const record = Array.isArray(response) ? response[0] : response;
	return record && typeof record === 'object' && !Array.isArray(record) ? (record as IDataObject) : {};
}

/** Whether a 200 response says the call did not happen, by the policy above. */
export function isRefusal(response: unknown, expect: Expectation): boolean {
	const record = firstRecord(response);
	const error = record.error;
	if (flagOf(record.value) === false || flagOf(record.success) === false) return true;
	if (error !== undefined && error !== null && error !== false && error !== '') return true;
	return expect === 'confirmation' && flagOf(record.value) !== true && flagOf(record.success) !== true;
}

export interface RefusalReport {
	/** What was tried, completing "Z-API could not …": 'pin the chat 5511999999999'. */
	tried: string;
	/** What the user checks or does next. */
	hint: string;
	itemIndex?: number;
}

/** Fails with what was tried and the hint when the response is a refusal (isRefusal). */
export function requireAccepted(node: INode, response: unknown, expect: Expectation, report: RefusalReport): void {
	if (isRefusal(response, expect)) throw notConfirmedError(node, report.tried, response, report.hint, report.itemIndex);
}
