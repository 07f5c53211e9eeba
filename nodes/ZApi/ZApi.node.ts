import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { buildProperties } from './actions/description';
import { router } from './actions/router';

export class ZApi implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Z-API',
		name: 'zApi',
		icon: { light: 'file:../../icons/zapi.svg', dark: 'file:../../icons/zapi.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Send WhatsApp messages, read chats, manage groups and set webhooks of a Z-API instance',
		defaults: { name: 'Z-API' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'zApiApi', required: true }],
		properties: buildProperties(),
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
