import type { IDataObject, IExecuteFunctions, IHttpRequestMethods } from 'n8n-workflow';

import { notConfirmedError, zApiRequest } from '../../../shared/transport';

/**
 * Calls of the Group resource whose answers carry data (a new group, metadata, a link),
 * where the contract's {value: true} check of groupCall.ts does not fit.
 */
export interface GroupRead {
	method: IHttpRequestMethods;
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	/** What was tried, for the error message: 'read the invite link of group …'. */
	action: string;
	/** What to check when Z-API says no. */
	hint: string;
}

const isFalse = (value: unknown) => value === false || value === 'false';

/**
 * Makes the call and returns its answer; a 200 answer that still says no ({value: false},
 * {success: false} or an `error`) fails the item with `action` and `hint`.
 */
export async function groupRead(this: IExecuteFunctions, itemIndex: number, call: GroupRead): Promise<unknown> {
	const answer = await zApiRequest.call(this, { ...call, itemIndex });
	const record = asRecord(answer);
	if (record && (isFalse(record.value) || isFalse(record.success) || Boolean(record.error))) {
		throw notConfirmedError(this.getNode(), call.action, answer, call.hint, itemIndex);
	}
	return answer;
}

const asRecord = (value: unknown) =>
	value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : undefined;

/**
 * Like groupRead, for an answer that must be an object holding a text `field`. The pages
 * show an object where a sample shows a one-element list: both are read.
 */
export async function groupReadField(
	this: IExecuteFunctions,
	itemIndex: number,
	call: GroupRead & { field: string },
): Promise<{ answer: IDataObject; value: string }> {
	const raw = await groupRead.call(this, itemIndex, call);
	const answer = asRecord(Array.isArray(raw) && raw.length === 1 ? raw[0] : raw) ?? {};
	const value = answer[call.field];
	if (typeof value !== 'string' || !value.trim()) {
		throw notConfirmedError(this.getNode(), call.action, raw, call.hint, itemIndex);
	}
	return { answer, value: value.trim() };
}

/** true/false as the pages type them, or as strings and 0/1 as their examples show them. */
export function asBoolean(value: unknown): unknown {
	if (value === true || value === 'true' || value === 1 || value === '1') return true;
	if (value === false || value === 'false' || value === 0 || value === '0') return false;
	return value;
}

/** The group id as it goes into a path. */
export const groupPath = (prefix: string, groupId: string) => `${prefix}/${encodeURIComponent(groupId)}`;

export const INVITE_LINK_HINT =
	"The instance's phone must be an admin of the group to read or reset its invite link. Check the group ID.";
