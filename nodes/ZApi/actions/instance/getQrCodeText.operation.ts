import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { firstRecord, zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';

export const getQrCodeText: ZApiOperation = {
	value: 'getQrCodeText',
	name: 'Get QR Code Text',
	action: 'Get the text of the QR code',
	description:
		'Get what the QR code holds, as text, to draw it in your own page or app with any QR code component (Get QR Code gives it as an image). WhatsApp renews it every 20 seconds.',
	properties: [],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		// docs/instance/qrcode.md: GET /qr-code "returns the bytes of the QR code"; the wrapping is
		// not shown: a bare string or {value} is read.
		const response = await zApiRequest.call(this, { method: 'GET', path: '/qr-code', itemIndex });
		const record = firstRecord(response);
		const code = typeof response === 'string' ? response : record.value;
		if (typeof code !== 'string' || !code.trim() || typeof record.error === 'string') {
			throw new NodeOperationError(this.getNode(), 'Z-API gave no QR code', {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. When the number is already connected there is no QR code: check with Instance → Get Status, or Disconnect first to link another number.`,
			});
		}
		return [{ connected: false, qrCode: code.trim() }];
	},
};
