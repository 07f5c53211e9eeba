import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { sniffMediaType } from '../../../shared/media';
import { flagOf } from '../../../shared/delivery/readers';
import { firstRecord, zApiRequest } from '../../../shared/transport';
import type { ZApiOperation } from '../types';
import { ItemWithFile } from '../types';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export const getQrCode: ZApiOperation = {
	value: 'getQrCode',
	name: 'Get QR Code',
	action: 'Get the QR code to connect',
	description:
		'Get the QR code that links a WhatsApp number to the instance, as an image file to send or show. WhatsApp renews it every 20 seconds; when a number is already connected, the output says so (connected: true) and has no image.',
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
			if (await isConnected.call(this, response, itemIndex)) {
				// A normal state, not a failure: the number is linked and there is nothing to scan.
				return [{ connected: true, message: ALREADY_CONNECTED }];
			}
			throw new NodeOperationError(this.getNode(), 'Z-API gave no QR code image', {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. Check with Instance → Get Status that the instance is running, then try again: WhatsApp renews the QR code every 20 seconds.`,
			});
		}
		const binary = await this.helpers.prepareBinaryData(image.data, 'qr-code.' + image.mimeType.split('/')[1], image.mimeType);
		return [new ItemWithFile({ connected: false, mimeType: image.mimeType }, { [field]: binary })];
	},
};

export const ALREADY_CONNECTED =
	'A WhatsApp number is already connected to this instance: there is no QR code to scan. To link another number, use Instance → Disconnect first.';

/**
 * Whether a QR code response without an image means the number is connected. The page only says
 * the service will not connect a connected instance again (docs/instance/qrcode.md), not
 * what it responds then; a response that says `connected: true` is taken at its word, and any
 * other is checked with the read-only status call rather than guessed from its wording.
 */
async function isConnected(this: IExecuteFunctions, response: unknown, itemIndex: number): Promise<boolean> {
	if (flagOf(firstRecord(response).connected) === true) return true;
	const status = await zApiRequest.call(this, { method: 'GET', path: '/status', itemIndex });
	return flagOf(firstRecord(status).connected) === true;
}

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
