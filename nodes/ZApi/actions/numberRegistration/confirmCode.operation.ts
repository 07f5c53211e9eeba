import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { flagOf } from '../../../shared/delivery/readers';
import { firstRecord, zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';
import { readSixDigitCode } from '../accountSecurity/helpers';
import { REGISTRATION_HINT } from './helpers';

/**
 * docs/mobile/confirm-code.md: {code} -> {success: true} (the instance is connected), or
 * {success: false, confirmSecurityCode: true} when the account has a two-step PIN: a step,
 * not a failure, output with confirmSecurityCode true for Confirm Two-Step PIN. Any other no
 * fails the item.
 */
export const confirmCode: ZApiOperation = {
	value: 'confirmCode',
	name: 'Confirm Registration Code',
	action: 'Confirm the code that registers a number on the instance',
	description:
		'Third step of registering a number on a Z-API mobile instance: the code WhatsApp sent connects the number. When the output says confirmSecurityCode, Confirm Two-Step PIN comes next.',
	properties: [
		{
			displayName: 'Code',
			name: 'code',
			type: 'string',
			required: true,
			default: '',
			placeholder: '123-456',
			description: 'The 6-digit code WhatsApp sent after Request Registration Code (123-456 or 123456)',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const code = readSixDigitCode(this.getNodeParameter('code', itemIndex), 'Code', 'Type the 6-digit code WhatsApp sent by SMS, voice call or app pop-up after Request Registration Code.');
		const response = await zApiRequest.call(this, { method: 'POST', path: '/mobile/confirm-registration-code', body: { code }, secrets: [code], itemIndex });
		const record = firstRecord(response);
		const pinNext = flagOf(record.confirmSecurityCode) === true;
		if ((flagOf(record.success) !== true && !pinNext) || record.error) {
			throw new NodeOperationError(this.getNode(), `Z-API could not confirm the registration code (it answered ${JSON.stringify(response ?? null).slice(0, 200)})`, {
				itemIndex,
				description: `Check the code in the latest SMS, call or pop-up from WhatsApp: an older one no longer works, and a new Request Registration Code sends a new one. ${REGISTRATION_HINT}`,
			});
		}
		return [{ ...record, confirmSecurityCode: pinNext }];
	},
};
