import { captionOption, mediaOperation, viewOnceOption } from './helpers';
import { delayMessageOption, replyToOption } from '../parameters';

export const sendImage = mediaOperation({
	value: 'sendImage',
	name: 'Send Image',
	action: 'Send an image message',
	description: 'Send an image (JPEG, PNG, GIF or WebP) from a file of the input item, a URL or base64, with an optional caption',
	kind: 'image',
	field: 'image',
	path: '/send-image',
	options: [captionOption, delayMessageOption, replyToOption, viewOnceOption],
	passOptions: { caption: 'caption', viewOnce: 'viewOnce' },
});
