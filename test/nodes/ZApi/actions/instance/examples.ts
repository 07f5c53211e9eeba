/** One valid call per Instance operation (see test/helpers/operationExamples.ts). */
import type { OperationExample } from '../../../../helpers/operationExamples';

export const PNG_BASE64 =
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const DEVICE = {
	phone: '5511999999999',
	imgUrl: 'https://pps.whatsapp.net/me.jpg',
	about: 'Shop',
	name: 'My Shop',
	device: { sessionName: 'Z-API', device_model: 'Z-API' },
	originalDevice: 'android',
	sessionId: 12,
	isBusiness: true,
};

export const EXAMPLES: Record<string, OperationExample> = {
	getStatus: {
		parameters: {},
		method: 'GET',
		path: '/status',
		answer: { connected: false, error: 'You are not connected.', smartphoneConnected: 'true' },
		output: [{ connected: false, error: 'You are not connected.', smartphoneConnected: true }],
	},
	getQrCode: {
		parameters: {},
		method: 'GET',
		path: '/qr-code/image',
		answer: { value: `data:image/png;base64,${PNG_BASE64}` },
		output: [{ connected: false, mimeType: 'image/png' }],
	},
	getDevice: {
		parameters: {},
		method: 'GET',
		path: '/device',
		answer: DEVICE,
		// The picture as `photo`, as a contact's; the rest as it came.
		output: [
			{
				phone: '5511999999999',
				name: 'My Shop',
				about: 'Shop',
				photo: 'https://pps.whatsapp.net/me.jpg',
				isBusiness: true,
				device: { sessionName: 'Z-API', device_model: 'Z-API' },
				originalDevice: 'android',
				sessionId: 12,
			},
		],
	},
	restart: {
		parameters: {},
		method: 'GET',
		path: '/restart',
		answer: { value: true },
		output: [{ success: true, restarted: true }],
	},
	disconnect: {
		parameters: {},
		method: 'GET',
		path: '/disconnect',
		// The answer is not documented.
		answer: {},
		output: [{ success: true, connected: false }],
	},
	restoreSession: {
		parameters: {},
		method: 'GET',
		path: '/restore-session',
		answer: { value: true },
		output: [{ success: true, restored: true }],
	},
	getData: {
		parameters: {},
		method: 'GET',
		path: '/me',
		// docs/instance/me.md, token included: it must not reach the output.
		answer: { id: 'INSTANCE123', token: 'the-instance-token', name: 'Shop', connected: true, receivedCallbackUrl: 'https://n8n.example.com/webhook/zapi', callRejectAuto: false, autoReadMessage: true },
		output: [{ id: 'INSTANCE123', name: 'Shop', connected: true, receivedCallbackUrl: 'https://n8n.example.com/webhook/zapi', callRejectAuto: false, autoReadMessage: true }],
	},
	getPairingCode: {
		parameters: { phone: '+55 (11) 99999-9999' },
		phoneParameter: 'phone',
		method: 'GET',
		path: '/phone-code/5511999999999',
		// The answer is not documented: {code} is one shape read (see pairingCodeIn).
		answer: { code: 'ABCD-1234' },
		output: [{ phone: '5511999999999', code: 'ABCD-1234' }],
	},
	getQrCodeText: {
		parameters: {},
		method: 'GET',
		path: '/qr-code',
		answer: { value: '2@AbCdEf0123456789,INSTANCE123' },
		output: [{ connected: false, qrCode: '2@AbCdEf0123456789,INSTANCE123' }],
	},
	rename: {
		parameters: { instanceName: ' novo nome ' },
		method: 'PUT',
		path: '/update-name',
		body: { value: 'novo nome' },
		answer: { value: true },
		output: [{ success: true, name: 'novo nome' }],
	},
	updateSettings: {
		parameters: { options: { autoReadMessages: true } },
		method: 'PUT',
		path: '/update-auto-read-message',
		body: { value: true },
		answer: { value: true },
		output: [{ success: true, autoReadMessages: true }],
	},
};
