import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InputError, normalizeChatId } from '../../../shared/input';
import { zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';

const RECOMMENDED_PAGE_SIZE = 10;

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
		'Read the stored messages of one chat (a phone, a group or a LID ID), one output item per message',
	properties: [
		{
			displayName: 'Phone or Group ID',
			name: 'phone',
			type: 'string',
			required: true,
			default: '',
			placeholder: '5511999999999',
			description:
				'The chat to read: a phone with country code (5511999999999; +55 (11) 99999-9999 is accepted), a group ID (120363019502650977-group or 5511999999999-1623281429) or a LID ID (…@lid)',
		},
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add option',
			default: {},
			options: [
				{
					displayName: 'Page Size',
					name: 'pageSize',
					type: 'number',
					typeOptions: { minValue: 1, maxValue: 100 },
					default: RECOMMENDED_PAGE_SIZE,
					description: 'How many messages to ask Z-API for per request. Z-API recommends 10.',
				},
				{
					displayName: 'Start After Message ID',
					name: 'lastMessageId',
					type: 'string',
					default: '',
					description:
						'ID of the last message you already fetched, to continue from there. Leave empty to start from the first page.',
				},
			],
		},
	],

	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const chatId = normalizeChatId(this.getNodeParameter('phone', itemIndex));
		const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
		const limit = returnAll ? Infinity : positiveInteger(this.getNodeParameter('limit', itemIndex, 50), 'Limit');
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const pageSize = positiveInteger(options.pageSize ?? RECOMMENDED_PAGE_SIZE, 'Page Size');
		let cursor = String(options.lastMessageId ?? '').trim() || undefined;

		const messages: IDataObject[] = [];
		const seenIds = new Set<string>();
		const usedCursors = new Set<string>(cursor ? [cursor] : []);

		while (messages.length < limit) {
			const page = await zApiRequest.call(this, {
				method: 'GET',
				path: `/chat-messages/${encodeURIComponent(chatId)}`,
				// The first request has no cursor: the service lists it as required, but there
				// is nothing to put in it before the first page.
				qs: cursor ? { amount: pageSize, lastMessageId: cursor } : { amount: pageSize },
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
				if (id !== undefined && seenIds.has(id)) continue;
				if (id !== undefined) seenIds.add(id);
				fresh++;
				if (messages.length < limit) messages.push(record);
			}
			const last = page[page.length - 1] as IDataObject | undefined;
			const next = typeof last?.messageId === 'string' ? last.messageId : undefined;
			if (page.length < pageSize || fresh === 0 || !next || usedCursors.has(next)) break;
			usedCursors.add(next);
			cursor = next;
		}

		if (!messages.length) {
			this.addExecutionHints?.({
				message: `Z-API returned no messages for ${chatId}. Multi-device instances store no chat history, so the listing is always empty there.`,
				location: 'outputPane',
			});
		}
		return messages;
	},
};

function positiveInteger(value: unknown, field: string): number {
	const number = Number(value);
	if (!Number.isInteger(number) || number < 1) {
		throw new InputError(`${field} must be a whole number of 1 or more (got ${String(value)})`, `Set ${field} to 1 or more.`);
	}
	return number;
}
