import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';
import { LABEL_HINT } from './helpers';

export const getColors: ZApiOperation = {
	value: 'getColors',
	name: 'Get Colors',
	action: 'Get the label colours',
	description: 'List the colours a label can have, one output item per colour: its number (for Create and Update) and its hexadecimal value',
	properties: [],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const response = await zApiRequest.call(this, { method: 'GET', path: '/business/tags/colors', itemIndex });
		const colors = colorsIn(response);
		if (!colors.length) {
			throw new NodeOperationError(this.getNode(), 'Z-API did not return the label colours', {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. ${LABEL_HINT}`,
			});
		}
		return colors;
	},
};

/**
 * docs/business/get-tags-colors.md responds {"0": "#FF9485", "1": …}: each key a colour
 * number. A list of hex values (its position the number) is read too.
 */
export function colorsIn(response: unknown): IDataObject[] {
	const entries = Array.isArray(response)
		? response.map((hex, index) => [String(index), hex] as const)
		: response && typeof response === 'object'
			? Object.entries(response as IDataObject)
			: [];
	return entries
		.filter(([key, hex]) => /^\d+$/.test(key) && typeof hex === 'string' && hex.trim() !== '')
		.map(([key, hex]) => ({ color: Number(key), hex: String(hex).trim() }))
		.sort((a, b) => a.color - b.color);
}
