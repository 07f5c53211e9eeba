/** One valid call per Queue operation (see test/helpers/operationExamples.ts), as docs/queue/ shows them. */
import type { IDataObject } from 'n8n-workflow';

import type { OperationExample } from '../../../../helpers/operationExamples';

export const queued = (n: number): IDataObject => ({
	_id: `019D44A0000000000000000000${String(n).padStart(4, '0')}`,
	ZaapId: `019D44A0000000000000000000${String(n).padStart(4, '0')}`,
	MessageId: `ECF00000000000000${n}`,
	Phone: '5511999999999',
	Message: `Campaign message ${n}`,
	DelayMessage: -1,
	DelayTyping: 0,
	Created: 1774968031776 + n,
	IsTrial: false,
});

export const EXAMPLES: Record<string, OperationExample> = {
	count: {
		parameters: {},
		method: 'GET',
		path: '/queue/count',
		answer: { count: 2 },
		output: [{ count: 2 }],
	},
	delete: {
		parameters: { zaapId: ' 019D44A00000000000000000000001 ' },
		method: 'DELETE',
		path: '/queue/019D44A00000000000000000000001',
		answer: '',
		output: [{ success: true, zaapId: '019D44A00000000000000000000001' }],
	},
	deleteAll: {
		parameters: {},
		method: 'DELETE',
		path: '/queue',
		answer: '',
		output: [{ success: true }],
	},
	getMany: {
		parameters: { returnAll: false, limit: 2 },
		method: 'POST',
		path: '/queue',
		body: { pageSize: 2 },
		answer: { messages: [queued(1), queued(2)], pagingState: 'eyJidWNrZXQiOjI5MzR9', hasMore: true },
		output: [queued(1), queued(2)],
	},
};
