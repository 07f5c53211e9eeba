import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { sniffMediaType } from '../../../shared/media';
import { zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';
import { ItemWithFile } from '../types';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export const getQrCode: ZApiOperation = {
	value: 'getQrCode',
	name: 'Get QR Code',
	action: 'Get the QR code to connect',
	description:
		'Get the QR code that links a WhatsApp number to the instance, as an image file to send or show. WhatsApp renews it every 20 seconds; when the number is already connected, there is none.',
	properties: [
		{
			displayName: 'Put Output File in Field',
			name: 'binaryPropertyName',
			type: 'string',
			required: true,
			default: 'data',
			hint: 'The name of the output binary field to put the QR code image in',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const field = String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim() || 'data';
		const response = await zApiRequest.call(this, { method: 'GET', path: '/qr-code/image', itemIndex });
		const image = qrImageOf(response);
		if (!image) {
			throw new NodeOperationError(this.getNode(), 'Z-API gave no QR code image', {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. When the number is already connected there is no QR code: check with Instance → Get Status, or Disconnect first to link another number.`,
			});
		}
		const binary = await this.helpers.prepareBinaryData(image.data, 'qr-code.' + image.mimeType.split('/')[1], image.mimeType);
		return [new ItemWithFile({ connected: false, mimeType: image.mimeType }, { [field]: binary })];
	},
};

/**
 * The image in the response. Its wrapping is not documented: a bare base64 string, a data URI,
 * or either inside a JSON object ({value: …} is what the other instance calls use) are all read.
 */
export function qrImageOf(response: unknown): { data: Buffer; mimeType: string } | undefined {
	const candidates =
		typeof response === 'string' ? [response] : response && typeof response === 'object' && !Array.isArray(response) ? Object.values(response as IDataObject) : [];
	for (const candidate of candidates) {
		if (typeof candidate !== 'string') continue;
		const payload = candidate.trim().replace(/^data:[\w/+.-]+;base64,/i, '').replace(/\s+/g, '');
		if (payload.length < 16 || !BASE64.test(payload)) continue;
		const data = Buffer.from(payload, 'base64');
		const mimeType = sniffMediaType(data)?.mimeType;
		if (mimeType?.startsWith('image/')) return { data, mimeType };
	}
	return undefined;
}
