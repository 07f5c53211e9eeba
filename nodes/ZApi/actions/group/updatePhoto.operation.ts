import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { type MediaKind, MEDIA_KINDS } from '../../../shared/media';
import { type MediaSourceFields, mediaSourceProperties, readMediaSource } from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';
import { groupCall, groupIdProperty, readGroupId } from './helpers';

/** Any image Z-API can read, known by its bytes (the service fails silently on anything else). */
export const GROUP_PHOTO: MediaKind = { ...MEDIA_KINDS.image, bytesDecide: true };

/** The photo's parameters, under the names saved workflows hold. */
const PHOTO_FIELDS: MediaSourceFields = {
	kind: GROUP_PHOTO,
	noun: 'Photo',
	names: { source: 'photoSource', url: 'photoUrl', base64: 'photoBase64' },
	// Binary File stays the default: saved workflows rely on it.
	defaultSource: 'binary',
	urlAdvice: 'JPEG under 600x600 pixels is the safest choice.',
};

export const updatePhoto: ZApiOperation = {
	value: 'updatePhoto',
	name: 'Update Photo',
	action: 'Update group photo',
	description: 'Change the photo of a group, from a URL, base64 text or a file of the input item',
	orderedBy: 'groupId',
	properties: [groupIdProperty, ...mediaSourceProperties(PHOTO_FIELDS)],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const groupId = readGroupId.call(this, itemIndex, read);
		// Anything but URL and Base64 reads a file, as Binary File did before it had a name.
		const { source, media } = await readMediaSource.call(this, itemIndex, PHOTO_FIELDS, triggerImageHint(this.getInputData()[itemIndex]?.json));
		const groupPhoto = media.value;
		await groupCall.call(this, itemIndex, {
			endpoint: '/update-group-photo',
			body: { groupId, groupPhoto },
			tried: `update the photo of group ${groupId}`,
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
