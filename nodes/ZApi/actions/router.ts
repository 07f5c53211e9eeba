import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { credentialSecrets, redactError } from '../../shared/transport';
import { answeredChatOrPhone } from './answeredChat';
import { errorItem, itemError } from './itemErrors';
import { findOperation } from './resources';
import { mayRunAgain, sentItemsOf } from './sentItems';
import { SKIP_IF_WROTE_AGAIN, sendUnlessOvertaken } from './skipIfWroteAgain';
import { ItemWithFile, type ItemRead, type ZApiOperation } from './types';

/**
 * How many items run at once unless the node's Items at Once says otherwise. Z-API queues
 * the sends of an instance on its side and paces them to WhatsApp itself (delayMessage), so
 * the number of calls in flight does not pace messages: order per chat does, and lanes keep
 * it. A call spends most of its time waiting for the service; n8n's HTTP Request node sends
 * every item at once.
 */
export const DEFAULT_ITEMS_AT_ONCE = 100;

/** The node's setting for how many items run at once, in Options: read once per run (it takes no expression). */
export const itemsAtOnceOption: INodeProperties = {
	displayName: 'Items at Once',
	name: 'itemsAtOnce',
	type: 'number',
	noDataExpression: true,
	typeOptions: { minValue: 1 },
	default: DEFAULT_ITEMS_AT_ONCE,
	description: `How many items are sent to Z-API at the same time (default ${DEFAULT_ITEMS_AT_ONCE}). Items on the same chat or group always go one after the other, in item order. Z-API queues and paces the messages of the instance itself; lower this to hold fewer calls open at once.`,
};

/**
 * Items at Once where nodes of version 1 keep it: among the main fields. Shown for them only,
 * so that their saved value stays and still counts; newer nodes have it in Options.
 */
export const savedItemsAtOnceProperty: INodeProperties = { ...itemsAtOnceOption, displayOptions: { show: { '@version': [1] } } };

/** The lane of an operation with no chat or group, and of items whose chat cannot be read. */
const ONE_BY_ONE = '';

/**
 * The lane of one item: its chat or group as digits only, so that every way of writing the
 * same number (+55 11 9…, 5511…, …-group) falls in the same lane; two chats that share their
 * digits only share a lane, which costs overlap, never order. The value read goes to the
 * item's run (ItemRead): reading a parameter evaluates its expression, most of an item's cost.
 */
function laneOf(context: IExecuteFunctions, operation: ZApiOperation | undefined, itemIndex: number): { lane: string; read?: ItemRead } {
	const parameter = operation?.orderedBy;
	if (!parameter) return { lane: ONE_BY_ONE };
	let value: unknown;
	try {
		// A send that answers the chat when Phone is left empty is ordered by that chat.
		value = operation.answersChat ? answeredChatOrPhone.call(context, itemIndex) : context.getNodeParameter(parameter, itemIndex);
	} catch {
		// The item's own run reads it again and fails with the reason.
		return { lane: ONE_BY_ONE };
	}
	return { lane: String(value ?? '').replace(/\D/g, ''), read: { parameter, value } };
}

/** Items at Once (from Options, else where version 1 saved it), or an error before any item runs. */
function itemsAtOnceOf(context: IExecuteFunctions): number {
	const raw = context.getNodeParameter('options.itemsAtOnce', 0, null) ?? context.getNodeParameter('itemsAtOnce', 0, DEFAULT_ITEMS_AT_ONCE);
	const count = Number(raw);
	if (!Number.isInteger(count) || count < 1) {
		throw new NodeOperationError(context.getNode(), `Items at Once must be a whole number of 1 or more (got ${JSON.stringify(raw)})`, {
			description: `Set Items at Once to 1 or more, or remove it for the default of ${DEFAULT_ITEMS_AT_ONCE}.`,
		});
	}
	return count;
}

/**
 * Runs the chosen operation once per input item, each with its own parameter values, up to
 * Items at Once at a time (see laneOf for the order kept). Output items come in input order.
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
	// Items whose changes an earlier try of this run (Retry On Fail) may have carried out are not sent again.
	const sentItems = sentItemsOf(this);
	if (operation?.executeAllItems) {
		const output = await operation.executeAllItems.call(this);
		if (!mayRunAgain(output)) sentItems.forget();
		return output;
	}
	// Operations without a chat or group run their items one by one: no setting is read for them.
	const laneParameter = operation?.orderedBy;
	const itemsAtOnce = laneParameter ? itemsAtOnceOf(this) : 1;

	const outputs: INodeExecutionData[][] = [];
	const failures: Array<{ itemIndex: number; error: Error }> = [];
	/** Set once an item failed without Continue On Fail: the node fails, nothing more is sent. */
	let stopped = false;
	/** Per lane, the run of the last item started in it. */
	const lanes = new Map<string, Promise<unknown>>();
	let next = 0;

	// The chat or group of every item, read before any item runs: n8n evaluates these
	// expressions markedly faster one after the other than between calls in flight.
	const reads = laneParameter ? items.map((_, itemIndex) => laneOf(this, operation, itemIndex)) : [];

	// A send answering a burst of Combine Quick Messages may be skipped (skipIfWroteAgain.ts). Read once: it takes no expression.
	const skipping = operation?.answersChat === true && this.getNodeParameter(SKIP_IF_WROTE_AGAIN, 0, false) === true;

	const start = async (itemIndex: number, read: ItemRead | undefined) => {
		if (stopped) return [];
		if (!operation) {
			throw new NodeOperationError(this.getNode(), `The operation '${operationName}' of '${resource}' is not supported`, { itemIndex });
		}
		const send = async () => await operation.execute.call(this, itemIndex, read);
		return await sentItems.once(itemIndex, async () => (skipping ? await sendUnlessOvertaken.call(this, itemIndex, send) : await send()));
	};

	const runItem = async (itemIndex: number): Promise<INodeExecutionData[]> => {
		const pairedItem = { item: itemIndex };
		try {
			const { lane, read } = reads[itemIndex] ?? { lane: ONE_BY_ONE };
			const before = lanes.get(lane);
			const run = before ? before.then(async () => await start(itemIndex, read)) : start(itemIndex, read);
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
			const error = itemError(this, caught, itemIndex);
			// Errors that quote a parameter value carry whatever the user typed, a token included.
			redactError(error, await credentialSecrets(this));
			if (!this.continueOnFail()) {
				stopped = true;
				throw error;
			}
			return [errorItem(error, itemIndex)];
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
	await Promise.all(Array.from({ length: Math.min(itemsAtOnce, items.length) }, worker));
	if (failures.length) throw failures.reduce((first, failure) => (failure.itemIndex < first.itemIndex ? failure : first)).error;
	const output = [outputs.flat()];
	if (!mayRunAgain(output)) sentItems.forget();
	return output;
}
