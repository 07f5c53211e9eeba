import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { normalizePhone } from '../../../shared/input';
import { callService, sendMessage } from '../message/send';
import { parameterValue, phoneProperty, readMessageId, requireText } from '../parameters';
import type { ItemRead } from '../types';

const STATUS_HINT = 'Check that the instance is connected (its phone online). Statuses are seen by the contacts who have your number saved.';

/** Posts to the instance's own status: no chat, the response ({zaapId, messageId}) is the output. */
export async function postStatus(this: IExecuteFunctions, itemIndex: number, call: { path: string; body: IDataObject; tried: string }): Promise<IDataObject[]> {
	const response = await callService.call(this, itemIndex, { path: call.path, body: call.body, tried: call.tried, hint: STATUS_HINT });
	const messageId = response.messageId ?? response.id;
	return [{ ...response, ...(messageId !== undefined ? { messageId } : {}) }];
}

/** Whose status is replied to: a person, never a group (docs/status/reply-status-text.md). */
export const statusPhoneProperty: INodeProperties = {
	...phoneProperty,
	displayName: 'Phone',
	description:
		"Who posted the status: a phone with country code (5511999999999; +55 (11) 99999-9999 is accepted). For a Z-API Trigger item of a status, its 'participantPhone' or 'phone' field.",
};

/** The text of a status or of a reply to one. */
export const statusTextProperty: INodeProperties = {
	displayName: 'Text',
	name: 'message',
	type: 'string',
	typeOptions: { rows: 2 },
	required: true,
	default: '',
	description: 'What the status says',
};

export function readStatusText(this: IExecuteFunctions, itemIndex: number): string {
	return requireText(this.getNodeParameter('message', itemIndex), 'Text', 'Give the text to send, or map it from the input item.');
}

export const statusMessageIdProperty: INodeProperties = {
	displayName: 'Status Message ID',
	name: 'statusMessageId',
	type: 'string',
	required: true,
	default: '',
	placeholder: '1F606398F2ECAA4846269F659B6003A9',
	description: "The status replied to: 'messageId' of the Z-API Trigger item that delivered it",
};

/** Sends a reply to a status; the output is the response plus the phone, as every send's. */
export async function replyToStatus(
	this: IExecuteFunctions,
	itemIndex: number,
	call: { path: string; fields: (this: IExecuteFunctions) => Promise<IDataObject> | IDataObject; what: string },
	read?: ItemRead,
): Promise<IDataObject[]> {
	const phone = normalizePhone(parameterValue.call(this, itemIndex, 'phone', read));
	const statusMessageId = readMessageId.call(this, itemIndex, 'statusMessageId', 'Status Message ID');
	const fields = await call.fields.call(this);
	return await sendMessage.call(this, itemIndex, {
		path: call.path,
		body: { phone, ...fields, statusMessageId },
		phone,
		tried: `reply with ${call.what} to a status of ${phone}`,
		hint: 'Check that the instance is connected and that the status is still up (statuses disappear after 24 hours).',
	});
}
