import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { type MediaKind, MEDIA_KINDS } from '../../../shared/media';
import { type MediaSourceFields, mediaSourceProperties, readMediaSource } from '../parameters';
import type { ZApiOperation } from '../types';
import { changeChannel, channelIdProperty, MANAGED_HINT, readChannelId } from './helpers';

/** Any image Z-API can read, known by its bytes. */
const CHANNEL_PICTURE: MediaKind = { ...MEDIA_KINDS.image, bytesDecide: true };

const PICTURE_FIELDS: MediaSourceFields = {
	kind: CHANNEL_PICTURE,
	noun: 'Picture',
	names: { source: 'pictureSource', url: 'pictureUrl', base64: 'pictureBase64' },
	// docs/newsletter/update-channel-picture.md: `pictureUrl` takes a URL or base64; a URL first.
	defaultSource: 'url',
};

export const updatePicture: ZApiOperation = {
	value: 'updatePicture',
	name: 'Update Picture',
	action: 'Update the picture of a channel',
	description: 'Change the picture of a channel the instance runs, from a URL, base64 text or a file of the input item',
	properties: [channelIdProperty, ...mediaSourceProperties(PICTURE_FIELDS)],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const channelId = readChannelId.call(this, itemIndex);
		const { source, media } = await readMediaSource.call(this, itemIndex, PICTURE_FIELDS);
		// docs/newsletter/update-channel-picture.md: {id, pictureUrl}, answered 201 {value: true}.
		await changeChannel.call(this, itemIndex, {
			method: 'POST',
			path: '/update-newsletter-picture',
			body: { id: channelId, pictureUrl: media.value },
			tried: `update the picture of channel ${channelId}`,
			hint: `${MANAGED_HINT} The image must be a JPEG or PNG Z-API can read.`,
			expect: 'confirmation',
		});
		return [{ success: true, channelId, pictureSource: source }];
	},
};
