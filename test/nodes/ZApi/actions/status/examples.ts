/** One valid call per Status operation (see test/helpers/operationExamples.ts), as docs/status/ shows them. */
import type { OperationExample } from '../../../../helpers/operationExamples';

export const PHONE = '5544999999999';
export const STATUS_ID = '1F606398F2ECAA4846269F659B6003A9';
/** docs/status/send-text-status.md: a post answers without `id`. */
export const POSTED = { zaapId: '3999984263738042930CD6ECDE9VDWSA', messageId: 'D241XXXX732339502B68' };
/** docs/status/reply-status-text.md: a reply answers with `id` too (a send's output leaves that copy of messageId out). */
export const REPLIED = { ...POSTED, id: 'D241XXXX732339502B68' };

export const EXAMPLES: Record<string, OperationExample> = {
	postText: {
		parameters: { message: 'Your message status' },
		method: 'POST',
		path: '/send-text-status',
		body: { message: 'Your message status' },
		answer: POSTED,
		output: [POSTED],
	},
	postImage: {
		parameters: { mediaSource: 'url', mediaUrl: 'https://www.z-api.io/logo.png', options: { caption: 'Caption text' } },
		method: 'POST',
		path: '/send-image-status',
		body: { image: 'https://www.z-api.io/logo.png', caption: 'Caption text' },
		answer: POSTED,
		output: [POSTED],
	},
	postVideo: {
		parameters: { mediaSource: 'url', mediaUrl: 'https://example.com/file_example_MP4_480_1_5MG.mp4', options: {} },
		method: 'POST',
		path: '/send-video-status',
		body: { video: 'https://example.com/file_example_MP4_480_1_5MG.mp4' },
		answer: POSTED,
		output: [POSTED],
	},
	replyWithText: {
		parameters: { phone: '+55 (44) 99999-9999', statusMessageId: STATUS_ID, message: 'message text' },
		phoneParameter: 'phone',
		method: 'POST',
		path: '/reply-status-text',
		body: { phone: PHONE, message: 'message text', statusMessageId: STATUS_ID },
		answer: REPLIED,
		output: [{ ...POSTED, phone: PHONE }],
	},
	replyWithGif: {
		parameters: { phone: PHONE, statusMessageId: STATUS_ID, gifUrl: 'https://example.com/file_example_MP4_480_1_5MG.mp4' },
		phoneParameter: 'phone',
		method: 'POST',
		path: '/reply-status-gif',
		body: { phone: PHONE, gif: 'https://example.com/file_example_MP4_480_1_5MG.mp4', statusMessageId: STATUS_ID },
		answer: REPLIED,
		output: [{ ...POSTED, phone: PHONE }],
	},
	replyWithSticker: {
		parameters: { phone: PHONE, statusMessageId: STATUS_ID, mediaSource: 'url', mediaUrl: 'https://www.z-api.io/sticker.webp' },
		phoneParameter: 'phone',
		method: 'POST',
		path: '/reply-status-sticker',
		body: { phone: PHONE, sticker: 'https://www.z-api.io/sticker.webp', statusMessageId: STATUS_ID },
		answer: REPLIED,
		output: [{ ...POSTED, phone: PHONE }],
	},
};
