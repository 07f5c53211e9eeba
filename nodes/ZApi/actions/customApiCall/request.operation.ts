import type { IDataObject, IExecuteFunctions, IHttpRequestMethods } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { requireAccepted, zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';
import { instancePath } from './instancePath';

const METHODS_WITH_BODY = ['PATCH', 'POST', 'PUT'];

export const request: ZApiOperation = {
	value: 'request',
	name: 'Make a Request',
	action: 'Call any Z-API endpoint',
	description:
		"Call a Z-API endpoint this node has no operation for (a catalog, a newsletter, …) by method and path, with the credentials' instance, token and client token",
	properties: [
		{
			displayName: 'Method',
			name: 'method',
			type: 'options',
			options: [
				{ name: 'DELETE', value: 'DELETE', description: 'Remove something' },
				{ name: 'GET', value: 'GET', description: 'Read something' },
				{ name: 'PATCH', value: 'PATCH', description: 'Change part of something' },
				{ name: 'POST', value: 'POST', description: 'Send or create something' },
				{ name: 'PUT', value: 'PUT', description: 'Set or replace something' },
			],
			default: 'GET',
			description: "The HTTP method Z-API's docs give for the endpoint",
		},
		{
			displayName: 'Path',
			name: 'path',
			type: 'string',
			required: true,
			default: '',
			placeholder: '/send-catalog',
			description:
				"The endpoint's path after the instance address, as Z-API's docs write it after …/token/YOUR_TOKEN. The instance and its token come from the credentials.",
		},
		{
			displayName: 'Query Parameters (JSON)',
			name: 'query',
			type: 'json',
			default: '{}',
			description: 'Query string parameters as a JSON object, for example {"page": 1, "pageSize": 20}',
		},
		{
			displayName: 'Body (JSON)',
			name: 'body',
			type: 'json',
			default: '{}',
			description: "The JSON body to send, as the endpoint's page shows it, as a JSON object",
			displayOptions: { show: { method: METHODS_WITH_BODY } },
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const method = String(this.getNodeParameter('method', itemIndex, 'GET')).toUpperCase() as IHttpRequestMethods;
		const path = instancePath(this.getNodeParameter('path', itemIndex));
		const query = jsonObject(this.getNodeParameter('query', itemIndex, '{}'), 'Query Parameters (JSON)');
		const body = METHODS_WITH_BODY.includes(method) ? jsonObject(this.getNodeParameter('body', itemIndex, '{}'), 'Body (JSON)') : undefined;
		const response = await zApiRequest.call(this, { method, path, qs: Object.keys(query).length ? query : undefined, body, itemIndex });
		requireAccepted(this.getNode(), response, 'noRefusal', {
			tried: `${method} ${path}`,
			hint: "Check the method, path and body against the endpoint's page in Z-API's docs.",
			itemIndex,
		});
		return outputOf(response);
	},
};

/** A JSON parameter as an object: typed text, or an object from an expression. */
function jsonObject(raw: unknown, field: string): IDataObject {
	if (typeof raw === 'string' && !raw.trim()) return {};
	const value = typeof raw === 'string' ? parsedJson(raw) : raw;
	if (value === NOT_JSON) {
		throw new InputError(`${field} is not valid JSON`, 'Write a JSON object such as {"phone": "5511999999999"}, or build one with an expression.');
	}
	if (value === undefined || value === null) return {};
	if (typeof value !== 'object' || Array.isArray(value)) {
		throw new InputError(`${field} must be a JSON object`, 'Write the fields between { and }, for example {"phone": "5511999999999"}.');
	}
	return value as IDataObject;
}

const NOT_JSON = Symbol('not JSON');

function parsedJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return NOT_JSON;
	}
}

/**
 * One item per object of a list response (as n8n's HTTP Request node splits them), the object
 * of an object response, and anything else under `data`; an empty response says it succeeded.
 */
export function outputOf(response: unknown): IDataObject[] {
	if (response === undefined || response === null || response === '') return [{ success: true }];
	if (Array.isArray(response)) return response.map((entry) => (entry && typeof entry === 'object' && !Array.isArray(entry) ? (entry as IDataObject) : { data: entry as IDataObject[string] }));
	if (typeof response === 'object') return [response as IDataObject];
	return [{ data: response as IDataObject[string] }];
}
