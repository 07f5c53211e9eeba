import type { INodeProperties } from 'n8n-workflow';

import { resources } from './resources';

/** Resource and Operation selectors, then each operation's parameters, shown only for it. */
export function buildProperties(): INodeProperties[] {
	const properties: INodeProperties[] = [
		// eslint-disable-next-line n8n-nodes-base/node-param-default-missing -- the first resource, computed
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			options: resources.map(({ value, name, description }) => ({ value, name, description })),
			default: resources[0].value,
		},
	];
	for (const resource of resources) {
		// eslint-disable-next-line n8n-nodes-base/node-param-default-missing -- the first operation, computed
		properties.push({
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource.value] } },
			options: resource.operations.map(({ value, name, action, description }) => ({
				value,
				name,
				action,
				description,
			})),
			default: resource.operations[0].value,
		});
	}
	for (const resource of resources) {
		for (const operation of resource.operations) {
			for (const property of operation.properties) {
				const show = { ...(property.displayOptions?.show ?? {}) };
				properties.push({
					...property,
					displayOptions: {
						...property.displayOptions,
						show: { ...show, resource: [resource.value], operation: [operation.value] },
					},
				});
			}
		}
	}
	return properties;
}
