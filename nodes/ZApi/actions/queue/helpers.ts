import type { IDataObject, IExecuteFunctions, IHttpRequestMethods } from 'n8n-workflow';

import { requireAccepted, zApiRequest } from '../../../shared/transport';

const QUEUE_HINT = 'Check that the instance exists and try again; Queue → Count shows what is still waiting.';

/**
 * A queue change (delete one, delete all). The pages show a 200 with no body
 * (docs/queue/delete-queue.md, delete-queue-id.md): only an explicit refusal
 * ({value: false}, an `error`) fails the item.
 */
export async function changeQueue(
	this: IExecuteFunctions,
	itemIndex: number,
	call: { method: IHttpRequestMethods; path: string; tried: string },
): Promise<void> {
	const response = await zApiRequest.call(this, { method: call.method, path: call.path, itemIndex });
	requireAccepted(this.getNode(), response, 'noRefusal', { tried: call.tried, hint: QUEUE_HINT, itemIndex });
}

/** A queued message's id in Z-API: `ZaapId` in the pages' tables, `_id` holds the same. */
export function zaapIdOf(message: IDataObject): string | undefined {
	const id = message.ZaapId ?? message.zaapId ?? message._id;
	return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}
