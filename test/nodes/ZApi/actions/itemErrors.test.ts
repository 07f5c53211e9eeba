import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { errorItem, itemError } from '../../../../nodes/ZApi/actions/itemErrors';
import { InputError } from '../../../../nodes/shared/input';

const node = { name: 'Z-API', type: 'n8n-nodes-zapi.zApi', typeVersion: 1, position: [0, 0], parameters: {} } as unknown as INode;
const context = { getNode: () => node } as unknown as IExecuteFunctions;

describe('itemError', () => {
	it('turns bad input into an error at its item, with what to do', () => {
		const error = itemError(context, new InputError('Phone is empty', 'Give a phone.'), 4) as NodeOperationError;
		expect(error).toBeInstanceOf(NodeOperationError);
		expect([error.message, error.description, error.context.itemIndex]).toEqual(['Phone is empty', 'Give a phone.', 4]);
	});

	it('passes any other error on as it is', () => {
		const caught = new Error('Z-API rejected the call (400)');
		expect(itemError(context, caught, 0)).toBe(caught);
	});
});

describe('errorItem', () => {
	it.each([
		[Object.assign(new Error('Phone is empty'), { description: 'Give a phone.' }), 2, { json: { error: 'Phone is empty', details: 'Give a phone.' }, pairedItem: { item: 2 } }],
		[new Error('Z-API rejected the call (400)'), 0, { json: { error: 'Z-API rejected the call (400)' }, pairedItem: { item: 0 } }],
		[Object.assign(new Error('x'), { description: null }), 1, { json: { error: 'x' }, pairedItem: { item: 1 } }],
	])('%s at item %i', (error, itemIndex, expected) => {
		expect(errorItem(error, itemIndex)).toEqual(expected);
	});
});
