import { chatChange } from './helpers';

export const archiveChat = chatChange({
	value: 'archiveChat',
	name: 'Archive',
	action: 'Archive a WhatsApp chat',
	description: 'Move a chat to the archived chats',
	chatAction: 'archive',
	tried: 'archive the chat with',
});
