import type { IDataObject, IExecuteFunctions, IHttpRequestMethods } from 'n8n-workflow';

import { notConfirmedError, requireAccepted, zApiRequest, type Expectation } from '../../../shared/transport';

/**
 * Calls of the Group resource whose responses carry data (a new group, metadata, a link),
 * where groupCall.ts's {value: true} confirmation does not fit.
 */
export interface GroupRead {
	method: IHttpRequestMethods;
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	/** What was tried, for the error message: 'read the invite link of group …'. */
	tried: string;
	/** What to check when Z-API says no. */
	hint: string;
	/** What a 200 response must show; by default only no explicit refusal (refusal.ts). */
	expect?: Expectation;
}

/**
 * Makes the call and returns its response; a 200 response that is a refusal (refusal.ts)
 * fails the item with `tried` and `hint`.
 */
export async function groupRead(this: IExecuteFunctions, itemIndex: number, call: GroupRead): Promise<unknown> {
	const { method, path, qs, body, tried, hint, expect = 'noRefusal' } = call;
	const response = await zApiRequest.call(this, { method, path, qs, body, itemIndex });
	requireAccepted(this.getNode(), response, expect, { tried, hint, itemIndex });
	return response;
}

const asRecord = (value: unknown) =>
	value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : undefined;

/**
 * Like groupRead, for an response that must be an object holding a text `field`. The pages
 * show an object where a sample shows a one-element list: both are read.
 */
export async function groupReadField(
	this: IExecuteFunctions,
	itemIndex: number,
	call: GroupRead & { field: string },
): Promise<{ response: IDataObject; value: string }> {
	const raw = await groupRead.call(this, itemIndex, call);
	const response = asRecord(Array.isArray(raw) && raw.length === 1 ? raw[0] : raw) ?? {};
	const value = response[call.field];
	if (typeof value !== 'string' || !value.trim()) {
		throw notConfirmedError(this.getNode(), call.tried, raw, call.hint, itemIndex);
	}
	return { response, value: value.trim() };
}

/** The group id as it goes into a path. */
export const groupPath = (prefix: string, groupId: string) => `${prefix}/${encodeURIComponent(groupId)}`;

export const INVITE_LINK_HINT =
	"The instance's phone must be an admin of the group to read or reset its invite link. Check the group ID.";
