import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InputError } from '../../shared/input';
import { findOperation } from './resources';
import { ItemWithFile } from './types';

/**
 * Runs the chosen operation once per input item, each with its own parameter values. A
 * failed item becomes an error item when Continue On Fail is on; the others go on.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const output: INodeExecutionData[] = [];
	const runsAllItems = findOperation(this.getNodeParameter('resource', 0) as string, this.getNodeParameter('operation', 0) as string)?.executeAllItems;
	if (runsAllItems) return await runsAllItems.call(this);

	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const pairedItem = { item: itemIndex };
		try {
			const resource = this.getNodeParameter('resource', itemIndex) as string;
			const operationName = this.getNodeParameter('operation', itemIndex) as string;
			const operation = findOperation(resource, operationName);
			if (!operation) {
				throw new NodeOperationError(
					this.getNode(),
					`The operation '${operationName}' of '${resource}' is not supported`,
					{ itemIndex },
				);
			}
			const results = await operation.execute.call(this, itemIndex);
			for (const result of results) output.push(result instanceof ItemWithFile ? { json: result.json, binary: result.binary, pairedItem } : { json: result, pairedItem });
		} catch (caught) {
			const error =
				caught instanceof InputError
					? new NodeOperationError(this.getNode(), caught.message, {
							description: caught.description,
							itemIndex,
						})
					: caught;
			if (this.continueOnFail()) {
				output.push({
					json: { error: error.message, ...(error.description ? { details: error.description } : {}) },
					pairedItem,
				});
				continue;
			}
			throw error;
		}
	}
	return [output];
}
