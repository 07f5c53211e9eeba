'use strict';
/**
 * WhatsApp status (docs/status/) and the connected number's profile (docs/instance/profile-*.md)
 * on the stand-in. Posts are kept as the instance's statuses, replies as answers to the
 * statuses of others; the profile keeps its name, about text and picture.
 *
 * SERVICE ROUTES (prefix /instances/{id}/token/{token})
 *   POST /send-text-status   {message}                 {zaapId, messageId}
 *   POST /send-image-status  {image, caption?}         image: http(s) URL, data URI or bare base64
 *   POST /send-video-status  {video, caption?}         the same; over 10 MB 400
 *   POST /reply-status-text     {phone, message, statusMessageId}   {zaapId, messageId, id}
 *   POST /reply-status-gif      {phone, gif, statusMessageId}       gif: an http(s) URL only
 *   POST /reply-status-sticker  {phone, sticker, statusMessageId}   URL or base64
 *   PUT  /profile-name, /profile-description, /profile-picture  {value}   {value: true};
 *        a picture that is neither a URL nor JPEG/PNG base64 {value: false}
 *   A missing or malformed field is a 400 {error}; a disconnected instance {error: "You are not connected."}.
 *
 * CONTROL ROUTES
 *   GET /_control/statuses?instanceId=   {posted: [...], replies: [...]}   (media as {source, bytes, sha1})
 *   GET /_control/profile?instanceId=    {name, about, picture}
 */
const crypto = require('node:crypto');

const MAX_VIDEO_BYTES = 10 * 1024 * 1024;
const PHONE = /^(\d{8,15}|\d{8,20}@lid)$/;

function createStatus({ route, HttpError, getInstance, clone, classifyPhoto }) {
	const states = new WeakMap();
	const stateOf = (inst) => {
		if (!states.has(inst)) states.set(inst, { posted: [], replies: [], profile: { name: inst.name, about: 'Available', picture: null } });
		return states.get(inst);
	};
	const ids = () => ({ zaapId: crypto.randomBytes(16).toString('hex').toUpperCase(), messageId: crypto.randomBytes(10).toString('hex').toUpperCase() });
	const fieldsOf = (body) => (body && typeof body === 'object' && !Array.isArray(body) ? body : {});

	function text(body, field) {
		const value = body[field];
		if (typeof value !== 'string' || !value.trim()) throw new HttpError(400, { error: `${field} is required` });
		return value;
	}

	/** A file given as a URL (kept as given) or base64, bare or a data URI (kept as its size and hash). */
	function media(body, field, { urlOnly = false, maxBytes } = {}) {
		const value = text(body, field);
		if (/^https?:\/\/[^/\s]+/i.test(value)) return { source: 'url', url: value };
		if (urlOnly) throw new HttpError(400, { error: `${field} must be a link to an mp4 file` });
		const payload = value.replace(/^data:[\w.+-]+\/[\w.+-]+;base64,/i, '').replace(/\s+/g, '');
		// Checked without a repeated pattern, which could overflow the stack on a large file.
		if (!payload || /[^A-Za-z0-9+/=]/.test(payload) || /=[^=]|={3}/.test(payload)) throw new HttpError(400, { error: `${field} must be a URL or base64` });
		const bytes = Buffer.from(payload, 'base64');
		if (maxBytes !== undefined && bytes.length > maxBytes) throw new HttpError(400, { error: `${field} is larger than 10MB` });
		return { source: value.startsWith('data:') ? 'data-uri' : 'base64', bytes: bytes.length, sha1: crypto.createHash('sha1').update(bytes).digest('hex') };
	}

	const connected = (handler) => (ctx) => (ctx.instance.connected ? handler(ctx) : { body: { error: 'You are not connected.' } });

	function post(kind, read) {
		return connected(({ instance, body }) => {
			const fields = fieldsOf(body);
			const entry = { kind, ...read(fields), ...(typeof fields.caption === 'string' ? { caption: fields.caption } : {}), ...ids(), at: Date.now() };
			stateOf(instance).posted.push(entry);
			return { body: { zaapId: entry.zaapId, messageId: entry.messageId } };
		});
	}

	function reply(kind, read) {
		return connected(({ instance, body }) => {
			const fields = fieldsOf(body);
			const phone = text(fields, 'phone');
			if (!PHONE.test(phone)) throw new HttpError(400, { error: 'phone must be digits with country code' });
			const entry = { kind, phone, statusMessageId: text(fields, 'statusMessageId'), ...read(fields), ...ids(), at: Date.now() };
			stateOf(instance).replies.push(entry);
			return { body: { zaapId: entry.zaapId, messageId: entry.messageId, id: entry.messageId } };
		});
	}

	function profileField(field, read) {
		return ({ instance, body }) => {
			const fields = fieldsOf(body);
			if (typeof fields.value !== 'string') throw new HttpError(400, { error: 'value is required' });
			const value = read(fields.value);
			if (value === null) return { body: { value: false }, headers: { 'X-Stand-In-Reason': `unreadable ${field}` } };
			stateOf(instance).profile[field] = value;
			return { body: { value: true } };
		};
	}

	return {
		serviceRoutes: [
			route('POST', '/send-text-status', post('text', (f) => ({ message: text(f, 'message') }))),
			route('POST', '/send-image-status', post('image', (f) => ({ image: media(f, 'image') }))),
			route('POST', '/send-video-status', post('video', (f) => ({ video: media(f, 'video', { maxBytes: MAX_VIDEO_BYTES }) }))),
			route('POST', '/reply-status-text', reply('text', (f) => ({ message: text(f, 'message') }))),
			route('POST', '/reply-status-gif', reply('gif', (f) => ({ gif: media(f, 'gif', { urlOnly: true }) }))),
			route('POST', '/reply-status-sticker', reply('sticker', (f) => ({ sticker: media(f, 'sticker') }))),
			route('PUT', '/profile-name', profileField('name', (value) => value.trim() || null)),
			route('PUT', '/profile-description', profileField('about', (value) => value)),
			route('PUT', '/profile-picture', profileField('picture', (value) => classifyPhoto(value))),
		],
		controlRoutes: [
			route('GET', '/_control/statuses', ({ query }) => {
				const state = stateOf(getInstance(query.get('instanceId')));
				return { body: clone({ posted: state.posted, replies: state.replies }) };
			}),
			route('GET', '/_control/profile', ({ query }) => ({ body: clone(stateOf(getInstance(query.get('instanceId'))).profile) })),
		],
		statuses: (instanceId) => {
			const state = stateOf(getInstance(instanceId));
			return clone({ posted: state.posted, replies: state.replies });
		},
		profile: (instanceId) => clone(stateOf(getInstance(instanceId)).profile),
	};
}

module.exports = { createStatus };
