import { chatChange } from './helpers';

export const unmuteChat = chatChange({
	value: 'unmuteChat',
	name: 'Unmute',
	action: 'Unmute notifications of a chat',
	description: 'Turn the notifications of a muted chat back on',
	chatAction: 'unmute',
	tried: 'unmute the chat with',
});
