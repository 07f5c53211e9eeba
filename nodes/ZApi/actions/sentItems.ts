import type { IBinaryKeyData, IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { changeMayHaveReached, credentialSecrets, nodeError, redactError } from '../../shared/transport';
import { itemError } from './itemErrors';
import { ItemWithFile } from './types';

/*
 * n8n's Retry On Fail runs the whole node again, in the same execution, over the same items
 * (WorkflowExecute's retry loop around runNode, n8n-core). The transport never repeats a call
 * that changes something once it may have reached Z-API; this memory carries that rule over
 * n8n's own retries. It lives in the node's context of the execution (getContext('node'),
 * kept in the execution data under `node:<name>`, the same object on every try), keyed by the
 * node's run index: a retry has the same run index, a new run of the node in a loop a new one.
 * An item whose changing call may have been carried out is not sent again: the next try gives
 * its output again, or fails it again with the same error.
 */

const MEMORY_KEY = 'zApiItemsSent';

interface Outcome {
	output?: Array<{ json: IDataObject; binary?: IBinaryKeyData }>;
	error?: { message: string; description?: string };
}

interface Memory {
	run: number;
	items: Record<string, Outcome>;
}

type Output = Array<IDataObject | ItemWithFile>;

export interface SentItems {
	/**
	 * Runs `send` for the item, unless an earlier try of this node run may have carried out a
	 * change for it: then that try's output, or its error, again. Remembers the outcome when
	 * a changing call of `send` may have reached Z-API.
	 */
	once(itemIndex: number, send: () => Promise<Output>): Promise<Output>;
	/** Forgets the run: called when n8n will not run the node again for it. */
	forget(): void;
}

/** One per try of a node (n8n builds a new context for each): the router and an operation that sends all items share it. */
const sentItemsOfTry = new WeakMap<IExecuteFunctions, SentItems>();

/** The memory of sent items of the node run `context` belongs to. */
export function sentItemsOf(context: IExecuteFunctions): SentItems {
	let sentItems = sentItemsOfTry.get(context);
	if (!sentItems) {
		sentItems = memoryOf(context);
		sentItemsOfTry.set(context, sentItems);
	}
	return sentItems;
}

function memoryOf(context: IExecuteFunctions): SentItems {
	let store: IDataObject = {};
	let memory: Memory | undefined;
	const ofThisRun = (): Memory => {
		if (memory) return memory;
		let run = 0;
		try {
			store = context.getContext('node');
			run = Number(context.getWorkflowDataProxy(0).$runIndex ?? 0);
		} catch {
			// A context without execution data (none is known to n8n): the memory lasts this try only.
		}
		const kept = store[MEMORY_KEY] as Memory | undefined;
		memory = kept && kept.run === run ? kept : { run, items: {} };
		store[MEMORY_KEY] = memory as unknown as IDataObject;
		return memory;
	};
	return {
		async once(itemIndex, send) {
			const known = ofThisRun().items[itemIndex];
			if (known?.error) throw nodeError(context.getNode(), known.error.message, { description: known.error.description, itemIndex });
			if (known?.output) return known.output.map(({ json, binary }) => (binary ? new ItemWithFile(json, binary) : json));
			try {
				const output = await send();
				if (changeMayHaveReached(context, itemIndex)) {
					ofThisRun().items[itemIndex] = {
						output: output.map((entry) => (entry instanceof ItemWithFile ? { json: entry.json, binary: entry.binary } : { json: entry })),
					};
				}
				return output;
			} catch (caught) {
				const error = itemError(context, caught, itemIndex);
				if (changeMayHaveReached(context, itemIndex)) {
					// Kept in the execution data: redacted as the item's error will be.
					redactError(error, await credentialSecrets(context));
					ofThisRun().items[itemIndex] = { error: { message: error.message, ...(error.description ? { description: error.description } : {}) } };
				}
				throw error;
			}
		},
		forget() {
			if (memory) delete store[MEMORY_KEY];
			memory = undefined;
		},
	};
}

/**
 * Whether n8n may run the node again after it returned `output`: with Retry On Fail it does
 * when the first item has an `error` field, as Continue On Fail's error items have (any value
 * on n8n 1.x, one other than null and false on 2.x).
 */
export function mayRunAgain(output: INodeExecutionData[][]): boolean {
	return output[0]?.[0]?.json?.error !== undefined;
}
