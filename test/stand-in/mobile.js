'use strict';
/**
 * A Z-API "mobile" instance on the stand-in (docs/mobile/*.md): the instance is the number's
 * primary device, as a phone is. It registers a number step by step (availability, a code by
 * SMS, voice call or app pop-up, a captcha when WhatsApp asks one, the code, the two-step PIN
 * when the account has one, an appeal for a banned number) and holds the account's security
 * settings (its email, verified by a code WhatsApp emails, and its two-step PIN).
 *
 * Every instance starts as a mobile instance with its number registered, no email and no PIN;
 * the control route makes it a web instance, bans numbers, asks a captcha, sets a PIN.
 * Answers are the pages' examples.
 *
 * SERVICE ROUTES (prefix /instances/{id}/token/{token})
 *   POST /mobile/registration-available {ddi, phone}
 *        {available: true, smsWaitSeconds, voiceWaitSeconds, waOldWaitSeconds, waOldEligible: true};
 *        a banned number {available: false, blocked: true, appealToken}
 *   POST /mobile/request-registration-code {ddi, phone, method: sms|voice|wa_old}
 *        {success: true, retryAfter, smsWaitSeconds, voiceWaitSeconds, waOldWaitSeconds, method}; the
 *        code goes to the control state's `inbox`. Not checked first, or another number: {success: false};
 *        banned (or `blockedOnRequest`, banned with no appeal): {success: false, blocked: true}; asked
 *        again by the same way before its wait is over: {success: false, retryAfter, …WaitSeconds};
 *        with `captcha` set: {success: false, captcha: <base64 PNG>}, the code waiting for the answer
 *   POST /mobile/respond-captcha {captcha}              {success}: right, the code is sent
 *   POST /mobile/confirm-registration-code {code}      {success: true}, the number registered (connected);
 *        an account with a PIN {success: false, confirmSecurityCode: true}; a wrong code {success: false}
 *   POST /mobile/confirm-pin-code {code}               {success}: right, the number registered
 *   POST /mobile/recovery-pin-code                     {success}: true when the account has a PIN and an email
 *   POST /mobile/request-unbanning {appealToken, description}
 *        {success: true, status: IN_REVIEW} (UNBANNED with `unbanOnAppeal`, the ban lifted); unknown token {success: false}
 *   GET  /security/email                               {success: true, hasEmail, email?, verified}
 *   POST /security/email {email}                       {success: true, message: VERIFY_EMAIL}; the code in `inbox`
 *   POST /security/verify-email {verificationCode}     {success}
 *   POST /security/email/remove                        {success: true, message: REMOVED}
 *   GET  /security/two-fa-code                         {success: true, hasCode}
 *   POST /security/two-fa-code {code: 6 digits}        {success}
 *   POST /security/two-fa-code/remove                  {success}
 *   A missing or malformed field is a 400 {error}. The security calls on a web instance or with no
 *   number registered answer {success: false, message}. Refusals carry the reason in X-Stand-In-Reason.
 *
 * CONTROL ROUTES
 *   POST /_control/mobile {instanceId, web?, banned?: [ddi+phone], blockedOnRequest?: [ddi+phone],
 *        captcha?: text to answer | null, pin?: 6 digits | null, email?, emailVerified?, unbanOnAppeal?,
 *        waitSeconds?}   the state below
 *   GET  /_control/mobile?instanceId=   {web, registered, pin, email, emailVerified, banned, inbox: [{to, via, code}], …}
 */
const { pngBase64 } = require('./sample-images');

const METHODS = ['sms', 'voice', 'wa_old'];
const WAIT_FIELDS = { sms: 'smsWaitSeconds', voice: 'voiceWaitSeconds', wa_old: 'waOldWaitSeconds' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function createMobile({ route, HttpError, getInstance, clone }) {
	const states = new WeakMap();
	const stateOf = (inst) => {
		if (!states.has(inst)) {
			states.set(inst, {
				web: false,
				registered: String(inst.phone),
				pin: null,
				email: null,
				emailVerified: false,
				pendingEmail: null,
				emailCode: null,
				banned: {},
				blockedOnRequest: [],
				unbanOnAppeal: false,
				captcha: null,
				waitSeconds: 125,
				// The number being registered: {number, checked, code, captchaPending, pinPending}.
				registration: null,
				// When each way may send a code again (ms since epoch).
				nextAllowed: { sms: 0, voice: 0, wa_old: 0 },
				inbox: [],
				appeals: [],
				recoveryEmails: 0,
			});
		}
		return states.get(inst);
	};
	const refuse = (reason, body = { success: false }) => ({ body, headers: { 'X-Stand-In-Reason': reason } });
	const fieldsOf = (body) => (body && typeof body === 'object' && !Array.isArray(body) ? body : {});
	const requireString = (fields, name, pattern) => {
		const value = fields[name];
		if (typeof value !== 'string' || !value.trim() || (pattern && !pattern.test(value))) throw new HttpError(400, { error: `${name} is required${pattern ? ' in its documented form' : ''}` });
		return value;
	};
	const numberOf = (fields) => requireString(fields, 'ddi', /^\d{1,3}$/) + requireString(fields, 'phone', /^\d{4,14}$/);
	const newCode = () => String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
	const waits = (state) => {
		const now = Date.now();
		return Object.fromEntries(METHODS.map((method) => [WAIT_FIELDS[method], Math.max(0, Math.ceil((state.nextAllowed[method] - now) / 1000))]));
	};

	function registrationAvailable({ instance, body }) {
		const state = stateOf(instance);
		const number = numberOf(fieldsOf(body));
		state.registration = { number, checked: true, code: null, captchaPending: false, pinPending: false };
		if (state.banned[number]) return { body: { available: false, blocked: true, appealToken: state.banned[number] } };
		return { body: { available: true, ...waits(state), waOldEligible: true } };
	}

	function sendCode(state, method) {
		const registration = state.registration;
		registration.code = newCode();
		state.inbox.push({ to: registration.number, via: method, code: registration.code });
		state.nextAllowed[method] = Date.now() + state.waitSeconds * 1000;
	}

	function requestCode({ instance, body }) {
		const state = stateOf(instance);
		const fields = fieldsOf(body);
		const number = numberOf(fields);
		const method = requireString(fields, 'method');
		if (!METHODS.includes(method)) throw new HttpError(400, { error: `method must be one of ${METHODS.join(', ')}` });
		const registration = state.registration;
		if (!registration || registration.number !== number) return refuse('check the registration availability of this number first');
		if (state.banned[number] || state.blockedOnRequest.includes(number)) return refuse('the number is banned', { success: false, blocked: true });
		const wait = waits(state);
		if (wait[WAIT_FIELDS[method]] > 0) {
			return refuse(`${method} must wait`, { success: false, retryAfter: wait[WAIT_FIELDS[method]], ...wait });
		}
		if (state.captcha !== null) {
			registration.captchaPending = method;
			return { body: { success: false, captcha: pngBase64 } };
		}
		sendCode(state, method);
		return { body: { success: true, retryAfter: state.waitSeconds + 40, ...waits(state), method } };
	}

	function respondCaptcha({ instance, body }) {
		const state = stateOf(instance);
		const captcha = requireString(fieldsOf(body), 'captcha');
		const registration = state.registration;
		if (!registration || !registration.captchaPending) return refuse('no captcha was asked');
		if (captcha !== state.captcha) return refuse('wrong captcha');
		sendCode(state, registration.captchaPending);
		registration.captchaPending = false;
		return { body: { success: true } };
	}

	function register(instance, state) {
		const { number } = state.registration;
		state.registered = number;
		state.registration = null;
		instance.phone = number;
		instance.connected = true;
		instance.smartphoneConnected = true;
	}

	function confirmCode({ instance, body }) {
		const state = stateOf(instance);
		const code = requireString(fieldsOf(body), 'code');
		const registration = state.registration;
		if (!registration || !registration.code) return refuse('no code was sent');
		if (code !== registration.code) return refuse('wrong code');
		if (state.pin !== null) {
			registration.pinPending = true;
			return { body: { success: false, confirmSecurityCode: true } };
		}
		register(instance, state);
		return { body: { success: true } };
	}

	function confirmPin({ instance, body }) {
		const state = stateOf(instance);
		const code = requireString(fieldsOf(body), 'code');
		if (!state.registration || !state.registration.pinPending) return refuse('no PIN was asked');
		if (code !== state.pin) return refuse('wrong PIN');
		register(instance, state);
		return { body: { success: true } };
	}

	function recoverPin({ instance }) {
		const state = stateOf(instance);
		if (state.pin === null) return refuse('the account has no PIN');
		if (!state.email || !state.emailVerified) return refuse('the account has no verified email');
		state.recoveryEmails++;
		return { body: { success: true } };
	}

	function requestUnbanning({ instance, body }) {
		const state = stateOf(instance);
		const fields = fieldsOf(body);
		const appealToken = requireString(fields, 'appealToken');
		const description = requireString(fields, 'description');
		const number = Object.keys(state.banned).find((candidate) => state.banned[candidate] === appealToken);
		if (!number) return refuse('unknown appeal token');
		state.appeals.push({ number, description });
		if (!state.unbanOnAppeal) return { body: { success: true, status: 'IN_REVIEW' } };
		delete state.banned[number];
		return { body: { success: true, status: 'UNBANNED' } };
	}

	/** The security calls: only on a mobile instance with its number registered. */
	function security(handler) {
		return ({ instance, body }) => {
			const state = stateOf(instance);
			if (state.web) return refuse('a web instance', { success: false, message: 'Available only for mobile instances' });
			if (!state.registered) return refuse('no number registered', { success: false, message: 'No number registered on the instance' });
			return handler(state, fieldsOf(body));
		};
	}

	const getEmail = security((state) => ({
		body: state.email ? { success: true, hasEmail: true, email: state.email, verified: state.emailVerified } : { success: true, hasEmail: false, verified: false },
	}));

	const setEmail = security((state, fields) => {
		const email = requireString(fields, 'email', EMAIL);
		state.pendingEmail = email;
		state.emailCode = newCode();
		state.inbox.push({ to: email, via: 'email', code: state.emailCode });
		return { body: { success: true, message: 'VERIFY_EMAIL' } };
	});

	const verifyEmail = security((state, fields) => {
		const code = requireString(fields, 'verificationCode');
		if (!state.pendingEmail) return refuse('no email waits for verification');
		if (code !== state.emailCode) return refuse('wrong verification code');
		state.email = state.pendingEmail;
		state.emailVerified = true;
		state.pendingEmail = null;
		state.emailCode = null;
		return { body: { success: true } };
	});

	const removeEmail = security((state) => {
		if (!state.email && !state.pendingEmail) return refuse('no email', { success: false, message: 'The account has no email' });
		state.email = null;
		state.emailVerified = false;
		state.pendingEmail = null;
		return { body: { success: true, message: 'REMOVED' } };
	});

	const getPin = security((state) => ({ body: { success: true, hasCode: state.pin !== null } }));

	const setPin = security((state, fields) => {
		const code = fields.code;
		if (typeof code !== 'string' || !/^\d{6}$/.test(code)) return refuse('not 6 digits', { success: false, message: 'The PIN must have 6 digits' });
		state.pin = code;
		return { body: { success: true } };
	});

	const removePin = security((state) => {
		if (state.pin === null) return refuse('no PIN', { success: false, message: 'The account has no PIN' });
		state.pin = null;
		return { body: { success: true } };
	});

	function configure({ body }) {
		const fields = fieldsOf(body);
		const state = stateOf(getInstance(fields.instanceId));
		if (fields.web !== undefined) state.web = fields.web === true;
		for (const number of fields.banned || []) state.banned[String(number)] = state.banned[String(number)] || `Ae${Buffer.from(`appeal-${number}-${Math.random()}`).toString('base64url')}`;
		if (fields.blockedOnRequest) state.blockedOnRequest = fields.blockedOnRequest.map(String);
		if (fields.captcha !== undefined) state.captcha = fields.captcha === null ? null : String(fields.captcha);
		if (fields.pin !== undefined) state.pin = fields.pin === null ? null : String(fields.pin);
		if (fields.email !== undefined) state.email = fields.email;
		if (fields.emailVerified !== undefined) state.emailVerified = fields.emailVerified === true;
		if (fields.unbanOnAppeal !== undefined) state.unbanOnAppeal = fields.unbanOnAppeal === true;
		if (fields.waitSeconds !== undefined) state.waitSeconds = Number(fields.waitSeconds);
		return { body: view(fields.instanceId) };
	}

	const view = (instanceId) => {
		const { nextAllowed, ...state } = clone(stateOf(getInstance(instanceId)));
		return { ...state, waits: waits({ nextAllowed }) };
	};
	const noBody = (r) => ({ ...r, emptyBody: true });

	return {
		serviceRoutes: [
			route('POST', '/mobile/registration-available', registrationAvailable),
			route('POST', '/mobile/request-registration-code', requestCode),
			route('POST', '/mobile/respond-captcha', respondCaptcha),
			route('POST', '/mobile/confirm-registration-code', confirmCode),
			route('POST', '/mobile/confirm-pin-code', confirmPin),
			noBody(route('POST', '/mobile/recovery-pin-code', recoverPin)),
			route('POST', '/mobile/request-unbanning', requestUnbanning),
			route('GET', '/security/email', getEmail),
			route('POST', '/security/email', setEmail),
			route('POST', '/security/verify-email', verifyEmail),
			noBody(route('POST', '/security/email/remove', removeEmail)),
			route('GET', '/security/two-fa-code', getPin),
			route('POST', '/security/two-fa-code', setPin),
			noBody(route('POST', '/security/two-fa-code/remove', removePin)),
		],
		controlRoutes: [
			route('POST', '/_control/mobile', configure),
			route('GET', '/_control/mobile', ({ query }) => ({ body: view(query.get('instanceId')) })),
		],
		mobile: view,
	};
}

module.exports = { createMobile };
