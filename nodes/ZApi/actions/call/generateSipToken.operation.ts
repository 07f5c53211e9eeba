import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { requestCallCredentials, SIP_HINT } from './helpers';

/**
 * docs/calls/sip-token.md: POST /sip-token, no body, {host, user, token, active}. It makes new
 * SIP credentials and replaces the token in use: named Generate, not Get, so that nobody runs it
 * to read the token (Get SIP Info reads, with the token masked). Never sent twice (a POST).
 */
export const generateSipToken: ZApiOperation = {
	value: 'generateSipToken',
	name: 'Generate SIP Token',
	action: 'Generate new SIP credentials',
	description: 'Create SIP credentials (host, user, token) to connect a phone system to the WhatsApp number. Replaces the SIP token in use: phone systems using it must be given the new one.',
	properties: [
		{
			displayName: 'Generating a SIP token replaces the one in use: a phone system connected with it stops working until it gets the new one. The token is output as it comes: keep the output out of places others can read.',
			name: 'sipTokenNotice',
			type: 'notice',
			default: '',
			description: 'What generating a SIP token does',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const record = await requestCallCredentials.call(this, itemIndex, {
			method: 'POST',
			path: '/sip-token',
			tried: 'generate SIP credentials',
			hint: SIP_HINT,
			required: { host: 'text', user: 'text', token: 'text' },
		});
		return [record];
	},
};
