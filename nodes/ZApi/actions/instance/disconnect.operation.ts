import { sessionCall } from './helpers';

export const disconnect = sessionCall({
	value: 'disconnect',
	name: 'Disconnect',
	action: 'Disconnect the WhatsApp number',
	description:
		'Unlink the WhatsApp number from the instance: sending fails and webhooks stop until a new QR code is scanned (Instance → Get QR Code)',
	path: '/disconnect',
	tried: 'disconnect the instance',
	output: { connected: false },
});
