import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_RESOURCE, resources } from './resources';
import { itemsAtOnceProperty } from './router';

/**
 * The node's subtitle on the canvas: the resource and operation by their names
 * ("Message: Send Text"), looked up in a table built from the operations, as an n8n
 * expression cannot reach the node's code.
 */
export function buildSubtitle(): string {
	const names = Object.fromEntries(
		resources.flatMap((resource) =>
			resource.operations.map((operation) => [`${resource.value}:${operation.value}`, `${resource.name}: ${operation.name}`]),
		),
	);
	return `={{ (${JSON.stringify(names)})[$parameter["resource"] + ":" + $parameter["operation"]] || $parameter["operation"] }}`;
}

/**
 * Resource and Operation selectors, then each operation's parameters, shown only for it.
 * Each resource's first operation is its default: n8n leaves a parameter at its default out
 * of saved workflows, so these and DEFAULT_RESOURCE must not change (the node's tests pin
 * them).
 */
export function buildProperties(): INodeProperties[] {
	const defaultResource = DEFAULT_RESOURCE;
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
