import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { requestCallCredentials, SIP_HINT } from './helpers';

/**
 * docs/calls/sip-info.md: GET /sip-info, {host, user, token?, active}: the token masked
 * ("BZ9***") when one was generated, absent and `active: false` otherwise.
 */
export const getSipInfo: ZApiOperation = {
	value: 'getSipInfo',
	name: 'Get SIP Info',
	action: 'Get the SIP status of the instance',
	description: 'Read the SIP host and user of the number and whether SIP is active (the token comes masked; Generate SIP Token gives a usable one)',
	properties: [],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const record = await requestCallCredentials.call(this, itemIndex, {
			method: 'GET',
			path: '/sip-info',
			tried: 'give the SIP information',
			hint: SIP_HINT,
			required: { active: 'flag' },
		});
		return [record];
	},
};
