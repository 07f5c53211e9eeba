import type { ZApiResource } from '../types';
import { postImage } from './postImage.operation';
import { postText } from './postText.operation';
import { postVideo } from './postVideo.operation';
import { replyWithGif } from './replyWithGif.operation';
import { replyWithSticker } from './replyWithSticker.operation';
import { replyWithText } from './replyWithText.operation';

export const status: ZApiResource = {
	value: 'status',
	name: 'Status',
	description: 'WhatsApp status (stories): post text, images and videos, reply to the statuses of others',
	operations: [postImage, postText, postVideo, replyWithGif, replyWithSticker, replyWithText],
};
