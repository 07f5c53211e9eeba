import { pinChange } from './helpers';

export const unpinMessage = pinChange({
	value: 'unpinMessage',
	name: 'Unpin Message',
	action: 'Unpin a message in a chat',
	description: 'Unpin a message pinned at the top of its chat',
	pinAction: 'unpin',
});
