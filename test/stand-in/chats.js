'use strict';
/**
 * Chats and contacts on the stand-in (beyond-contract sections 5 and 6), with state: the chat
 * list is every chat with messages in the store, every group and every chat seeded here; each
 * has archived, pinned, muted and read flags that POST /modify-chat changes. Contacts are the
 * seeded ones, the other members of the instance's groups and the people it chats with (the
 * real list mirrors WhatsApp Web, so it is longer than an address book); a blocked set.
 *
 * SERVICE ROUTES (prefix /instances/{id}/token/{token})
 *   GET  /chats?page&pageSize            chat list: pinned first, then newest activity; flags as strings
 *   GET  /chats/{phone}, /chat/{phone}   one chat plus `about` (the docs use both paths); 404 unknown
 *   POST /modify-chat {phone, action}    read, unread, archive, unarchive, pin, unpin, mute, unmute, clear, delete
 *                                        -> {value: true}; {value: false} for a chat not in the list or a
 *                                        disconnected instance (reason in X-Stand-In-Reason)
 *   GET  /contacts?page&pageSize         contact list by phone
 *   GET  /contacts/{phone}               {name, phone, notify, short, vname, imgUrl, about}
 *   GET  /phone-exists/{phone}           [{exists, phone, lid}] (wrapped in a list, as the example)
 *   POST /phone-exists-batch {phones}    [{exists, inputPhone, outputPhone, lid}], at most 50,000
 *   GET  /profile-picture?phone=         [{link}] (as the example); link null without a picture
 *   POST /contacts/modify-blocked {phone, action: block|unblock}  -> {value: true}
 *   POST /send-chat-expiration {phone, chatExpiration: 24_HOURS|7_DAYS|90_DAYS|OFF}  -> {value: true}
 *   POST /chats/{phone}/notes {notes}    the chat's note (GET /chats/{phone} shows it as `notes`) -> {success: true};
 *                                        {success: false} for a chat not in the list
 *   POST /contacts/add [{firstName, lastName?, phone}]  saved in the address book (the contact's name
 *                                        becomes "first last") -> {success, errors: [{phone, error}]}
 *   DELETE /contacts/remove [phones]     out of the address book (name cleared) -> {success, errors}
 *   POST /contacts/{phone}/report        -> {success: true}; 400 {"error": "Invalid phone"} for a bad phone
 *   Every number is on WhatsApp unless seeded with onWhatsApp: false. A Brazilian mobile given
 *   without its ninth digit (55 + area + 8 digits starting 6-9) comes back with it.
 *   page and pageSize are required (400 otherwise).
 *
 * CONTROL ROUTES
 *   POST /_control/chat-list  {instanceId, phone, name?, archived?, pinned?, muted?, unread?}  seeds or sets a chat
 *   POST /_control/contacts   {instanceId, contacts: [{phone, name?, short?, vname?, notify?, imgUrl?, about?, lid?, onWhatsApp?}]}
 *   GET  /_control/chat-list?instanceId=    the chat list with its flags as booleans
 *   GET  /_control/contacts?instanceId=     {contacts, blocked, addressBook, reported}
 *   (chat-list entries also show `disappearing` and `notes`)
 */
const crypto = require('node:crypto');

const PHONE = /^(\d{8,15}|\d{10,25}-group|\d{8,15}-\d{8,}|\d{5,25}@lid)$/;
const DIGITS = /^\d{8,15}$/;
const CHAT_ACTIONS = ['read', 'unread', 'archive', 'unarchive', 'pin', 'unpin', 'mute', 'unmute', 'clear', 'delete'];
const BATCH_LIMIT = 50000;
const CHAT_EXPIRATIONS = ['24_HOURS', '7_DAYS', '90_DAYS', 'OFF'];

function createChats({ route, HttpError, getInstance, clone, body0 }) {
	/** instance object -> { chats: Map<phone, flags>, contacts: Map<phone, record>, blocked: Set<phone> } */
	const books = new WeakMap();
	const bookOf = (inst) => {
		if (!books.has(inst)) books.set(inst, { chats: new Map(), contacts: new Map(), blocked: new Set(), expirations: new Map(), notes: new Map(), addressBook: new Set(), reported: new Set() });
		return books.get(inst);
	};
	const bad = (error) => new HttpError(400, { error });
	const refuse = (reason) => ({ body: { value: false }, headers: { 'X-Stand-In-Reason': reason } });

	function flagsOf(inst, phone) {
		const { chats } = bookOf(inst);
		if (!chats.has(phone)) chats.set(phone, { archived: false, pinned: false, muted: false, markedUnread: false, readUpTo: 0, deletedAt: null, name: null });
		return chats.get(phone);
	}

	const messagesOf = (inst, phone) => inst.chats.get(phone) || [];
	const lastMoment = (inst, phone) => {
		const list = messagesOf(inst, phone);
		return list.length ? Number(list[list.length - 1].momment) : 0;
	};

	/** Phones of the chat list: a deleted chat comes back when a newer message arrives. */
	function chatPhones(inst) {
		const { chats } = bookOf(inst);
		const phones = new Set([...inst.chats.keys(), ...inst.groups.keys(), ...chats.keys()]);
		return [...phones].filter((phone) => {
			const flags = chats.get(phone);
			return !flags || flags.deletedAt === null || lastMoment(inst, phone) > flags.deletedAt;
		});
	}

	function chatView(inst, phone) {
		const flags = flagsOf(inst, phone);
		const group = inst.groups.get(phone);
		const received = messagesOf(inst, phone).filter((m) => !m.fromMe && Number(m.momment) > flags.readUpTo).length;
		const unread = flags.markedUnread ? Math.max(received, 1) : received;
		const last = lastMoment(inst, phone);
		return {
			phone,
			name: flags.name || (group ? group.name : (bookOf(inst).contacts.get(phone) || {}).name || phone),
			unread,
			lastMessageTime: last ? Math.floor(last / 1000) : 0,
			muted: flags.muted,
			archived: flags.archived,
			pinned: flags.pinned,
			isGroup: Boolean(group) || /-group$|^\d{8,15}-\d{8,}$/.test(phone),
		};
	}

	/** The list as the service writes it: counts, times and flags as strings (the examples do). */
	function chatRecord(view) {
		return {
			name: view.name,
			phone: view.phone,
			unread: String(view.unread),
			lastMessageTime: String(view.lastMessageTime),
			isMuted: view.muted ? '1' : '0',
			muteEndTime: view.muted ? -1 : null,
			isMarkedSpam: 'false',
			archived: String(view.archived),
			pinned: String(view.pinned),
			profileThumbnail: null,
			isGroupAnnouncement: false,
			isGroup: view.isGroup,
			messagesUnread: 0,
		};
	}

	function chatList(inst) {
		return chatPhones(inst)
			.map((phone) => chatView(inst, phone))
			.sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.lastMessageTime - a.lastMessageTime || a.phone.localeCompare(b.phone));
	}

	function pageOf(list, query) {
		const page = query.get('page');
		const size = query.get('pageSize');
		if (!/^\d+$/.test(page || '') || Number(page) < 1) throw bad('page is required: a whole number from 1');
		if (!/^\d+$/.test(size || '') || Number(size) < 1) throw bad('pageSize is required: a whole number from 1');
		const start = (Number(page) - 1) * Number(size);
		return list.slice(start, start + Number(size));
	}

	function getChats({ instance, query }) {
		return { body: pageOf(chatList(instance), query).map(chatRecord) };
	}

	function getChat({ instance, params }) {
		if (!chatPhones(instance).includes(params.phone)) throw new HttpError(404, { error: 'Chat not found' });
		const contact = bookOf(instance).contacts.get(params.phone);
		const notes = bookOf(instance).notes.get(params.phone);
		return { body: { ...chatRecord(chatView(instance, params.phone)), about: contact && contact.about ? contact.about : '', ...(notes ? { notes: clone(notes) } : {}) } };
	}

	const CHANGES = {
		read: (flags, inst, phone) => Object.assign(flags, { markedUnread: false, readUpTo: lastMoment(inst, phone) }),
		unread: (flags) => Object.assign(flags, { markedUnread: true }),
		archive: (flags) => Object.assign(flags, { archived: true }),
		unarchive: (flags) => Object.assign(flags, { archived: false }),
		pin: (flags) => Object.assign(flags, { pinned: true }),
		unpin: (flags) => Object.assign(flags, { pinned: false }),
		mute: (flags) => Object.assign(flags, { muted: true }),
		unmute: (flags) => Object.assign(flags, { muted: false }),
		clear: (flags, inst, phone) => {
			if (inst.chats.has(phone)) inst.chats.get(phone).length = 0;
		},
		delete: (flags, inst, phone) => {
			inst.chats.delete(phone);
			Object.assign(flags, { archived: false, pinned: false, muted: false, markedUnread: false, deletedAt: Date.now() });
		},
	};

	function modifyChat({ instance, body }) {
		const b = body && typeof body === 'object' ? body : {};
		if (typeof b.phone !== 'string' || !PHONE.test(b.phone)) throw bad(`phone "${b.phone}" is not a phone (digits only), a group id or a LID`);
		if (!CHAT_ACTIONS.includes(b.action)) throw bad(`action must be one of ${CHAT_ACTIONS.join(', ')}`);
		if (!instance.connected) return refuse('not-connected');
		if (!chatPhones(instance).includes(b.phone)) return refuse('unknown-chat');
		CHANGES[b.action](flagsOf(instance, b.phone), instance, b.phone);
		return { body: { value: true } };
	}

	// ---------------------------------------------------------------- contacts
	function contactPhones(inst) {
		const phones = new Set(bookOf(inst).contacts.keys());
		for (const group of inst.groups.values()) for (const p of group.participants) if (p !== inst.phone && DIGITS.test(p)) phones.add(p);
		for (const phone of inst.chats.keys()) if (DIGITS.test(phone)) phones.add(phone);
		return [...phones].filter((p) => (bookOf(inst).contacts.get(p) || {}).onWhatsApp !== false).sort();
	}

	function contactRecord(inst, phone) {
		const seeded = bookOf(inst).contacts.get(phone) || {};
		return { phone, name: seeded.name || '', short: seeded.short || '', vname: seeded.vname || '', notify: seeded.notify || `User ${phone.slice(-4)}` };
	}

	function getContacts({ instance, query }) {
		return { body: pageOf(contactPhones(instance), query).map((phone) => contactRecord(instance, phone)) };
	}

	function getContact({ instance, params }) {
		if (!PHONE.test(params.phone)) throw bad(`phone "${params.phone}" is not a phone`);
		const seeded = bookOf(instance).contacts.get(params.phone) || {};
		return { body: { ...contactRecord(instance, params.phone), imgUrl: seeded.imgUrl || null, about: seeded.about || '' } };
	}

	/** How WhatsApp has a number: Brazilian mobiles gain their ninth digit. */
	function registered(phone) {
		const m = /^55(\d{2})([6-9]\d{7})$/.exec(phone);
		return m ? `55${m[1]}9${m[2]}` : phone;
	}

	function existence(inst, phone) {
		const number = registered(phone);
		const seeded = bookOf(inst).contacts.get(number) || bookOf(inst).contacts.get(phone) || {};
		if (seeded.onWhatsApp === false) return { exists: false, phone: null, lid: null };
		const lid = seeded.lid || `${BigInt(`0x${crypto.createHash('sha1').update(number).digest('hex').slice(0, 12)}`)}@lid`;
		return { exists: true, phone: number, lid };
	}

	function phoneExists({ instance, params }) {
		if (!DIGITS.test(params.phone)) throw bad(`phone "${params.phone}" must be digits only, with country code`);
		return { body: [existence(instance, params.phone)] };
	}

	function phoneExistsBatch({ instance, body }) {
		const phones = body && body.phones;
		if (!Array.isArray(phones) || !phones.length) throw bad('phones is required: a list of numbers');
		if (phones.length > BATCH_LIMIT) throw bad(`at most ${BATCH_LIMIT} phones per call`);
		const wrong = phones.find((p) => typeof p !== 'string' || !DIGITS.test(p));
		if (wrong !== undefined) throw bad(`"${wrong}" is not a phone (digits only, with country code)`);
		return {
			body: phones.map((inputPhone) => {
				const { exists, phone, lid } = existence(instance, inputPhone);
				return { exists, inputPhone, outputPhone: phone, lid };
			}),
		};
	}

	function profilePicture({ instance, query }) {
		const phone = query.get('phone') || '';
		if (!PHONE.test(phone)) throw bad('phone is required');
		const seeded = bookOf(instance).contacts.get(phone) || {};
		// A fresh address each time, like the real one (WhatsApp's expire).
		return { body: [{ link: seeded.imgUrl ? `${seeded.imgUrl}?oe=${Date.now().toString(16)}` : null }] };
	}

	function modifyBlocked({ instance, body }) {
		const b = body && typeof body === 'object' ? body : {};
		if (typeof b.phone !== 'string' || !PHONE.test(b.phone)) throw bad(`phone "${b.phone}" is not a phone`);
		if (b.action !== 'block' && b.action !== 'unblock') throw bad('action must be block or unblock');
		if (!instance.connected) return refuse('not-connected');
		const { blocked } = bookOf(instance);
		if (b.action === 'block') blocked.add(b.phone);
		else blocked.delete(b.phone);
		return { body: { value: true } };
	}

	function setChatExpiration({ instance, body }) {
		const b = body && typeof body === 'object' ? body : {};
		if (typeof b.phone !== 'string' || !PHONE.test(b.phone)) throw bad(`phone "${b.phone}" is not a phone`);
		if (!CHAT_EXPIRATIONS.includes(b.chatExpiration)) throw bad(`chatExpiration must be one of ${CHAT_EXPIRATIONS.join(', ')}`);
		if (!instance.connected) return refuse('not-connected');
		bookOf(instance).expirations.set(b.phone, b.chatExpiration);
		return { body: { value: true } };
	}

	function saveNotes({ instance, params, body }) {
		const b = body && typeof body === 'object' ? body : {};
		if (typeof b.notes !== 'string' || !b.notes) throw bad('notes is required: the text of the note');
		if (!chatPhones(instance).includes(params.phone)) return { body: { success: false }, headers: { 'X-Stand-In-Reason': 'unknown-chat' } };
		const { notes } = bookOf(instance);
		const now = Date.now();
		const before = notes.get(params.phone);
		notes.set(params.phone, { id: before ? before.id : crypto.randomBytes(20).toString('base64'), content: b.notes, createdAt: before ? before.createdAt : now, lastUpdateAt: now });
		return { body: { success: true } };
	}

	/** The address book calls answer {success, errors}; an entry the phone could not take is an error. */
	function addContacts({ instance, body }) {
		if (!Array.isArray(body) || !body.length) throw bad('The body must be a list of contacts {firstName, lastName?, phone}');
		const book = bookOf(instance);
		const errors = [];
		for (const entry of body) {
			const phone = entry && typeof entry.phone === 'string' ? entry.phone : '';
			if (!DIGITS.test(phone)) errors.push({ phone: phone || null, error: 'Invalid phone' });
			else if (!entry.firstName || typeof entry.firstName !== 'string') errors.push({ phone, error: 'firstName is required' });
			else {
				const name = [entry.firstName, entry.lastName].filter((part) => typeof part === 'string' && part).join(' ');
				book.contacts.set(phone, { ...(book.contacts.get(phone) || { phone }), name, short: entry.firstName });
				book.addressBook.add(phone);
			}
		}
		return { body: { success: errors.length === 0, errors } };
	}

	function removeContacts({ instance, body }) {
		if (!Array.isArray(body) || !body.length) throw bad('The body must be a list of phones');
		const book = bookOf(instance);
		const errors = [];
		for (const phone of body) {
			if (typeof phone !== 'string' || !DIGITS.test(phone)) errors.push({ phone, error: 'Invalid phone' });
			else if (!book.addressBook.has(phone)) errors.push({ phone, error: 'Not in the address book' });
			else {
				book.addressBook.delete(phone);
				const { name: _name, short: _short, ...rest } = book.contacts.get(phone) || {};
				book.contacts.set(phone, { ...rest, phone });
			}
		}
		return { body: { success: errors.length === 0, errors } };
	}

	function reportContact({ instance, params }) {
		if (!PHONE.test(params.phone) || params.phone.endsWith('-group')) throw bad('Invalid phone');
		bookOf(instance).reported.add(params.phone);
		return { body: { success: true } };
	}

	// ---------------------------------------------------------------- control
	function seedChatEntry(instanceId, cfg = {}) {
		const inst = getInstance(instanceId);
		if (typeof cfg.phone !== 'string' || !PHONE.test(cfg.phone)) throw bad('phone is required: digits, a group id or a LID');
		const flags = flagsOf(inst, cfg.phone);
		flags.deletedAt = null;
		for (const key of ['archived', 'pinned', 'muted']) if (cfg[key] !== undefined) flags[key] = cfg[key] === true;
		if (cfg.unread !== undefined) flags.markedUnread = cfg.unread === true;
		if (cfg.name) flags.name = String(cfg.name);
		return chatView(inst, cfg.phone);
	}

	function seedContacts(instanceId, contacts) {
		const inst = getInstance(instanceId);
		if (!Array.isArray(contacts)) throw bad('contacts must be a list');
		for (const c of contacts) {
			if (!c || typeof c.phone !== 'string' || !DIGITS.test(c.phone)) throw bad('every contact needs phone: digits with country code');
			bookOf(inst).contacts.set(c.phone, { ...(bookOf(inst).contacts.get(c.phone) || {}), ...clone(c) });
		}
		return contactPhones(inst).length;
	}

	const state = (instanceId) => {
		const inst = getInstance(instanceId);
		const book = bookOf(inst);
		return {
			chats: chatList(inst).map((chat) => ({ ...chat, disappearing: book.expirations.get(chat.phone) || 'OFF', notes: clone(book.notes.get(chat.phone) || null) })),
			contacts: contactPhones(inst).map((phone) => contactRecord(inst, phone)),
			blocked: [...book.blocked].sort(),
			addressBook: [...book.addressBook].sort(),
			reported: [...book.reported].sort(),
		};
	};

	const serviceRoutes = [
		route('GET', '/chats', getChats),
		route('GET', '/chats/:phone', getChat),
		route('GET', '/chat/:phone', getChat),
		route('POST', '/modify-chat', modifyChat),
		route('GET', '/contacts', getContacts),
		route('GET', '/contacts/:phone', getContact),
		route('POST', '/contacts/modify-blocked', modifyBlocked),
		route('POST', '/send-chat-expiration', setChatExpiration),
		route('POST', '/chats/:phone/notes', saveNotes),
		route('POST', '/contacts/add', addContacts),
		// A DELETE with a JSON list as its body (docs/contacts/remove-contacts.md).
		{ ...route('DELETE', '/contacts/remove', removeContacts), jsonBody: true },
		// Documented without a body: an empty one is taken.
		{ ...route('POST', '/contacts/:phone/report', reportContact), emptyBody: true },
		route('GET', '/phone-exists/:phone', phoneExists),
		route('POST', '/phone-exists-batch', phoneExistsBatch),
		route('GET', '/profile-picture', profilePicture),
	];
	const controlRoutes = [
		route('POST', '/_control/chat-list', ({ body }) => {
			const { instanceId, ...cfg } = body0(body);
			return { status: 201, body: seedChatEntry(instanceId, cfg) };
		}),
		route('GET', '/_control/chat-list', ({ query }) => ({ body: { chats: state(query.get('instanceId')).chats } })),
		route('POST', '/_control/contacts', ({ body }) => {
			const b = body0(body);
			return { status: 201, body: { contacts: seedContacts(b.instanceId, b.contacts) } };
		}),
		route('GET', '/_control/contacts', ({ query }) => {
			const { contacts, blocked, addressBook, reported } = state(query.get('instanceId'));
			return { body: { contacts, blocked, addressBook, reported } };
		}),
	];

	return {
		serviceRoutes,
		controlRoutes,
		/** Chats with their flags, contacts and the blocked set of one instance. */
		state,
		seedChatEntry,
		seedContacts,
	};
}

module.exports = { createChats, CHAT_ACTIONS };
