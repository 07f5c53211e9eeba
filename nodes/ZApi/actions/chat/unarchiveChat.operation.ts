import { chatChange } from './helpers';

export const unarchiveChat = chatChange({
	value: 'unarchiveChat',
	name: 'Unarchive',
	action: 'Unarchive a WhatsApp chat',
	description: 'Bring an archived chat back to the chat list',
	chatAction: 'unarchive',
	tried: 'unarchive the chat with',
});
