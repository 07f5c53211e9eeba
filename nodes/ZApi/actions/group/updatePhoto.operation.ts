import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { MediaKind, MediaSource } from '../../../shared/media';
import { MEDIA_KINDS, readMedia } from '../../../shared/media';
import type { ZApiOperation } from '../types';
import { groupCall, groupIdProperty, readGroupId } from './groupCall';

/** Any image Z-API can read, known by its bytes (the service fails silently on anything else). */
export const GROUP_PHOTO: MediaKind = { ...MEDIA_KINDS.image, bytesDecide: true };

/** The parameter holding each source's value, and its name as the user sees it. */
const PHOTO_PARAMETERS: Record<MediaSource, { name: string; field: string }> = {
	binary: { name: 'binaryPropertyName', field: 'Input Binary Field' },
	url: { name: 'photoUrl', field: 'Photo URL' },
	base64: { name: 'photoBase64', field: 'Photo (Base64)' },
};

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
		const source = this.getNodeParameter('photoSource', itemIndex) as MediaSource;
		// Anything but URL and Base64 reads a file, as Binary File did before it had a name.
		const parameter = PHOTO_PARAMETERS[source] ?? PHOTO_PARAMETERS.binary;
		const photo = await readMedia.call(this, itemIndex, {
			source,
			kind: GROUP_PHOTO,
			value: this.getNodeParameter(parameter.name, itemIndex),
			field: parameter.field,
			noFileHint: triggerImageHint(this.getInputData()[itemIndex]?.json),
		});
		const groupPhoto = photo.value;
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
