import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, INodeProperties } from 'n8n-workflow';

import { normalizeGroupId, parsePhoneList } from '../../../shared/input';
import { type Expectation, notConfirmedError, requireAccepted, zApiRequest } from '../../../shared/transport';
import { parameterValue } from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';

export const groupIdProperty: INodeProperties = {
	displayName: 'Group ID',
	name: 'groupId',
	type: 'string',
	required: true,
	default: '',
	placeholder: '120363019502650977-group',
	description:
		"The group, as 120363019502650977-group (groups created since November 2021) or 5511999999999-1623281429 (older groups). The Z-API Trigger's group events carry it in 'phone'.",
};

export const phonesProperty: INodeProperties = {
	displayName: 'Phones',
	name: 'phones',
	type: 'string',
	required: true,
	default: '',
	placeholder: '5511999999999, 5511888888888',
	description:
		'One or more phones with country code, separated by commas, or an expression returning a list (for example a list field of the input item). LID IDs (…@lid) are accepted as they are.',
};

export function readGroupId(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): string {
	return normalizeGroupId(parameterValue.call(this, itemIndex, 'groupId', read));
}

export function readPhones(this: IExecuteFunctions, itemIndex: number): string[] {
	return parsePhoneList(this.getNodeParameter('phones', itemIndex));
}

/** Why any group call can be refused, whatever the operation: said before its own hint. */
const GROUP_HINT = "The group may not exist (check the Group ID), or the instance's phone may not be in it.";

/**
 * POSTs a group call. The service confirms a change with {value: true}: anything else fails
 * the item with `tried` and `hint` in the message (see the transport's refusal.ts).
 */
export async function groupCall(
	this: IExecuteFunctions,
	itemIndex: number,
	call: { endpoint: string; body: IDataObject; tried: string; hint: string },
): Promise<void> {
	const response = await zApiRequest.call(this, { method: 'POST', path: call.endpoint, body: call.body, itemIndex });
	requireAccepted(this.getNode(), response, 'confirmation', { tried: call.tried, hint: `${GROUP_HINT} ${call.hint}`, itemIndex });
}

/**
 * Calls of the Group resource whose responses carry data (a new group, metadata, a link),
 * where groupCall's {value: true} confirmation does not fit.
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

/** An operation that POSTs {groupId, phones} and is confirmed by {value: true}. */
export interface ParticipantChange {
	value: string;
	name: string;
	action: string;
	description: string;
	/** What the Phones parameter holds, in a few words: 'Participants to remove.' */
	phonesAre: string;
	endpoint: string;
	/** What was tried, for the error message, from the phones and the group. */
	tried: (phones: string, groupId: string) => string;
	hint: string;
}

/** Remove, demote, approve and reject differ only in their endpoint and words. */
export function participantChange(change: ParticipantChange): ZApiOperation {
	return {
		value: change.value,
		name: change.name,
		action: change.action,
		description: change.description,
		orderedBy: 'groupId',
		properties: [groupIdProperty, { ...phonesProperty, description: `${change.phonesAre} ${phonesProperty.description}` }],
		async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
			const groupId = readGroupId.call(this, itemIndex, read);
			const phones = readPhones.call(this, itemIndex);
			await groupCall.call(this, itemIndex, {
				endpoint: change.endpoint,
				body: { groupId, phones },
				tried: change.tried(phones.join(', '), groupId),
				hint: change.hint,
			});
			return [{ success: true, groupId, phones }];
		},
	};
}
