import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import type { ZApiOperation } from '../types';
import { mobileCall } from '../accountSecurity/helpers';
import { REGISTRATION_HINT } from './helpers';

/** docs/mobile/request-unbanning.md: {appealToken, description} -> {success, status: IN_REVIEW | UNBANNED}. */
export const requestUnbanning: ZApiOperation = {
	value: 'requestUnbanning',
	name: 'Request Unbanning',
	action: 'Ask WhatsApp to review the ban of a number',
	description: 'Send WhatsApp an appeal for a banned number, with the appealToken Check Registration Availability output; the output status says IN_REVIEW or UNBANNED',
	properties: [
		{
			displayName: 'Appeal Token',
			name: 'appealToken',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: 'The appealToken Check Registration Availability output for the banned number',
		},
		{
			displayName: 'Appeal Message',
			name: 'appealMessage',
			type: 'string',
			typeOptions: { rows: 3 },
			required: true,
			default: '',
			placeholder: 'I was chatting as usual and got banned',
			description: 'What WhatsApp reviews: why the ban should be lifted',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const tokenHint = 'Map the appealToken field of Check Registration Availability run for the banned number.';
		const appealToken = String(this.getNodeParameter('appealToken', itemIndex) ?? '').trim();
		if (!appealToken) throw new InputError('Appeal Token is empty', tokenHint);
		if (/\s/.test(appealToken)) throw new InputError('Appeal Token holds spaces: it is one unbroken string', tokenHint);
		const description = String(this.getNodeParameter('appealMessage', itemIndex) ?? '').trim();
		if (!description) throw new InputError('Appeal Message is empty', 'Say in a sentence why the number should not be banned: WhatsApp reviews it.');
		const record = await mobileCall.call(this, itemIndex, {
			method: 'POST',
			path: '/mobile/request-unbanning',
			body: { appealToken, description },
			tried: 'request the unbanning of the number',
			expect: 'confirmation',
			hint: `Check that the appeal token comes from a recent Check Registration Availability of the banned number. ${REGISTRATION_HINT}`,
		});
		return [record];
	},
};
