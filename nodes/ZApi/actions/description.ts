import type { INodeProperties } from 'n8n-workflow';

import { resources } from './resources';
import { itemsAtOnceProperty } from './router';

/**
 * Resource and Operation selectors, then each operation's parameters, shown only for it.
 * The first resource and each resource's first operation are the defaults: n8n leaves a
 * parameter at its default out of saved workflows, so these must not change (the node's
 * tests pin them).
 */
export function buildProperties(): INodeProperties[] {
	const defaultResource = resources[0].value;
	const properties: INodeProperties[] = [
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			options: resources.map(({ value, name, description }) => ({ value, name, description })),
			default: defaultResource,
		},
	];
	for (const resource of resources) {
		const defaultOperation = resource.operations[0].value;
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
			default: defaultOperation,
		});
	}
	for (const resource of resources) {
		for (const operation of resource.operations) {
			// Items at Once last, for the operations whose items overlap (those on one chat or group each).
			const overlaps = operation.orderedBy && !operation.executeAllItems;
			for (const property of overlaps ? [...operation.properties, itemsAtOnceProperty] : operation.properties) {
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
