import { chatLabelOperation } from './helpers';

export const removeFromChat = chatLabelOperation({
	value: 'removeFromChat',
	name: 'Remove From Chat',
	action: 'Remove a label from a chat',
	description: 'Take a label off a chat (WhatsApp Business); the label itself stays',
	change: 'remove',
	tried: 'remove label',
});
