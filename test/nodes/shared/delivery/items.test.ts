/**
 * Deliveries in, items out: every kind of the delivery tables (kinds.ts), driven
 * from the tables themselves, through the pure function that builds the items. How the
 * items reach n8n is tested in receive.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	CONTENT_KINDS,
	type FieldType,
	INSTANCE_CALLBACKS,
	MESSAGE_FIELDS,
	NOTIFICATION_KINDS,
	STATUS_KINDS,
} from '../../../../nodes/shared/delivery/kinds';
import {
	contentKindOf,
	CUT_MARK,
	eventOf,
	MAX_PAYLOAD_DEPTH,
	PLAUSIBLE_TIME_MS,
	storablePayload,
	timeOf,
	toItems,
	type ToItemsOptions,
} from '../../../../nodes/shared/delivery/items';
import {
	callbacks,
	clone,
	contentFixture,
	INSTANCE_ID,
	MOMMENT,
	MOMMENT_ISO,
	INSTANCE_CALLBACK_TYPES,
	instanceCallbackFixture,
	notificationFixture,
	PEOPLE,
	statusFixture,
	UNKNOWN_CALLBACKS,
} from '../../ZApiTrigger/fixtures';
import { deepArray, deepObject, setOwn } from '../../ZApiTrigger/fuzzDeliveries';

/** The items of one delivery; each carries the delivery as it came. */
function itemsOf(body: IDataObject, options: ToItemsOptions = {}): IDataObject[] {
	const sent = clone(body);
	const items = toItems(body, options);
	for (const item of items) expect(item.payload).toBe(body);
	// The delivery is left as it came.
	expect(body).toEqual(sent);
	return items;
}

/** The single item of one delivery. */
function onlyItem(body: IDataObject, options: ToItemsOptions = {}): IDataObject {
	const items = itemsOf(body, options);
	expect(items).toHaveLength(1);
	return items[0];
}

function expectType(value: unknown, type: FieldType, what: string): void {
	const actual = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
	const ok = {
		string: actual === 'string',
		number: actual === 'number' && Number.isFinite(value),
		integer: Number.isInteger(value),
		boolean: actual === 'boolean',
		strings: Array.isArray(value) && value.every((entry) => typeof entry === 'string'),
		object: actual === 'object',
		objects: Array.isArray(value) && value.every((entry) => typeof entry === 'object' && entry !== null),
	}[type];
	if (!ok) throw new Error(`${what} should be ${type}, got ${actual} ${JSON.stringify(value)}`);
}

/** The common fields of a received/sent callback: typed per the table, null when absent. */
function expectCommonFields(item: IDataObject, body: IDataObject): void {
	for (const [field, type] of Object.entries(MESSAGE_FIELDS)) {
		if (body[field] === undefined || body[field] === null) {
			expect({ [field]: item[field] }).toEqual({ [field]: null });
		} else {
			expectType(item[field], type, field);
		}
	}
	expect(item).toMatchObject({
		instanceId: INSTANCE_ID,
		messageId: body.messageId,
		phone: body.phone,
		fromMe: body.fromMe,
		isGroup: body.isGroup,
		status: body.status,
		momment: MOMMENT,
		timestamp: MOMMENT_ISO,
	});
}

it('every kind of the trigger’s tables has a payload in test/fixtures/callbacks.js', () => {
	const missing = [
		...CONTENT_KINDS.filter((kind) => !Object.values(callbacks.CONTENT_KINDS).some((spec) => spec.content === kind.key && !spec.notification)).map(
			({ kind, key }) => `content kind '${kind}' (a CONTENT_KINDS entry with content '${key}')`,
		),
		...NOTIFICATION_KINDS.filter(({ code }) => !callbacks.NOTIFICATION_CODES.includes(code)).map(
			({ code }) => `notification '${code}' (a NOTIFICATION_DEFAULTS entry)`,
		),
		...STATUS_KINDS.filter(({ status }) => !callbacks.STATUS_VALUES.includes(status)).map(
			({ status }) => `status '${status}' (a STATUS_VALUES entry)`,
		),
	];
	expect(missing).toEqual([]);
});

describe('content kinds: one message item per delivery, for every kind of the table', () => {
	it('the table has a kind for every content object of docs/webhooks/on-message-received.md', () => {
		expect(CONTENT_KINDS.map(({ key }) => key).sort()).toEqual(
			[
				'poll',
				'pollVote',
				'hydratedTemplate',
				'buttonsMessage',
				'pixKeyMessage',
				'carouselMessage',
				'reviewAndPay',
				'reviewOrder',
				'newsletterAdminInvite',
				'pinMessage',
				'event',
				'eventResponse',
				'text',
				'image',
				'audio',
				'video',
				'contact',
				'document',
				'location',
				'sticker',
				'reaction',
				'buttonsResponseMessage',
				'listResponseMessage',
				'requestPayment',
				'sendPayment',
				'product',
				'order',
			].sort(),
		);
	});

	it.each(CONTENT_KINDS.map((kind) => [kind.kind, kind] as const))('%s', async (_name, kind) => {
		const body = contentFixture(kind);
		const item = await onlyItem(body);

		expect(item.event).toBe('message');
		expect(item.kind).toBe(kind.kind);
		expectCommonFields(item, body);
		expect(item.content).toEqual(body[kind.key]);
		const content = item.content as IDataObject;
		for (const [field, type] of Object.entries(kind.fields)) {
			// A field the delivery sends as null (a button message's videoUrl beside its imageUrl) stays null.
			if ((body[kind.key] as IDataObject)[field] === null) expect(content[field]).toBeNull();
			else expectType(content[field], type, `${kind.key}.${field}`);
		}
	});

	it.each(CONTENT_KINDS.map((kind) => [kind.kind, kind] as const))(
		'%s in a group, sent by me: group fields kept',
		async (_name, kind) => {
			const body = contentFixture(kind, { isGroup: true, fromMe: true });
			const item = await onlyItem(body);
			expect(item).toMatchObject({ event: 'message', kind: kind.kind, isGroup: true, fromMe: true });
			expect(item.phone).toBe(PEOPLE.groupId);
			expect(item.participantPhone).toBe(body.participantPhone ?? null);
		},
	);

	// Every number of a content object, sent as a string, comes out as the number the table says.
	const withNumbers = CONTENT_KINDS.filter(({ fields }) =>
		Object.values(fields).some((type) => type === 'number' || type === 'integer'),
	);
	it.each(withNumbers.map((kind) => [kind.kind, kind] as const))(
		'%s: numbers sent as strings come out as numbers',
		async (_name, kind) => {
			const body = contentFixture(kind);
			const numeric = Object.entries(kind.fields).filter(([, type]) => type === 'number' || type === 'integer');
			const original = body[kind.key] as IDataObject;
			const stringly = { ...original };
			for (const [field] of numeric) stringly[field] = String(original[field]);
			body[kind.key] = stringly;

			const item = await onlyItem(body);
			const content = item.content as IDataObject;
			for (const [field] of numeric) expect({ [field]: content[field] }).toEqual({ [field]: original[field] });
			expect((item.payload as IDataObject)[kind.key]).toEqual(stringly);
		},
	);

	it('nested objects are typed too: payment info, referenced message, cart items', async () => {
		const payment = contentFixture(CONTENT_KINDS.find(({ kind }) => kind === 'requestPayment')!);
		(payment.requestPayment as IDataObject).paymentInfo = {
			...((payment.requestPayment as IDataObject).paymentInfo as IDataObject),
			value: '10.5',
		};
		expect(((await onlyItem(payment)).content as IDataObject).paymentInfo).toMatchObject({
			value: 10.5,
			status: 'WAITING',
			transactionStatus: 'COLLECT_SUCCESS',
		});

		const order = contentFixture(CONTENT_KINDS.find(({ kind }) => kind === 'order')!);
		const products = (order.order as IDataObject).products as IDataObject[];
		products[0] = { ...products[0], quantity: '2', price: '79.90' };
		const items = ((await onlyItem(order)).content as IDataObject).products as IDataObject[];
		expect(items[0]).toMatchObject({ quantity: 2, price: 79.9, name: 'Camiseta básica' });

		const reaction = contentFixture(CONTENT_KINDS.find(({ kind }) => kind === 'reaction')!);
		(reaction.reaction as IDataObject).referencedMessage = {
			messageId: '3EB0ABC',
			fromMe: 'true',
			phone: PEOPLE.contactPhone,
			participant: null,
		};
		expect(((await onlyItem(reaction)).content as IDataObject).referencedMessage).toEqual({
			messageId: '3EB0ABC',
			fromMe: true,
			phone: PEOPLE.contactPhone,
			participant: null,
		});
	});
});

describe('notifications: one item per delivery, for every code of the table', () => {
	it('the table has the 13 codes of the notification list and the 10 more of the examples', () => {
		expect(NOTIFICATION_KINDS).toHaveLength(23);
	});

	it.each(NOTIFICATION_KINDS.map((kind) => [kind.code, kind] as const))('%s', async (code, kind) => {
		const body = notificationFixture(code);
		const item = await onlyItem(body);

		expect(item).toMatchObject({ event: 'notification', kind: code, notification: code });
		expect(item.parameters).toEqual(body.notificationParameters);
		expect(Object.keys(item.details as IDataObject)).toEqual([
			...kind.parameters,
			...(kind.parameterObjects ? [kind.parameterObjects.name] : []),
			...Object.keys(kind.fields ?? {}),
		]);
		kind.parameters.forEach((name, index) => {
			expect((item.details as IDataObject)[name]).toBe((body.notificationParameters as string[])[index]);
		});
		expectCommonFields(item, body);
	});

	it('names the parameters: group name, participant, declined payment', async () => {
		expect((await onlyItem(notificationFixture('GROUP_CREATE'))).details).toEqual({ groupName: PEOPLE.groupName });
		expect(
			(await onlyItem(notificationFixture('GROUP_PARTICIPANT_ADD', {}, { parameters: ['27182818284590@lid'] })))
				.details,
		).toEqual({ participant: '27182818284590@lid' });

		const declined = await onlyItem(notificationFixture('PAYMENT_ACTION_REQUEST_DECLINED'));
		expect(declined.details).toEqual({ phone: PEOPLE.contactPhone, currencyCode: 'BRL', amount: '10.00' });
		// The contract's observed gaps: no senderPhoto, status MESSAGE_RECEIVED.
		expect(declined.senderPhoto).toBeNull();
		expect(declined.status).toBe('MESSAGE_RECEIVED');
	});

	it('a notification with fewer parameters than named gives null for the missing ones', async () => {
		const item = await onlyItem(notificationFixture('PAYMENT_ACTION_REQUEST_DECLINED', { notificationParameters: ['5511988887777'] }));
		expect(item.details).toEqual({ phone: '5511988887777', currencyCode: null, amount: null });
	});
});

describe('status changes: one item per delivery, for every status of the table', () => {
	it('the table has the 5 status values of docs/webhooks/on-whatsapp-message-status-changes.md', () => {
		expect(STATUS_KINDS.map(({ status }) => status)).toEqual(['SENT', 'RECEIVED', 'READ', 'READ_BY_ME', 'PLAYED']);
	});

	it.each(STATUS_KINDS.map((kind) => [kind.status] as const))('%s', async (status) => {
		const body = statusFixture(status, ['3EB0AAA111', '3EB0BBB222']);
		const item = await onlyItem(body);
		expect(item).toEqual({
			event: 'status',
			kind: status,
			status,
			ids: ['3EB0AAA111', '3EB0BBB222'],
			instanceId: INSTANCE_ID,
			phone: PEOPLE.contactPhone,
			momment: MOMMENT,
			timestamp: MOMMENT_ISO,
			isGroup: null,
			phoneDevice: null,
			payload: body,
		});
	});

	const aliases = STATUS_KINDS.flatMap((kind) => kind.aliases.map((alias) => [alias, kind.status] as const));
	it.each(aliases)('%s is emitted as %s, the spelling received kept in payload', async (alias, status) => {
		const body = statusFixture(status, ['3EB0CCC333'], { status: alias });
		const item = await onlyItem(body);
		expect(item).toMatchObject({ event: 'status', kind: status, status });
		expect((item.payload as IDataObject).status).toBe(alias);
	});

	it('READ-SELF, the older pages’ spelling, comes out as READ_BY_ME', async () => {
		const body = statusFixture('READ_BY_ME', ['3EB0DDD444'], {}, { variants: ['readSelf'] });
		expect(body.status).toBe('READ-SELF');
		const item = await onlyItem(body);
		expect(item).toMatchObject({ kind: 'READ_BY_ME', status: 'READ_BY_ME', ids: ['3EB0DDD444'] });
	});

	it('ids as `id`, a string (the field table), as well as `ids`, a list (the examples)', async () => {
		const body = statusFixture('READ', ['3EB0EEE555'], {}, { variants: ['singleId'] });
		expect(body).not.toHaveProperty('ids');
		expect(await onlyItem(body)).toMatchObject({ event: 'status', kind: 'READ', ids: ['3EB0EEE555'] });
	});

	it('fields seen in the wild are typed: isGroup, phoneDevice', async () => {
		const item = await onlyItem(statusFixture('READ', undefined, { isGroup: 'false', phoneDevice: '0' }));
		expect(item).toMatchObject({ isGroup: false, phoneDevice: 0 });
	});
});

describe('the contract’s inconsistencies are accepted', () => {
	const text = CONTENT_KINDS.find(({ kind }) => kind === 'text')!;
	const documentKind = CONTENT_KINDS.find(({ kind }) => kind === 'document')!;

	it('type ReceivedCallBack (field table) as well as ReceivedCallback (examples)', async () => {
		const message = await onlyItem(contentFixture(text, {}, { variants: ['capitalB'] }));
		expect(message).toMatchObject({ event: 'message', kind: 'text' });
		expect((message.payload as IDataObject).type).toBe('ReceivedCallBack');

		const notice = await onlyItem(notificationFixture('REVOKE', {}, { variants: ['capitalB'] }));
		expect(notice).toMatchObject({ event: 'notification', kind: 'REVOKE' });
	});

	it('momment and pageCount as strings come out as numbers, the payload keeps the strings', async () => {
		const item = await onlyItem(contentFixture(documentKind, {}, { variants: ['stringNumbers'] }));
		expect(item.momment).toBe(MOMMENT);
		expect(item.timestamp).toBe(MOMMENT_ISO);
		expect((item.content as IDataObject).pageCount).toBe(3);
		expect((item.payload as IDataObject).momment).toBe(String(MOMMENT));
		expect(((item.payload as IDataObject).document as IDataObject).pageCount).toBe('3');
	});

	it('momment as a string on a status change (the attribute table types it so)', async () => {
		const item = await onlyItem(statusFixture('PLAYED', undefined, {}, { variants: ['stringNumbers'] }));
		expect(item).toMatchObject({ momment: MOMMENT, timestamp: MOMMENT_ISO });
	});

	it('momment in seconds still gives the right date', async () => {
		const item = await onlyItem(contentFixture(text, { momment: 1700000000 }));
		expect(item.timestamp).toBe(MOMMENT_ISO);
	});

	it('an unreadable momment gives null timestamp, not an invalid date', async () => {
		const item = await onlyItem(contentFixture(text, { momment: 'soon' }));
		expect(item).toMatchObject({ momment: null, timestamp: null, kind: 'text' });
	});

	it('missing chatName, senderPhoto and participantPhone come out as null', async () => {
		const body = contentFixture(text, { isGroup: true }, { variants: ['missingOptional'] });
		expect(body).not.toHaveProperty('chatName');
		const item = await onlyItem(body);
		expect(item).toMatchObject({ chatName: null, senderPhoto: null, participantPhone: null, isGroup: true });
	});

	it('the kinds that omit a field in the contract’s examples: product without chatName, cart without participantPhone', async () => {
		const product = await onlyItem(contentFixture(CONTENT_KINDS.find(({ kind }) => kind === 'product')!));
		expect(product.chatName).toBeNull();
		const order = await onlyItem(
			contentFixture(CONTENT_KINDS.find(({ kind }) => kind === 'order')!, { isGroup: true, participantPhone: undefined }),
		);
		expect(order.participantPhone).toBeNull();
	});

	it('LID identifiers in phone and participantPhone are kept as they came', async () => {
		const chat = await onlyItem(contentFixture(text, {}, { variants: ['lid'] }));
		expect(chat.phone).toBe(callbacks.lidFor(PEOPLE.contactPhone));
		expect(chat.phone).toMatch(/^\d+@lid$/);

		const group = await onlyItem(contentFixture(text, { isGroup: true }, { variants: ['lid'] }));
		expect(group.phone).toBe(PEOPLE.groupId);
		expect(group.participantPhone).toBe(callbacks.lidFor(PEOPLE.memberPhone));
	});

	it('fields seen in the wild stay in the content and the payload', async () => {
		const audio = CONTENT_KINDS.find(({ kind }) => kind === 'audio')!;
		const item = await onlyItem(contentFixture(audio, {}, { variants: ['wildExtras', 'edited'] }));
		expect(item.content).toMatchObject({ ptt: true, seconds: 7 });
		expect(item.payload).toMatchObject({ isEdit: true, connectedPhone: PEOPLE.connectedPhone });
	});

	it('a delivery without type is recognised by its shape', async () => {
		const message = contentFixture(text);
		delete message.type;
		expect(await onlyItem(message)).toMatchObject({ event: 'message', kind: 'text' });

		const status = statusFixture('SENT');
		delete status.type;
		expect(await onlyItem(status)).toMatchObject({ event: 'status', kind: 'SENT' });
	});
});

describe('what the node does not know', () => {
	it.each(Object.keys(UNKNOWN_CALLBACKS))('%s gives one item of kind unknown', async (type) => {
		const item = await onlyItem(clone(UNKNOWN_CALLBACKS[type]));
		expect(item).toMatchObject({ event: 'unknown', kind: 'unknown', type, instanceId: INSTANCE_ID });
		expect(item.timestamp).toBe(MOMMENT_ISO);
	});

	it('a message with a content object the table does not list: kind unknown, content null', async () => {
		const body = contentFixture(CONTENT_KINDS[0], { text: undefined, stickerPack: { name: 'Cats', stickers: 12 } });
		const item = await onlyItem(body);
		expect(item).toMatchObject({ event: 'message', kind: 'unknown', content: null, messageId: body.messageId });
	});

	it('a notification code the table does not list: kind unknown, code and parameters kept', async () => {
		const body = notificationFixture('GROUP_CREATE', { notification: 'GROUP_CHANGE_SUBJECT', notificationParameters: ['Novo nome'] });
		const item = await onlyItem(body);
		expect(item).toMatchObject({
			event: 'notification',
			kind: 'unknown',
			notification: 'GROUP_CHANGE_SUBJECT',
			parameters: ['Novo nome'],
			details: {},
		});
	});

	it('a status value the table does not list: kind unknown, the value kept', async () => {
		const item = await onlyItem(statusFixture('SENT', undefined, { status: 'DELETED' }));
		expect(item).toMatchObject({ event: 'status', kind: 'unknown', status: 'DELETED' });
	});
});

describe('odd field values', () => {
	it('do not break the mapping', () => {
		const body = contentFixture(CONTENT_KINDS[0], {
			phone: 5511988887777,
			fromMe: null,
			text: { message: null },
		});
		const item = onlyItem(body);
		expect(item).toMatchObject({ event: 'message', kind: 'text', phone: '5511988887777', fromMe: null });

		const status = onlyItem(statusFixture('SENT', undefined, { ids: 'not-a-list', status: 7 }));
		expect(status).toMatchObject({ event: 'status', ids: [], kind: 'unknown' });
	});

	const hostile: Array<[string, unknown]> = [
		['an object with its own toString', { toString: 1 }],
		['an object with its own valueOf and toString', { valueOf: {}, toString: 'x' }],
		['an array holding such an object', [{ toString: 1 }]],
		['an array nested 10,000 deep', deepArray(10_000)],
		['an object nested 10,000 deep', deepObject(10_000)],
	];

	/** Where a delivery can carry a value the node turns into text, and what is kept of it. */
	const places: Array<[string, (value: unknown) => IDataObject, (item: IDataObject) => unknown, unknown]> = [
		['status ids', (value) => ({ ...statusFixture('READ'), ids: ['3EB0A', value] }), (item) => item.ids, ['3EB0A']],
		[
			'notification parameters',
			(value) => ({ ...notificationFixture('GROUP_PARTICIPANT_ADD'), notificationParameters: [value, '5511955554444'] }),
			(item) => [item.parameters, item.details],
			[[null, '5511955554444'], { participant: null }],
		],
		[
			'contact phones',
			(value) => {
				const body = contentFixture(CONTENT_KINDS.find(({ kind }) => kind === 'contact')!);
				return { ...body, contact: { ...(body.contact as IDataObject), phones: [value, '5511977776666'] } };
			},
			(item) => (item.content as IDataObject).phones,
			[null, '5511977776666'],
		],
	];
	const cases = places.flatMap(([place, build, read, expected]) =>
		hostile.map(([name, value]) => [place, name, build, read, expected, value] as const),
	);
	it.each(cases)('%s holding %s: no throw, the entry is null or dropped', (_place, _name, build, read, expected, value) => {
		const body = build(value);
		const item = toItems(body)[0];
		if (item.payload === body) {
			expect(read(item)).toEqual(expected);
		} else {
			// Deeper than n8n can store: the item is built from the cut payload.
			expect(JSON.stringify(item.payload)).toContain(CUT_MARK);
		}
	});

	it('a field holding an object with its own toString is kept as it came, not turned into text', () => {
		const item = onlyItem({ ...contentFixture(CONTENT_KINDS[0]), phone: { toString: 1 }, chatName: [{ valueOf: 1 }] });
		expect(item.phone).toEqual({ toString: 1 });
		expect(item.chatName).toEqual([{ valueOf: 1 }]);
	});

	it('only fields of the delivery itself are read: a __proto__ key is data, not a prototype', () => {
		const body = contentFixture(CONTENT_KINDS[0], { text: undefined });
		setOwn(body, '__proto__', { text: { message: 'from the prototype' }, type: 'MessageStatusCallback' });
		const item = onlyItem(body);
		expect(item).toMatchObject({ event: 'message', kind: 'unknown', content: null });
		expect(({} as IDataObject).text).toBeUndefined();
		// eventOf reads only own fields, even when an object does have a prototype with them.
		const inherited = Object.create({ type: 'MessageStatusCallback', ids: [] }) as IDataObject;
		expect(eventOf(inherited)).toBe('unknown');
	});
});

describe('deliveries nested deeper than n8n can store', () => {
	it(`are cut ${MAX_PAYLOAD_DEPTH} levels down, the rest kept, and the items built from the cut copy`, () => {
		const body = contentFixture(CONTENT_KINDS[0], { participantPhone: null });
		body.participantPhone = deepArray(10_000, 'bottom');
		const items = toItems(body);
		expect(items).toHaveLength(1);
		const [item] = items;
		expect(item).toMatchObject({ event: 'message', kind: 'text', messageId: body.messageId, timestamp: MOMMENT_ISO });
		expect(item.payload).not.toBe(body);
		// The item and its payload can be written as JSON now; the delivery itself could not.
		expect(() => JSON.stringify(body)).toThrow(RangeError);
		const stored = JSON.parse(JSON.stringify(item.payload)) as IDataObject;
		expect({ ...stored, participantPhone: null }).toEqual({ ...clone({ ...body, participantPhone: null }) });
		let level = stored.participantPhone as unknown;
		let depth = 1;
		while (Array.isArray(level)) {
			level = level[0];
			depth++;
		}
		// The payload is level 1, participantPhone's arrays fill levels 2 to 64, the mark stands at 65.
		expect(depth).toBe(MAX_PAYLOAD_DEPTH);
		expect(level).toBe(CUT_MARK);
		expect(item.participantPhone).toEqual(stored.participantPhone);
	});

	it('a delivery within the bound is the payload as it came', () => {
		const body = contentFixture(CONTENT_KINDS[0]);
		body.participantPhone = deepArray(MAX_PAYLOAD_DEPTH - 1);
		expect(storablePayload(body)).toBe(body);
		body.participantPhone = deepArray(MAX_PAYLOAD_DEPTH);
		expect(storablePayload(body)).not.toBe(body);
	});

	it('a __proto__ key of a cut delivery stays data', () => {
		const body = contentFixture(CONTENT_KINDS[0]);
		setOwn(body, '__proto__', { polluted: true });
		body.deep = deepObject(200);
		const cut = storablePayload(body);
		expect(Object.getPrototypeOf(cut)).toBe(Object.prototype);
		expect(Object.prototype.hasOwnProperty.call(cut, '__proto__')).toBe(true);
		expect(({} as IDataObject).polluted).toBeUndefined();
	});
});

describe('momment and timestamp', () => {
	it.each([
		['milliseconds', MOMMENT, MOMMENT_ISO],
		['seconds (below 1e11)', MOMMENT / 1000, MOMMENT_ISO],
		['milliseconds as text', String(MOMMENT), MOMMENT_ISO],
		['the first moment accepted', PLAUSIBLE_TIME_MS.from, '2009-01-01T00:00:00.000Z'],
		['the same in seconds', PLAUSIBLE_TIME_MS.from / 1000, '2009-01-01T00:00:00.000Z'],
		['the last moment accepted', PLAUSIBLE_TIME_MS.to - 1, '2099-12-31T23:59:59.999Z'],
		['before 2009', PLAUSIBLE_TIME_MS.from - 1, null],
		['2100 or later', PLAUSIBLE_TIME_MS.to, null],
		['99999999999 (seconds: the year 5138)', 99999999999, null],
		['1e11 as milliseconds (1973)', 1e11, null],
		['1e15', 1e15, null],
		['the largest number', Number.MAX_VALUE, null],
	])('%s', (_name, momment, timestamp) => {
		const number = typeof momment === 'string' ? Number(momment) : momment;
		expect(timeOf(momment)).toEqual({ momment: number, timestamp });
		// The same reading wherever momment appears.
		expect(onlyItem(contentFixture(CONTENT_KINDS[0], { momment })).timestamp).toBe(timestamp);
		expect(onlyItem(statusFixture('READ', undefined, { momment })).timestamp).toBe(timestamp);
	});

	it.each([
		['zero', 0],
		['negative', -1],
		['not a number', 'soon'],
		['empty text', ' '],
		['an object with its own valueOf', { valueOf: 1 }],
		['an array', [1700000000000]],
		['null', null],
	])('%s gives no momment and no timestamp', (_name, momment) => {
		expect(timeOf(momment)).toEqual({ momment: null, timestamp: null });
	});
});

describe('a message with two content objects', () => {
	const pairs = CONTENT_KINDS.flatMap((first, index) => CONTENT_KINDS.slice(index + 1).map((second) => [first, second] as const));

	it.each(pairs.map(([first, second]) => [first.kind, second.kind, first, second] as const))(
		'%s and %s: kind unknown in either order, whatever the order of the table',
		(_a, _b, first, second) => {
			const one = contentFixture(first);
			const other = contentFixture(second);
			const forwards = { ...one, [second.key]: other[second.key] };
			const backwards = { ...clone(one), [first.key]: undefined, [second.key]: other[second.key] } as IDataObject;
			backwards[first.key] = one[first.key];
			const reversed = [...CONTENT_KINDS].reverse();
			for (const body of [forwards, backwards]) {
				expect(onlyItem(body)).toMatchObject({ event: 'message', kind: 'unknown', content: null });
				expect(contentKindOf(body)).toBeUndefined();
				// The table reversed in place, then put back: the answer does not move.
				CONTENT_KINDS.reverse();
				try {
					expect(contentKindOf(body)).toBeUndefined();
				} finally {
					CONTENT_KINDS.reverse();
				}
			}
			expect(CONTENT_KINDS).toEqual([...reversed].reverse());
		},
	);

	it('one content object and any other fields: its kind', () => {
		for (const kind of CONTENT_KINDS) {
			expect(contentKindOf({ ...contentFixture(kind), stickerPack: { name: 'x' }, extra: [1] })).toBe(kind);
		}
	});
});

describe('One Item per Message ID', () => {
	it('a status change for three messages gives three items, one per id', () => {
		const body = statusFixture('READ', ['3EB0A', '3EB0B', '3EB0C']);
		const items = itemsOf(body, { splitStatusIds: true });
		expect(items).toHaveLength(3);
		expect(items.map((item) => item.messageId)).toEqual(['3EB0A', '3EB0B', '3EB0C']);
		expect(items.map((item) => item.ids)).toEqual([['3EB0A'], ['3EB0B'], ['3EB0C']]);
		for (const item of items) {
			expect(item).toMatchObject({ event: 'status', kind: 'READ', status: 'READ', timestamp: MOMMENT_ISO });
		}
	});

	it('off (the default), the same delivery gives one item with all ids', () => {
		const item = onlyItem(statusFixture('READ', ['3EB0A', '3EB0B', '3EB0C']));
		expect(item.ids).toEqual(['3EB0A', '3EB0B', '3EB0C']);
		expect(item).not.toHaveProperty('messageId');
	});

	it('does not multiply messages or notifications', () => {
		expect(itemsOf(contentFixture(CONTENT_KINDS[0]), { splitStatusIds: true })).toHaveLength(1);
		expect(itemsOf(notificationFixture('REVOKE'), { splitStatusIds: true })).toHaveLength(1);
	});
});

it('the same delivery twice gives the same items (nothing kept between deliveries)', () => {
	const body = contentFixture(CONTENT_KINDS[0]);
	expect(toItems(clone(body))).toEqual(toItems(clone(body)));
	expect(MOMMENT).toBe(Date.parse(MOMMENT_ISO));
});

describe('callbacks of the further webhooks: one typed item each', () => {
	/** The fixture type for a table entry: the same name, as the service capitalises it. */
	const fixtureTypeOf = (type: string) => INSTANCE_CALLBACK_TYPES.find((name) => name.toLowerCase() === type)!;

	it('the fixtures have a payload for every type of the table, and no other', () => {
		expect(INSTANCE_CALLBACK_TYPES.map((name) => name.toLowerCase()).sort()).toEqual(
			INSTANCE_CALLBACKS.map(({ type }) => type).sort(),
		);
	});

	it.each(INSTANCE_CALLBACKS.map((callback) => [callback.event, callback] as const))(
		'%s: its event, a kind, every field of the table typed, the time',
		(event, callback) => {
			const body = instanceCallbackFixture(fixtureTypeOf(callback.type));
			const item = onlyItem(body);
			expect(item.event).toBe(event);
			expect(item.kind).not.toBe('unknown');
			for (const [name, type] of Object.entries(callback.fields)) {
				if (body[name] === undefined || body[name] === null) expect(item[name]).toBeNull();
				else expectType(item[name], type, name);
			}
			expect(item.timestamp).toMatch(/^20\d\d-/);
		},
	);

	it.each(INSTANCE_CALLBACKS.map((callback) => [callback.type, callback] as const))(
		'%s is recognised whatever the case of its type',
		(type, callback) => {
			expect(eventOf({ ...instanceCallbackFixture(fixtureTypeOf(type)), type: type.toUpperCase() })).toBe(callback.event);
		},
	);

	it('a send result is kind sent, or failed with the error the service gave', () => {
		const sent = onlyItem(instanceCallbackFixture('DeliveryCallback'));
		expect(sent).toMatchObject({ event: 'sendResult', kind: 'sent', error: null, phone: PEOPLE.contactPhone });
		expect(typeof sent.zaapId).toBe('string');
		const failed = onlyItem(instanceCallbackFixture('DeliveryCallback', { error: 'This phone number is not on WhatsApp' }));
		expect(failed).toMatchObject({ kind: 'failed', error: 'This phone number is not on WhatsApp' });
		expect(onlyItem(instanceCallbackFixture('DeliveryCallback', { error: '' })).kind).toBe('sent');
	});

	it.each(callbacks.PRESENCE_VALUES.map((status) => [status]))('chat presence %s is its own kind', (status) => {
		const item = onlyItem(instanceCallbackFixture('PresenceChatCallback', { status: status.toLowerCase() }));
		expect(item).toMatchObject({ event: 'chatPresence', kind: status, phone: PEOPLE.contactPhone, lastSeen: null });
	});

	it('a chat presence value the service adds later is kind unknown, kept as it came', () => {
		expect(onlyItem(instanceCallbackFixture('PresenceChatCallback', { status: 'LURKING' }))).toMatchObject({
			event: 'chatPresence',
			kind: 'unknown',
			status: 'LURKING',
		});
	});

	it('connected and disconnected carry their state, the reason, and a time in seconds read right', () => {
		expect(onlyItem(instanceCallbackFixture('ConnectedCallback'))).toMatchObject({
			event: 'connected',
			kind: 'connected',
			connected: true,
			phone: PEOPLE.connectedPhone,
			timestamp: MOMMENT_ISO,
		});
		expect(onlyItem(instanceCallbackFixture('DisconnectedCallback', { momment: MOMMENT / 1000 }))).toMatchObject({
			event: 'disconnected',
			kind: 'disconnected',
			disconnected: true,
			error: 'Device has been disconnected',
			timestamp: MOMMENT_ISO,
		});
	});
});

describe('agent-ready fields: text, chatId, senderId, senderName', () => {
	it.each(CONTENT_KINDS.map((kind) => [kind.kind, kind] as const))(
		'%s: text is the field the kind table names, or null',
		(_name, kind) => {
			const body = contentFixture(kind);
			const content = body[kind.key] as IDataObject;
			const where = kind.text;
			const expected =
				typeof where === 'string'
					? content[where]
					: where
						? (content[where.each] as IDataObject[]).map((entry) => entry[where.field]).join(', ')
						: null;
			expect(onlyItem(body).text).toBe(expected || null);
		},
	);

	it('text of a written message, a caption, a button, a list option and a reaction', () => {
		const kind = (name: string) => CONTENT_KINDS.find((candidate) => candidate.kind === name)!;
		expect(onlyItem(contentFixture(kind('text'), { text: { message: 'Oi' } })).text).toBe('Oi');
		expect(onlyItem(contentFixture(kind('image'))).text).toBe('Foto do produto com defeito');
		expect(onlyItem(contentFixture(kind('buttonsResponse'))).text).toBe('Confirmar pedido');
		expect(onlyItem(contentFixture(kind('listResponse'))).text).toBe('Segunda-feira 10h');
		expect(onlyItem(contentFixture(kind('reaction'))).text).toBe('❤️');
		// An image without caption, or a caption that is not text, has no text.
		expect(onlyItem(contentFixture(kind('image'), { image: { caption: undefined } })).text).toBeNull();
		expect(onlyItem(contentFixture(kind('image'), { image: { caption: { toString: 'x' } } })).text).toBeNull();
		expect(onlyItem(contentFixture(kind('audio'))).text).toBeNull();
	});

	const text = CONTENT_KINDS[0];
	const lid = (phone: string) => callbacks.lidFor(phone);

	it.each([
		['a one-to-one chat', {}, [], PEOPLE.contactPhone, PEOPLE.contactPhone, PEOPLE.contactName],
		['a one-to-one chat whose phone is a LID', {}, ['lid'], lid(PEOPLE.contactPhone), lid(PEOPLE.contactPhone), PEOPLE.contactName],
		// The same person, as a number with chatLid beside it: the key does not change.
		['a one-to-one chat with chatLid beside the number', { chatLid: lid(PEOPLE.contactPhone) }, [], lid(PEOPLE.contactPhone), lid(PEOPLE.contactPhone), PEOPLE.contactName],
		['a group', { isGroup: true }, [], PEOPLE.groupId, PEOPLE.memberPhone, PEOPLE.memberName],
		['a group whose member comes as a LID', { isGroup: true }, ['lid'], PEOPLE.groupId, lid(PEOPLE.memberPhone), PEOPLE.memberName],
		['a group member with participantLid beside the number', { isGroup: true, participantLid: lid(PEOPLE.memberPhone) }, [], PEOPLE.groupId, lid(PEOPLE.memberPhone), PEOPLE.memberName],
		['a message sent by me', { fromMe: true }, ['wildExtras'], PEOPLE.contactPhone, PEOPLE.connectedPhone, PEOPLE.ownerName],
		['a group message sent by me', { isGroup: true, fromMe: true }, [], PEOPLE.groupId, PEOPLE.connectedPhone, PEOPLE.ownerName],
	] as Array<[string, IDataObject, Array<'lid' | 'wildExtras'>, string, string, string]>)(
		'%s: chatId %s… by the rules of CHAT_KEY_RULES',
		(_name, overrides, variants, chatId, senderId, senderName) => {
			const item = onlyItem(contentFixture(text, overrides, { variants }));
			expect(item).toMatchObject({ chatId, senderId, senderName });
		},
	);

	it('fields that are not text give null keys, never an object', () => {
		const item = onlyItem({ ...contentFixture(text), phone: { toString: 1 }, chatLid: ['x'] });
		expect(item).toMatchObject({ chatId: null, senderId: null });
	});

	it('a group notification is keyed by the group', () => {
		const item = onlyItem(notificationFixture('GROUP_PARTICIPANT_ADD', { isGroup: true, phone: PEOPLE.groupId }));
		expect(item.chatId).toBe(PEOPLE.groupId);
	});
});
