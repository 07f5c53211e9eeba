import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isGroupId } from '../../../shared/input';
import { zApiRequest } from '../../../shared/transport';
import { phoneProperty, readChat } from '../parameters';
import { pageSizeOption, pagingProperties, readLimit, readPageSize } from '../paging';
import { messageShaper, outputRecords, withSimplify } from '../outputs';
import type { ItemRead, ZApiOperation } from '../types';

const RECOMMENDED_PAGE_SIZE = 10;

/**
 * docs/chats/get-message-chats.md: the page is left out of the docs' menu (commented out in
 * sidebars.js), says the call is not available on multi-device instances, and lists
 * lastMessageId as required. Said in the editor, before a run comes back empty.
 */
const getMessagesNotice: INodeProperties = {
	displayName:
		"Z-API keeps this call's page out of its docs' menu and says it is not available on multi-device instances, where Z-API stores no messages: there, read messages as they arrive with the Z-API Trigger. The page lists the last message ID as required; the first request goes without one, as there is none before the first page.",
	name: 'getMessagesNotice',
	type: 'notice',
	default: '',
	description: 'Where Get Messages works',
};

/**
 * Reads a chat page by page with `amount` and `lastMessageId` in the query string. The
 * service documents neither the order of a page nor which message the cursor means, so the
 * loop defends itself: it stops on an empty page, a short page, a page with nothing new or
 * a cursor already used, and never returns a message twice.
 */
export const getMessages: ZApiOperation = {
	value: 'getMessages',
	name: 'Get Messages',
	action: 'Get chat messages',
	description:
		'Read the stored messages of one chat (a phone, a group or a LID ID), one output item per message, shaped as the Z-API Trigger shapes a received one. Not available on multi-device instances.',
	orderedBy: 'phone',
	properties: withSimplify([
		getMessagesNotice,
		{
			...phoneProperty,
			description:
				'The chat to read: a phone with country code (5511999999999; +55 (11) 99999-9999 is accepted), a group ID (120363019502650977-group or 5511999999999-1623281429) or a LID ID (…@lid)',
		},
		...pagingProperties(
			pageSizeOption(RECOMMENDED_PAGE_SIZE, 'How many messages to ask Z-API for per request. Z-API recommends 10.', 100),
			{
				displayName: 'Start After Message ID',
				name: 'lastMessageId',
				type: 'string',
				default: '',
				description:
					'ID of the last message you already fetched, to continue from there. Leave empty to start from the first page.',
			},
		),
	]),

	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const chatId = readChat.call(this, itemIndex, read);
		const limit = readLimit.call(this, itemIndex);
		const pageSize = readPageSize.call(this, itemIndex, RECOMMENDED_PAGE_SIZE);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		let cursor = String(options.lastMessageId ?? '').trim() || undefined;

		const messages: IDataObject[] = [];
		const seenIds = new Set<string>();
		const usedCursors = new Set<string>(cursor ? [cursor] : []);
		let pagesOverlap = false;

		while (messages.length < limit) {
			// Ask only for what the Limit still needs, unless pages have overlapped: then a short
			// ask could come back all seen and end the walk early, so full pages are asked for.
			const amount = pagesOverlap ? pageSize : Math.min(pageSize, limit - messages.length);
			const page = await zApiRequest.call(this, {
				method: 'GET',
				path: `/chat-messages/${encodeURIComponent(chatId)}`,
				// The first request has no cursor: the service lists it as required, but there
				// is nothing to put in it before the first page.
				qs: cursor ? { amount, lastMessageId: cursor } : { amount },
				itemIndex,
			});
			if (!Array.isArray(page)) {
				throw new NodeOperationError(this.getNode(), `Z-API did not return a list of messages for ${chatId}`, {
					itemIndex,
					description: `It answered ${JSON.stringify(page).slice(0, 200)}. Chat history is not available on multi-device instances, where Z-API stores no messages.`,
				});
			}
			let fresh = 0;
			for (const record of page as IDataObject[]) {
				const id = typeof record?.messageId === 'string' ? record.messageId : undefined;
				if (id !== undefined && seenIds.has(id)) {
					pagesOverlap = true;
					continue;
				}
				if (id !== undefined) seenIds.add(id);
				fresh++;
				if (messages.length < limit) messages.push(record);
			}
			const last = page[page.length - 1] as IDataObject | undefined;
			const next = typeof last?.messageId === 'string' ? last.messageId : undefined;
			if (page.length < amount || fresh === 0 || !next || usedCursors.has(next)) break;
			usedCursors.add(next);
			cursor = next;
		}

		if (!messages.length) {
			this.addExecutionHints?.({
				message: `Z-API returned no messages for ${chatId}. Multi-device instances store no chat history, so the listing is always empty there.`,
				location: 'outputPane',
			});
		}
		return outputRecords.call(this, itemIndex, messages, messageShaper(isGroupId(chatId)));
	},
};
