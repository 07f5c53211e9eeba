import { mediaOperation } from './helpers';
import { delayMessageOption, replyToOption } from '../parameters';

export const sendVideoNote = mediaOperation({
	value: 'sendVideoNote',
	name: 'Send Video Note',
	action: 'Send a round video note',
	description: 'Send a video as a round video note (PTV), played in the chat like a voice note, from a file of the input item, a URL or base64',
	kind: 'video',
	// docs/message/send-message-ptv.md names the field `ptv` in its table and in both samples;
	// the English copy (i18n/en/…/message/send-message-ptv.md) says `video` in its table but
	// sends `ptv` in the same two samples. What the samples send is sent.
	field: 'ptv',
	path: '/send-ptv',
	options: [delayMessageOption, replyToOption],
});
