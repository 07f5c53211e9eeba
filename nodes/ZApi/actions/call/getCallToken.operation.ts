import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { requestCallCredentials } from './helpers';

/**
 * docs/calls/call-token.md: GET /call-token, {token}. An ephemeral token for Z-API's calls
 * SDK (@z-api/call), good for one connection; the page says to ask for it from a backend,
 * as n8n is, and hand it to the app that opens the call.
 */
export const getCallToken: ZApiOperation = {
	value: 'getCallToken',
	name: 'Get Call Token',
	action: 'Get a token for the calls SDK',
	description: "Get a one-connection token for Z-API's calls SDK (@z-api/call), to hand to the app that makes WhatsApp calls. A new one is needed for every connection.",
	properties: [],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const record = await requestCallCredentials.call(this, itemIndex, {
			method: 'GET',
			path: '/call-token',
			tried: 'give a token for the calls SDK',
			hint: 'Check that the instance is connected and that calls are available on the Z-API account.',
			required: { token: 'text' },
		});
		return [record];
	},
};
