/** One valid call per Label operation (see test/helpers/operationExamples.ts), as docs/business/ shows them. */
import type { OperationExample } from '../../../../helpers/operationExamples';

export const PHONE = '5511999999999';
export const LABELS = [
	{ id: '1', name: 'New customer', color: 1 },
	{ id: '2', name: 'New order', color: 2 },
	{ id: '3', name: 'Payment pending', color: 0 },
];

export const EXAMPLES: Record<string, OperationExample> = {
	addToChat: {
		parameters: { phone: '+55 (11) 99999-9999', labelId: '2' },
		phoneParameter: 'phone',
		method: 'PUT',
		path: `/chats/${PHONE}/tags/2/add`,
		// The pages show no body: n8n sends {} as an empty one, with the JSON Content-Type.
		body: '',
		answer: { value: true },
		output: [{ success: true, phone: PHONE, labelId: '2', labeled: true }],
	},
	removeFromChat: {
		parameters: { phone: PHONE, labelId: ' 2 ' },
		phoneParameter: 'phone',
		method: 'PUT',
		path: `/chats/${PHONE}/tags/2/remove`,
		// The pages show no body: n8n sends {} as an empty one, with the JSON Content-Type.
		body: '',
		answer: { value: true },
		output: [{ success: true, phone: PHONE, labelId: '2', labeled: false }],
	},
	create: {
		parameters: { labelName: 'Tag Name', options: { color: 1 } },
		method: 'POST',
		path: '/business/create-tag',
		body: { name: 'Tag Name', color: 1 },
		answer: { id: '10' },
		output: [{ id: '10', name: 'Tag Name', color: 1 }],
	},
	update: {
		parameters: { labelId: '10', labelName: 'Tag Name', options: { color: 2 } },
		method: 'POST',
		path: '/business/edit-tag/10',
		body: { name: 'Tag Name', color: 2 },
		answer: { success: true },
		output: [{ success: true, id: '10', name: 'Tag Name', color: 2 }],
	},
	delete: {
		parameters: { labelId: '10' },
		method: 'DELETE',
		path: '/business/tag/10',
		answer: { success: true },
		output: [{ success: true, id: '10' }],
	},
	getMany: {
		parameters: {},
		method: 'GET',
		path: '/tags',
		answer: LABELS,
		output: LABELS,
	},
	getColors: {
		parameters: {},
		method: 'GET',
		path: '/business/tags/colors',
		answer: { '0': '#FF9485', '1': '#64C4FF', '2': '#FFD429' },
		output: [
			{ color: 0, hex: '#FF9485' },
			{ color: 1, hex: '#64C4FF' },
			{ color: 2, hex: '#FFD429' },
		],
	},
};
