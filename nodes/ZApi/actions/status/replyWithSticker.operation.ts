import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { fileFields } from '../message/helpers';
import { mediaSourceProperties, readMediaSource } from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';
import { replyToStatus, statusMessageIdProperty, statusPhoneProperty } from './helpers';

export const replyWithSticker: ZApiOperation = {
	value: 'replyWithSticker',
	name: 'Reply With Sticker',
	action: 'Reply to a status with a sticker',
	description: "Answer someone's status with a sticker from a file of the input item, a URL or base64",
	orderedBy: 'phone',
	properties: [statusPhoneProperty, statusMessageIdProperty, ...mediaSourceProperties(fileFields({ kind: 'sticker' }))],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		return await replyToStatus.call(this, itemIndex, {
			path: '/reply-status-sticker',
			what: 'a sticker',
			// docs/status/reply-status-sticker.md: "Link to the sticker or its Base64".
			fields: async () => ({ sticker: (await readMediaSource.call(this, itemIndex, fileFields({ kind: 'sticker' }))).media.value }),
		}, read);
	},
};
