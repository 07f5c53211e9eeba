import { chatChange } from './modifyChat';

export const unpinChat = chatChange({
	value: 'unpinChat',
	name: 'Unpin',
	action: 'Unpin a pinned chat',
	description: 'Unpin a pinned chat',
	chatAction: 'unpin',
	tried: 'unpin the chat with',
});
