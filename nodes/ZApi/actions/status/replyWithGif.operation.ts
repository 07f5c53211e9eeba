import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { mediaFromUrl } from '../../../shared/media';
import type { ItemRead, ZApiOperation } from '../types';
import { replyToStatus, statusMessageIdProperty, statusPhoneProperty } from './helpers';

export const replyWithGif: ZApiOperation = {
	value: 'replyWithGif',
	name: 'Reply With GIF',
	action: 'Reply to a status with a GIF',
	description: "Answer someone's status with a GIF (an MP4 file at a public address)",
	orderedBy: 'phone',
	properties: [
		statusPhoneProperty,
		statusMessageIdProperty,
		{
			displayName: 'GIF URL',
			name: 'gifUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://example.com/party.mp4',
			description: 'Public http(s) address of the GIF as an MP4 file (WhatsApp plays GIFs as short silent videos)',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		return await replyToStatus.call(this, itemIndex, {
			path: '/reply-status-gif',
			what: 'a GIF',
			// docs/status/reply-status-gif.md takes only a link to an MP4 (unlike the sticker's
			// "link or Base64"), so no file or base64 is offered: the service would not read it.
			fields: () => ({ gif: mediaFromUrl(this.getNodeParameter('gifUrl', itemIndex), 'GIF URL').value }),
		}, read);
	},
};
