import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { normalizeGroupId, parsePhoneList } from '../../../shared/input';
import { requireAccepted, zApiRequest } from '../../../shared/transport';
import { parameterValue } from '../parameters';
import type { ItemRead } from '../types';

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
