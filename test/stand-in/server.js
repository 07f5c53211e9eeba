'use strict';
/**
 * Z-API stand-in: a faithful local imitation of the Z-API WhatsApp instance service
 * (the Z-API interface, and how the real service behaves in the wild
 * beyond it). Plain CommonJS, Node 20 built-ins only.
 *
 * SERVICE ROUTES (prefix /instances/{id}/token/{token})
 *   GET  /chat-messages/{phone}?amount=N&lastMessageId=X   chat listing, newest first
 *   PUT  /update-webhook-received-delivery   {value}        https URL, "" clears; turns notify sent by me on
 *   PUT  /update-webhook-received            {value}        the same address, notify sent by me left as it is
 *   PUT  /update-notify-sent-by-me           {notifySentByMe: boolean}   see session.js
 *   Webhook values that are not https URLs are refused with 400 (the docs: "Z-API does not accept
 *   webhooks that are not HTTPS"; the answer to a refusal is not documented).
 *   PUT  /update-webhook-message-status      {value}        https URL, "" clears
 *   PUT  /update-webhook-delivery, -connected, -disconnected, -chat-presence: see events.js
 *   GET  /status                                            {connected, error, smartphoneConnected} (error 'You are already connected.' when connected)
 *   GET  /me                                                instance settings incl. webhook URLs
 *   POST /update-group-photo  {groupId, groupPhoto}         {value: boolean}
 *   POST /add-admin           {groupId, phones}             {value: boolean}
 *   POST /add-participant     {groupId, phones, autoInvite?} {value: boolean}
 *   POST /send-* , /forward-message, /read-message, DELETE /messages: see sending.js
 *   The rest of the group calls (create, metadata, list, members, settings, invite links): see groups.js
 *   GET /chats, POST /modify-chat, GET /contacts, /phone-exists, block: see chats.js
 *   GET /qr-code/image, /restart, /disconnect, /device: see session.js
 *   POST /pin-message, /send-poll-vote: see messageActions.js
 *   POST /business/company-*, /business/hours, /business/categories, GET /business/profile: see business.js
 *   GET /call-token, POST /sip-token, GET /sip-info: see calls.js
 *
 * PARTNER API ROUTES (Authorization: Bearer <partner token>; options.partnerToken, default
 * 'stand-in-partner-token'): POST /instances/integrator/on-demand, GET /instances, and under
 * /instances/{id}/token/{token}/integrator/on-demand: POST /subscription, POST /cancel,
 * PUT /subscription/update. See partner.js.
 *   Checks, in this order: unknown path 404; wrong method 405 (Allow header);
 *   unknown id / wrong token 400 {"error":"Instance not found"}; Client-Token (when the
 *   instance has one) missing 400 {"error":"null not allowed"}, wrong 403
 *   {"error":"Client-Token not allowed"}; POST/PUT without Content-Type application/json
 *   415; body that is not JSON 400. Group operations answer failures as 200
 *   {"value": false} with the reason in the X-Stand-In-Reason response header.
 *
 * CONTROL ROUTES (JSON, no auth; for tests, demos and e2e harnesses)
 *   POST   /_control/instances    {id, token, clientToken?, multiDevice?, name?, phone?, connected?, smartphoneConnected?}  upsert
 *   POST   /_control/groups       {instanceId, id?, form?: 'new'|'old', name?, participants?, admins?, photo?, selfIsAdmin?, restrictedPhones?}
 *   POST   /_control/chats        {instanceId, phone, count?, kinds?, messages?: [record overrides], fromMeEvery?}
 *   POST   /_control/webhooks     {instanceId, received?, status?, sentByMe?}   sets URLs without the https rule ("" or null clears), and notify sent by me
 *   POST   /_control/drop-after   {instanceId, path, count?}   the next `count` (1) service calls to `path` are carried out,
 *                                 then their connection is cut before the answer (a send that reached the service)
 *   POST   /_control/me-failure   {instanceId, status}   GET /me answers this status until status is null
 *   POST   /_control/emit         {instanceId, kind, url?, ...fields} -> {delivered: {url, status, error}, payload}; 409 if no webhook
 *   POST   /_control/deliver-raw  {instanceId, webhook: 'received'|'status', payload?, rawBody?, contentType?, url?}
 *   GET    /_control/state[?instanceId=]                       webhooks, groups, chat sizes (never tokens)
 *   GET    /_control/deliveries[?instanceId=&webhook=&source=&since=&minCount=&timeoutMs=]
 *   DELETE /_control/deliveries                                clears the delivery log
 *   POST   /_control/reset                                     back to the options given at creation
 *   Emit fields: phone, message, fromMe, group, senderName, chatName, messageId, momment,
 *   referenceMessageId, status (message status), code + parameters (kind 'notification'),
 *   status + ids (kind 'status'), variants (see callbacks.js VARIANT_NAMES), overrides.
 *
 * Deliveries: POST of the JSON payload to the registered URL (https, or http when set
 * through the control routes), trusting options.deliveryCa for https. Every attempt is
 * logged (url, payload, status answered or error). See README.md beside this file.
 */
const http = require('node:http');
const https = require('node:https');
const crypto = require('node:crypto');
const fixtures = require('../fixtures/callbacks');
const { createSending } = require('./sending');
const { createGroups, groupState } = require('./groups');
const { createChats } = require('./chats');
const { createSession } = require('./session');
const { createMessageActions } = require('./messageActions');
const { createEvents, emptyEventWebhooks, EVENT_WEBHOOK_NAMES, EVENT_WEBHOOKS } = require('./events');
const { createQueue } = require('./queue');
const { createLabels } = require('./labels');
const { createNewsletters } = require('./newsletters');
const { createStatus } = require('./status');
const { createSettings } = require('./settings');
const { createPrivacy } = require('./privacy');
const { createCommunities } = require('./communities');
const { createCatalog } = require('./catalog');
const { createMobile } = require('./mobile');
const { createPartner } = require('./partner');
const { createTranscription } = require('./transcription');
const { createBusiness } = require('./business');
const { createCalls } = require('./calls');

const MAX_BODY_BYTES = 16 * 1024 * 1024;
const DEFAULT_AMOUNT = 10;
const OLD_GROUP_ID = /^\d{8,15}-\d{10}$/;
const NEW_GROUP_ID = /^\d{10,25}-group$/;
const PARTICIPANT_ID = /^(\d{8,15}|\d{8,20}@lid)$/;

/** Webhook name -> the endpoint that sets it (the contract's two, then the further ones). */
const WEBHOOK_ROUTES = Object.freeze({
	received: '/update-webhook-received-delivery',
	status: '/update-webhook-message-status',
	...Object.fromEntries(EVENT_WEBHOOK_NAMES.map((name) => [name, EVENT_WEBHOOKS[name].endpoint])),
});
const WEBHOOK_LABELS = Object.freeze({ received: 'received/sent-message', status: 'message-status' });

/** The contract's two webhooks always, the further ones only once set (snapshots stay as they were for tests that use none). */
function shownWebhooks(webhooks) {
	return Object.fromEntries(Object.entries(webhooks).filter(([name, url]) => name === 'received' || name === 'status' || url));
}

class HttpError extends Error {
	constructor(status, body, headers) {
		super(typeof body === 'object' && body && body.error ? body.error : `HTTP ${status}`);
		this.status = status;
		this.body = body;
		this.headers = headers || {};
	}
}

const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
/** A control route's body, or {} when it is not an object. */
const body0 = (b) => (isPlainObject(b) ? b : {});
const clone = (v) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
const isValidGroupId = (id) => typeof id === 'string' && (OLD_GROUP_ID.test(id) || NEW_GROUP_ID.test(id));
const toBool = (v) => v === true || v === 'true' || v === '1' || v === 1;
const toList = (v) => (v === undefined || v === null ? undefined : Array.isArray(v) ? v.map(String) : String(v).split(',').map((s) => s.trim()).filter(Boolean));

/** Route table helper: '/chat-messages/:phone' -> regex with named params. */
function route(method, pattern, handler) {
	const keys = [];
	const source = pattern.replace(/:(\w+)/g, (_, k) => {
		keys.push(k);
		return '([^/]+)';
	});
	return { method, pattern, handler, keys, regex: new RegExp(`^${source}$`) };
}

/** Finds the route for (method, path): 404 when no pattern matches, 405 when only the method differs. */
function findRoute(table, method, path) {
	const matching = table.filter((r) => r.regex.test(path));
	if (matching.length === 0) throw new HttpError(404, { error: 'Not found' });
	const r = matching.find((x) => x.method === method);
	if (!r) {
		const allow = [...new Set(matching.map((x) => x.method))].join(', ');
		throw new HttpError(405, { error: `Method Not Allowed: use ${allow}` }, { Allow: allow });
	}
	const m = r.regex.exec(path);
	const params = {};
	r.keys.forEach((k, i) => {
		try {
			params[k] = decodeURIComponent(m[i + 1]);
		} catch {
			throw new HttpError(400, { error: `Malformed path parameter ${k}` });
		}
	});
	return { route: r, params };
}

/** A group photo is a URL, a data URI or bare base64 of a JPEG/PNG image; null otherwise. */
function classifyPhoto(value) {
	if (typeof value !== 'string') return null;
	const text = value.trim();
	if (!text) return null;
	if (/^https?:\/\//i.test(text)) {
		try {
			const u = new URL(text);
			return u.hostname ? { source: 'url', url: text } : null;
		} catch {
			return null;
		}
	}
	let b64 = text;
	let source = 'base64';
	const dataUri = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/is.exec(text);
	if (dataUri) {
		if (!/;base64/i.test(dataUri[2]) || !/^image\//i.test(dataUri[1])) return null;
		b64 = dataUri[3];
		source = 'data-uri';
	}
	b64 = b64.replace(/\s+/g, '');
	if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 === 1) return null;
	const bytes = Buffer.from(b64, 'base64');
	let type = null;
	if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) type = 'jpeg';
	else if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) type = 'png';
	if (!type) return null;
	const sha1 = crypto.createHash('sha1').update(bytes).digest('hex');
	return { source, type, bytes: bytes.length, sha1 };
}

/** A receiver's address without the secret its query may carry (the trigger's signature). */
function maskQuery(url) {
	return String(url).replace(/([?&](?:signature|secret|token)=)[^&]+/gi, '$1***');
}

/** The partner token the stand-in's integrator account has unless the options give another (null: none). */
const DEFAULT_PARTNER_TOKEN = 'stand-in-partner-token';

function maskToken(path) {
	return path.replace(/^(\/instances\/[^/]+\/token\/)[^/]+/, '$1***');
}

function createStandIn(options = {}) {
	const deliveryTimeoutMs = options.deliveryTimeoutMs || 10000;
	const log = (...args) => {
		if (options.verbose) process.stderr.write(`[zapi-stand-in] ${args.join(' ')}\n`);
	};

	/** Live state; the object identities stay the same across reset(). */
	const state = { instances: new Map(), deliveries: [] };
	let deliverySeq = 0;
	let deliveryChain = Promise.resolve();
	// deliveryConcurrency > 1: deliveries leave side by side (at most that many in flight)
	// instead of one after the other, as the service does under load.
	const deliveryConcurrency = Math.max(1, Number(options.deliveryConcurrency) || 1);
	const inFlight = new Set();
	const waitingDeliveries = [];
	// recordRequests: every service request, token masked, for tests comparing what was called.
	const requestLog = [];
	let server = null;
	let address = null;

	// -------------------------------------------------------------------------
	// State helpers
	// -------------------------------------------------------------------------
	function addInstance(cfg) {
		if (!cfg || typeof cfg.id !== 'string' || !cfg.id || typeof cfg.token !== 'string' || !cfg.token) {
			throw new HttpError(400, { error: 'An instance needs a non-empty string id and token' });
		}
		const existing = state.instances.get(cfg.id);
		const inst = existing || {
			id: cfg.id,
			webhooks: { received: '', status: '', ...emptyEventWebhooks() },
			// receiveCallbackSentByMe of GET /me.
			sentByMe: true,
			// Service calls to carry out and then answer by cutting the connection: [{path, count}].
			dropAfter: [],
			// An outage of the settings read, for clients that must not guess what they cannot read.
			meFailure: { status: null, served: 0 },
			groups: new Map(),
			chats: new Map(),
			created: Date.now(),
		};
		inst.token = cfg.token;
		if (cfg.sentByMe !== undefined) inst.sentByMe = toBool(cfg.sentByMe);
		inst.clientToken = cfg.clientToken || (existing && cfg.clientToken === undefined ? existing.clientToken : null) || null;
		inst.multiDevice = cfg.multiDevice !== undefined ? toBool(cfg.multiDevice) : existing ? existing.multiDevice : false;
		inst.name = cfg.name || (existing && existing.name) || `Stand-in ${cfg.id.slice(0, 8)}`;
		inst.phone = cfg.phone || (existing && existing.phone) || fixtures.DEFAULTS.connectedPhone;
		inst.connected = cfg.connected !== undefined ? toBool(cfg.connected) : existing ? existing.connected : true;
		inst.smartphoneConnected = cfg.smartphoneConnected !== undefined ? toBool(cfg.smartphoneConnected) : cfg.connected !== undefined || !existing ? inst.connected : existing.smartphoneConnected;
		state.instances.set(inst.id, inst);
		for (const g of cfg.groups || []) addGroup(inst.id, g);
		return inst;
	}

	function getInstance(id) {
		const inst = state.instances.get(id);
		if (!inst) throw new HttpError(404, { error: `Unknown instance "${id}" (create it with POST /_control/instances)` });
		return inst;
	}

	function addGroup(instanceId, cfg = {}) {
		const inst = getInstance(instanceId);
		let id = cfg.id;
		if (id === undefined) {
			// old form: <creator_phone>-<10-digit creation second>; new form: <18 digits>-group
			let suffix = Math.floor(Date.now() / 1000);
			do {
				id = cfg.form === 'old'
					? `${inst.phone}-${suffix++}`
					: `1203630${String(crypto.randomInt(1e9)).padStart(9, '0')}${String(crypto.randomInt(100)).padStart(2, '0')}-group`;
			} while (inst.groups.has(id));
		}
		if (!isValidGroupId(id)) {
			throw new HttpError(400, { error: `Malformed group id "${id}": use <creator_phone>-<10 digits> or <digits>-group` });
		}
		const selfIsAdmin = cfg.selfIsAdmin === undefined ? true : toBool(cfg.selfIsAdmin);
		const participants = [...new Set((cfg.participants || [fixtures.DEFAULTS.contactPhone, fixtures.DEFAULTS.memberPhone]).map(String))];
		if (!participants.includes(inst.phone)) participants.unshift(inst.phone);
		let admins = [...new Set((cfg.admins || []).map(String))].filter((p) => participants.includes(p) && p !== inst.phone);
		if (selfIsAdmin) admins = [inst.phone, ...admins];
		const group = {
			id,
			name: cfg.name || fixtures.DEFAULTS.groupName,
			participants,
			admins,
			photo: cfg.photo || null,
			photoSource: cfg.photo ? 'seed' : null,
			selfIsAdmin,
			restrictedPhones: (cfg.restrictedPhones || []).map(String),
			invitesSent: [],
		};
		groupState(group, cfg, inst); // owner, description, settings, invite link, join requests (groups.js)
		inst.groups.set(id, group);
		return group;
	}

	function chatOf(inst, phone) {
		if (!inst.chats.has(phone)) inst.chats.set(phone, []);
		return inst.chats.get(phone);
	}

	/** Adds records to a chat, keeping it ordered oldest -> newest (stable on equal momment). */
	function storeRecords(inst, phone, records) {
		const chat = chatOf(inst, phone);
		for (const r of records) {
			const at = chat.findIndex((m) => m.messageId === r.messageId);
			if (at >= 0) chat[at] = r;
			else chat.push(r);
		}
		chat.sort((a, b) => Number(a.momment) - Number(b.momment));
		return chat;
	}

	const DEFAULT_SEED_KINDS = ['text', 'text', 'image', 'text', 'link', 'text', 'document', 'text', 'contact', 'text'];

	function seedChat(instanceId, phone, opts = {}) {
		const inst = getInstance(instanceId);
		if (typeof phone !== 'string' || !phone) throw new HttpError(400, { error: 'phone is required' });
		const kinds = opts.kinds && opts.kinds.length ? opts.kinds : DEFAULT_SEED_KINDS;
		const messages = Array.isArray(opts.messages) ? opts.messages.map((m) => (isPlainObject(m) ? m : {})) : null;
		for (const k of [...kinds, ...(messages || []).map((m) => m.kind).filter(Boolean)]) {
			if (!fixtures.CHAT_RECORD_KINDS.includes(k) && !fixtures.CONTENT_KINDS[k]) throw new HttpError(400, { error: `Unknown record kind "${k}"` });
		}
		const count = messages ? messages.length : opts.count === undefined ? 10 : Number(opts.count);
		if (!Number.isInteger(count) || count < 0 || count > 100000) throw new HttpError(400, { error: 'count must be an integer between 0 and 100000' });
		const chat = inst.chats.get(phone) || [];
		const last = chat.length ? Number(chat[chat.length - 1].momment) : 0;
		let momment = Math.max(last + 1000, Date.now() - count * 60000);
		const fromMeEvery = opts.fromMeEvery === undefined ? 3 : Number(opts.fromMeEvery);
		const group = inst.groups.get(phone);
		const members = group ? group.participants.filter((p) => p !== inst.phone) : [];
		const records = [];
		for (let i = 0; i < count; i++) {
			const over = messages ? messages[i] : {};
			const kind = over.kind || kinds[i % kinds.length];
			const fromMe = over.fromMe !== undefined ? over.fromMe === true : fromMeEvery > 0 && i % fromMeEvery === fromMeEvery - 1;
			const base = {
				instanceId: inst.id,
				phone,
				fromMe,
				momment,
				messageId: fixtures.newMessageId(fromMe),
				chatName: group ? group.name : undefined,
			};
			if (group) base.participantPhone = fromMe ? inst.phone : members[i % Math.max(members.length, 1)] || fixtures.DEFAULTS.memberPhone;
			const { kind: _k, ...rest } = over;
			const record = fixtures.chatMessageRecord(kind, fixtures.deepMerge(JSON.parse(JSON.stringify(base)), rest));
			records.push(record);
			momment += 60000;
		}
		const size = inst.multiDevice ? 0 : storeRecords(inst, phone, records).length; // multi-device stores nothing
		return { phone, size, messageIds: records.map((r) => r.messageId) };
	}

	function snapshot(inst) {
		const chats = {};
		for (const [phone, list] of inst.chats) chats[phone] = list.length;
		return {
			id: inst.id,
			name: inst.name,
			phone: inst.phone,
			multiDevice: inst.multiDevice,
			hasClientToken: Boolean(inst.clientToken),
			connected: inst.connected,
			smartphoneConnected: inst.smartphoneConnected,
			webhooks: shownWebhooks(inst.webhooks),
			sentByMe: inst.sentByMe,
			meFailure: { ...inst.meFailure },
			groups: [...inst.groups.values()].map(clone),
			chats,
		};
	}

	// -------------------------------------------------------------------------
	// Deliveries
	// -------------------------------------------------------------------------
	function post(url, body, contentType) {
		return new Promise((resolve) => {
			let target;
			try {
				target = new URL(url);
			} catch {
				resolve({ status: null, error: `Invalid URL ${url}` });
				return;
			}
			const isHttps = target.protocol === 'https:';
			if (!isHttps && target.protocol !== 'http:') {
				resolve({ status: null, error: `Unsupported protocol ${target.protocol}` });
				return;
			}
			const data = Buffer.from(body, 'utf8');
			const reqOptions = {
				method: 'POST',
				headers: {
					'Content-Type': contentType || 'application/json',
					'Content-Length': data.length,
					'User-Agent': 'Z-API-Stand-In/1.0',
				},
				timeout: deliveryTimeoutMs,
			};
			if (isHttps && options.deliveryCa) reqOptions.ca = options.deliveryCa;
			const req = (isHttps ? https : http).request(target, reqOptions, (res) => {
				const chunks = [];
				res.on('data', (c) => chunks.push(c));
				res.on('end', () => resolve({ status: res.statusCode, responseBody: Buffer.concat(chunks).toString('utf8').slice(0, 4096) }));
				res.on('error', (e) => resolve({ status: res.statusCode, error: e.message }));
			});
			req.on('timeout', () => req.destroy(new Error(`Timed out after ${deliveryTimeoutMs} ms`)));
			req.on('error', (e) => resolve({ status: null, error: e.code ? `${e.code}: ${e.message}` : e.message }));
			req.end(data);
		});
	}

	/** Queues one delivery (deliveries leave in order); resolves with its log entry. */
	function deliver({ instanceId, webhook, payload, rawBody, contentType, url, source }) {
		const inst = state.instances.get(instanceId);
		const target = url || (inst && inst.webhooks[webhook]) || null;
		const entry = {
			seq: ++deliverySeq,
			at: new Date().toISOString(),
			instanceId,
			webhook,
			source,
			url: target,
			payload: payload === undefined ? null : clone(payload),
			rawBody: rawBody === undefined ? undefined : rawBody,
			status: null,
			responseBody: null,
			error: null,
			done: false,
		};
		state.deliveries.push(entry);
		if (!target) {
			entry.error = `No ${webhook} webhook registered`;
			entry.skipped = true;
			entry.done = true;
			return Promise.resolve(entry);
		}
		const body = rawBody !== undefined ? String(rawBody) : JSON.stringify(payload);
		const run = async () => {
			const started = Date.now();
			const result = await post(target, body, contentType);
			Object.assign(entry, result, { durationMs: Date.now() - started, done: true });
			log(`delivery #${entry.seq} ${webhook} -> ${maskQuery(target)}: ${entry.status || entry.error}`);
			return entry;
		};
		if (deliveryConcurrency > 1) return deliverSideBySide(run);
		const p = deliveryChain.then(run, run);
		deliveryChain = p.catch(() => undefined);
		return p;
	}

	async function deliverSideBySide(run) {
		while (inFlight.size >= deliveryConcurrency) await new Promise((resolve) => waitingDeliveries.push(resolve));
		const p = run();
		inFlight.add(p);
		try {
			return await p;
		} finally {
			inFlight.delete(p);
			const next = waitingDeliveries.shift();
			if (next) next();
		}
	}

	function listDeliveries(filter = {}) {
		return state.deliveries.filter(
			(d) =>
				(!filter.instanceId || d.instanceId === filter.instanceId) &&
				(!filter.webhook || d.webhook === filter.webhook) &&
				(!filter.source || d.source === filter.source) &&
				(!filter.since || d.seq > Number(filter.since)) &&
				(!filter.done || d.done),
		);
	}

	/** Resolves when at least `count` finished deliveries match the filter (or on timeout). */
	async function waitForDeliveries({ count = 1, timeoutMs = 5000, ...filter } = {}) {
		const deadline = Date.now() + Number(timeoutMs);
		for (;;) {
			const found = listDeliveries({ ...filter, done: true });
			if (found.length >= count) return found;
			if (Date.now() >= deadline) {
				const e = new Error(`Timed out waiting for ${count} deliveries (have ${found.length})`);
				e.deliveries = found;
				throw e;
			}
			await new Promise((r) => setTimeout(r, 15));
		}
	}

	// -------------------------------------------------------------------------
	// Emitting callbacks (control) and their effect on state
	// -------------------------------------------------------------------------
	const MESSAGE_FIELD = Object.fromEntries(
		Object.entries(fixtures.CONTENT_KINDS).filter(([, s]) => s.messageField).map(([k, s]) => [k, [s.content, s.messageField]]),
	);

	function buildEmit(inst, kind, f) {
		const event = events.buildEvent(inst, kind, f);
		if (event) return event;
		const base = { instanceId: inst.id };
		const group = f.group ? inst.groups.get(f.group) : null;
		if (f.group) {
			base.isGroup = true;
			base.phone = f.group;
			if (f.phone) base.participantPhone = f.phone;
			if (group) base.chatName = group.name;
		} else if (f.phone) {
			base.phone = f.phone;
		}
		if (f.fromMe !== undefined) base.fromMe = toBool(f.fromMe);
		for (const k of ['senderName', 'chatName', 'messageId', 'referenceMessageId']) if (f[k] !== undefined) base[k] = f[k];
		if (f.momment !== undefined) base.momment = Number.isFinite(Number(f.momment)) ? Number(f.momment) : f.momment;
		const variants = toList(f.variants);
		const overrides = isPlainObject(f.overrides) ? f.overrides : {};
		try {
			if (kind === 'status') {
				if (!f.status) throw new Error(`kind "status" needs a status (${fixtures.STATUS_VALUES.join(', ')})`);
				const phone = f.group || f.phone || fixtures.DEFAULTS.contactPhone;
				let ids = toList(f.ids);
				if (!ids || !ids.length) {
					const mine = (inst.chats.get(phone) || []).filter((m) => m.fromMe);
					ids = mine.length ? [mine[mine.length - 1].messageId] : undefined;
				}
				const extra = { instanceId: inst.id, phone };
				if (f.group) extra.isGroup = true;
				if (f.momment !== undefined) extra.momment = base.momment;
				return { webhook: 'status', payload: fixtures.statusCallback(f.status, ids, fixtures.deepMerge(extra, overrides), { variants }) };
			}
			if (kind === 'notification') {
				if (!f.code) throw new Error(`kind "notification" needs a code (${fixtures.NOTIFICATION_CODES.join(', ')})`);
				let parameters = toList(f.parameters);
				if (fixtures.GROUP_NOTIFICATION_CODES.includes(f.code)) {
					// for group notices `phone` names the participant concerned, `group` the chat
					base.isGroup = true;
					const only = inst.groups.size === 1 ? [...inst.groups.keys()][0] : null;
					base.phone = f.group || only || fixtures.DEFAULTS.groupId;
					const known = inst.groups.get(base.phone);
					if (known && f.chatName === undefined) base.chatName = known.name;
					if (!parameters && f.phone && f.code !== 'GROUP_CREATE') parameters = [f.phone];
					if (!parameters && f.code === 'GROUP_CREATE' && known) parameters = [known.name];
				}
				delete base.participantPhone;
				if (f.participantPhone) base.participantPhone = f.participantPhone;
				const payload = fixtures.notificationCallback(f.code, parameters, fixtures.deepMerge(base, overrides), { variants });
				return { webhook: 'received', payload };
			}
			const name = fixtures.resolveKind(kind);
			if (f.message !== undefined && MESSAGE_FIELD[name]) {
				const [content, field] = MESSAGE_FIELD[name];
				base[content] = { [field]: String(f.message) };
			}
			if (f.status !== undefined) base.status = f.status;
			const payload = fixtures.receivedCallback(name, fixtures.deepMerge(base, overrides), { variants });
			const media = events.attachMedia(inst, payload, f);
			// What an emitted audio says, for the transcription endpoint.
			if (media && f.transcript !== undefined) transcription.speak(media.bytes, f.transcript);
			return { webhook: 'received', payload };
		} catch (e) {
			if (e instanceof HttpError) throw e;
			throw new HttpError(400, { error: e.message });
		}
	}

	/** What an emitted event changes: messages go to the chat store, statuses update it, group notices update members. */
	function applyToState(inst, webhook, payload) {
		if (webhook === 'status') {
			const ids = new Set(payload.ids || []);
			for (const chat of inst.chats.values()) for (const m of chat) if (ids.has(m.messageId)) m.status = payload.status;
			return;
		}
		if (payload.notification) {
			const group = inst.groups.get(payload.phone);
			const params = payload.notificationParameters || [];
			if (!group) return;
			if (payload.notification === 'GROUP_PARTICIPANT_ADD') {
				for (const p of params) if (!group.participants.includes(p)) group.participants.push(p);
			} else if (payload.notification === 'GROUP_PARTICIPANT_REMOVE' || payload.notification === 'GROUP_PARTICIPANT_LEAVE') {
				group.participants = group.participants.filter((p) => !params.includes(p));
				group.admins = group.admins.filter((p) => !params.includes(p));
			}
			return;
		}
		if (inst.multiDevice) return; // the real service stores no messages there
		storeRecords(inst, String(payload.phone), [fixtures.chatRecordFromCallback(payload)]);
	}

	async function emit(instanceId, kind, fields = {}) {
		const inst = getInstance(instanceId);
		if (!kind) throw new HttpError(400, { error: 'kind is required' });
		const { webhook, payload } = buildEmit(inst, kind, fields);
		const url = fields.url || inst.webhooks[webhook];
		if (!url) {
			const route = WEBHOOK_ROUTES[webhook];
			throw new HttpError(409, {
				error: `No ${WEBHOOK_LABELS[webhook] || webhook} webhook is registered for instance ${inst.id}: set one with PUT ${route} (or POST /_control/webhooks) first, or pass url`,
			});
		}
		if (webhook === 'received' || webhook === 'status') applyToState(inst, webhook, payload);
		const entry = await deliver({ instanceId: inst.id, webhook, payload, url, source: 'emit' });
		// The same delivery again, as a service that did not hear the answer would send it.
		const repeats = fields.repeat ? await events.redeliver(entry.seq, fields.repeat) : [];
		return {
			delivered: { url: entry.url, status: entry.status, error: entry.error },
			payload,
			webhook,
			seq: entry.seq,
			repeats: repeats.map((r) => ({ seq: r.seq, status: r.status, error: r.error })),
			media: payload.messageId ? events.mediaFor(payload.messageId) : null,
		};
	}

	async function deliverRaw(body = {}) {
		const inst = getInstance(body.instanceId);
		if (!WEBHOOK_ROUTES[body.webhook]) throw new HttpError(400, { error: `webhook must be one of ${Object.keys(WEBHOOK_ROUTES).join(', ')}` });
		if (body.payload === undefined && body.rawBody === undefined) throw new HttpError(400, { error: 'payload or rawBody is required' });
		const url = body.url || inst.webhooks[body.webhook];
		if (!url) throw new HttpError(409, { error: `No ${body.webhook} webhook is registered for instance ${inst.id}; pass url or register one first` });
		const entry = await deliver({
			instanceId: inst.id,
			webhook: body.webhook,
			payload: body.payload,
			rawBody: body.rawBody,
			contentType: body.contentType,
			url,
			source: 'raw',
		});
		return { delivered: { url: entry.url, status: entry.status, error: entry.error }, payload: entry.payload, seq: entry.seq };
	}

	// -------------------------------------------------------------------------
	// Service handlers
	// -------------------------------------------------------------------------
	function getChatMessages({ instance, params, query }) {
		const raw = query.get('amount');
		let amount = DEFAULT_AMOUNT;
		if (raw !== null && raw !== '') {
			if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new HttpError(400, { error: 'amount must be a positive integer' });
			amount = Number(raw);
		}
		if (instance.multiDevice) return { body: [] };
		const chat = instance.chats.get(params.phone) || [];
		const lastMessageId = query.get('lastMessageId');
		let end = chat.length;
		if (lastMessageId) {
			end = chat.findIndex((m) => m.messageId === lastMessageId);
			if (end < 0) return { body: [] };
		}
		return { body: clone(chat.slice(Math.max(0, end - amount), end).reverse()) };
	}

	/** GET /me answers `status` (a number) from now on; null or 0 ends it. Counts the failures served. */
	function failMe(instanceId, status) {
		const inst = getInstance(instanceId);
		inst.meFailure = { status: Number(status) || null, served: 0 };
	}

	/** `turnsOnSentByMe`: /update-webhook-received-delivery also switches notify sent by me on. */
	function updateWebhook(kind, { turnsOnSentByMe = false } = {}) {
		return ({ instance, body }) => {
			const value = isPlainObject(body) ? body.value : undefined;
			if (value === '') {
				// Stand-in choice: the contract does not say whether "" clears; we clear.
				instance.webhooks[kind] = '';
				return { body: { value: true } };
			}
			let ok = false;
			if (typeof value === 'string') {
				try {
					const u = new URL(value);
					ok = u.protocol === 'https:' && Boolean(u.hostname);
				} catch {
					ok = false;
				}
			}
			if (!ok) throw new HttpError(400, { error: 'Invalid webhook value: only https URLs are accepted (an absolute https:// address)' });
			instance.webhooks[kind] = value;
			if (turnsOnSentByMe) instance.sentByMe = true;
			return { body: { value: true } };
		};
	}

	function getStatus({ instance }) {
		return {
			body: instance.connected
				? // docs/instance/status.md: `error` says 'You are already connected.' when all is well.
					{ connected: true, error: 'You are already connected.', smartphoneConnected: instance.smartphoneConnected }
				: { connected: false, error: 'You are not connected.', smartphoneConnected: instance.smartphoneConnected },
		};
	}

	function getMe({ instance }) {
		if (instance.meFailure.status) {
			instance.meFailure.served++;
			throw new HttpError(instance.meFailure.status, { error: 'Settings unavailable (stand-in me-failure)' });
		}
		return {
			body: {
				id: instance.id,
				name: instance.name,
				due: instance.created + 30 * 24 * 3600 * 1000,
				connected: instance.connected,
				paymentStatus: 'PAID',
				created: instance.created,
				connectedCallbackUrl: '',
				deliveryCallbackUrl: '',
				disconnectedCallbackUrl: '',
				messageStatusCallbackUrl: instance.webhooks.status,
				presenceChatCallbackUrl: '',
				receivedCallbackUrl: instance.webhooks.received,
				...events.meFields(instance),
				receiveCallbackSentByMe: instance.sentByMe,
				callRejectAuto: false,
				callRejectMessage: null,
				autoReadMessage: false,
				initialDataCallbackUrl: '',
				isDevice: instance.multiDevice,
				...settings.meFields(instance),
			},
		};
	}

	const fail = (reason) => ({ body: { value: false }, headers: { 'X-Stand-In-Reason': reason } });

	/** Shared checks of the group operations; returns { group } or a failure response. */
	function groupFor(instance, body, needPhones) {
		if (!isPlainObject(body)) return { failure: fail('body-not-object') };
		if (typeof body.groupId !== 'string' || !body.groupId) return { failure: fail('missing-groupId') };
		if (!isValidGroupId(body.groupId)) return { failure: fail('malformed-groupId') };
		if (needPhones) {
			if (!Array.isArray(body.phones) || body.phones.length === 0) return { failure: fail('missing-phones') };
			if (!body.phones.every((p) => typeof p === 'string' && PARTICIPANT_ID.test(p))) return { failure: fail('invalid-phone') };
		}
		if (!instance.connected) return { failure: fail('not-connected') };
		const group = instance.groups.get(body.groupId);
		if (!group) return { failure: fail('unknown-group') };
		if (!group.selfIsAdmin) return { failure: fail('not-admin') };
		return { group };
	}

	function updateGroupPhoto({ instance, body }) {
		const { group, failure } = groupFor(instance, body, false);
		if (failure) return failure;
		if (body.groupPhoto === undefined || body.groupPhoto === null || body.groupPhoto === '') return fail('missing-groupPhoto');
		const photo = classifyPhoto(body.groupPhoto);
		if (!photo) return fail('invalid-photo');
		group.photo = photo.source === 'url' ? photo.url : `https://pps.whatsapp.net/v/t61.24694-24/${photo.sha1.slice(0, 20)}_n.${photo.type === 'png' ? 'png' : 'jpg'}`;
		group.photoSource = photo.source;
		group.photoBytes = photo.bytes || null;
		return { body: { value: true } };
	}

	function addAdmin({ instance, body }) {
		const { group, failure } = groupFor(instance, body, true);
		if (failure) return failure;
		if (!body.phones.every((p) => group.participants.includes(p))) return fail('not-participant');
		for (const p of body.phones) if (!group.admins.includes(p)) group.admins.push(p);
		return { body: { value: true } };
	}

	function addParticipant({ instance, body }) {
		const { group, failure } = groupFor(instance, body, true);
		if (failure) return failure;
		const autoInvite = body.autoInvite === true;
		const added = [];
		let allReached = true;
		for (const p of body.phones) {
			if (group.participants.includes(p)) continue; // already a member: nothing to do
			if (group.restrictedPhones.includes(p)) {
				// privacy settings forbid a direct add; autoInvite sends a private invite link
				if (autoInvite) group.invitesSent.push(p);
				else allReached = false;
				continue;
			}
			group.participants.push(p);
			added.push(p);
		}
		for (const p of added) {
			const payload = fixtures.notificationCallback('GROUP_PARTICIPANT_ADD', [p], {
				instanceId: instance.id,
				phone: group.id,
				isGroup: true,
				chatName: group.name,
				participantPhone: instance.phone,
				senderName: instance.name,
			});
			// delivered after the answer, like the real service
			setImmediate(() => deliver({ instanceId: instance.id, webhook: 'received', payload, source: 'add-participant' }));
		}
		return allReached ? { body: { value: true } } : fail('restricted-phone-without-autoInvite');
	}

	// -------------------------------------------------------------------------
	// Sending messages (sending.js)
	// -------------------------------------------------------------------------
	const sending = createSending({ route, HttpError, fixtures, options, getInstance, storeRecords, deliver, emit, clone });
	// Groups (groups.js), chats and contacts (chats.js), the instance session (session.js),
	// the further webhooks, media files and repeats (events.js)
	const groups = createGroups({ route, HttpError, fixtures, addGroup, deliver, isValidGroupId, participantId: PARTICIPANT_ID });
	const chats = createChats({ route, HttpError, getInstance, clone, body0 });
	const session = createSession({ route, HttpError, getInstance });
	// Pins and poll votes (messageActions.js)
	const messageActions = createMessageActions({ route, HttpError, getInstance, sentMessage: sending.sentMessage });
	const events = createEvents({ route, HttpError, fixtures, getInstance, updateWebhook, deliver, listDeliveries, baseUrl: () => (address ? address.url : '') });
	const queue = createQueue({ route, HttpError, getInstance, clone });
	const labels = createLabels({ route, HttpError, getInstance, clone });
	const newsletters = createNewsletters({ route, HttpError, getInstance, clone });
	const status = createStatus({ route, HttpError, getInstance, clone, classifyPhoto });
	const settings = createSettings({ route, HttpError, getInstance, updateWebhook, webhookNames: ['received', 'status', ...EVENT_WEBHOOK_NAMES] });
	const privacy = createPrivacy({ route, HttpError, getInstance });
	const communities = createCommunities({ route, HttpError, getInstance, classifyPhoto });
	const catalog = createCatalog({ route, HttpError, getInstance, clone });
	const mobile = createMobile({ route, HttpError, getInstance, clone });
	// Z-API's Partner API: the integrator account's instances, with the partner token (partner.js).
	const partner = createPartner({ route, HttpError, state, addInstance, partnerToken: options.partnerToken === undefined ? DEFAULT_PARTNER_TOKEN : options.partnerToken });
	const business = createBusiness({ route, HttpError, getInstance, clone });
	// An OpenAI-compatible speech-to-text endpoint, for Transcribe Voice Notes (transcription.js).
	const transcription = createTranscription({ route, HttpError, transcriptionKey: options.transcriptionKey });
	const calls = createCalls({ route, HttpError, getInstance });

	// The group endpoints the community pages share answer a community's call (communities.js).
	const SERVICE_ROUTES = communities.shareGroupRoutes([
		...sending.serviceRoutes,
		...groups.serviceRoutes,
		...chats.serviceRoutes,
		...session.serviceRoutes,
		...messageActions.serviceRoutes,
		...events.serviceRoutes,
		...queue.serviceRoutes,
		...labels.serviceRoutes,
		...newsletters.serviceRoutes,
		...status.serviceRoutes,
		...settings.serviceRoutes,
		...privacy.serviceRoutes,
		...communities.serviceRoutes,
		...catalog.serviceRoutes,
		...mobile.serviceRoutes,
		...business.serviceRoutes,
		...calls.serviceRoutes,
		route('GET', '/chat-messages/:phone', getChatMessages),
		route('PUT', '/update-webhook-received-delivery', updateWebhook('received', { turnsOnSentByMe: true })),
		route('PUT', '/update-webhook-received', updateWebhook('received')),
		route('PUT', '/update-webhook-message-status', updateWebhook('status')),
		route('GET', '/status', getStatus),
		route('GET', '/me', getMe),
		route('POST', '/update-group-photo', updateGroupPhoto),
		route('POST', '/add-admin', addAdmin),
		route('POST', '/add-participant', addParticipant),
	]);

	// -------------------------------------------------------------------------
	// Control handlers
	// -------------------------------------------------------------------------
	const CONTROL_ROUTES = [
		...sending.controlRoutes,
		...chats.controlRoutes,
		...session.controlRoutes,
		...messageActions.controlRoutes,
		...events.controlRoutes,
		...queue.controlRoutes,
		...labels.controlRoutes,
		...newsletters.controlRoutes,
		...status.controlRoutes,
		...settings.controlRoutes,
		...privacy.controlRoutes,
		...communities.controlRoutes,
		...catalog.controlRoutes,
		...mobile.controlRoutes,
		...partner.controlRoutes,
		...transcription.controlRoutes,
		...business.controlRoutes,
		...calls.controlRoutes,
		route('POST', '/_control/instances', ({ body }) => {
			const inst = addInstance(body0(body));
			return { status: 201, body: snapshot(inst) };
		}),
		route('POST', '/_control/groups', ({ body }) => {
			const b = body0(body);
			const { instanceId, ...cfg } = b;
			return { status: 201, body: clone(addGroup(instanceId, cfg)) };
		}),
		route('POST', '/_control/chats', ({ body }) => {
			const b = body0(body);
			return { status: 201, body: seedChat(b.instanceId, b.phone, b) };
		}),
		route('POST', '/_control/webhooks', ({ body }) => {
			const b = body0(body);
			const inst = getInstance(b.instanceId);
			for (const kind of Object.keys(WEBHOOK_ROUTES)) if (b[kind] !== undefined) inst.webhooks[kind] = b[kind] || '';
			if (b.sentByMe !== undefined) inst.sentByMe = toBool(b.sentByMe);
			return { body: { webhooks: shownWebhooks(inst.webhooks), sentByMe: inst.sentByMe } };
		}),
		route('POST', '/_control/drop-after', ({ body }) => {
			const b = body0(body);
			const inst = getInstance(b.instanceId);
			if (typeof b.path !== 'string' || !b.path.startsWith('/')) throw new HttpError(400, { error: 'path must be a service path such as /send-text' });
			inst.dropAfter.push({ path: b.path, count: Number(b.count) || 1 });
			return { body: { dropAfter: clone(inst.dropAfter) } };
		}),
		route('POST', '/_control/me-failure', ({ body }) => {
			const b = body0(body);
			failMe(b.instanceId, b.status);
			return { body: { meFailure: { ...getInstance(b.instanceId).meFailure } } };
		}),
		route('POST', '/_control/emit', async ({ body }) => {
			const { instanceId, kind, ...fields } = body0(body);
			return { body: await emit(instanceId, kind, fields) };
		}),
		route('POST', '/_control/deliver-raw', async ({ body }) => ({ body: await deliverRaw(body0(body)) })),
		route('GET', '/_control/state', ({ query }) => {
			const id = query.get('instanceId');
			if (id) return { body: snapshot(getInstance(id)) };
			return { body: { instances: [...state.instances.values()].map(snapshot), deliveries: state.deliveries.length } };
		}),
		route('GET', '/_control/deliveries', async ({ query }) => {
			const filter = { instanceId: query.get('instanceId'), webhook: query.get('webhook'), source: query.get('source'), since: query.get('since') };
			const minCount = Number(query.get('minCount') || 0);
			if (minCount > 0) {
				try {
					await waitForDeliveries({ ...filter, count: minCount, timeoutMs: Number(query.get('timeoutMs') || 5000) });
				} catch {
					return { body: { deliveries: listDeliveries(filter), timedOut: true } };
				}
			}
			return { body: { deliveries: listDeliveries(filter) } };
		}),
		route('DELETE', '/_control/deliveries', () => {
			state.deliveries.length = 0;
			return { body: { cleared: true } };
		}),
		route('POST', '/_control/reset', () => {
			reset();
			return { body: { reset: true, instances: [...state.instances.keys()] } };
		}),
	];

	// -------------------------------------------------------------------------
	// HTTP plumbing
	// -------------------------------------------------------------------------
	function readBody(req) {
		return new Promise((resolve, reject) => {
			const chunks = [];
			let size = 0;
			req.on('data', (c) => {
				size += c.length;
				if (size > MAX_BODY_BYTES) {
					reject(new HttpError(413, { error: 'Request body too large' }));
					req.destroy();
					return;
				}
				chunks.push(c);
			});
			req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
			req.on('error', reject);
		});
	}

	/** `allowEmpty`: a route documented without a body takes an empty one (still typed JSON). */
	async function readJson(req, strictType, allowEmpty = false) {
		if (strictType) {
			const type = String(req.headers['content-type'] || '').split(';')[0].trim().toLowerCase();
			if (type !== 'application/json') {
				throw new HttpError(415, { error: 'Unsupported Media Type: send the body as JSON with Content-Type: application/json' });
			}
		}
		const text = await readBody(req);
		if ((!strictType || allowEmpty) && text.trim() === '') return undefined;
		try {
			return JSON.parse(text);
		} catch {
			throw new HttpError(400, { error: 'Invalid JSON body' });
		}
	}

	function authenticate(id, token, headers) {
		const inst = state.instances.get(id);
		if (!inst || inst.token !== token) throw new HttpError(400, { error: 'Instance not found' });
		if (inst.clientToken) {
			const given = headers['client-token'];
			if (given === undefined || given === '') throw new HttpError(400, { error: 'null not allowed' });
			if (given !== inst.clientToken) throw new HttpError(403, { error: 'Client-Token not allowed' });
		}
		return inst;
	}

	const INSTANCE_PREFIX = /^\/instances\/([^/]+)\/token\/([^/]+)(\/.*)?$/;

	async function handle(req, res) {
		const url = new URL(req.url, 'http://stand-in');
		const path = url.pathname;
		const hasBody = req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH';
		let result;
		try {
			if (path.startsWith('/storage/')) {
				result = events.serveMedia(path);
			} else if (path === '/_control' || path.startsWith('/_control/')) {
				const { route: r, params } = findRoute(CONTROL_ROUTES, req.method, path);
				const body = hasBody ? await readJson(req, false) : undefined;
				result = await r.handler({ params, query: url.searchParams, body });
			} else if (transcription.owns(path)) {
				result = await transcription.handle(req);
			} else if (partner.owns(path)) {
				const { route: r, params } = findRoute(partner.routes, req.method, path);
				partner.authenticate(req.headers);
				// Sign and cancel take no body: the Content-Type is asked for only when one comes.
				const text = hasBody ? await readBody(req) : '';
				let body;
				if (text.trim() !== '' || (hasBody && !r.emptyBody)) {
					const type = String(req.headers['content-type'] || '').split(';')[0].trim().toLowerCase();
					if (type !== 'application/json') throw new HttpError(415, { error: 'Unsupported Media Type: send the body as JSON with Content-Type: application/json' });
					try {
						body = JSON.parse(text);
					} catch {
						throw new HttpError(400, { error: 'Invalid JSON body' });
					}
				}
				result = await r.handler({ params, query: url.searchParams, body });
			} else {
				const m = INSTANCE_PREFIX.exec(path);
				if (!m) throw new HttpError(404, { error: 'Not found' });
				const { route: r, params } = findRoute(SERVICE_ROUTES, req.method, m[3] || '/');
				let id;
				let token;
				try {
					id = decodeURIComponent(m[1]);
					token = decodeURIComponent(m[2]);
				} catch {
					throw new HttpError(400, { error: 'Instance not found' });
				}
				const instance = authenticate(id, token, req.headers);
				// A route marked jsonBody takes a JSON body on another method too (a DELETE with a list).
				const body = hasBody || r.jsonBody ? await readJson(req, true, r.emptyBody === true) : undefined;
				if (options.recordRequests) {
					requestLog.push({ instanceId: id, method: req.method, path: m[3] || '/', query: Object.fromEntries(url.searchParams), body: clone(body ?? null) });
				}
				result = await r.handler({ instance, params, query: url.searchParams, body });
				const drop = instance.dropAfter.find((entry) => entry.path === (m[3] || '/') && entry.count > 0);
				if (drop) {
					// Carried out above; the caller never hears so.
					drop.count--;
					instance.dropAfter = instance.dropAfter.filter((entry) => entry.count > 0);
					log(`${req.method} ${maskToken(path)} -> carried out, connection cut (drop-after)`);
					res.socket.destroy();
					return;
				}
			}
		} catch (e) {
			if (e instanceof HttpError) {
				result = { status: e.status, body: e.body, headers: e.headers };
			} else {
				result = { status: 500, body: { error: e && e.message ? e.message : String(e) } };
				log(`internal error: ${e && e.stack ? e.stack : e}`);
			}
		}
		const status = result.status || 200;
		if (status === 204) {
			// No content: read-message and message deletion answer so.
			res.writeHead(204, result.headers || {});
			res.end();
			log(`${req.method} ${maskToken(path)} -> 204`);
			return;
		}
		if (result.raw) {
			// Media files: their bytes, as a storage service serves them.
			res.writeHead(status, { 'Content-Type': result.contentType, 'Content-Length': result.raw.length });
			res.end(result.raw);
			log(`${req.method} ${maskToken(path)} -> ${status}`);
			return;
		}
		const payload = JSON.stringify(result.body === undefined ? null : result.body);
		res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload), ...(result.headers || {}) });
		res.end(payload);
		log(`${req.method} ${maskToken(path)} -> ${status}${result.headers && result.headers['X-Stand-In-Reason'] ? ` (${result.headers['X-Stand-In-Reason']})` : ''}`);
	}

	function reset() {
		if (sending) sending.reset();
		if (events) events.reset();
		state.instances.clear();
		state.deliveries.length = 0;
		requestLog.length = 0;
		for (const cfg of options.instances || []) addInstance(cfg);
		for (const g of options.groups || []) {
			const { instanceId, ...cfg } = g;
			addGroup(instanceId, cfg);
		}
	}

	reset();

	const standIn = {
		state,
		get url() {
			return address ? address.url : null;
		},
		get port() {
			return address ? address.port : null;
		},
		/** Base URL of an instance's routes (contains the token: do not log it). */
		instanceUrl(id) {
			const inst = getInstance(id);
			return `${address ? address.url : ''}/instances/${encodeURIComponent(inst.id)}/token/${encodeURIComponent(inst.token)}`;
		},
		start(port = options.port || 0, host = options.host || '127.0.0.1') {
			if (server) return Promise.resolve(address);
			server = options.tls ? https.createServer({ key: options.tls.key, cert: options.tls.cert }, handle) : http.createServer(handle);
			return new Promise((resolve, reject) => {
				server.once('error', reject);
				server.listen(port, host, () => {
					server.off('error', reject);
					const a = server.address();
					const shownHost = a.family === 'IPv6' ? `[${a.address}]` : a.address;
					address = { port: a.port, url: `${options.tls ? 'https' : 'http'}://${shownHost}:${a.port}` };
					log(`listening on ${address.url}`);
					resolve(address);
				});
			});
		},
		async stop() {
			if (!server) return;
			const s = server;
			server = null;
			address = null;
			await deliveryChain.catch(() => undefined);
			await Promise.allSettled([...inFlight]);
			await new Promise((resolve) => {
				s.close(() => resolve());
				if (s.closeAllConnections) s.closeAllConnections();
			});
		},
		reset,
		addInstance: (cfg) => snapshot(addInstance(cfg)),
		addGroup: (instanceId, cfg) => clone(addGroup(instanceId, cfg)),
		seedChat,
		setWebhook(instanceId, kind, url) {
			getInstance(instanceId).webhooks[kind] = url || '';
		},
		/** Sets notify sent by me (receiveCallbackSentByMe of GET /me). */
		setSentByMe(instanceId, on) {
			getInstance(instanceId).sentByMe = Boolean(on);
		},
		/** The next `count` service calls to `path` are carried out, then their connection is cut. */
		dropAfter(instanceId, path, count = 1) {
			getInstance(instanceId).dropAfter.push({ path, count });
		},
		failMe,
		emit,
		deliverRaw,
		/** Sends logged delivery `seq` again, as it was. */
		redeliver: (seq, times) => events.redeliver(seq, times),
		deliveries: listDeliveries,
		waitForDeliveries,
		/** With the recordRequests option: the service requests so far (path after the token), optionally of one instance. */
		requests: (instanceId) => clone(requestLog.filter((r) => !instanceId || r.instanceId === instanceId)),
		snapshot: (instanceId) => snapshot(getInstance(instanceId)),
		/** Messages the instance sent, media with the bytes that arrived (base64). */
		sent: (instanceId) => sending.sent(instanceId),
		/** The contact answers the newest message the instance sent, quoting it. */
		reply: (instanceId, fields) => sending.reply(instanceId, fields),
		vote: (instanceId, fields) => sending.vote(instanceId, fields),
		/** Chat list with flags, contacts and blocked phones (chats.js). */
		chatBook: (instanceId) => chats.state(instanceId),
		/** Pinned messages and poll votes of one instance. */
		messageState: (instanceId) => messageActions.state(instanceId),
		seedChatEntry: (instanceId, cfg) => chats.seedChatEntry(instanceId, cfg),
		seedContacts: (instanceId, contacts) => chats.seedContacts(instanceId, contacts),
		/** Connection, restarts, session id and current QR code (session.js); scanQr reconnects. */
		session: (instanceId) => session.session(instanceId),
		scanQr: (instanceId) => session.scanQr(instanceId),
		/** The message queue (queue.js); `enqueue` adds messages waiting to go out. */
		queue: (instanceId) => queue.queue(instanceId),
		enqueue: (instanceId, entries) => queue.enqueue(instanceId, entries),
		/** Labels, colours and the chats carrying them (labels.js). */
		labels: (instanceId) => labels.labels(instanceId),
		/** Channels created and deleted (newsletters.js). */
		newsletters: (instanceId) => newsletters.newsletters(instanceId),
		/** Statuses posted and replies to statuses of others; the profile (status.js). */
		statuses: (instanceId) => status.statuses(instanceId),
		profile: (instanceId) => status.profile(instanceId),
		/** Name, auto read, call rejection, sent-by-me, restores and pairing codes (settings.js). */
		settings: (instanceId) => settings.settings(instanceId),
		/** Privacy settings and their excluded contacts (privacy.js). */
		privacy: (instanceId) => privacy.privacy(instanceId),
		/** Communities and their groups (communities.js). */
		communities: (instanceId) => communities.communities(instanceId),
		/** The catalog's products and its paging (catalog.js). */
		catalog: (instanceId) => catalog.catalog(instanceId),
		/** The mobile instance: its number's registration, email and two-step PIN (mobile.js). */
		mobile: (instanceId) => mobile.mobile(instanceId),
		/** The integrator account's instances, as the Partner API sees them, without tokens (partner.js). */
		partner: () => partner.partner(),
		/** The business profile and the other numbers' profiles (business.js). */
		business: (instanceId) => business.business(instanceId),
		/** Call tokens given and the SIP credentials, the token masked (calls.js). */
		calls: (instanceId) => calls.calls(instanceId),
		routes: { service: SERVICE_ROUTES.map(({ method, pattern }) => ({ method, pattern })), partner: partner.routes.map(({ method, pattern }) => ({ method, pattern })), control: CONTROL_ROUTES.map(({ method, pattern }) => ({ method, pattern })) },
	};
	return standIn;
}

module.exports = { createStandIn, classifyPhoto, isValidGroupId, HttpError };
