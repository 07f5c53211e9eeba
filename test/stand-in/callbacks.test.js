'use strict';
/** Tests of test/fixtures/callbacks.js against the contract's field tables. */
const cb = require('../fixtures/callbacks');

const COMMON_TYPES = {
	waitingMessage: 'boolean',
	isGroup: 'boolean',
	instanceId: 'string',
	messageId: 'string',
	phone: 'string',
	fromMe: 'boolean',
	momment: 'number',
	status: 'string',
	chatName: 'string',
	senderPhoto: 'string',
	senderName: 'string',
	photo: 'string',
	broadcast: 'boolean',
	forwarded: 'boolean',
	type: 'string',
};

// content object -> field -> type: the trigger's table of the contract's section 2.3, so a
// kind added there needs only its builder here (the fixtures' CONTENT_KINDS).
const { CONTENT_KINDS: TRIGGER_KINDS, NESTED_FIELDS } = require('../../nodes/shared/delivery/kinds');
const JS_TYPES = { string: 'string', number: 'number', integer: 'number', boolean: 'boolean', strings: 'array', object: 'object', objects: 'array' };
const jsTypes = (fields) => Object.fromEntries(Object.entries(fields).map(([name, type]) => [name, JS_TYPES[type]]));
const CONTENT_TYPES = Object.fromEntries(TRIGGER_KINDS.map(({ key, fields }) => [key, jsTypes(fields)]));
const PAYMENT_INFO = jsTypes(NESTED_FIELDS.paymentInfo);
const ALL_CONTENT_KEYS = Object.keys(CONTENT_TYPES);

function typeOf(v) {
	return Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v;
}

function expectTypes(obj, types) {
	for (const [k, t] of Object.entries(types)) {
		expect([k, typeOf(obj[k])]).toEqual([k, t]);
	}
}

const is13DigitMs = (v) => Number.isInteger(v) && String(v).length === 13;

describe('CONTENT_KINDS', () => {
	test('has one kind per content object of the trigger, and the payment notification', () => {
		expect(Object.keys(cb.CONTENT_KINDS).sort()).toEqual([...ALL_CONTENT_KEYS, 'paymentNotification'].sort());
		expect(Object.keys(cb.CONTENT_KINDS)).toHaveLength(28);
	});

	test.each(Object.keys(cb.CONTENT_KINDS))('receivedCallback(%s) has the common fields and exactly one content object', (kind) => {
		const p = cb.receivedCallback(kind);
		const spec = cb.CONTENT_KINDS[kind];
		expect(p.type).toBe('ReceivedCallback');
		expect(is13DigitMs(p.momment)).toBe(true);
		const common = { ...COMMON_TYPES };
		for (const omitted of spec.omit || []) {
			delete common[omitted];
			expect(p).not.toHaveProperty(omitted);
		}
		expectTypes(p, common);
		if (!(spec.omit || []).includes('participantPhone')) expect(p.participantPhone).toBeNull();
		const present = ALL_CONTENT_KEYS.filter((k) => p[k] !== undefined);
		expect(present).toEqual([spec.content]);
		// A button message carries an image or a video: the other address is null, as in the docs' examples.
		const nullable = kind === 'buttonsMessage' ? ['videoUrl'] : [];
		const types = Object.fromEntries(Object.entries(CONTENT_TYPES[spec.content]).map(([k, t]) => [k, nullable.includes(k) ? 'null' : t]));
		expectTypes(p[spec.content], types);
		expect(cb.contentKindOf(p)).toBe(kind);
		expect(JSON.parse(JSON.stringify(p))).toEqual(p);
	});

	test('nested objects follow the contract', () => {
		const rp = cb.receivedCallback('requestPayment');
		expectTypes(rp.requestPayment.paymentInfo, PAYMENT_INFO);
		expect(rp.requestPayment.paymentInfo).toMatchObject({ status: 'WAITING', transactionStatus: 'COLLECT_SUCCESS' });
		const sp = cb.receivedCallback('sendPayment');
		expectTypes(sp.sendPayment.paymentInfo, PAYMENT_INFO);
		expect(sp.sendPayment.paymentInfo).toMatchObject({ status: 'COMPLETE', transactionStatus: 'SUCCESS' });
		const r = cb.receivedCallback('reaction');
		expectTypes(r.reaction.referencedMessage, { messageId: 'string', fromMe: 'boolean', phone: 'string', participant: 'null' });
		const o = cb.receivedCallback('order');
		expect(o.order.products.length).toBeGreaterThan(0);
		for (const item of o.order.products) {
			expectTypes(item, { quantity: 'number', name: 'string', productId: 'string', retailerId: 'string', currencyCode: 'string', price: 'number' });
		}
		expect(o.order.itemCount).toBe(o.order.products.reduce((n, i) => n + i.quantity, 0));
		expect(cb.receivedCallback('contact').contact.vCard).toMatch(/^BEGIN:VCARD[\s\S]*END:VCARD$/);
	});

	test('payment notification: requestPayment + PAYMENT_ACTION_REQUEST_DECLINED, no senderPhoto, MESSAGE_RECEIVED', () => {
		const p = cb.receivedCallback('paymentNotification', { phone: '5511912345678' });
		expect(p.notification).toBe('PAYMENT_ACTION_REQUEST_DECLINED');
		expect(p.notificationParameters).toEqual(['5511912345678', 'BRL', '10.00']);
		expect(p.status).toBe('MESSAGE_RECEIVED');
		expect(p).not.toHaveProperty('senderPhoto');
		expect(p.requestPayment.paymentInfo.currencyCode).toBe('BRL');
	});

	test('button and list replies refer to the message they answer', () => {
		expect(typeof cb.receivedCallback('buttonsResponseMessage').referenceMessageId).toBe('string');
		expect(typeof cb.receivedCallback('listResponseMessage').referenceMessageId).toBe('string');
		expect(cb.receivedCallback('text')).not.toHaveProperty('referenceMessageId');
	});

	test('aliases resolve and unknown kinds throw', () => {
		expect(cb.contentKindOf(cb.receivedCallback('cart'))).toBe('order');
		expect(cb.contentKindOf(cb.receivedCallback('button'))).toBe('buttonsResponseMessage');
		expect(() => cb.receivedCallback('hologram')).toThrow(/Unknown content kind "hologram"/);
	});
});

describe('receivedCallback overrides', () => {
	test('deep-merges, replaces arrays, and undefined removes a field', () => {
		const p = cb.receivedCallback('contact', {
			instanceId: 'INST',
			phone: '5521900001111',
			contact: { displayName: 'Ana', phones: ['5521911112222', '5521933334444'] },
			chatName: undefined,
		});
		expect(p.instanceId).toBe('INST');
		expect(p.phone).toBe('5521900001111');
		expect(p.contact.displayName).toBe('Ana');
		expect(p.contact.vCard).toMatch(/BEGIN:VCARD/);
		expect(p.contact.phones).toEqual(['5521911112222', '5521933334444']);
		expect(p).not.toHaveProperty('chatName');
		expect(p.imageUrl).toBeUndefined();
	});

	test('media URLs point at the instance; fromMe gives status SENT and a 3EB0 id', () => {
		const p = cb.receivedCallback('image', { instanceId: 'ABC123', fromMe: true });
		expect(p.image.imageUrl).toMatch(/^https:\/\/storage\.z-api\.io\/instances\/ABC123\//);
		expect(p.status).toBe('SENT');
		expect(p.messageId).toMatch(/^3EB0[0-9A-F]+$/);
		expect(cb.receivedCallback('text').status).toBe('RECEIVED');
	});

	test('group messages carry the group id as phone and the member as participantPhone', () => {
		const p = cb.receivedCallback('text', { isGroup: true });
		expect(p.phone).toBe(cb.DEFAULTS.groupId);
		expect(p.participantPhone).toBe(cb.DEFAULTS.memberPhone);
		expect(p.chatName).toBe(cb.DEFAULTS.groupName);
	});

	test('momment strictly increases between payloads', () => {
		const a = cb.receivedCallback('text').momment;
		const b = cb.receivedCallback('text').momment;
		expect(b).toBeGreaterThan(a);
	});
});

describe('notificationCallback', () => {
	test('exports the 13 codes of section 6.3 and the 10 more of the examples', () => {
		expect(cb.NOTIFICATION_CODES).toEqual([
			'GROUP_CREATE', 'GROUP_PARTICIPANT_ADD', 'GROUP_PARTICIPANT_REMOVE', 'GROUP_PARTICIPANT_LEAVE', 'E2E_ENCRYPTED',
			'CIPHERTEXT', 'CALL_MISSED_VOICE', 'CALL_MISSED_VIDEO', 'BLUE_MSG_SELF_PREMISE_UNVERIFIED',
			'BLUE_MSG_SELF_PREMISE_VERIFIED', 'BIZ_MOVE_TO_CONSUMER_APP', 'REVOKE', 'PAYMENT_ACTION_REQUEST_DECLINED',
			// The further codes of docs/webhooks/on-message-received.md's examples.
			'MEMBERSHIP_APPROVAL_REQUEST', 'REVOKED_MEMBERSHIP_REQUESTS', 'GROUP_MEMBER_LINK_PROPERTY_UPDATE', 'CALL_VOICE',
			'CALL_VIDEO', 'PROFILE_NAME_UPDATED', 'PROFILE_PICTURE_UPDATED', 'CHAT_LABEL_ASSOCIATION',
			'NEWSLETTER_ADMIN_PROMOTE', 'NEWSLETTER_ADMIN_DEMOTE',
		]);
	});

	test.each(cb.NOTIFICATION_CODES)('%s is a ReceivedCallback with notification and its parameters', (code) => {
		const p = cb.notificationCallback(code);
		expect(p.type).toBe('ReceivedCallback');
		expect(p.notification).toBe(code);
		expect(Array.isArray(p.notificationParameters)).toBe(true);
		// Text, but for label changes: objects {phone, label, assigned}, as the docs' example.
		const entryType = code === 'CHAT_LABEL_ASSOCIATION' ? 'object' : 'string';
		for (const x of p.notificationParameters) expect(typeof x).toBe(entryType);
		expect(is13DigitMs(p.momment)).toBe(true);
		const group = cb.GROUP_NOTIFICATION_CODES.includes(code);
		expect(p.isGroup).toBe(group);
		if (group) expect(p.phone).toMatch(/-group$/);
		if (code !== 'PAYMENT_ACTION_REQUEST_DECLINED') expect(cb.contentKindOf(p)).toBeNull();
	});

	test('realistic parameters', () => {
		expect(cb.notificationCallback('GROUP_CREATE').notificationParameters).toEqual([cb.DEFAULTS.groupName]);
		const add = cb.notificationCallback('GROUP_PARTICIPANT_ADD', ['5511988887777'], { phone: '5511999990000-1623281429' });
		expect(add).toMatchObject({ isGroup: true, phone: '5511999990000-1623281429', notificationParameters: ['5511988887777'] });
		const lid = cb.notificationCallback('GROUP_PARTICIPANT_ADD', ['203512345678901@lid']);
		expect(lid.notificationParameters).toEqual(['203512345678901@lid']);
		const declined = cb.notificationCallback('PAYMENT_ACTION_REQUEST_DECLINED', ['5511988887777', 'BRL', '25.50']);
		expect(declined.notificationParameters).toEqual(['5511988887777', 'BRL', '25.50']);
		expect(declined.requestPayment).toBeDefined();
		expect(declined).not.toHaveProperty('senderPhoto');
		expect(typeof cb.notificationCallback('CALL_MISSED_VIDEO').callId).toBe('string');
		expect(cb.notificationCallback('REVOKE', [], { phone: '5521900001111' }).phone).toBe('5521900001111');
		const leave = cb.notificationCallback('GROUP_PARTICIPANT_LEAVE', ['5511933332222']);
		expect(leave.participantPhone).toBe('5511933332222');
	});
});

describe('statusCallback', () => {
	test.each(cb.STATUS_VALUES)('%s has the fields of section 2.4', (status) => {
		const p = cb.statusCallback(status, ['3EB0AAA', '3EB0BBB'], { phone: '5511912345678', instanceId: 'I1' });
		expect(p).toEqual({ instanceId: 'I1', status, ids: ['3EB0AAA', '3EB0BBB'], momment: expect.any(Number), phone: '5511912345678', type: 'MessageStatusCallback' });
		expect(is13DigitMs(p.momment)).toBe(true);
	});

	test('single id, default id, READ_BY_ME, phoneDevice/isGroup, unknown status', () => {
		expect(cb.statusCallback('READ', '3EB0X').ids).toEqual(['3EB0X']);
		expect(cb.statusCallback('SENT').ids).toEqual([expect.stringMatching(/^3EB0/)]);
		expect(cb.statusCallback('READ_BY_ME').status).toBe('READ_BY_ME');
		expect(cb.statusCallback('READ-SELF', ['a'], {}, { variants: ['readByMe'] }).status).toBe('READ_BY_ME');
		const wild = cb.statusCallback('PLAYED', ['a'], {}, { variants: ['wildExtras'] });
		expect(wild).toMatchObject({ phoneDevice: 0, isGroup: false });
		expect(cb.statusCallback('READ', ['a'], { phoneDevice: 1, isGroup: true })).toMatchObject({ phoneDevice: 1, isGroup: true });
		expect(() => cb.statusCallback('DELIVERED')).toThrow(/Unknown message status/);
	});
});

describe('chatMessageRecord', () => {
	const RECORD_TYPES = {
		instanceId: 'string', messageId: 'string', phone: 'string', fromMe: 'boolean', momment: 'number', status: 'string',
		chatName: 'string', senderPhoto: 'string', senderName: 'string', participantPhone: 'null', photo: 'string', broadcast: 'boolean',
	};
	const RECORD_CONTENT = {
		text: ['text', { message: 'string' }],
		link: ['text', { message: 'string', url: 'string', urlDescription: 'null', urlTitle: 'string', isCatalog: 'boolean' }],
		image: ['image', { mimeType: 'string', imageUrl: 'string', thumbnailUrl: 'string', caption: 'string' }],
		document: ['document', { documentUrl: 'string', mimeType: 'string', title: 'string', fileName: 'string', pageCount: 'number' }],
		contact: ['contact', { displayName: 'string', vCard: 'string', phones: 'array' }],
	};

	test.each(cb.CHAT_RECORD_KINDS)('%s record has the fields of section 2.2 and one content object', (kind) => {
		const r = cb.chatMessageRecord(kind);
		const [content, types] = RECORD_CONTENT[kind];
		expect(Object.keys(r).sort()).toEqual([...Object.keys(RECORD_TYPES), content].sort());
		expectTypes(r, RECORD_TYPES);
		expectTypes(r[content], types);
		expect(is13DigitMs(r.momment)).toBe(true);
	});

	test('overrides, group records and other kinds', () => {
		const r = cb.chatMessageRecord('text', { phone: '120363019502650977-group', participantPhone: '5511977776666', fromMe: false, text: { message: '👍' } });
		expect(r).toMatchObject({ participantPhone: '5511977776666', text: { message: '👍' } });
		expect(cb.chatMessageRecord('text', { fromMe: true }).status).toBe('READ');
		const audio = cb.chatMessageRecord('audio');
		expect(audio.audio.audioUrl).toMatch(/^https:/);
		expect(audio).not.toHaveProperty('type');
		expect(audio).not.toHaveProperty('waitingMessage');
	});

	test('chatRecordFromCallback keeps the record fields and the content', () => {
		const p = cb.receivedCallback('location', { phone: '5511912345678' });
		const r = cb.chatRecordFromCallback(p);
		expect(r.phone).toBe('5511912345678');
		expect(r.location).toEqual(p.location);
		expect(r).not.toHaveProperty('type');
		expect(r.participantPhone).toBeNull();
	});
});

describe('variants seen in the wild', () => {
	test('capitalB spelling', () => {
		expect(cb.receivedCallback('text', {}, { variants: ['capitalB'] }).type).toBe('ReceivedCallBack');
	});

	test('stringNumbers: momment and pageCount as strings', () => {
		const p = cb.receivedCallback('document', {}, { variants: ['stringNumbers'] });
		expect(typeof p.momment).toBe('string');
		expect(p.momment).toMatch(/^\d{13}$/);
		expect(typeof p.document.pageCount).toBe('string');
	});

	test('missingOptional drops chatName, senderPhoto and participantPhone', () => {
		const p = cb.withVariant(cb.receivedCallback('text'), 'missingOptional');
		expect(p).not.toHaveProperty('chatName');
		expect(p).not.toHaveProperty('senderPhoto');
		expect(p).not.toHaveProperty('participantPhone');
		expect(p.text.message).toBeTruthy();
	});

	test('lid: phone and participantPhone as @lid', () => {
		const one = cb.receivedCallback('text', { phone: '5511912345678' }, { variants: ['lid'] });
		expect(one.phone).toMatch(/^\d{15}@lid$/);
		expect(one.chatLid).toBe(one.phone);
		expect(cb.lidFor('5511912345678')).toBe(one.phone);
		const grp = cb.receivedCallback('text', { isGroup: true }, { variants: ['lid'] });
		expect(grp.phone).toMatch(/-group$/);
		expect(grp.participantPhone).toMatch(/@lid$/);
	});

	test('wildExtras: top-level extras and content extras', () => {
		const t = cb.receivedCallback('text', {}, { variants: ['wildExtras'] });
		expect(t).toMatchObject({ isStatusReply: false, isEdit: false, isNewsletter: false, connectedPhone: expect.any(String), chatLid: null, fromApi: false });
		expect(cb.receivedCallback('audio', {}, { variants: ['wildExtras'] }).audio).toMatchObject({ ptt: true, seconds: expect.any(Number) });
		expect(cb.receivedCallback('image', {}, { variants: ['wildExtras'] }).image).toMatchObject({ width: expect.any(Number), height: expect.any(Number), viewOnce: false });
		expect(cb.receivedCallback('video', {}, { variants: ['wildExtras'] }).video).toMatchObject({ seconds: expect.any(Number), viewOnce: false });
		const r = cb.receivedCallback('reaction', { phone: '5511912345678' }, { variants: ['wildExtras'] });
		expect(r.reaction.reactionBy).toBe('5511912345678');
		expect(cb.receivedCallback('text', {}, { variants: ['edited'] }).isEdit).toBe(true);
	});

	test('variants combine, and unknown names throw', () => {
		const p = cb.applyVariants(cb.receivedCallback('text'), ['capitalB', 'stringNumbers', 'lid']);
		expect(p.type).toBe('ReceivedCallBack');
		expect(typeof p.momment).toBe('string');
		expect(p.phone).toMatch(/@lid$/);
		expect(() => cb.applyVariants({}, ['nope'])).toThrow(/Unknown variant/);
	});
});
