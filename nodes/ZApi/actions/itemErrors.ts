import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { InputError } from '../../shared/input';
import { nodeError } from '../../shared/transport';

export type ItemError = Error & { description?: string | null };

/** The error an item failed with, as n8n shows it: bad input becomes an error at that item, with its hint. */
export function itemError(context: IExecuteFunctions, caught: unknown, itemIndex: number): ItemError {
	if (caught instanceof InputError) {
		return nodeError(context.getNode(), caught.message, { description: caught.description, itemIndex });
	}
	return caught as ItemError;
}

/** What Continue On Fail outputs in place of a failed item: the error, what to do, and the item it came from. */
export function errorItem(error: ItemError, itemIndex: number): INodeExecutionData {
	return { json: { error: error.message, ...(error.description ? { details: error.description } : {}) }, pairedItem: { item: itemIndex } };
}
