import type { IDataObject, IExecuteFunctions, IHttpRequestMethods } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { ZAPI_METHODS, zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';
import { instancePath } from './request/instancePath';

/** Methods that carry a body: DELETE too, as /delete-newsletter takes one (docs/newsletter/delete-newsletter.md). */
const METHODS_WITH_BODY = ['POST', 'PUT', 'DELETE'];

const METHOD_WORDS: Record<string, string> = {
	DELETE: 'Remove something',
	GET: 'Read something',
	POST: 'Send or create something',
	PUT: 'Set or replace something',
};

export const request: ZApiOperation = {
	value: 'request',
	name: 'Make a Request',
	action: 'Call any Z-API endpoint',
	description:
		"Call a Z-API endpoint this node has no operation for (one Z-API added after this version, say) by method and path, with the credentials' instance, token and client token",
	properties: [
		{
			displayName: 'Method',
			name: 'method',
			type: 'options',
			options: [...ZAPI_METHODS].sort().map((method) => ({ name: method, value: method, description: METHOD_WORDS[method] })),
			default: 'GET',
			description: "The HTTP method Z-API's docs give for the endpoint (its pages use only these four)",
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
			description:
				"The JSON body to send, as the endpoint's page shows it: an object, or a list where the page shows one (/contacts/add). With DELETE it is sent only when not empty (/delete-newsletter takes the channel's ID in its body).",
			displayOptions: { show: { method: METHODS_WITH_BODY } },
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const method = readMethod(this.getNodeParameter('method', itemIndex, 'GET'));
		const path = instancePath(this.getNodeParameter('path', itemIndex));
		const query = jsonObject(this.getNodeParameter('query', itemIndex, '{}'), 'Query Parameters (JSON)');
		const body = METHODS_WITH_BODY.includes(method) ? jsonBody(this.getNodeParameter('body', itemIndex, '{}'), method) : undefined;
		// The response goes out as it came: a 200 that holds an `error` field is not read as a
		// refusal here (GET /status answers "You are already connected." in `error`,
		// docs/instance/status.md). Refusals belong to the operations whose pages define them.
		const response = await zApiRequest.call(this, { method, path, qs: Object.keys(query).length ? query : undefined, body, itemIndex });
		return outputOf(response);
	},
};

/** The method, from the list or an expression: one Z-API uses, or an error before any request. */
function readMethod(raw: unknown): IHttpRequestMethods {
	const method = String(raw ?? 'GET').trim().toUpperCase();
	if (!ZAPI_METHODS.includes(method as IHttpRequestMethods)) {
		throw new InputError(
			`Method ${JSON.stringify(String(raw)).slice(0, 40)} is not one Z-API uses`,
			`Use ${ZAPI_METHODS.join(', ')}, as the endpoint's page in Z-API's docs gives it. Nothing was sent.`,
		);
	}
	return method as IHttpRequestMethods;
}

/**
 * The body: an object or a list (the address book calls take one, docs/contacts/add-contacts.md).
 * An empty body goes with POST and PUT as {}; a DELETE sends none unless one is given.
 */
function jsonBody(raw: unknown, method: IHttpRequestMethods): IDataObject | IDataObject[] | string[] | undefined {
	const value = jsonValue(raw, 'Body (JSON)');
	if (value === undefined) return method === 'DELETE' ? undefined : {};
	if (typeof value !== 'object') {
		throw new InputError('Body (JSON) must be a JSON object or list', 'Write the fields between { and }, for example {"phone": "5511999999999"}, or a list between [ and ] where the page shows one.');
	}
	if (method === 'DELETE' && !Array.isArray(value) && !Object.keys(value as object).length) return undefined;
	return value as IDataObject | IDataObject[];
}

/** A JSON parameter as an object: typed text, or an object from an expression. */
function jsonObject(raw: unknown, field: string): IDataObject {
	const value = jsonValue(raw, field);
	if (value === undefined) return {};
	if (typeof value !== 'object' || Array.isArray(value)) {
		throw new InputError(`${field} must be a JSON object`, 'Write the fields between { and }, for example {"phone": "5511999999999"}.');
	}
	return value as IDataObject;
}

/** A JSON parameter's value: typed text parsed, or the value of an expression; undefined when empty. */
function jsonValue(raw: unknown, field: string): unknown {
	if (typeof raw === 'string' && !raw.trim()) return undefined;
	const value = typeof raw === 'string' ? parsedJson(raw) : raw;
	if (value === NOT_JSON) {
		throw new InputError(`${field} is not valid JSON`, 'Write a JSON object such as {"phone": "5511999999999"}, or build one with an expression.');
	}
	return value ?? undefined;
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
