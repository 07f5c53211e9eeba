import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { partnerRequest } from '../../../shared/transport';
import { getPagedList, pageSizeOption, pagingProperties, type PagedListing } from '../paging';
import type { ZApiOperation } from '../types';
import { isRecord, unexpectedAnswer } from './helpers';

/**
 * docs/partner/list-instances.md: GET {baseUrl}/instances with page and pageSize in the query
 * string, optionally query (a name or ID to look for) and middleware (web or mobile),
 * answering {total, totalPage, pageSize, page, content: [...]}. The page's sample
 * (json-examples/list-instances.json) writes the four values as a JSON body of the GET; the
 * page calls them query parameters and shows them in the address (?page=1&pageSize=2), and a
 * GET body is dropped by many proxies: the page is followed.
 */
const LISTING: PagedListing = {
	path: '/instances',
	what: 'instances',
	key: 'id',
	defaultPageSize: 50,
	fitLastPage: true,
	async read(this: IExecuteFunctions, itemIndex: number, qs: IDataObject) {
		const chosen = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const query = String(chosen.query ?? '').trim();
		const middleware = String(chosen.middleware ?? '');
		const response = await partnerRequest.call(this, {
			method: 'GET',
			path: '/instances',
			qs: { ...qs, ...(query ? { query } : {}), ...(middleware === 'web' || middleware === 'mobile' ? { middleware } : {}) },
			itemIndex,
		});
		const content = isRecord(response) ? response.content : undefined;
		if (!Array.isArray(content)) throw unexpectedAnswer.call(this, itemIndex, 'Z-API did not return a list of instances', response);
		return content;
	},
};

export const getManyInstances: ZApiOperation = {
	value: 'getManyInstances',
	name: 'Get Many Instances',
	action: 'Get many Z-API instances',
	description:
		'List the instances of the integrator account, one output item per instance with its ID, token, name, due date, payment status and connection',
	properties: pagingProperties(
		pageSizeOption(LISTING.defaultPageSize, 'How many instances to ask Z-API for per request'),
		{
			displayName: 'Search',
			name: 'query',
			type: 'string',
			default: '',
			description: 'Only the instances whose name or ID holds this text',
		},
		{
			displayName: 'Type',
			name: 'middleware',
			type: 'options',
			default: 'all',
			description: 'Only web or only mobile instances',
			options: [
				{ name: 'All', value: 'all', description: 'Web and mobile instances' },
				{ name: 'Web', value: 'web', description: 'Instances connected as WhatsApp Web' },
				{ name: 'Mobile', value: 'mobile', description: 'Mobile instances' },
			],
		},
	),
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return await getPagedList.call(this, itemIndex, LISTING);
	},
};
