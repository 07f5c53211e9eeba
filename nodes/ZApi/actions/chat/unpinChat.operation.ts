import { chatChange } from './helpers';

export const unpinChat = chatChange({
	value: 'unpinChat',
	name: 'Unpin',
	action: 'Unpin a pinned chat',
	description: 'Unpin a pinned chat',
	chatAction: 'unpin',
	tried: 'unpin the chat with',
});
