import type { INodeProperties } from 'n8n-workflow';

/**
 * The Options collection n8n nodes end their parameters with: optional settings the user
 * adds one by one. `extra` adds what a node needs beyond them, such as displayOptions.
 */
export function optionsProperty(options: INodeProperties[], extra: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		...extra,
		options,
	};
}
