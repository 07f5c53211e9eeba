'use strict';
/**
 * Sending messages on the stand-in (beyond-contract section 2): every send endpoint the
 * package uses, with the documented answers. A sent message joins the chat store
 * (`fromMe: true`), is delivered to the received/sent webhook like the real service does
 * with "notify sent by me" on, and walks SENT -> RECEIVED -> READ on the status webhook.
 * Media given as a URL (downloaded), a data URI or bare base64 is kept so a test can check
 * the bytes that arrived.
 *
 * SERVICE ROUTES (prefix /instances/{id}/token/{token}); answers {zaapId, messageId, id}
 *   POST /send-text  /send-image  /send-audio  /send-video  /send-sticker  /send-document/{ext}
 *   POST /send-location  /send-contact  /send-link  /send-reaction  /send-remove-reaction
 *   POST /send-poll  /send-option-list  /send-button-list  /send-button-actions
 *   POST /send-gif  /send-ptv  /send-contacts  /send-button-pix  /send-button-otp  /send-carousel
 *   POST /send-catalog  /send-product (catalogPhone digits; translation EN|PT)
 *   POST /send-call {phone, callDuration? 1-15, callAudioUrl?}: a phone only; kept in the sent list
 *   (callDuration 5 when not given), not stored in the chat nor delivered
 *   Orders (WhatsApp Business; docs/message/send-order.md, update-order-status.md, update-order-payment.md):
 *   POST /send-order {phone, order: {currency, products: [{name, value, quantity, productId?}], discount?,
 *        tax?, shipping?}, paymentSettings?: {pix?: {key, keyType, name?}, card?: {enabled}}}: delivered as
 *        `reviewAndPay` with the referenceId, orderRequestId and product IDs (custom-item-… for a product
 *        without one) its updates need, totals computed
 *   POST /order-status-update  /order-payment-update {phone, messageId, referenceId, orderRequestId,
 *        orderStatus, paymentStatus, order (products with productId and isCustomItem), message?}: the
 *        order must be one this instance sent to that phone, with its references and products; delivered
 *        as `reviewOrder` with the statuses
 *   Events (docs/message/send-event.md, send-edit-event.md, send-event-response.md):
 *   POST /send-event {phone: a group, event: {name, dateTime, canceled, description?, timeZone?,
 *        location?: {name}, callLinkType?: voice|video}}: delivered as `event` (scheduleTime in seconds,
 *        joinLink with a call link)
 *   POST /send-edit-event {phone, eventMessageId, event}: an event this instance sent in that chat;
 *        delivered as a new `event` message with the event as edited (stand-in choice: the pages show
 *        no delivery of an edit)
 *   POST /send-event-response {phone, eventMessageId, eventResponse: GOING|NOT_GOING}: an event of that
 *        chat; the instance's own event stays GOING whatever the answer (the page's tip); delivered as
 *        `eventResponse`
 *   /send-text with groupMentioned: the chat must be a known group, each mention a group id written
 *   as @<id> in the text. /send-document/{ext} with editDocumentMessageId: edits the caption of a
 *   document this instance sent in that chat (the same messageId, isEdit in the delivery).
 *   POST /forward-message  -> {zaapId}        POST /read-message -> 204      DELETE /messages?messageId&phone&owner -> 204
 *   Refusals: 400 {"error": ...} for a missing or malformed field (the real bodies are
 *   undocumented).
 *
 * CONTROL ROUTES
 *   GET  /_control/sent?instanceId=&phone=&messageId=    sent messages, media with its bytes (base64)
 *   POST /_control/vote {instanceId, messageId?, phone?, options}  the contact votes on a poll the instance sent
 *   POST /_control/reply {instanceId, phone?, message?}  the contact answers the newest message the
 *        instance sent (in `phone`'s chat, else anywhere), quoting it; delivered as a received text
 *   Options: sendStatuses (default ['SENT','RECEIVED','READ']), statusStepMs (default 30).
 */
const crypto = require('node:crypto');
const http = require('node:http');
const https = require('node:https');

const PHONE = /^(\d{8,15}|\d{10,25}-group|\d{8,15}-\d{8,}|\d{5,25}@lid)$/;
const EXTENSION = /^[a-z0-9]{1,10}$/i;
const MAX_DOWNLOAD_BYTES = 16 * 1024 * 1024;

/** What each send endpoint needs and what the sent message looks like in a delivery. */
const SENDS = {
	'/send-text': { kind: 'text', required: ['message'], check: (b) => groupMentionProblem(b), content: (b) => ({ text: { message: String(b.message) } }) },
	// docs/message/send-message-gif.md and send-message-ptv.md: MP4 files, delivered as videos.
	'/send-gif': { kind: 'video', media: 'gif', content: (b, m) => ({ video: { caption: b.caption || '', videoUrl: m.storedUrl, mimeType: m.mimeType, gifPlayback: true } }) },
	'/send-ptv': { kind: 'video', media: 'ptv', content: (b, m) => ({ video: { caption: '', videoUrl: m.storedUrl, mimeType: m.mimeType, ptv: true } }) },
	'/send-contacts': {
		kind: 'contact',
		required: ['contacts'],
		check: (b) =>
			Array.isArray(b.contacts) && b.contacts.length && b.contacts.every((c) => c && typeof c.name === 'string' && c.name && Array.isArray(c.phones) && c.phones.length && c.phones.every((p) => /^\d{8,15}$/.test(p)))
				? null
				: 'contacts must be a list of {name, phones: [digits], businessDescription?}',
		content: (b) => ({
			contact: {
				displayName: b.contacts.map((c) => c.name).join(', '),
				phones: b.contacts.flatMap((c) => c.phones),
				vCard: b.contacts.map((c) => `BEGIN:VCARD\nVERSION:3.0\nFN:${c.name}\n${c.phones.map((p) => `TEL:${p}`).join('\n')}\nEND:VCARD`).join('\n'),
			},
		}),
	},
	'/send-button-pix': {
		kind: 'text',
		required: ['pixKey', 'type'],
		check: (b) => (['CPF', 'CNPJ', 'PHONE', 'EMAIL', 'EVP'].includes(b.type) ? null : 'type must be CPF, CNPJ, PHONE, EMAIL or EVP'),
		content: (b) => ({ pixKeyMessage: { currency: 'BRL', referenceId: crypto.randomBytes(6).toString('hex').toUpperCase(), key: String(b.pixKey), keyType: b.type, merchantName: b.merchantName || 'Pix' } }),
	},
	'/send-button-otp': {
		kind: 'text',
		required: ['message', 'code'],
		content: (b) => ({ text: { message: String(b.message) }, buttonsMessage: { message: String(b.message), buttons: [{ buttonText: { displayText: b.buttonText || 'Copiar código' }, copyCode: String(b.code) }] } }),
	},
	'/send-carousel': {
		kind: 'text',
		required: ['message', 'carousel'],
		check: (b) =>
			Array.isArray(b.carousel) && b.carousel.length && b.carousel.every((c) => c && c.text && /^https?:\/\//.test(c.image || '') && (c.buttons === undefined || (Array.isArray(c.buttons) && c.buttons.every((x) => x && ['CALL', 'URL', 'REPLY'].includes(x.type) && x.label))))
				? null
				: 'carousel must be a list of {text, image: http(s) URL, buttons?: [{type: CALL|URL|REPLY, label}]}',
		content: (b) => ({ carouselMessage: { text: String(b.message), cards: b.carousel.map((c) => ({ header: { image: { imageUrl: c.image } }, message: c.text, hydratedButtons: c.buttons || [] })) } }),
	},
	// docs/message/send-message-catalog.md and send-message-product.md: the business account's
	// catalog, and one of its products (WhatsApp Business; the product ID as the listing gives it).
	'/send-catalog': {
		kind: 'text',
		required: ['catalogPhone'],
		check: (b) =>
			!/^\d{8,15}$/.test(String(b.catalogPhone)) ? 'catalogPhone must be digits with country code' : b.translation !== undefined && !['EN', 'PT'].includes(b.translation) ? 'translation must be EN or PT' : null,
		content: (b) => ({ text: { message: [b.message, `https://wa.me/c/${b.catalogPhone}`].filter(Boolean).join('\n'), title: b.title || '', description: b.catalogDescription || '' } }),
	},
	'/send-product': {
		kind: 'product',
		required: ['catalogPhone', 'productId'],
		check: (b) => (!/^\d{8,15}$/.test(String(b.catalogPhone)) ? 'catalogPhone must be digits with country code' : /\s/.test(String(b.productId)) ? 'productId is not a product id' : null),
		content: (b) => ({ product: { productId: String(b.productId), businessOwnerJid: `${b.catalogPhone}@s.whatsapp.net`, currencyCode: 'BRL', title: 'Product', productImageCount: 1 } }),
	},
	'/send-image': { kind: 'image', media: 'image', content: (b, m) => ({ image: { caption: b.caption || '', imageUrl: m.storedUrl, mimeType: m.mimeType, viewOnce: b.viewOnce === true } }) },
	'/send-audio': { kind: 'audio', media: 'audio', content: (b, m) => ({ audio: { audioUrl: m.storedUrl, mimeType: m.mimeType, ptt: b.waveform === true, viewOnce: b.viewOnce === true } }) },
	'/send-video': { kind: 'video', media: 'video', content: (b, m) => ({ video: { caption: b.caption || '', videoUrl: m.storedUrl, mimeType: m.mimeType, viewOnce: b.viewOnce === true } }) },
	'/send-sticker': { kind: 'sticker', media: 'sticker', content: (b, m) => ({ sticker: { stickerUrl: m.storedUrl, mimeType: m.mimeType } }) },
	'/send-document/:extension': {
		kind: 'document',
		media: 'document',
		content: (b, m, params) => ({
			document: { documentUrl: m.storedUrl, mimeType: m.mimeType, fileName: b.fileName || `document.${params.extension}`, title: b.caption || b.fileName || '' },
		}),
	},
	'/send-location': {
		kind: 'location',
		required: ['title', 'address', 'latitude', 'longitude'],
		content: (b) => ({ location: { name: String(b.title), address: String(b.address), latitude: Number(b.latitude), longitude: Number(b.longitude) } }),
	},
	'/send-contact': {
		kind: 'contact',
		required: ['contactName', 'contactPhone'],
		content: (b) => ({ contact: { displayName: String(b.contactName), phones: [String(b.contactPhone)], vCard: `BEGIN:VCARD\nVERSION:3.0\nFN:${b.contactName}\nTEL:${b.contactPhone}\nEND:VCARD` } }),
	},
	'/send-link': {
		kind: 'text',
		required: ['message', 'image', 'linkUrl', 'title', 'linkDescription'],
		check: (b) => (String(b.message).endsWith(String(b.linkUrl)) ? null : 'message must end with linkUrl'),
		content: (b) => ({ text: { message: String(b.message), url: String(b.linkUrl), urlTitle: String(b.title), urlDescription: String(b.linkDescription) } }),
	},
	'/send-reaction': { kind: 'reaction', required: ['reaction', 'messageId'], reacts: true, content: (b, m, p, quoted) => reactionContent(b.reaction, quoted, b) },
	'/send-remove-reaction': { kind: 'reaction', required: ['messageId'], reacts: true, content: (b, m, p, quoted) => reactionContent('', quoted, b) },
	'/send-poll': {
		kind: 'poll',
		required: ['message', 'poll'],
		check: (b) => (Array.isArray(b.poll) && b.poll.length && b.poll.every((o) => o && typeof o.name === 'string' && o.name) ? null : 'poll must be a list of {name}'),
		// Delivered as the docs' poll example: question, pollMaxOptions (0: any number), options.
		content: (b) => ({ poll: { question: String(b.message), pollMaxOptions: b.pollMaxOptions ?? 0, options: b.poll.map((o) => ({ name: o.name })) } }),
	},
	'/send-option-list': {
		kind: 'text',
		required: ['message', 'optionList'],
		check: (b) => {
			const list = b.optionList;
			if (!list || !list.title || !list.buttonLabel || !Array.isArray(list.options) || !list.options.length) return 'optionList needs title, buttonLabel and options';
			return list.options.every((o) => o && o.title && o.description) ? null : 'every option needs title and description';
		},
		content: (b) => ({ text: { message: String(b.message) }, optionList: b.optionList }),
	},
	'/send-button-list': {
		kind: 'text',
		required: ['message', 'buttonList'],
		check: (b) => (b.buttonList && Array.isArray(b.buttonList.buttons) && b.buttonList.buttons.length && b.buttonList.buttons.every((x) => x && x.label) ? null : 'buttonList.buttons needs labelled buttons'),
		content: (b) => ({ text: { message: String(b.message) }, buttonList: b.buttonList }),
	},
	'/send-button-actions': {
		kind: 'text',
		required: ['message', 'buttonActions'],
		check: (b) =>
			Array.isArray(b.buttonActions) && b.buttonActions.length && b.buttonActions.every((x) => x && ['CALL', 'URL', 'REPLY'].includes(x.type) && x.label && (x.type !== 'URL' || /^https?:\/\//.test(x.url || '')) && (x.type !== 'CALL' || x.phone))
				? null
				: 'buttonActions needs {type: CALL|URL|REPLY, label} with phone for CALL and an http(s) url for URL',
		content: (b) => ({ text: { message: String(b.message) }, buttonActions: b.buttonActions }),
	},
};

const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'completed', 'canceled'];
const PAYMENT_STATUSES = ['pending', 'paid'];
const PIX_KEY_TYPES = ['cpf', 'cnpj', 'phone', 'email', 'randomKey'];
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isAmount = (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const reference = () => Array.from({ length: 11 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[crypto.randomInt(36)]).join('');

/** What is wrong with an order (docs/message/send-order.md; an update names each product, update-order-status.md). */
function orderProblem(order, updating) {
	if (!isObject(order)) return 'order must be an object';
	if (typeof order.currency !== 'string' || !/^[A-Z]{3}$/.test(order.currency)) return 'order.currency must be a currency code such as BRL';
	for (const field of ['discount', 'tax', 'shipping']) if (order[field] !== undefined && !isAmount(order[field])) return `order.${field} must be a number of 0 or more`;
	if (!Array.isArray(order.products) || !order.products.length) return 'order.products must be a list of products';
	for (const p of order.products) {
		if (!isObject(p) || typeof p.name !== 'string' || !p.name) return 'every product needs a name';
		if (!isAmount(p.value)) return 'every product needs a value of 0 or more';
		if (!Number.isInteger(p.quantity) || p.quantity < 1) return 'every product needs a quantity of 1 or more';
		if (p.productId !== undefined && (typeof p.productId !== 'string' || !p.productId)) return 'productId must be a text';
		if (updating && (p.productId === undefined || typeof p.isCustomItem !== 'boolean')) return 'every product of an update needs productId and isCustomItem';
		if (updating && p.isCustomItem !== p.productId.startsWith('custom-item-')) return 'isCustomItem is true for a custom-item- product only';
	}
	return null;
}

function paymentProblem(settings) {
	if (settings === undefined) return null;
	if (!isObject(settings)) return 'paymentSettings must be an object';
	const { pix, card } = settings;
	if (pix !== undefined && (!isObject(pix) || typeof pix.key !== 'string' || !pix.key || !PIX_KEY_TYPES.includes(pix.keyType))) return `paymentSettings.pix needs key and keyType (${PIX_KEY_TYPES.join(', ')})`;
	if (card !== undefined && (!isObject(card) || typeof card.enabled !== 'boolean')) return 'paymentSettings.card needs enabled (true or false)';
	return null;
}

/** The order as the deliveries show it (docs/webhooks/on-message-received.md, "retorno de envio de pedido"). */
function orderFields(order, refs, statuses) {
	const products = order.products.map((p) => ({ name: p.name, quantity: p.quantity, isCustomItem: p.productId === undefined ? true : p.productId.startsWith('custom-item-'), productId: p.productId ?? `custom-item-${reference()}`, value: p.value }));
	const subTotal = products.reduce((sum, p) => sum + p.value * p.quantity, 0);
	const [discount, shipping, tax] = [order.discount || 0, order.shipping || 0, order.tax || 0];
	return { currency: order.currency, ...refs, ...statuses, total: subTotal - discount + shipping + tax, subTotal, discount, shipping, tax, products };
}

/** What is wrong with an event (docs/message/send-event.md). */
function eventProblem(event, withTimeZone) {
	if (!isObject(event)) return 'event must be an object';
	if (typeof event.name !== 'string' || !event.name) return 'event.name is required';
	if (typeof event.dateTime !== 'string' || Number.isNaN(new Date(event.dateTime).getTime())) return 'event.dateTime must be a date and time';
	if (typeof event.canceled !== 'boolean') return 'event.canceled must be true or false';
	if (event.callLinkType !== undefined && !['voice', 'video'].includes(event.callLinkType)) return 'event.callLinkType must be voice or video';
	if (event.location !== undefined && (!isObject(event.location) || typeof event.location.name !== 'string')) return 'event.location must be {name}';
	if (event.description !== undefined && typeof event.description !== 'string') return 'event.description must be a text';
	if (event.timeZone !== undefined && (!withTimeZone || typeof event.timeZone !== 'string' || !/^UTC([+-]\d{1,2}(:?\d{2})?)?$/.test(event.timeZone))) return 'event.timeZone must be a UTC offset such as UTC-3';
	return null;
}

function eventFields(event) {
	return {
		name: event.name,
		description: event.description || '',
		canceled: event.canceled,
		...(event.callLinkType ? { joinLink: `https://call.whatsapp.com/${event.callLinkType}/${crypto.randomBytes(15).toString('base64url')}` } : {}),
		scheduleTime: Math.floor(new Date(event.dateTime).getTime() / 1000),
		location: event.location ? { name: event.location.name } : {},
	};
}

/**
 * Sends that start an order or an event, and those naming one afterwards: `refers` checks
 * the message named against what this instance sent (or received), `content` delivers it.
 * `orders` and `events` hold what was sent, per instance and message id.
 */
function linkedSends(orders, events, findMessage) {
	const key = (inst, messageId) => `${inst.id} ${messageId}`;
	const orderUpdate = (changes) => ({
		kind: 'reviewOrder',
		required: ['messageId', 'referenceId', 'orderRequestId', 'orderStatus', 'paymentStatus', 'order'],
		check: (b) =>
			!ORDER_STATUSES.includes(b.orderStatus) ? `orderStatus must be one of ${ORDER_STATUSES.join(', ')}` : !PAYMENT_STATUSES.includes(b.paymentStatus) ? `paymentStatus must be one of ${PAYMENT_STATUSES.join(', ')}` : orderProblem(b.order, true),
		refers: (inst, phone, b) => {
			const order = orders.get(key(inst, String(b.messageId)));
			if (!order || order.phone !== phone) return `No order ${b.messageId} sent to ${phone}`;
			if (order.referenceId !== b.referenceId || order.orderRequestId !== b.orderRequestId) return 'referenceId and orderRequestId must be those of the order';
			const unknown = b.order.products.find((p) => !order.productIds.includes(p.productId));
			return unknown ? `productId ${unknown.productId} is not in the order` : null;
		},
		content: (b, m, p, q, { inst }) => {
			const order = orders.get(key(inst, String(b.messageId)));
			Object.assign(order, { orderStatus: b.orderStatus, paymentStatus: b.paymentStatus, changed: changes });
			return { reviewOrder: orderFields(b.order, { referenceId: order.referenceId, orderRequestId: order.orderRequestId }, { orderStatus: b.orderStatus, paymentStatus: b.paymentStatus }) };
		},
	});
	const ownEvent = (inst, phone, id) => {
		const event = events.get(key(inst, String(id)));
		return event && event.phone === phone ? event : null;
	};
	return {
		'/send-order': {
			kind: 'reviewAndPay',
			required: ['order'],
			check: (b) => orderProblem(b.order, false) || paymentProblem(b.paymentSettings),
			content: (b, m, p, q, { inst, phone, messageId }) => {
				const fields = orderFields(b.order, { referenceId: reference(), orderRequestId: reference() }, { orderStatus: 'pending', paymentStatus: 'pending' });
				orders.set(key(inst, messageId), { phone, referenceId: fields.referenceId, orderRequestId: fields.orderRequestId, productIds: fields.products.map((x) => x.productId), orderStatus: 'pending', paymentStatus: 'pending' });
				return { reviewAndPay: { type: 'physical-goods', ...fields } };
			},
		},
		'/order-status-update': orderUpdate('orderStatus'),
		'/order-payment-update': orderUpdate('paymentStatus'),
		'/send-event': {
			kind: 'event',
			required: ['event'],
			// docs/message/send-event.md: "only possible to send this kind to a group".
			check: (b) => (!/-group$/.test(String(b.phone)) ? 'events are sent to groups only' : eventProblem(b.event, true)),
			content: (b, m, p, q, { inst, phone, messageId }) => {
				events.set(key(inst, messageId), { phone, event: b.event });
				return { event: eventFields(b.event) };
			},
		},
		'/send-edit-event': {
			kind: 'event',
			required: ['eventMessageId', 'event'],
			// docs/message/send-edit-event.md lists no timeZone.
			check: (b) => eventProblem(b.event, false),
			refers: (inst, phone, b) => (ownEvent(inst, phone, b.eventMessageId) ? null : `No event ${b.eventMessageId} sent by this instance in the chat with ${phone}`),
			content: (b, m, p, q, { inst, phone }) => {
				ownEvent(inst, phone, b.eventMessageId).event = b.event;
				return { event: eventFields(b.event) };
			},
		},
		'/send-event-response': {
			kind: 'eventResponse',
			required: ['eventMessageId', 'eventResponse'],
			check: (b) => (['GOING', 'NOT_GOING'].includes(b.eventResponse) ? null : 'eventResponse must be GOING or NOT_GOING'),
			refers: (inst, phone, b) => {
				if (ownEvent(inst, phone, b.eventMessageId)) return null;
				const received = findMessage(inst, phone, String(b.eventMessageId));
				return received && received.event ? null : `No event ${b.eventMessageId} in the chat with ${phone}`;
			},
			content: (b, m, p, q, { inst, phone }) => {
				const own = ownEvent(inst, phone, b.eventMessageId);
				const received = own ? null : findMessage(inst, phone, String(b.eventMessageId));
				return {
					eventResponse: {
						// docs/message/send-event-response.md: one's own event stays "going".
						response: own ? 'GOING' : b.eventResponse,
						responseFrom: inst.phone,
						time: Date.now(),
						referencedMessage: { messageId: String(b.eventMessageId), fromMe: Boolean(own), phone, participant: own ? null : (received.participantPhone ?? null) },
					},
				};
			},
		},
	};
}

/** docs/group/mention-group.md: each mentioned group is {phone: group id, subject} and appears as @<id> in the text. */
function groupMentionProblem(body) {
	if (body.groupMentioned === undefined) return null;
	if (!/-group$/.test(String(body.phone))) return 'groups can be mentioned only in a group';
	const list = body.groupMentioned;
	if (!Array.isArray(list) || !list.length || !list.every((g) => g && /^\d{5,25}-group$/.test(g.phone) && typeof g.subject === 'string' && g.subject)) return 'groupMentioned must be a list of {phone: group id, subject}';
	const missing = list.find((g) => !String(body.message).includes(`@${g.phone}`));
	return missing ? `message must mention @${missing.phone}` : null;
}

function reactionContent(value, quoted, body) {
	return {
		reaction: {
			value: String(value),
			time: Date.now(),
			referencedMessage: { messageId: String(body.messageId), fromMe: quoted ? quoted.fromMe === true : false, phone: String(body.phone), participant: null },
		},
	};
}

function createSending({ route, HttpError, fixtures, options, getInstance, storeRecords, deliver, emit, clone }) {
	const statuses = options.sendStatuses || ['SENT', 'RECEIVED', 'READ'];
	const stepMs = options.statusStepMs === undefined ? 30 : Number(options.statusStepMs);
	/** instanceId -> sent messages, oldest first. */
	const sent = new Map();
	const sentOf = (inst) => {
		if (!sent.has(inst.id)) sent.set(inst.id, []);
		return sent.get(inst.id);
	};

	const bad = (error) => new HttpError(400, { error });

	function checkPhone(body, field = 'phone') {
		const value = body[field];
		if (value === undefined || value === null || value === '') throw bad(`${field} is required`);
		if (typeof value !== 'string' || !PHONE.test(value)) throw bad(`${field} "${value}" is not a phone (digits only), a group id or a LID`);
		return value;
	}

	function checkDelays(body) {
		for (const field of ['delayMessage', 'delayTyping']) {
			if (body[field] === undefined) continue;
			const n = Number(body[field]);
			if (!Number.isInteger(n) || n < 1 || n > 15) throw bad(`${field} must be 1 to 15`);
		}
	}

	function findMessage(inst, phone, messageId) {
		const chat = inst.chats.get(phone) || [];
		return chat.find((m) => m.messageId === messageId) || null;
	}

	function download(url, redirects = 3) {
		return new Promise((resolve) => {
			const target = new URL(url);
			const client = target.protocol === 'https:' ? https : http;
			const req = client.get(target, { timeout: 5000, ca: options.deliveryCa }, (res) => {
				if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location && redirects > 0) {
					res.resume();
					resolve(download(new URL(res.headers.location, target).toString(), redirects - 1));
					return;
				}
				const chunks = [];
				let size = 0;
				res.on('data', (c) => {
					size += c.length;
					if (size <= MAX_DOWNLOAD_BYTES) chunks.push(c);
				});
				res.on('end', () => {
					if (res.statusCode < 200 || res.statusCode >= 300) resolve({ fetchError: `HTTP ${res.statusCode}` });
					else resolve({ data: Buffer.concat(chunks), mimeType: String(res.headers['content-type'] || '').split(';')[0] || null });
				});
			});
			req.on('timeout', () => req.destroy(new Error('timed out')));
			req.on('error', (e) => resolve({ fetchError: e.message }));
		});
	}

	/** A URL (downloaded, like the real service does), a data URI or bare base64. */
	async function readMedia(inst, value, field) {
		if (typeof value !== 'string' || !value.trim()) throw bad(`${field} is required`);
		const text = value.trim();
		let media;
		if (/^https?:\/\//i.test(text)) {
			let url;
			try {
				url = new URL(text);
			} catch {
				throw bad(`${field} is not a valid URL`);
			}
			const got = await download(url.toString());
			media = { source: 'url', url: url.toString(), ...got };
		} else {
			const dataUri = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/is.exec(text);
			if (dataUri && !/;base64/i.test(dataUri[2])) throw bad(`${field}: only base64 data URIs are accepted`);
			const b64 = (dataUri ? dataUri[3] : text).replace(/\s+/g, '');
			if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 === 1) throw bad(`${field} must be a URL or base64 (a data URI such as data:image/png;base64,...)`);
			media = { source: dataUri ? 'data-uri' : 'base64', data: Buffer.from(b64, 'base64'), mimeType: dataUri ? dataUri[1] || null : null };
		}
		const data = media.data;
		const sha1 = data ? crypto.createHash('sha1').update(data).digest('hex') : null;
		return {
			source: media.source,
			url: media.url,
			mimeType: media.mimeType || 'application/octet-stream',
			size: data ? data.length : null,
			sha1,
			base64: data ? data.toString('base64') : null,
			fetchError: media.fetchError,
			storedUrl: `https://storage.z-api.io/instances/${inst.id}/${(sha1 || crypto.randomBytes(20).toString('hex')).slice(0, 32).toUpperCase()}`,
		};
	}

	/** After the answer, as the service does: the owner-sent delivery, then the statuses. */
	function announce(inst, payload) {
		setImmediate(async () => {
			if (inst.webhooks.received) deliver({ instanceId: inst.id, webhook: 'received', payload, source: 'send' });
			// One status after the other, each stepMs after the last: timers set side by side can
			// fire together on a busy machine, and the statuses must leave in their order.
			for (const status of statuses) {
				await new Promise((resolve) => setTimeout(resolve, stepMs));
				const record = findMessage(inst, payload.phone, payload.messageId);
				if (record) record.status = status;
				if (!inst.webhooks.status) continue;
				const body = fixtures.statusCallback(status, [payload.messageId], { instanceId: inst.id, phone: payload.phone, ...(payload.isGroup ? { isGroup: true } : {}) });
				deliver({ instanceId: inst.id, webhook: 'status', payload: body, source: 'send' });
			}
		});
	}

	function record(inst, path, body, media, payload, zaapId) {
		const { [SENDS[path] && SENDS[path].media]: _file, ...rest } = body || {};
		sentOf(inst).push({ at: new Date().toISOString(), path, phone: payload.phone, messageId: payload.messageId, zaapId, body: rest, media: media ? { ...media, storedUrl: undefined } : null });
	}

	function sendHandler(pattern, spec) {
		return async ({ instance: inst, body, params }) => {
			if (!body || typeof body !== 'object' || Array.isArray(body)) throw bad('The body must be a JSON object');
			const phone = checkPhone(body);
			checkDelays(body);
			for (const field of spec.required || []) if (body[field] === undefined || body[field] === null || body[field] === '') throw bad(`${field} is required`);
			const problem = (spec.check ? spec.check(body) : null) || (spec.refers ? spec.refers(inst, phone, body) : null);
			if (problem) throw bad(problem);
			if (params.extension !== undefined && !EXTENSION.test(params.extension)) throw bad('The extension in the path must be letters and digits, e.g. pdf');
			if (Array.isArray(body.mentioned) && !body.mentioned.every((p) => typeof p === 'string' && /^\d{8,15}$/.test(p))) throw bad('mentioned must be a list of phones (digits)');
			const quoted = body.messageId ? findMessage(inst, phone, String(body.messageId)) : null;
			if (spec.reacts && !quoted) throw bad(`No message ${body.messageId} in the chat with ${phone}`);
			const media = spec.media ? await readMedia(inst, body[spec.media], spec.media) : null;
			// A text is edited with editMessageId, a document's caption with editDocumentMessageId.
			const editId = pattern === '/send-text' ? body.editMessageId : pattern === '/send-document/:extension' ? body.editDocumentMessageId : undefined;
			const editing = editId ? findMessage(inst, phone, String(editId)) : null;
			if (editId && (!editing || !editing.fromMe || (pattern !== '/send-text' && !editing.document))) throw bad(`No ${pattern === '/send-text' ? 'message' : 'document'} ${editId} sent by this instance in the chat with ${phone}`);

			const zaapId = crypto.randomBytes(16).toString('hex').toUpperCase();
			const messageId = editing ? editing.messageId : fixtures.newMessageId(true);
			const group = inst.groups.get(phone);
			const overrides = {
				instanceId: inst.id,
				phone,
				fromMe: true,
				// Sent through the API, not from the phone (docs/webhooks/on-message-received.md).
				fromApi: true,
				isGroup: Boolean(group) || /-group$/.test(phone),
				messageId,
				momment: Date.now(),
				senderName: inst.name,
				chatName: group ? group.name : undefined,
			};
			if (overrides.isGroup) overrides.participantPhone = inst.phone;
			let payload = fixtures.receivedCallback(spec.kind, overrides);
			const content = spec.content(body, media, params, quoted, { inst, phone, messageId });
			delete payload[fixtures.CONTENT_KINDS[spec.kind].content];
			// Sent through the API: the service says so with fromApi (docs/webhooks/on-message-received.md).
			payload = { ...payload, ...content, status: 'SENT', fromApi: true };
			if (body.messageId && !spec.reacts) payload.referenceMessageId = String(body.messageId);
			if (editing) payload.isEdit = true;
			if (!inst.multiDevice) storeRecords(inst, phone, [fixtures.chatRecordFromCallback(payload)]);
			record(inst, pattern.replace(':extension', params.extension || ''), body, media, payload, zaapId);
			announce(inst, payload);
			return { body: { zaapId, messageId, id: messageId } };
		};
	}

	/**
	 * docs/calls/send-call.md: a call to a phone (not a group), ringing 5 seconds unless
	 * callDuration (up to 15) says otherwise. Not a chat message: kept in the sent list only.
	 */
	function sendCall({ instance: inst, body }) {
		if (!body || typeof body !== 'object' || Array.isArray(body)) throw bad('The body must be a JSON object');
		const phone = checkPhone(body);
		if (!/^\d{8,15}$/.test(phone)) throw bad('phone must be a phone (digits only): groups cannot be called');
		if (body.callDuration !== undefined && !(Number.isInteger(body.callDuration) && body.callDuration >= 1 && body.callDuration <= 15)) throw bad('callDuration must be 1 to 15 seconds');
		if (body.callAudioUrl !== undefined && !/^https?:\/\//.test(String(body.callAudioUrl))) throw bad('callAudioUrl must be an http(s) URL');
		const zaapId = crypto.randomBytes(16).toString('hex').toUpperCase();
		const messageId = fixtures.newMessageId(true);
		sentOf(inst).push({ at: new Date().toISOString(), path: '/send-call', phone, messageId, zaapId, body: { ...body, callDuration: body.callDuration ?? 5 }, media: null });
		return { body: { zaapId, messageId, id: messageId } };
	}

	function forwardMessage({ instance: inst, body }) {
		if (!body || typeof body !== 'object') throw bad('The body must be a JSON object');
		const phone = checkPhone(body);
		const from = checkPhone(body, 'messagePhone');
		if (!body.messageId) throw bad('messageId is required');
		const original = findMessage(inst, from, String(body.messageId));
		if (!original) throw bad(`No message ${body.messageId} in the chat with ${from}`);
		const zaapId = crypto.randomBytes(16).toString('hex').toUpperCase();
		const copy = { ...clone(original), phone, fromMe: true, messageId: fixtures.newMessageId(true), momment: Date.now(), status: 'SENT', forwarded: true };
		if (!inst.multiDevice) storeRecords(inst, phone, [copy]);
		sentOf(inst).push({ at: new Date().toISOString(), path: '/forward-message', phone, messageId: copy.messageId, zaapId, body: clone(body), media: null });
		// The service forwards only with a webhook configured; its answer has no message id.
		if (inst.webhooks.received) announce(inst, { ...copy, type: 'ReceivedCallback', instanceId: inst.id });
		return { body: { zaapId } };
	}

	function readMessage({ instance: inst, body }) {
		if (!body || typeof body !== 'object') throw bad('The body must be a JSON object');
		const phone = checkPhone(body);
		if (!body.messageId) throw bad('messageId is required');
		const message = findMessage(inst, phone, String(body.messageId));
		if (message && !message.fromMe) message.status = 'READ';
		return { status: 204 };
	}

	function deleteMessage({ instance: inst, query }) {
		const phone = query.get('phone');
		const messageId = query.get('messageId');
		const owner = query.get('owner');
		if (!phone || !PHONE.test(phone)) throw bad('phone is required (query)');
		if (!messageId) throw bad('messageId is required (query)');
		if (owner !== 'true' && owner !== 'false') throw bad('owner must be true or false (query)');
		const chat = inst.chats.get(phone) || [];
		const at = chat.findIndex((m) => m.messageId === messageId && m.fromMe === (owner === 'true'));
		if (at >= 0) chat.splice(at, 1);
		return { status: 204 };
	}

	/** The newest message the instance sent, in a chat or anywhere. */
	function lastSent(inst, phone) {
		const list = sentOf(inst).filter((s) => (!phone || s.phone === phone) && s.messageId);
		return list[list.length - 1] || null;
	}

	async function reply({ body }) {
		const b = body && typeof body === 'object' ? body : {};
		const inst = getInstance(b.instanceId);
		const last = lastSent(inst, b.phone);
		if (!last) throw new HttpError(409, { error: `Instance ${inst.id} has sent nothing${b.phone ? ` to ${b.phone}` : ''} yet: nothing to reply to` });
		const isGroup = /-group$/.test(last.phone);
		const fields = {
			message: b.message === undefined ? 'Thanks, got it!' : String(b.message),
			referenceMessageId: last.messageId,
			...(isGroup ? { group: last.phone, phone: b.participant || fixtures.DEFAULTS.memberPhone } : { phone: last.phone }),
		};
		return { body: { ...(await emit(inst.id, 'text', fields)), repliedTo: last.messageId } };
	}

	/**
	 * The contact votes on a poll the instance sent (the given messageId, else its newest poll,
	 * in a chat or anywhere): a pollVote delivery naming the poll and the options chosen.
	 * `options`: names of the poll's options (a list, or text separated by commas); none
	 * takes a vote back, as WhatsApp does.
	 */
	async function vote({ body }) {
		const b = body && typeof body === 'object' ? body : {};
		const inst = getInstance(b.instanceId);
		const polls = sentOf(inst).filter((s) => s.path === '/send-poll' && (!b.phone || s.phone === b.phone) && (!b.messageId || s.messageId === b.messageId));
		const poll = polls[polls.length - 1];
		if (!poll) throw new HttpError(409, { error: `Instance ${inst.id} has sent no poll${b.messageId ? ` ${b.messageId}` : ''}${b.phone ? ` to ${b.phone}` : ''}: nothing to vote on` });
		const names = (Array.isArray(b.options) ? b.options : String(b.options ?? '').split(',')).map((n) => String(n).trim()).filter(Boolean);
		const offered = poll.body.poll.map((o) => o.name);
		const strange = names.filter((n) => !offered.includes(n));
		if (strange.length) throw bad(`The poll ${poll.messageId} offers ${offered.join(', ')}; not ${strange.join(', ')}`);
		const max = Number(poll.body.pollMaxOptions) || 0;
		if (max > 0 && names.length > max) throw bad(`The poll ${poll.messageId} takes at most ${max} options`);
		const isGroup = /-group$/.test(poll.phone);
		const fields = {
			...(isGroup ? { group: poll.phone, phone: b.participant || fixtures.DEFAULTS.memberPhone } : { phone: poll.phone }),
			overrides: { pollVote: { pollMessageId: poll.messageId, options: names.map((name) => ({ name })) } },
		};
		return { body: { ...(await emit(inst.id, 'pollVote', fields)), votedOn: poll.messageId } };
	}

	function listSent({ query }) {
		const inst = getInstance(query.get('instanceId'));
		const phone = query.get('phone');
		const messageId = query.get('messageId');
		return { body: { sent: clone(sentOf(inst).filter((s) => (!phone || s.phone === phone) && (!messageId || s.messageId === messageId))) } };
	}

	/** Orders and events this instance sent: `${instanceId} ${messageId}` -> what their updates check. */
	const orders = new Map();
	const events = new Map();
	const serviceRoutes = [
		...Object.entries(SENDS).map(([pattern, spec]) => route('POST', pattern, sendHandler(pattern, spec))),
		...Object.entries(linkedSends(orders, events, findMessage)).map(([pattern, spec]) => route('POST', pattern, sendHandler(pattern, spec))),
		route('POST', '/forward-message', forwardMessage),
		route('POST', '/send-call', sendCall),
		route('POST', '/read-message', readMessage),
		route('DELETE', '/messages', deleteMessage),
	];
	const controlRoutes = [route('GET', '/_control/sent', listSent), route('POST', '/_control/reply', reply), route('POST', '/_control/vote', vote)];

	return {
		serviceRoutes,
		controlRoutes,
		reset: () => {
			sent.clear();
			orders.clear();
			events.clear();
		},
		/** A message this instance sent, as the send logged it (its body, poll options included). */
		sentMessage: (inst, messageId) => sentOf(inst).find((s) => s.messageId === messageId) || null,
		sent: (instanceId) => clone(sentOf(getInstance(instanceId))),
		reply: (instanceId, fields = {}) => reply({ body: { instanceId, ...fields } }).then((r) => r.body),
		vote: (instanceId, fields = {}) => vote({ body: { instanceId, ...fields } }).then((r) => r.body),
	};
}

/** The order and event paths: they start an order or an event, or name one sent before. */
const LINKED_SEND_PATHS = Object.keys(linkedSends(new Map(), new Map(), () => null));

module.exports = { createSending, SEND_PATHS: Object.keys(SENDS), LINKED_SEND_PATHS };
