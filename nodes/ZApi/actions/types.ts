import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

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
}

export interface ZApiResource {
	value: string;
	name: string;
	description: string;
	operations: ZApiOperation[];
}
