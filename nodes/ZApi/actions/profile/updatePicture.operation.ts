import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { putSetting } from '../instance/helpers';
import { fileFields } from '../message/helpers';
import { mediaSourceProperties, readMediaSource } from '../parameters';
import type { ZApiOperation } from '../types';

export const updatePicture: ZApiOperation = {
	value: 'updatePicture',
	name: 'Update Picture',
	action: 'Update the profile picture',
	description: "Change the connected number's WhatsApp profile picture, from a file of the input item, a URL or base64",
	properties: mediaSourceProperties(fileFields({ kind: 'image' })),
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const { media: picture } = await readMediaSource.call(this, itemIndex, fileFields({ kind: 'image' }));
		// docs/instance/profile-picture.md shows only an image URL in `value`. A file or base64
		// goes as a data URI, the form the service's other picture call takes (the group photo).
		await putSetting.call(this, itemIndex, {
			path: '/profile-picture',
			value: picture.value,
			tried: 'set the profile picture',
			hint: 'Check that the instance is connected and that the image is a JPEG or PNG Z-API can read.',
		});
		return [{ success: true, pictureSource: picture.source }];
	},
};
