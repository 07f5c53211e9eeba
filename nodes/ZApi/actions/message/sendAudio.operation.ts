import { mediaOperation, sendInBackgroundOption, viewOnceOption } from './helpers';
import { delayMessageOption, delayTypingOption, replyToOption } from '../parameters';

export const sendAudio = mediaOperation({
	value: 'sendAudio',
	name: 'Send Audio',
	action: 'Send an audio or voice note',
	description:
		'Send an audio file (MP3, OGG/Opus, M4A, …) from a file of the input item, a URL or base64; shown as a voice note with a waveform unless turned off',
	kind: 'audio',
	field: 'audio',
	path: '/send-audio',
	properties: [
		{
			displayName: 'As Voice Note',
			name: 'waveform',
			type: 'boolean',
			default: true,
			description: 'Whether WhatsApp shows the audio as a voice note, with its sound waveform',
		},
	],
	// The English page takes a reply-to `messageId`, the Portuguese one a "recording audio…"
	// `delayTyping`: both are offered and sent only when set.
	options: [
		delayMessageOption,
		sendInBackgroundOption,
		{ ...delayTypingOption, displayName: 'Recording Time (Seconds)', description: 'Seconds (1 to 15) the chat shows "recording audio…" before the audio arrives' },
		replyToOption,
		viewOnceOption,
	],
	passOptions: { viewOnce: 'viewOnce', async: 'async' },
	fields(itemIndex) {
		return { waveform: this.getNodeParameter('waveform', itemIndex, true) as boolean };
	},
});
