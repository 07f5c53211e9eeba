import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { base64ImageDataUri, imageDataUri, InputError, requireWebUrl } from '../../../shared/input';
import type { ZApiOperation } from '../types';
import { groupCall, groupIdProperty, readGroupId } from './groupCall';

type PhotoSource = 'url' | 'base64' | 'binary';

export const updatePhoto: ZApiOperation = {
	value: 'updatePhoto',
	name: 'Update Photo',
	action: 'Update group photo',
	description: 'Change the photo of a group, from a URL, base64 text or a file of the input item',
	properties: [
		groupIdProperty,
		{
			displayName: 'Photo Source',
			name: 'photoSource',
			type: 'options',
			options: [
				{ name: 'Binary File', value: 'binary', description: 'A file of the input item, for example from an HTTP Request or Read File node' },
				{ name: 'URL', value: 'url', description: 'A public address Z-API downloads the image from, such as the content.imageUrl of a Z-API Trigger image message' },
				{ name: 'Base64', value: 'base64', description: 'The image as base64 text' },
			],
			default: 'binary',
		},
		{
			displayName: 'Input Binary Field',
			name: 'binaryPropertyName',
			type: 'string',
			required: true,
			default: 'data',
			hint: 'The name of the input binary field containing the image',
			displayOptions: { show: { photoSource: ['binary'] } },
		},
		{
			displayName: 'Photo URL',
			name: 'photoUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://example.com/group.jpg',
			description: 'Public address of the image. JPEG under 600x600 pixels is the safest choice.',
			displayOptions: { show: { photoSource: ['url'] } },
		},
		{
			displayName: 'Photo (Base64)',
			name: 'photoBase64',
			type: 'string',
			typeOptions: { rows: 2 },
			required: true,
			default: '',
			description: "The image as base64, bare or starting with 'data:image/jpeg;base64,'",
			displayOptions: { show: { photoSource: ['base64'] } },
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const groupId = readGroupId.call(this, itemIndex);
		const source = this.getNodeParameter('photoSource', itemIndex) as PhotoSource;
		const groupPhoto = await readPhoto.call(this, itemIndex, source);
		await groupCall.call(this, itemIndex, {
			endpoint: '/update-group-photo',
			body: { groupId, groupPhoto },
			action: `update the photo of group ${groupId}`,
			hint: "Otherwise the instance's phone must be an admin of the group (or the group must let everyone edit its info), and the image must be a JPEG or PNG Z-API can read.",
		});
		return [{ success: true, groupId, photoSource: source }];
	},
};

/**
 * Binary File stays the default (saved workflows rely on it), but an image message of the
 * Z-API Trigger carries its image as a link, never as a file: such an item gets the exact
 * settings that work instead of a generic "no file".
 */
function triggerImageHint(json: IDataObject | undefined): string | undefined {
	const content = json?.content as IDataObject | null | undefined;
	if (typeof content?.imageUrl !== 'string' || !content.imageUrl) return undefined;
	return 'This item is an image message of the Z-API Trigger: it carries the image as a link, not as a file. Set Photo Source to URL and Photo URL to {{ $json.content.imageUrl }}.';
}

async function readPhoto(this: IExecuteFunctions, itemIndex: number, source: PhotoSource): Promise<string> {
	if (source === 'url') return requireWebUrl(this.getNodeParameter('photoUrl', itemIndex), 'Photo URL');
	if (source === 'base64') {
		return base64ImageDataUri(this.getNodeParameter('photoBase64', itemIndex), 'Photo (Base64)');
	}
	const field = String(this.getNodeParameter('binaryPropertyName', itemIndex)).trim();
	const item = this.getInputData()[itemIndex];
	const binary = item?.binary ?? {};
	if (!binary[field]) {
		const available = Object.keys(binary);
		throw new InputError(
			`The input item has no binary field '${field}'`,
			available.length
				? `Binary fields on this item: ${available.join(', ')}. Set Input Binary Field to one of them.`
				: triggerImageHint(item?.json) ??
						'This item carries no file. Add a node before this one that outputs the image as a file (HTTP Request with Response Format File, Read/Write Files from Disk, …).',
		);
	}
	const data = await this.helpers.getBinaryDataBuffer(itemIndex, field);
	return imageDataUri(data, `Binary field '${field}'`);
}
