import type { IDataObject, IExecuteFunctions, IHttpRequestMethods } from 'n8n-workflow';

import { requireAccepted, zApiRequest } from '../../../shared/transport';

export interface SendCall {
	method?: IHttpRequestMethods;
	path: string;
	body?: IDataObject;
	qs?: IDataObject;
	/** What was tried, for the error message: 'send a text to 5511999999999'. */
	tried: string;
	hint?: string;
}

const DEFAULT_HINT =
	'Check that the instance is connected (its phone online) and that the phone is a WhatsApp number. Buttons and lists depend on the WhatsApp account: see the Z-API docs on button status.';

/** Makes one call and fails the item when the response says it did not happen. */
export async function callService(this: IExecuteFunctions, itemIndex: number, call: SendCall): Promise<IDataObject> {
	const response = await zApiRequest.call(this, {
		method: call.method ?? 'POST',
		path: call.path,
		body: call.body,
		qs: call.qs,
		itemIndex,
	});
	requireAccepted(this.getNode(), response, 'noRefusal', { tried: call.tried, hint: call.hint ?? DEFAULT_HINT, itemIndex });
	return response && typeof response === 'object' && !Array.isArray(response) ? (response as IDataObject) : {};
}

/**
 * Sends one message. The output is the service's response plus the chat, with `messageId`
 * read from `messageId` or, where a page only shows it, `id`: what the next node needs to
 * reply, react, edit or delete. `id` itself is left out: the pages call it a copy of
 * messageId kept for Zapier (docs/message/send-message-text.md), and `messageId` is the
 * word of the trigger's items and of this node's parameters.
 */
export async function sendMessage(this: IExecuteFunctions, itemIndex: number, call: SendCall & { phone: string }): Promise<IDataObject[]> {
	const { id, ...response } = await callService.call(this, itemIndex, call);
	const messageId = response.messageId ?? id;
	return [{ ...response, phone: call.phone, ...(messageId !== undefined ? { messageId } : {}) }];
}
