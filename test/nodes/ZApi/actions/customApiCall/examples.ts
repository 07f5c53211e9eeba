/** One valid call of Custom API Call: the catalog send of docs/message/send-catalog.md. */
import type { OperationExample } from '../../../../helpers/operationExamples';

export const EXAMPLES: Record<string, OperationExample> = {
	request: {
		parameters: {
			method: 'POST',
			path: '/send-catalog',
			query: '{}',
			body: '{"phone": "5511999999999", "catalogPhone": "5511888888888", "message": "Our catalog"}',
		},
		method: 'POST',
		path: '/send-catalog',
		body: { phone: '5511999999999', catalogPhone: '5511888888888', message: 'Our catalog' },
		answer: { zaapId: '3999984263738042930CD6ECDE9VDWSA', messageId: 'D241XXXX732339502B68', id: 'D241XXXX732339502B68' },
		output: [{ zaapId: '3999984263738042930CD6ECDE9VDWSA', messageId: 'D241XXXX732339502B68', id: 'D241XXXX732339502B68' }],
	},
};
