/**
 * A workflow of several nodes run as n8n runs an execution a Z-API Trigger started: the
 * trigger's items enter the trigger node (which passes them on, as in a webhook execution),
 * then every node after it runs through n8n-core's WorkflowExecute, each connected to the one
 * before. Nodes in between are stand-ins for n8n's own (an AI Agent that answers every item
 * with `output`, a Code node that builds new items without linking them to its input).
 */
import { WorkflowExecute } from 'n8n-core';
import type { IConnections, IDataObject, IExecuteFunctions, INode, INodeExecutionData, INodeType, IRunExecutionData } from 'n8n-workflow';
import { createRunExecutionData } from 'n8n-workflow';

import type { ActionRun, EngineOptions } from './engine';
import { ACTION_TYPE, makeAdditionalData, makeNode, makeWorkflow, registerNodeType, TRIGGER_TYPE } from './engine';

export const AGENT_TYPE = 'test.aiAgentStandIn';
export const NEW_ITEMS_TYPE = 'test.newItemsStandIn';

const standIn = (name: string, execute: (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>): INodeType => ({
	description: {
		displayName: name,
		name,
		group: ['transform'],
		version: 1,
		description: name,
		defaults: { name },
		inputs: ['main'],
		outputs: ['main'],
		properties: [],
	},
	execute,
});

/** As n8n's AI Agent: each item answered by `output` only, linked to the item it answers. */
registerNodeType(
	AGENT_TYPE,
	standIn('AI Agent', async function (this: IExecuteFunctions) {
		return [this.getInputData().map((item, index) => ({ json: { output: `Answer to ${String(item.json.text ?? '')}` }, pairedItem: { item: index } }))];
	}),
);

/** As a Code node that returns new items, one more than it got, and no links to them (n8n links them itself only when one item came in). */
registerNodeType(
	NEW_ITEMS_TYPE,
	standIn('Code', async function (this: IExecuteFunctions) {
		const count = this.getInputData().length;
		return [[...Array.from({ length: count }, (_, index) => ({ json: { output: `built ${index}` } })), { json: { output: 'one more' } }]];
	}),
);

export const triggerNode = (name = 'Z-API Trigger'): INode => makeNode(TRIGGER_TYPE, { events: ['messageReceived'] }, { name });
export const actionNode = (name: string, parameters: IDataObject, id = `${name}-id`): INode => makeNode(ACTION_TYPE, parameters, { name, id });
export const standInNode = (type: string, name: string): INode => ({ id: `${name}-id`, name, type, typeVersion: 1, position: [0, 0], parameters: {} });

export interface ChainRun extends ActionRun {
	/** The output of each node that ran, by name. */
	outputs: Record<string, IDataObject[]>;
}

/**
 * Runs `nodes` in a chain, the first receiving `items` (the trigger's items of one execution),
 * those in `pinData` putting out their pinned items; returns the last node's output and error, as runAction does, and every node's output.
 */
export async function runChain(
	nodes: INode[],
	items: INodeExecutionData[],
	options: EngineOptions & { pinData?: Record<string, INodeExecutionData[]> } = {},
): Promise<ChainRun> {
	const connections: IConnections = {};
	for (let i = 1; i < nodes.length; i++) connections[nodes[i - 1].name] = { main: [[{ node: nodes[i].name, type: 'main', index: 0 }]] };
	const workflow = makeWorkflow(nodes, options.staticData ?? {}, options.active ?? false, options.workflowId, connections);
	const mode = options.mode ?? 'webhook';
	const additionalData = makeAdditionalData(options, mode);
	const runExecutionData: IRunExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node: nodes[0], data: { main: [items] }, source: null }] },
	});
	// A node with pinned output puts it out instead of running, as in the editor.
	if (options.pinData) runExecutionData.resultData.pinData = options.pinData;
	const run = await new WorkflowExecute(additionalData, mode, runExecutionData).processRunExecutionData(workflow);
	const runData = run.data.resultData.runData;
	const outputs = Object.fromEntries(
		Object.entries(runData).map(([name, tasks]) => [name, ((tasks[0]?.data?.main?.[0] ?? []) as INodeExecutionData[]).map((item) => item.json)]),
	);
	const last = nodes[nodes.length - 1].name;
	const taskData = runData[last]?.[0];
	const out = (taskData?.data?.main?.[0] ?? []) as INodeExecutionData[];
	return {
		json: out.map((item) => item.json),
		items: out,
		error: (taskData?.error ?? run.data.resultData.error) as ActionRun['error'],
		run,
		outputs,
	};
}
