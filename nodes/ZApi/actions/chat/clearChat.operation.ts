import { chatChange } from './helpers';

export const clearChat = chatChange({
	value: 'clearChat',
	name: 'Clear',
	action: 'Clear all messages of a chat',
	description: 'Delete every message of a chat on the connected phone; the chat stays in the list. Cannot be undone.',
	chatAction: 'clear',
	tried: 'clear the chat with',
});
