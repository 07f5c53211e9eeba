import { chatLabelOperation } from './helpers';

export const addToChat = chatLabelOperation({
	value: 'addToChat',
	name: 'Add to Chat',
	action: 'Add a label to a chat',
	description: 'Put a label on a chat (WhatsApp Business), for example to mark a new customer or an order to handle',
	change: 'add',
	tried: 'add label',
});
