import { chatChange } from './helpers';

export const markChatAsRead = chatChange({
	value: 'markChatAsRead',
	name: 'Mark as Read',
	action: 'Mark a chat as read',
	description: 'Mark every message of a chat as read',
	chatAction: 'read',
	tried: 'mark as read the chat with',
});
