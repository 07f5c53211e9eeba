import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireAccepted, zApiRequest } from '../../../shared/transport';
import { chatProperty, readChat } from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';

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
		orderedBy: 'phone',
		properties: [chatProperty],
		async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
			const phone = readChat.call(this, itemIndex, read);
			// `phone` is typed integer in the tables and a string in every example: sent as a string.
			const response = await zApiRequest.call(this, { method: 'POST', path: '/modify-chat', body: { phone, action: chatAction }, itemIndex });
			requireAccepted(this.getNode(), response, 'confirmation', {
				tried: `${tried} ${phone}`,
				hint: "Check that the chat is in the instance's chat list (Chat → Get Many) and that the instance is connected.",
				itemIndex,
			});
			return [{ success: true, phone, action: chatAction }];
		},
	};
}

/**
 * The paths of one chat's metadata. docs/chats/get-metadata-chat.md gives /chats/{phone} in its URL
 * line, /chat/{phone} in its heading (and the English page's sample): the plural is asked
 * first, the singular on a 404 (a GET, safe to ask again).
 */
export function chatPaths(phone: string): readonly [string, string] {
	const segment = encodeURIComponent(phone);
	return [`/chats/${segment}`, `/chat/${segment}`];
}
