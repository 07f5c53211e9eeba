import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_RESOURCE, resources } from './resources';
import { optionsProperty } from '../../shared/properties';
import { itemsAtOnceOption, savedItemsAtOnceProperty } from './router';
import { SKIP_IF_WROTE_AGAIN, offersSkip, skipIfWroteAgainProperty } from './skipIfWroteAgain';
import type { ZApiOperation } from './types';

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
	for (const resource of resources) properties.push(...propertiesOf(resource));
	return properties;
}

/**
 * One resource's operation parameters, each shown only for the operations that declare it.
 * A parameter declared the same way by several operations is one property listing them all:
 * n8n resolves a node's parameters against every property, several times per execution, at a
 * cost that grows faster than their number. Each operation's own order is kept: a parameter
 * is shared only with an entry after the operation's previous one, else inserted right after it.
 */
function propertiesOf(resource: (typeof resources)[number]): INodeProperties[] {
	const merged: Array<{ key: string; property: INodeProperties; operations: string[] }> = [];
	for (const operation of resource.operations) {
		// Items at Once in Options, for the operations whose items overlap (those on one chat or
		// group each); last among the main fields only for nodes of version 1 that saved it there.
		const overlaps = operation.orderedBy && !operation.executeAllItems;
		const own = offersSkip(operation) ? withSkipIfWroteAgain(operation.properties) : operation.properties;
		let previous = -1;
		for (const property of overlaps ? [...withItemsAtOnce(own), savedItemsAtOnceProperty] : own) {
			const key = JSON.stringify(property);
			const found = merged.findIndex((entry, index) => index > previous && entry.key === key && !entry.operations.includes(operation.value));
			if (found >= 0) {
				merged[found].operations.push(operation.value);
				previous = found;
			} else {
				previous += 1;
				merged.splice(previous, 0, { key, property, operations: [operation.value] });
			}
		}
	}
	return merged.map(({ property, operations }) => ({
		...property,
		displayOptions: {
			...property.displayOptions,
			show: { ...(property.displayOptions?.show ?? {}), resource: [resource.value], operation: operations },
		},
	}));
}

/** The operation's parameters with Items at Once among its Options (in the order of their names), adding Options when it has none. */
function withItemsAtOnce(properties: INodeProperties[]): INodeProperties[] {
	const index = properties.findIndex((property) => property.name === 'options' && property.type === 'collection');
	if (index < 0) return [...properties, optionsProperty([itemsAtOnceOption])];
	const collection = properties[index];
	const options = [...((collection.options ?? []) as INodeProperties[])];
	const at = options.findIndex((option) => option.displayName.localeCompare(itemsAtOnceOption.displayName) > 0);
	options.splice(at < 0 ? options.length : at, 0, itemsAtOnceOption);
	return properties.map((property, position) => (position === index ? { ...collection, options } : property));
}

/** The operation's parameters with Skip If the Person Wrote Again before its Options (last when it has none). */
function withSkipIfWroteAgain(properties: INodeProperties[]): INodeProperties[] {
	const index = properties.findIndex((property) => property.name === 'options' && property.type === 'collection');
	const at = index < 0 ? properties.length : index;
	return [...properties.slice(0, at), skipIfWroteAgainProperty, ...properties.slice(at)];
}

/**
 * Where the Conversation State credential is shown: the Conversation operations, a Message
 * operation keeping state there (Send and Wait for Reply), and a send with Skip If the Person
 * Wrote Again on. n8n shows a credential when all its `show` rules hold and
 * none of its `hide` rules (a rule on a parameter the node does not show counts as not holding),
 * so it is hidden for every other resource, for the Message operations without the option, and
 * where the option is off.
 */
export function conversationStateDisplay(): { hide: Record<string, string[] | boolean[]> } {
	const message = resources.find((resource) => resource.operations.some(offersSkip));
	const without = (message?.operations ?? []).filter((operation: ZApiOperation) => !offersSkip(operation) && !operation.keepsConversationState).map(({ value }) => value);
	return {
		hide: {
			resource: resources.map(({ value }) => value).filter((value) => value !== 'conversation' && value !== message?.value),
			operation: without,
			[SKIP_IF_WROTE_AGAIN]: [false],
		},
	};
}
