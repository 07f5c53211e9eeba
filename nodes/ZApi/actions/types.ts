import type { IBinaryKeyData, IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/** An output item that carries a file beside its JSON (an operation's output is JSON otherwise). */
export class ItemWithFile {
	constructor(
		readonly json: IDataObject,
		readonly binary: IBinaryKeyData,
	) {}
}

/**
 * What the router read of an item before running it: the value of the operation's
 * `orderedBy` parameter. Reading a parameter evaluates its expression, most of an item's
 * cost, so the operation takes this value instead of reading the parameter again.
 */
export interface ItemRead {
	parameter: string;
	value: unknown;
}

/** One operation: its entry in the Operation list, its parameters and what it does for one item. */
export interface ZApiOperation {
	value: string;
	name: string;
	/** Shown in the node panel and to AI agents: what the operation does, as a sentence. */
	action: string;
	description: string;
	/** Parameters, without displayOptions: the node description adds them. */
	properties: INodeProperties[];
	/**
	 * The parameter naming the chat or group an item acts on: items with the same value run
	 * one after the other in item order, others overlap. Absent: the items run one by one.
	 */
	orderedBy?: string;
	/**
	 * Set by a send whose Phone (its `orderedBy`) left empty answers the chat this execution is
	 * answering (answeredChat.ts): the router orders its items by that chat.
	 */
	answersChat?: boolean;
	/** Set by an operation that keeps state in the conversation table: the node shows the Conversation State credential for it. */
	keepsConversationState?: true;
	/**
	 * Runs the operation for input item `itemIndex` and returns its output items' JSON (or
	 * items with a file). `read` holds the `orderedBy` value the router read (see ItemRead);
	 * absent when the router could not read it, so that the operation's own read fails with the reason.
	 */
	execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<Array<IDataObject | ItemWithFile>>;
	/**
	 * Set by an operation that acts once for all items (it sends, then puts the execution to
	 * wait for an answer): the router hands it the whole run instead of looping over items.
	 */
	executeAllItems?(this: IExecuteFunctions): Promise<INodeExecutionData[][]>;
}

/** What an operation a helper builds says of itself, and the service path it calls. */
export type OperationSpec = Pick<ZApiOperation, 'value' | 'name' | 'action' | 'description'> & { path: string };

export interface ZApiResource {
	value: string;
	name: string;
	description: string;
	operations: ZApiOperation[];
}
