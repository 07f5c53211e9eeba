import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InputError } from '../../shared/input';
import { credentialSecrets, redactError } from '../../shared/transport';
import { findOperation } from './resources';
import { ItemWithFile, type ZApiOperation } from './types';

/**
 * How many items run at once. A call spends most of its time waiting for the service, so a
 * run over many items overlaps a few calls instead of waiting for each in turn (n8n's HTTP
 * Request node sends every item at once). The bound stays small because the service
 * documents no rate limit and one instance is one phone: a burst of hundreds of sends is
 * what gets a number flagged, and 429s would only be retried later.
 */
export const CONCURRENT_ITEMS = 8;

/**
 * The parameters that name the chat or group an item acts on, first found wins. Items on the
 * same chat or group run one after the other in item order (messages to one chat arrive in
 * the order of the items; changes to one group apply in that order); items on different
 * chats overlap. An operation with none of these runs its items one after the other.
 */
const ORDER_PARAMETERS = ['groupId', 'phone'];

/** The lane of an operation with no chat or group, and of items whose chat cannot be read. */
const ONE_BY_ONE = '';

/** The parameter of `operation` that names its chat or group, if any (ORDER_PARAMETERS). */
function laneParameterOf(operation: ZApiOperation | undefined): string | undefined {
	return ORDER_PARAMETERS.find((name) => operation?.properties.some((property) => property.name === name));
}

interface ItemLane {
	/** The chat or group as digits only (see laneOf), or ONE_BY_ONE. */
	lane: string;
	/** The node's context for this item's run. */
	context: IExecuteFunctions;
}

/**
 * The lane of one item: its chat or group as digits only, so that every way of writing the
 * same number (+55 11 9…, 5511…, …-group) falls in the same lane; two chats that share their
 * digits only share a lane, which costs overlap, never order. The value read is handed to the
 * item's run: reading a parameter evaluates its expression, which is most of an item's cost.
 */
function laneOf(context: IExecuteFunctions, parameter: string | undefined, itemIndex: number): ItemLane {
	if (!parameter) return { lane: ONE_BY_ONE, context };
	let value: unknown;
	try {
		value = context.getNodeParameter(parameter, itemIndex);
	} catch {
		// The item's own run reads it again and fails with the reason.
		return { lane: ONE_BY_ONE, context };
	}
	const read = context.getNodeParameter;
	const answered = ((name: string, index: number, ...rest: unknown[]) =>
		name === parameter && index === itemIndex && rest.length === 0
			? value
			: (read as (...args: unknown[]) => unknown).call(context, name, index, ...rest)) as IExecuteFunctions['getNodeParameter'];
	// Everything else is n8n's context itself: its helpers, credentials and item data.
	const itemContext = Object.create(context, { getNodeParameter: { value: answered } }) as IExecuteFunctions;
	return { lane: String(value ?? '').replace(/\D/g, ''), context: itemContext };
}

/**
 * Runs the chosen operation once per input item, each with its own parameter values, up to
 * CONCURRENT_ITEMS at once (see laneOf for the order kept). Output items come in input order.
 * A failed item becomes an error item when Continue On Fail is on; the others go on.
 * Without it, no further item starts and the node fails with the first failing item's error
 * (items already under way finish first, and their output is dropped with the rest).
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	// Read once: both take no expression (noDataExpression), so every item has the same.
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = findOperation(resource, operationName);
	if (operation?.executeAllItems) return await operation.executeAllItems.call(this);
	const laneParameter = laneParameterOf(operation);

	const outputs: INodeExecutionData[][] = [];
	const failures: Array<{ itemIndex: number; error: Error }> = [];
	/** Set once an item failed without Continue On Fail: the node fails, nothing more is sent. */
	let stopped = false;
	/** Per lane, the run of the last item started in it. */
	const lanes = new Map<string, Promise<unknown>>();
	let next = 0;

	const runItem = async (itemIndex: number): Promise<INodeExecutionData[]> => {
		const pairedItem = { item: itemIndex };
		try {
			const { lane, context } = laneOf(this, laneParameter, itemIndex);
			const before = lanes.get(lane);
			const run = (async () => {
				await before;
				if (stopped) return [];
				if (!operation) {
					throw new NodeOperationError(
						this.getNode(),
						`The operation '${operationName}' of '${resource}' is not supported`,
						{ itemIndex },
					);
				}
				return await operation.execute.call(context, itemIndex);
			})();
			// The lane goes on after this item whether it failed or not; a failure that fails the
			// node is known before the next item of the lane starts.
			lanes.set(
				lane,
				run.catch(() => {
					if (!this.continueOnFail()) stopped = true;
				}),
			);
			const results = await run;
			return results.map((result) =>
				result instanceof ItemWithFile ? { json: result.json, binary: result.binary, pairedItem } : { json: result, pairedItem },
			);
		} catch (caught) {
			const error =
				caught instanceof InputError
					? new NodeOperationError(this.getNode(), caught.message, {
							description: caught.description,
							itemIndex,
						})
					: (caught as Error & { description?: string });
			// Errors that quote a parameter value carry whatever the user typed, a token included.
			redactError(error, await credentialSecrets(this));
			if (!this.continueOnFail()) {
				stopped = true;
				throw error;
			}
			return [
				{
					json: { error: error.message, ...(error.description ? { details: error.description } : {}) },
					pairedItem,
				},
			];
		}
	};

	// Each worker takes the next item in input order, so an item's lane is claimed after every
	// earlier item's: an item never waits for a later one.
	const worker = async () => {
		while (next < items.length && !stopped) {
			const itemIndex = next++;
			try {
				outputs[itemIndex] = await runItem(itemIndex);
			} catch (error) {
				failures.push({ itemIndex, error: error as Error });
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(CONCURRENT_ITEMS, items.length) }, worker));
	if (failures.length) throw failures.reduce((first, failure) => (failure.itemIndex < first.itemIndex ? failure : first)).error;
	return [outputs.flat()];
}
