import { sessionCall } from './helpers';

export const restoreSession = sessionCall({
	value: 'restoreSession',
	name: 'Restore Session',
	action: 'Restore the WhatsApp session',
	description:
		'Reconnect to WhatsApp with the session Z-API has saved, without a new QR code (for example after the phone was offline). If it cannot, scan a new QR code.',
	// docs/instance/restore-session.md: GET, responding {value: true}.
	path: '/restore-session',
	tried: 'restore the session',
	output: { restored: true },
});
