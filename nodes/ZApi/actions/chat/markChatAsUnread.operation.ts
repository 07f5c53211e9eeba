import { chatChange } from './helpers';

export const markChatAsUnread = chatChange({
	value: 'markChatAsUnread',
	name: 'Mark as Unread',
	action: 'Mark a chat as unread',
	description: 'Mark a chat as unread, so it stands out in the chat list until opened',
	// docs/chats/read-chat.md: the same call as Mark as Read, with action "unread".
	chatAction: 'unread',
	orderedBy: 'phone',
	tried: 'mark as unread the chat with',
});
