import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/** One operation: its entry in the Operation list, its parameters and what it does for one item. */
export interface ZApiOperation {
	value: string;
	name: string;
	/** Shown in the node panel and to AI agents: what the operation does, as a sentence. */
	action: string;
	description: string;
	/** Parameters, without displayOptions: the node description adds them. */
	properties: INodeProperties[];
	/** Runs the operation for input item `itemIndex` and returns its output items' JSON. */
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]>;
	/**
	 * Set by an operation that acts once for all items (it sends, then puts the execution to
	 * wait for an answer): the router hands it the whole run instead of looping over items.
	 */
	executeAllItems?(this: IExecuteFunctions): Promise<INodeExecutionData[][]>;
}

export interface ZApiResource {
	value: string;
	name: string;
	description: string;
	operations: ZApiOperation[];
}
