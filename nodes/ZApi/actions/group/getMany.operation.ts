import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { optionsProperty } from '../message/send';
import { limitProperty, pageSizeOption, positiveInteger, readLimit, returnAllProperty } from '../paging';
import type { ZApiOperation } from '../types';
import { groupOutput, groupRead } from './groupAnswer';

const DEFAULT_PAGE_SIZE = 50;

/**
 * Reads the group list page by page (`page` from 1, `pageSize`). The service does not say
 * how the list ends, so the loop stops on an empty or short page and on a page with no
 * group not seen before, and never returns a group twice.
 */
export const getMany: ZApiOperation = {
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many groups',
	description: "List the groups the instance's phone is in, one output item per group",
	properties: [
		returnAllProperty,
		limitProperty,
		optionsProperty([pageSizeOption(DEFAULT_PAGE_SIZE, 'How many groups to ask Z-API for per request')]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const limit = readLimit.call(this, itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const pageSize = positiveInteger(options.pageSize ?? DEFAULT_PAGE_SIZE, 'Page Size');

		const groups: IDataObject[] = [];
		const seen = new Set<string>();
		for (let page = 1; groups.length < limit; page++) {
			const records = await groupRead.call(this, itemIndex, {
				method: 'GET',
				path: '/groups',
				qs: { page, pageSize },
				action: 'list the groups',
				hint: 'Check that the instance is connected.',
			});
			if (!Array.isArray(records)) {
				throw new NodeOperationError(this.getNode(), 'Z-API did not return a list of groups', {
					itemIndex,
					description: `It answered ${JSON.stringify(records).slice(0, 200)}. Check that the instance is connected.`,
				});
			}
			let fresh = 0;
			for (const record of records as IDataObject[]) {
				const id = typeof record?.phone === 'string' ? record.phone : undefined;
				if (id !== undefined && seen.has(id)) continue;
				if (id !== undefined) seen.add(id);
				fresh++;
				if (groups.length < limit) groups.push(groupOutput(record ?? {}));
			}
			if (records.length < pageSize || fresh === 0) break;
		}
		return groups;
	},
};
