import { statusMediaOperation } from './helpers';

export const postVideo = statusMediaOperation({
	value: 'postVideo',
	name: 'Post Video',
	action: 'Post a video status',
	description: 'Post a video (MP4, 10 MB at most) to the WhatsApp status (story) of the connected number, from a file of the input item, a URL or base64',
	kind: 'video',
	field: 'video',
	// docs/status/send-video-status.md: "The maximum size for videos in status is 10MB".
	maxBytes: 10 * 1024 * 1024,
});
