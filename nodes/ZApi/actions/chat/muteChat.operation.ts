import { chatChange } from './helpers';

export const muteChat = chatChange({
	value: 'muteChat',
	name: 'Mute',
	action: 'Mute notifications of a chat',
	description: 'Silence the notifications of a chat',
	chatAction: 'mute',
	tried: 'mute the chat with',
});
