import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { normalizePhone } from '../../../shared/input';
import { firstRecord, zApiRequest } from '../../../shared/transport';
import { phoneProperty } from '../parameters';
import type { ZApiOperation } from '../types';

export const getPairingCode: ZApiOperation = {
	value: 'getPairingCode',
	name: 'Get Pairing Code',
	action: 'Get a code to connect by phone number',
	description:
		"Connect a number without scanning a QR code: get a code to type in WhatsApp on that phone (Linked devices → Link a device → Link with phone number instead)",
	properties: [
		{ ...phoneProperty, displayName: 'Phone', description: 'The WhatsApp number to connect, with country code (5511999999999; +55 (11) 99999-9999 is accepted)' },
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const phone = normalizePhone(this.getNodeParameter('phone', itemIndex));
		const response = await zApiRequest.call(this, { method: 'GET', path: `/phone-code/${phone}`, itemIndex });
		const code = pairingCodeIn(response);
		if (!code) {
			throw new NodeOperationError(this.getNode(), `Z-API gave no pairing code for ${phone}`, {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. When a number is already connected there is none: check with Instance → Get Status.`,
			});
		}
		return [{ phone, code }];
	},
};

/**
 * docs/instance/qrcode.md names GET /phone-code/{phone} but shows no response: the code is read
 * from `code` or `value`, or the response itself when it is a string.
 */
export function pairingCodeIn(response: unknown): string | undefined {
	const record = firstRecord(response);
	if (typeof record.error === 'string' && record.error) return undefined;
	const code = typeof response === 'string' ? response : (record.code ?? record.value);
	return typeof code === 'string' && code.trim() ? code.trim() : undefined;
}
