import { chatChange } from './helpers';

export const pinChat = chatChange({
	value: 'pinChat',
	name: 'Pin',
	action: 'Pin a chat to the top',
	description: 'Pin a chat to the top of the chat list',
	chatAction: 'pin',
	tried: 'pin the chat with',
});
