import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { postStatus, readStatusText, statusTextProperty } from './helpers';

export const postText: ZApiOperation = {
	value: 'postText',
	name: 'Post Text',
	action: 'Post a text status',
	description: 'Post a text to the WhatsApp status (story) of the connected number; it disappears after 24 hours',
	properties: [statusTextProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const message = readStatusText.call(this, itemIndex);
		return await postStatus.call(this, itemIndex, { path: '/send-text-status', body: { message }, tried: 'post the text status' });
	},
};
