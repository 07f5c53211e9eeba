import { chatChange } from './helpers';

export const deleteChat = chatChange({
	value: 'deleteChat',
	name: 'Delete',
	action: 'Delete a chat and its messages',
	description: 'Delete a chat and its messages from the chat list of the connected phone. Cannot be undone.',
	chatAction: 'delete',
	tried: 'delete the chat with',
});
