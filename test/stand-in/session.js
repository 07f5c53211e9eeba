'use strict';
/**
 * The instance's session on the stand-in (beyond-contract section 7): QR code, restart,
 * disconnect, the connected device, and whether messages sent by the instance itself go to
 * the received webhook (notify sent by me, receiveCallbackSentByMe of GET /me). Works on the connection state the server keeps
 * (`connected`, read by GET /status): disconnecting makes /status say so; a QR code exists
 * only while disconnected, and is renewed every 20 seconds as WhatsApp does.
 *
 * SERVICE ROUTES (prefix /instances/{id}/token/{token})
 *   GET /qr-code/image   {value: "data:image/png;base64,…"} while disconnected (the wrapping
 *                        is not documented; this picks JSON with a data URI);
 *                        {connected: true, error: "You are already connected."} otherwise
 *   GET /qr-code         {value: "<code text>"} while disconnected, same refusal otherwise
 *   GET /restart         {value: true}; the number stays linked
 *   GET /disconnect      {value: true}; connected becomes false
 *   PUT /update-notify-sent-by-me {notifySentByMe: boolean}  {value: true}; 400 when not a boolean
 *                        (docs/webhooks/update-notify-sent-by-me.md). PUT /update-webhook-received-delivery
 *                        turns it on too (server.js)
 *   GET /device          {phone, imgUrl, about, name, device: {sessionName, device_model},
 *                        originalDevice, sessionId, isBusiness}; {error: "You are not connected."}
 *                        while disconnected
 *
 * CONTROL ROUTES
 *   POST /_control/scan-qr {instanceId}   the phone reads the current QR code: connected again,
 *                                         new session id; 409 when connected or no code was fetched
 *   GET  /_control/session?instanceId=    {connected, restarts, sessionId, qrCodesServed, currentQr}
 */
const crypto = require('node:crypto');
const { buildPng } = require('./sample-images');

const QR_LIFETIME_MS = 20000;

function createSession({ route, HttpError, getInstance }) {
	/** instance object -> { restarts, sessionId, qr: {code, png, at}|null, served } */
	const sessions = new WeakMap();
	const sessionOf = (inst) => {
		if (!sessions.has(inst)) sessions.set(inst, { restarts: 0, sessionId: 1, qr: null, served: 0 });
		return sessions.get(inst);
	};
	const ALREADY = { connected: true, error: 'You are already connected.' };

	/** The current code, renewed when older than WhatsApp lets one live. */
	function currentQr(inst) {
		const session = sessionOf(inst);
		if (!session.qr || Date.now() - session.qr.at >= QR_LIFETIME_MS) {
			const code = `2@${crypto.randomBytes(24).toString('base64')},${inst.id}`;
			const hash = crypto.createHash('sha1').update(code).digest();
			// A small image unique to the code: what matters to a client is a real PNG that changes.
			session.qr = { code, png: buildPng(21, [hash[0], hash[1], hash[2]]), at: Date.now() };
		}
		session.served++;
		return session.qr;
	}

	function qrImage({ instance }) {
		if (instance.connected) return { body: ALREADY };
		return { body: { value: `data:image/png;base64,${currentQr(instance).png.toString('base64')}` } };
	}

	function qrCode({ instance }) {
		if (instance.connected) return { body: ALREADY };
		return { body: { value: currentQr(instance).code } };
	}

	function restart({ instance }) {
		sessionOf(instance).restarts++;
		return { body: { value: true } };
	}

	function disconnect({ instance }) {
		instance.connected = false;
		sessionOf(instance).qr = null;
		return { body: { value: true } };
	}

	function device({ instance }) {
		if (!instance.connected) return { body: { error: 'You are not connected.' } };
		return {
			body: {
				phone: instance.phone,
				imgUrl: `https://pps.whatsapp.net/v/t61.24694-24/${instance.phone}_n.jpg`,
				about: 'Available',
				name: instance.name,
				device: { sessionName: 'Z-API', device_model: 'Z-API Stand-in' },
				originalDevice: 'android',
				sessionId: sessionOf(instance).sessionId,
				isBusiness: false,
			},
		};
	}

	function notifySentByMe({ instance, body }) {
		const value = body && typeof body === 'object' ? body.notifySentByMe : undefined;
		if (typeof value !== 'boolean') throw new HttpError(400, { error: 'notifySentByMe must be true or false' });
		instance.sentByMe = value;
		return { body: { value: true } };
	}

	function scanQr(instanceId) {
		const inst = getInstance(instanceId);
		const session = sessionOf(inst);
		if (inst.connected) throw new HttpError(409, { error: 'The instance is connected: there is no QR code to read' });
		if (!session.qr) throw new HttpError(409, { error: 'No QR code was fetched since the disconnection' });
		inst.connected = true;
		inst.smartphoneConnected = true;
		session.sessionId++;
		session.qr = null;
		return view(inst);
	}

	const view = (inst) => {
		const session = sessionOf(inst);
		return { connected: inst.connected, restarts: session.restarts, sessionId: session.sessionId, qrCodesServed: session.served, currentQr: session.qr ? session.qr.png.toString('base64') : null };
	};

	return {
		serviceRoutes: [
			route('GET', '/qr-code/image', qrImage),
			route('GET', '/qr-code', qrCode),
			route('GET', '/restart', restart),
			route('GET', '/disconnect', disconnect),
			route('GET', '/device', device),
			route('PUT', '/update-notify-sent-by-me', notifySentByMe),
		],
		controlRoutes: [
			route('POST', '/_control/scan-qr', ({ body }) => ({ body: scanQr(body && body.instanceId) })),
			route('GET', '/_control/session', ({ query }) => ({ body: view(getInstance(query.get('instanceId'))) })),
		],
		scanQr,
		session: (instanceId) => view(getInstance(instanceId)),
	};
}

module.exports = { createSession, QR_LIFETIME_MS };
