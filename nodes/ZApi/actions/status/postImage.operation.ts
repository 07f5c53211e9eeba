import { statusMediaOperation } from './helpers';

export const postImage = statusMediaOperation({
	value: 'postImage',
	name: 'Post Image',
	action: 'Post an image status',
	description: 'Post an image to the WhatsApp status (story) of the connected number, from a file of the input item, a URL or base64; it disappears after 24 hours',
	kind: 'image',
	field: 'image',
});
