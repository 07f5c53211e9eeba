import { captionOption, mediaOperation } from './helpers';
import { delayMessageOption, replyToOption } from '../parameters';

export const sendGif = mediaOperation({
	value: 'sendGif',
	name: 'Send GIF',
	action: 'Send a GIF animation',
	description: 'Send a looping GIF, given as an MP4 video, from a file of the input item, a URL or base64, with an optional caption',
	kind: 'gif',
	field: 'gif',
	// docs/message/send-message-gif.md: an MP4 file, by link or as a base64 data URI.
	path: '/send-gif',
	options: [captionOption, delayMessageOption, replyToOption],
	passOptions: { caption: 'caption' },
});
