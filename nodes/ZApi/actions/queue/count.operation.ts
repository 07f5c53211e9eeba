import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { firstRecord, zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';

export const count: ZApiOperation = {
	value: 'count',
	name: 'Count',
	action: 'Count the messages waiting in the queue',
	// docs/queue/get-queue.md, the page this call is on, is titled deprecated and marks its
	// listing obsolete (replaced by a cursor): said here, where a user picks the operation.
	description:
		"How many messages sent through Z-API are still waiting in the queue to go out (for example while the phone is offline). Z-API's docs mark this call's page obsolete.",
	properties: [],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const response = await zApiRequest.call(this, { method: 'GET', path: '/queue/count', itemIndex });
		const waiting = countIn(response);
		if (waiting === undefined) {
			throw new NodeOperationError(this.getNode(), 'Z-API gave no count of the queue', {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. Use Queue → Get Many to see the messages waiting.`,
			});
		}
		return [{ count: waiting }];
	},
};

/**
 * The number in the response of GET /queue/count. The page names the call
 * (docs/queue/get-queue.md) but not its response: a bare number, or a number in `count`,
 * `value`, `total` or `size`, each also as a digit string, is read.
 */
export function countIn(response: unknown): number | undefined {
	const record = firstRecord(response);
	const candidates = typeof response === 'object' && response !== null ? [record.count, record.value, record.total, record.size] : [response];
	for (const candidate of candidates) {
		const number = typeof candidate === 'string' && /^\d+$/.test(candidate.trim()) ? Number(candidate) : candidate;
		if (typeof number === 'number' && Number.isInteger(number) && number >= 0) return number;
	}
	return undefined;
}
