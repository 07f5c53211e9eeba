import { pinChange } from './helpers';

export const pinMessage = pinChange({
	value: 'pinMessage',
	name: 'Pin Message',
	action: 'Pin a message in a chat',
	description: 'Pin a sent or received message at the top of its chat for 24 hours, 7 days or 30 days',
	pinAction: 'pin',
});
