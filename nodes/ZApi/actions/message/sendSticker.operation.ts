import { mediaOperation } from './helpers';
import { delayMessageOption, replyToOption } from '../parameters';

export const sendSticker = mediaOperation({
	value: 'sendSticker',
	name: 'Send Sticker',
	action: 'Send a sticker',
	description: 'Send an image (WebP, PNG or JPEG) as a sticker, from a file of the input item, a URL or base64',
	kind: 'sticker',
	field: 'sticker',
	path: '/send-sticker',
	options: [delayMessageOption, replyToOption, { displayName: 'Sticker Author', name: 'stickerAuthor', type: 'string', default: '', description: 'Author name stored in the sticker' }],
	passOptions: { stickerAuthor: 'stickerAuthor' },
});
