import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { zApiRequest } from '../../../shared/transport';
import { firstRecord } from '../answers';
import type { ZApiOperation } from '../types';

export const count: ZApiOperation = {
	value: 'count',
	name: 'Count',
	action: 'Count the messages waiting in the queue',
	description: 'How many messages sent through Z-API are still waiting in the queue to go out (for example while the phone is offline)',
	properties: [],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const answer = await zApiRequest.call(this, { method: 'GET', path: '/queue/count', itemIndex });
		const waiting = countIn(answer);
		if (waiting === undefined) {
			throw new NodeOperationError(this.getNode(), 'Z-API gave no count of the queue', {
				itemIndex,
				description: `It answered ${JSON.stringify(answer ?? null).slice(0, 200)}. Use Queue → Get Many to see the messages waiting.`,
			});
		}
		return [{ count: waiting }];
	},
};

/**
 * The number in the answer of GET /queue/count. The page names the call
 * (docs/queue/get-queue.md) but not its answer: a bare number, or a number in `count`,
 * `value`, `total` or `size`, each also as a digit string, is read.
 */
export function countIn(answer: unknown): number | undefined {
	const record = firstRecord(answer);
	const candidates = typeof answer === 'object' && answer !== null ? [record.count, record.value, record.total, record.size] : [answer];
	for (const candidate of candidates) {
		const number = typeof candidate === 'string' && /^\d+$/.test(candidate.trim()) ? Number(candidate) : candidate;
		if (typeof number === 'number' && Number.isInteger(number) && number >= 0) return number;
	}
	return undefined;
}
