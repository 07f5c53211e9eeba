'use strict';
/**
 * The instance's settings on the stand-in beyond the session (docs/instance/, docs/webhooks/):
 * its name, auto read, call rejection, the every-webhooks call, session restore and the
 * pairing code. GET /me shows them (`meFields`). The received-only webhook and the sent-by-me
 * switch are the session's (session.js), which keeps `instance.sentByMe`.
 *
 * SERVICE ROUTES (prefix /instances/{id}/token/{token})
 *   PUT /update-name                 {value}           the instance's name (GET /me `name`)
 *   PUT /update-auto-read-message    {value: boolean}  GET /me autoReadMessage
 *   PUT /update-auto-read-status     {value: boolean}  GET /me autoReadStatus
 *   PUT /update-call-reject-auto     {value: boolean}  GET /me callRejectAuto
 *   PUT /update-call-reject-message  {value}           GET /me callRejectMessage
 *   PUT /update-every-webhooks       {value, notifySentByMe?}  every webhook at once (https only)
 *   GET /restore-session             {value: true}; counted
 *   GET /phone-code/{phone}          {code: "XXXX-XXXX"} while disconnected (the page shows no
 *                                    answer: stand-in choice); connected: {connected: true, error}
 *   All PUTs answer {value: true}; a value of the wrong type is a 400 {error}.
 *
 * CONTROL ROUTES
 *   GET /_control/settings?instanceId=   {name, autoReadMessage, autoReadStatus, callRejectAuto,
 *                                        callRejectMessage, notifySentByMe, restores, pairingCodes}
 *                                        (notifySentByMe read from the session's switch)
 */
const crypto = require('node:crypto');

function createSettings({ route, HttpError, getInstance, updateWebhook, webhookNames }) {
	const states = new WeakMap();
	const stateOf = (inst) => {
		if (!states.has(inst)) {
			states.set(inst, { autoReadMessage: false, autoReadStatus: false, callRejectAuto: false, callRejectMessage: null, restores: 0, pairingCodes: 0 });
		}
		return states.get(inst);
	};
	const fieldsOf = (body) => (body && typeof body === 'object' && !Array.isArray(body) ? body : {});

	function setting(field, type) {
		return ({ instance, body }) => {
			const value = fieldsOf(body).value;
			if (typeof value !== type) throw new HttpError(400, { error: `value must be a ${type}` });
			if (field === 'name') instance.name = value;
			else stateOf(instance)[field] = value;
			return { body: { value: true } };
		};
	}

	function everyWebhook(ctx) {
		const fields = fieldsOf(ctx.body);
		if (fields.notifySentByMe !== undefined && typeof fields.notifySentByMe !== 'boolean') throw new HttpError(400, { error: 'notifySentByMe must be a boolean' });
		// Each webhook's own update checks the address (https only): the first refuses a bad
		// one before any webhook is changed, as they all get the same.
		for (const name of webhookNames) updateWebhook(name)(ctx);
		if (fields.notifySentByMe !== undefined) ctx.instance.sentByMe = fields.notifySentByMe;
		return { body: { value: true } };
	}

	function pairingCode({ instance, params }) {
		if (!/^\d{8,15}$/.test(params.phone)) throw new HttpError(400, { error: 'phone must be digits with country code' });
		if (instance.connected) return { body: { connected: true, error: 'You are already connected.' } };
		stateOf(instance).pairingCodes++;
		const letters = crypto.randomBytes(8).toString('hex').toUpperCase().slice(0, 8);
		return { body: { code: `${letters.slice(0, 4)}-${letters.slice(4)}` } };
	}

	const view = (inst) => ({ name: inst.name, ...stateOf(inst), notifySentByMe: inst.sentByMe });

	return {
		serviceRoutes: [
			route('PUT', '/update-name', setting('name', 'string')),
			route('PUT', '/update-auto-read-message', setting('autoReadMessage', 'boolean')),
			route('PUT', '/update-auto-read-status', setting('autoReadStatus', 'boolean')),
			route('PUT', '/update-call-reject-auto', setting('callRejectAuto', 'boolean')),
			route('PUT', '/update-call-reject-message', setting('callRejectMessage', 'string')),
			route('PUT', '/update-every-webhooks', everyWebhook),
			route('GET', '/restore-session', ({ instance }) => {
				stateOf(instance).restores++;
				return { body: { value: true } };
			}),
			route('GET', '/phone-code/:phone', pairingCode),
		],
		controlRoutes: [route('GET', '/_control/settings', ({ query }) => ({ body: view(getInstance(query.get('instanceId'))) }))],
		/** What GET /me shows of these settings. */
		meFields(inst) {
			const state = stateOf(inst);
			return {
				receiveCallbackSentByMe: inst.sentByMe,
				callRejectAuto: state.callRejectAuto,
				callRejectMessage: state.callRejectMessage,
				autoReadMessage: state.autoReadMessage,
				autoReadStatus: state.autoReadStatus,
			};
		},
		settings: (instanceId) => view(getInstance(instanceId)),
	};
}

module.exports = { createSettings };
