import { sessionCall } from './helpers';

export const restart = sessionCall({
	value: 'restart',
	name: 'Restart',
	action: 'Restart the instance',
	description:
		'Restart the Z-API instance. The WhatsApp number stays linked (no new QR code), but nothing is sent or received for a moment while it restarts.',
	path: '/restart',
	tried: 'restart the instance',
	output: { restarted: true },
});
