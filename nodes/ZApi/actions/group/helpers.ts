import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, INodeProperties } from 'n8n-workflow';

import { InputError, normalizeGroupId, parsePhoneList } from '../../../shared/input';
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
	await confirmedCall.call(this, itemIndex, { ...call, hint: `${GROUP_HINT} ${call.hint}` });
}

/** POSTs a change the service confirms with {value: true} (or success); anything else fails the item with `tried` and `hint`. */
export async function confirmedCall(
	this: IExecuteFunctions,
	itemIndex: number,
	call: { endpoint: string; body: IDataObject; tried: string; hint: string },
): Promise<void> {
	const response = await zApiRequest.call(this, { method: 'POST', path: call.endpoint, body: call.body, itemIndex });
	requireAccepted(this.getNode(), response, 'confirmation', { tried: call.tried, hint: call.hint, itemIndex });
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

/**
 * What a member change acts on: a group, or a community. The community pages use the same
 * endpoints with `communityId` in the body instead of `groupId`
 * (docs/communities/add-community-participant.md, remove-participant.md,
 * add-community-admin.md, remove-admin.md).
 */
export interface MemberTarget {
	/** The parameter and the body field naming it. */
	key: 'groupId' | 'communityId';
	property: INodeProperties;
	read(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): string;
	/** Why any call can be refused, whatever the operation: said before its own hint. */
	hint: string;
	/** The parameter items are ordered by; absent: one by one. */
	orderedBy?: string;
}

export const GROUP_TARGET: MemberTarget = { key: 'groupId', property: groupIdProperty, read: readGroupId, hint: GROUP_HINT, orderedBy: 'groupId' };

/** Add Participants' and Add Members' choice: the pages list autoInvite as required, so it is always sent. */
export const autoInviteProperty: INodeProperties = {
	displayName: 'Send Invite Link If Needed',
	name: 'autoInvite',
	type: 'boolean',
	default: false,
	description: 'Whether Z-API should send a private invite link to the phones whose privacy settings do not allow adding them directly',
};

/** An operation that POSTs {groupId or communityId, phones} and is confirmed by {value: true}. */
export interface ParticipantChange {
	value: string;
	name: string;
	action: string;
	description: string;
	/** What the Phones parameter holds, in a few words: 'Participants to remove.' */
	phonesAre: string;
	endpoint: string;
	/** What was tried, for the error message, from the phones and the group or community. */
	tried: (phones: string, id: string) => string;
	hint: string;
	/** A group by default. */
	target?: MemberTarget;
	/** Parameters after Phones, and the body fields read from them (Add: autoInvite). */
	properties?: INodeProperties[];
	fields?: (this: IExecuteFunctions, itemIndex: number) => IDataObject;
}

/** Remove, demote, approve and reject (and the community's member changes) differ only in their endpoint, target and words. */
export function participantChange(change: ParticipantChange): ZApiOperation {
	const target = change.target ?? GROUP_TARGET;
	return {
		value: change.value,
		name: change.name,
		action: change.action,
		description: change.description,
		...(target.orderedBy ? { orderedBy: target.orderedBy } : {}),
		properties: [target.property, { ...phonesProperty, description: `${change.phonesAre} ${phonesProperty.description}` }, ...(change.properties ?? [])],
		async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
			const id = target.read.call(this, itemIndex, read);
			const phones = readPhones.call(this, itemIndex);
			const fields = change.fields?.call(this, itemIndex) ?? {};
			await confirmedCall.call(this, itemIndex, {
				endpoint: change.endpoint,
				body: { ...fields, [target.key]: id, phones },
				tried: change.tried(phones.join(', '), id),
				hint: `${target.hint} ${change.hint}`,
			});
			return [{ success: true, [target.key]: id, phones }];
		},
	};
}

/** A group's invite link: Accept Invite and Preview Invite Link. */
export const inviteLinkProperty: INodeProperties = {
	displayName: 'Invite Link',
	name: 'inviteLink',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'https://chat.whatsapp.com/AbCdEfGhIjK1234567890',
	description: "The group's invite link, a text containing one (for example the text of a received message), or the code after chat.whatsapp.com/",
};

const INVITE_LINK = /https?:\/\/chat\.whatsapp\.com\/(?:invite\/)?([A-Za-z0-9]{10,})/i;
const INVITE_CODE = /^[A-Za-z0-9]{10,}$/;

/**
 * The invite link in what the user gave: a link, a text holding one (a received message) or
 * the code alone, always sent as https://chat.whatsapp.com/<code>.
 */
export function readInviteLink(raw: unknown): string {
	const text = String(raw ?? '').trim();
	const code = INVITE_LINK.exec(text)?.[1] ?? (INVITE_CODE.test(text) ? text : undefined);
	if (!code) {
		throw new InputError(
			text ? 'Invite Link holds no WhatsApp group invite link' : 'Invite Link is empty',
			"Give a link such as https://chat.whatsapp.com/AbCdEfGhIjK1234567890, a text containing one (for example a received message's text), or the code after chat.whatsapp.com/.",
		);
	}
	return `https://chat.whatsapp.com/${code}`;
}
