import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { confirmedCall } from '../group/helpers';
import { GROUP_PHOTO } from '../group/updatePhoto.operation';
import { type MediaSourceFields, mediaSourceProperties, readMediaSource } from '../parameters';
import type { ZApiOperation } from '../types';
import { COMMUNITY_HINT, communityIdProperty, readCommunityId } from './helpers';

/** The photo's parameters, as Group → Update Photo names them; a URL by default, as the page's example. */
const PHOTO_FIELDS: MediaSourceFields = {
	kind: GROUP_PHOTO,
	noun: 'Photo',
	names: { source: 'photoSource', url: 'photoUrl', base64: 'photoBase64' },
	defaultSource: 'url',
	urlAdvice: 'JPEG under 600x600 pixels is the safest choice.',
};

// docs/communities/update-community-photo.md: {communityId, communityPhoto: URL or base64}, answers {value: true}.
export const updatePhoto: ZApiOperation = {
	value: 'updatePhoto',
	name: 'Update Photo',
	action: 'Update community photo',
	description: 'Change the photo of a community, from a URL, base64 text or a file of the input item',
	properties: [communityIdProperty, ...mediaSourceProperties(PHOTO_FIELDS)],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const communityId = readCommunityId.call(this, itemIndex);
		const { source, media } = await readMediaSource.call(this, itemIndex, PHOTO_FIELDS);
		await confirmedCall.call(this, itemIndex, {
			endpoint: '/update-community-photo',
			body: { communityId, communityPhoto: media.value },
			tried: `update the photo of community ${communityId}`,
			hint: `${COMMUNITY_HINT} The image must be a JPEG or PNG Z-API can read.`,
		});
		return [{ success: true, communityId, photoSource: source }];
	},
};
