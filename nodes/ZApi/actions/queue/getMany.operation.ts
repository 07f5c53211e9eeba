import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { flagOf } from '../../../shared/delivery/readers';
import { zApiRequest } from '../../../shared/transport';
import { pageSizeOption, pagingProperties, readLimit, readPageSize } from '../paging';
import type { ZApiOperation } from '../types';
import { zaapIdOf } from './helpers';

/** docs/queue/post-queue.md: 20 by default, 30 at most per page. */
const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 30;

export const getMany: ZApiOperation = {
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many messages waiting in the queue',
	description:
		'List the messages sent through Z-API that are still waiting to go out, one output item per message, with its ZaapId (for Queue → Delete), phone and text',
	properties: pagingProperties(pageSizeOption(DEFAULT_PAGE_SIZE, `How many messages to ask Z-API for per request (${MAX_PAGE_SIZE} at most)`, MAX_PAGE_SIZE)),
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const limit = readLimit.call(this, itemIndex);
		const pageSize = Math.min(readPageSize.call(this, itemIndex, DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
		const messages: IDataObject[] = [];
		const seenIds = new Set<string>();
		const seenCursors = new Set<string>();
		let pagingState: string | undefined;
		while (messages.length < limit) {
			const size = Math.min(pageSize, limit - messages.length);
			// The cursor-paged POST /queue (docs/queue/post-queue.md); GET /queue is deprecated.
			const body: IDataObject = pagingState ? { pageSize: size, pagingState } : { pageSize: size };
			const page = queuePageOf(await zApiRequest.call(this, { method: 'POST', path: '/queue', body, itemIndex }));
			if (!page) {
				throw new NodeOperationError(this.getNode(), 'Z-API did not return the messages of the queue', {
					itemIndex,
					description: 'Its response held no list of messages. Check that the instance is connected, then try again.',
				});
			}
			let fresh = 0;
			for (const message of page.messages) {
				const id = zaapIdOf(message);
				if (id !== undefined) {
					if (seenIds.has(id)) continue;
					seenIds.add(id);
				}
				fresh++;
				if (messages.length < limit) messages.push(message);
			}
			// Stops on the last page, and on a page that brings nothing new or repeats a cursor:
			// a service that ignored the cursor would otherwise be read for ever.
			if (!page.hasMore || !page.pagingState || seenCursors.has(page.pagingState) || fresh === 0) break;
			seenCursors.add(page.pagingState);
			pagingState = page.pagingState;
		}
		return messages;
	},
};

interface QueuePage {
	messages: IDataObject[];
	pagingState?: string;
	hasMore: boolean;
}

/**
 * One page of the queue: {messages, pagingState, hasMore} as POST /queue responds, or a bare
 * list as the deprecated GET /queue's example shows (one page, no cursor). `hasMore` missing
 * but a cursor given reads as more to come.
 */
export function queuePageOf(response: unknown): QueuePage | undefined {
	if (Array.isArray(response)) return { messages: response.filter(isRecord), hasMore: false };
	if (!isRecord(response) || !Array.isArray(response.messages)) return undefined;
	const pagingState = typeof response.pagingState === 'string' && response.pagingState ? response.pagingState : undefined;
	const hasMore = response.hasMore === undefined || response.hasMore === null ? pagingState !== undefined : flagOf(response.hasMore) === true;
	return { messages: (response.messages as unknown[]).filter(isRecord), pagingState, hasMore };
}

function isRecord(value: unknown): value is IDataObject {
	return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}
