'use strict';
/**
 * The service's further webhooks on the stand-in (beyond-contract 3.3 to 3.6), the files
 * behind media addresses, and repeated deliveries.
 *
 * SERVICE ROUTES (prefix /instances/{id}/token/{token})
 *   PUT /update-webhook-delivery  /update-webhook-connected  /update-webhook-disconnected
 *   PUT /update-webhook-chat-presence       {value}  https URL, "" clears; GET /me shows them
 *
 * MEDIA (no auth, like the service's storage)
 *   GET /storage/{instanceId}/{file}   the bytes of a media message emitted with `media: true`;
 *                                      404 (or the status given as `mediaExpired`) once expired
 *
 * CONTROL ROUTES
 *   POST /_control/emit {kind: 'sendResult'|'connected'|'disconnected'|'chatPresence', ...}
 *        sendResult: phone, messageId, zaapId, error (a failed send); disconnected: error;
 *        chatPresence (also 'presence'): phone, status (AVAILABLE, UNAVAILABLE, COMPOSING, RECORDING, PAUSED)
 *   Emit fields for media kinds (image, audio, video, document, sticker, template with an
 *   image header, buttons with an image):
 *        media: true          the content's URL points at /storage here, with real bytes
 *        mediaBytes: n        the file's size (default: a small file)
 *        mediaExpired: true|410|404   the URL answers 404 (or that status): the file is gone
 *        transcript: text     (audio) what the transcription endpoint hears in the file (transcription.js)
 *   Emit field for every kind: repeat: n   the same delivery is sent n more times
 *   POST /_control/redeliver {seq, times?}  sends a logged delivery again, as it was
 */
const crypto = require('node:crypto');
const sampleImages = require('./sample-images');

/** Webhook name (as the node calls it) -> endpoint, /me field, callback type, emit kind. */
const EVENT_WEBHOOKS = Object.freeze({
	sendResult: { endpoint: '/update-webhook-delivery', meField: 'deliveryCallbackUrl', type: 'DeliveryCallback', kind: 'sendResult' },
	connected: { endpoint: '/update-webhook-connected', meField: 'connectedCallbackUrl', type: 'ConnectedCallback', kind: 'connected' },
	disconnected: { endpoint: '/update-webhook-disconnected', meField: 'disconnectedCallbackUrl', type: 'DisconnectedCallback', kind: 'disconnected' },
	chatPresence: { endpoint: '/update-webhook-chat-presence', meField: 'presenceChatCallbackUrl', type: 'PresenceChatCallback', kind: 'chatPresence' },
});
/** Emit kinds accepted under an earlier name. */
const EVENT_KIND_ALIASES = Object.freeze({ presence: 'chatPresence' });
const EVENT_WEBHOOK_NAMES = Object.freeze(Object.keys(EVENT_WEBHOOKS));

/** Which fields of an emit each callback takes over. */
const EMIT_FIELDS = Object.freeze({
	sendResult: ['phone', 'messageId', 'zaapId', 'error', 'momment'],
	connected: ['phone', 'momment'],
	disconnected: ['error', 'momment'],
	chatPresence: ['phone', 'status', 'lastSeen'],
});

const jpegBytes = (size) => padded(sampleImages.jpeg, size);

/**
 * Content object -> where its URL is (a path of fields; the object holding it has the
 * mimeType), its file extension and how to make plausible bytes.
 */
const MEDIA_KINDS = Object.freeze({
	image: { urlPath: ['imageUrl'], ext: 'jpeg', bytes: jpegBytes },
	audio: { urlPath: ['audioUrl'], ext: 'ogg', bytes: (size) => padded(Buffer.from('OggS\0\x02', 'binary'), size) },
	video: { urlPath: ['videoUrl'], ext: 'mp4', bytes: (size) => padded(Buffer.from('\0\0\0\x18ftypmp42', 'binary'), size) },
	document: { urlPath: ['documentUrl'], ext: 'pdf', bytes: (size) => padded(Buffer.from('%PDF-1.4\n'), size) },
	sticker: { urlPath: ['stickerUrl'], ext: 'webp', bytes: (size) => padded(Buffer.from('RIFF\0\0\0\0WEBPVP8 '), size) },
	hydratedTemplate: { urlPath: ['header', 'image', 'imageUrl'], ext: 'jpeg', bytes: jpegBytes },
	buttonsMessage: { urlPath: ['imageUrl'], ext: 'jpeg', bytes: jpegBytes, mimeType: 'image/jpeg' },
});
const DEFAULT_MEDIA_BYTES = 4096;

/** The head given, then random bytes up to `size`: every file differs, so a test can tell them apart. */
function padded(head, size) {
	const total = Math.max(head.length, Number(size) || DEFAULT_MEDIA_BYTES);
	return Buffer.concat([head, crypto.randomBytes(total - head.length)]);
}

function emptyEventWebhooks() {
	return Object.fromEntries(EVENT_WEBHOOK_NAMES.map((name) => [name, '']));
}

function createEvents({ route, HttpError, fixtures, getInstance, updateWebhook, deliver, listDeliveries, baseUrl }) {
	/** `${instanceId}/${file}` -> { data, mimeType, expired }. */
	const files = new Map();
	/** messageId -> what a test needs to check the download: url, sha256, size, expired. */
	const mediaByMessage = new Map();

	/** A callback of the further webhooks for an emit kind, or null when the kind is not one. */
	function buildEvent(inst, given, f) {
		const kind = EVENT_KIND_ALIASES[given] || given;
		const name = EVENT_WEBHOOK_NAMES.find((candidate) => EVENT_WEBHOOKS[candidate].kind === kind);
		if (!name) return null;
		const overrides = { instanceId: inst.id };
		for (const field of EMIT_FIELDS[kind]) if (f[field] !== undefined) overrides[field] = f[field];
		if (kind === 'connected' && overrides.phone === undefined) overrides.phone = inst.phone;
		if (kind === 'chatPresence' && overrides.status !== undefined) overrides.status = String(overrides.status).toUpperCase();
		const payload = fixtures.deepMerge(fixtures.instanceCallback(EVENT_WEBHOOKS[name].type, overrides), f.overrides || {});
		return { webhook: name, payload };
	}

	/** Points a media message's URL at bytes served here, when the emit asks for it. */
	function attachMedia(inst, payload, f) {
		if (!f.media && !f.mediaExpired) return null;
		const content = Object.keys(MEDIA_KINDS).find((key) => payload[key] && typeof payload[key] === 'object');
		if (!content) throw new HttpError(400, { error: `media: true needs a media kind (${Object.keys(MEDIA_KINDS).join(', ')})` });
		const spec = MEDIA_KINDS[content];
		const holder = spec.urlPath.slice(0, -1).reduce((object, key) => (object[key] = object[key] && typeof object[key] === 'object' ? object[key] : {}), payload[content]);
		const data = spec.bytes(f.mediaBytes);
		const file = `${crypto.randomBytes(16).toString('hex').toUpperCase()}.${spec.ext}`;
		const expired = f.mediaExpired ? (Number(f.mediaExpired) >= 400 ? Number(f.mediaExpired) : 404) : null;
		const mimeType = String(holder.mimeType || spec.mimeType || 'application/octet-stream').split(';')[0].trim();
		files.set(`${inst.id}/${file}`, { data, mimeType, expired });
		const url = `${baseUrl()}/storage/${inst.id}/${file}`;
		holder[spec.urlPath[spec.urlPath.length - 1]] = url;
		const info = { url, size: data.length, sha256: crypto.createHash('sha256').update(data).digest('hex'), expired };
		mediaByMessage.set(payload.messageId, info);
		return { ...info, bytes: data };
	}

	/** GET /storage/{instanceId}/{file}: the bytes, or the status of a file that is gone. */
	function serveMedia(path) {
		const stored = files.get(decodeURIComponent(path.slice('/storage/'.length)));
		if (!stored) return { status: 404, body: { error: 'Not found' } };
		if (stored.expired) return { status: stored.expired, body: { error: 'The file has expired' } };
		return { status: 200, raw: stored.data, contentType: stored.mimeType };
	}

	/** Sends logged delivery `seq` again `times` times, as it was; resolves with the new log entries. */
	async function redeliver(seq, times = 1) {
		const entry = listDeliveries({}).find((d) => d.seq === Number(seq));
		if (!entry) throw new HttpError(404, { error: `No delivery #${seq} in the log` });
		const repeats = [];
		for (let i = 0; i < Math.max(1, Number(times) || 1); i++) {
			repeats.push(
				await deliver({
					instanceId: entry.instanceId,
					webhook: entry.webhook,
					payload: entry.payload === null ? undefined : entry.payload,
					rawBody: entry.rawBody,
					url: entry.url,
					source: 'repeat',
				}),
			);
		}
		return repeats;
	}

	const serviceRoutes = EVENT_WEBHOOK_NAMES.map((name) => route('PUT', EVENT_WEBHOOKS[name].endpoint, updateWebhook(name)));
	const controlRoutes = [
		route('POST', '/_control/redeliver', async ({ body }) => {
			const b = body && typeof body === 'object' ? body : {};
			const repeats = await redeliver(b.seq, b.times);
			return { body: { delivered: repeats.map((e) => ({ seq: e.seq, status: e.status, error: e.error })) } };
		}),
	];

	return {
		buildEvent,
		attachMedia,
		mediaFor: (messageId) => mediaByMessage.get(messageId) || null,
		serveMedia,
		redeliver,
		/** The webhook addresses GET /me shows for these webhooks. */
		meFields: (inst) => Object.fromEntries(EVENT_WEBHOOK_NAMES.map((name) => [EVENT_WEBHOOKS[name].meField, inst.webhooks[name] || ''])),
		serviceRoutes,
		controlRoutes,
		getInstance,
		reset() {
			files.clear();
			mediaByMessage.clear();
		},
	};
}

module.exports = { createEvents, emptyEventWebhooks, EVENT_WEBHOOKS, EVENT_WEBHOOK_NAMES, MEDIA_KINDS };
