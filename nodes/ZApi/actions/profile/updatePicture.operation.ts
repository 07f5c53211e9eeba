import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { putSetting } from '../instance/helpers';
import { fileFields } from '../message/helpers';
import { mediaSourceProperties, readMediaSource } from '../parameters';
import type { ZApiOperation } from '../types';

/**
 * docs/instance/profile-picture.md documents `value` as an image URL only. A file or base64
 * goes as a data URI, the form the service's other picture call takes (the group photo), and
 * works; the editor says which form is the documented one.
 */
const pictureSourceNotice: INodeProperties = {
	displayName:
		"Z-API documents only an image URL for the profile picture. A file or base64 is sent as a data URI, as Z-API takes it for group photos; if a picture does not change, give its URL.",
	name: 'pictureSourceNotice',
	type: 'notice',
	default: '',
	description: 'Which picture sources Z-API documents',
};

export const updatePicture: ZApiOperation = {
	value: 'updatePicture',
	name: 'Update Picture',
	action: 'Update the profile picture',
	description: "Change the connected number's WhatsApp profile picture, from a file of the input item, a URL or base64",
	properties: [pictureSourceNotice, ...mediaSourceProperties(fileFields({ kind: 'image' }))],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const { media: picture } = await readMediaSource.call(this, itemIndex, fileFields({ kind: 'image' }));
		// A file or base64 goes as a data URI (see pictureSourceNotice).
		await putSetting.call(this, itemIndex, {
			path: '/profile-picture',
			value: picture.value,
			tried: 'set the profile picture',
			hint: 'Check that the instance is connected and that the image is a JPEG or PNG Z-API can read.',
		});
		return [{ success: true, pictureSource: picture.source }];
	},
};
