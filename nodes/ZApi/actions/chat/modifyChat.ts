import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { normalizeChatId } from '../../../shared/input';
import { zApiRequest } from '../../../shared/transport';
import { requireConfirmed } from '../answers';
import { phoneProperty } from '../message/send';
import type { ZApiOperation } from '../types';

/** The chat an operation acts on; the Z-API Trigger's `phone` maps straight in. */
export const chatProperty: INodeProperties = {
	...phoneProperty,
	description:
		"The chat: a phone with country code (5511999999999; +55 (11) 99999-9999 is accepted), a group ID (120363019502650977-group) or a LID ID (…@lid). For a Z-API Trigger item, its 'phone' field.",
};

export function readChat(this: IExecuteFunctions, itemIndex: number): string {
	return normalizeChatId(this.getNodeParameter('phone', itemIndex));
}

/** The `action` values of POST /modify-chat this node uses. */
export type ChatAction = 'read' | 'unread' | 'archive' | 'unarchive' | 'pin' | 'unpin' | 'mute' | 'unmute' | 'clear' | 'delete';

export interface ChatChange extends Omit<ZApiOperation, 'properties' | 'execute'> {
	chatAction: ChatAction;
	/** What was tried, for the error message: 'pin the chat'. */
	tried: string;
}

/**
 * One POST /modify-chat operation. The service answers {value: boolean}; false means the
 * change did not happen (a chat not in the instance's list, say), so the item fails.
 */
export function chatChange(change: ChatChange): ZApiOperation & Pick<ChatChange, 'chatAction'> {
	const { chatAction, tried, ...listed } = change;
	return {
		...listed,
		chatAction,
		properties: [chatProperty],
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
			const phone = readChat.call(this, itemIndex);
			// `phone` is typed integer in the tables and a string in every example: sent as a string.
			const answer = await zApiRequest.call(this, { method: 'POST', path: '/modify-chat', body: { phone, action: chatAction }, itemIndex });
			requireConfirmed.call(this, answer, `${tried} ${phone}`, "Check that the chat is in the instance's chat list (Chat → Get Many) and that the instance is connected.", itemIndex);
			return [{ success: true, phone, action: chatAction }];
		},
	};
}
