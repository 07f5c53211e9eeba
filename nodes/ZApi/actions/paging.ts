import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { InputError } from '../../shared/input';

/** Return All / Limit, as n8n's own nodes show them, for operations that read page by page. */
export const returnAllProperty: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

export const limitProperty: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	description: 'Max number of results to return',
	displayOptions: { show: { returnAll: [false] } },
};

/** How many records one request asks for, as an entry of the operation's Options. */
export function pageSizeOption(defaultSize: number, description: string, maxValue?: number): INodeProperties {
	return {
		displayName: 'Page Size',
		name: 'pageSize',
		type: 'number',
		typeOptions: maxValue === undefined ? { minValue: 1 } : { minValue: 1, maxValue },
		default: defaultSize,
		description,
	};
}

/** How many results the item asks for: Infinity with Return All. */
export function readLimit(this: IExecuteFunctions, itemIndex: number): number {
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	return returnAll ? Infinity : positiveInteger(this.getNodeParameter('limit', itemIndex, 50), 'Limit');
}

export function positiveInteger(value: unknown, field: string): number {
	const number = Number(value);
	if (!Number.isInteger(number) || number < 1) {
		throw new InputError(`${field} must be a whole number of 1 or more (got ${String(value)})`, `Set ${field} to 1 or more.`);
	}
	return number;
}
