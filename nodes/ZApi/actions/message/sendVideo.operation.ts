import { captionOption, mediaOperation, sendInBackgroundOption, viewOnceOption } from './helpers';
import { delayMessageOption, replyToOption } from '../parameters';

export const sendVideo = mediaOperation({
	value: 'sendVideo',
	name: 'Send Video',
	action: 'Send a video message',
	description: 'Send a video (MP4) from a file of the input item, a URL or base64, with an optional caption',
	kind: 'video',
	field: 'video',
	path: '/send-video',
	options: [captionOption, delayMessageOption, sendInBackgroundOption, replyToOption, viewOnceOption],
	passOptions: { caption: 'caption', viewOnce: 'viewOnce', async: 'async' },
});
