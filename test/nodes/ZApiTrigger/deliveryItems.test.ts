/**
 * Deliveries in, items out: every kind of the trigger's table (callbackKinds.ts), driven
 * from the table itself, through n8n's WebhookContext.
 */
import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import {
	CONTENT_KINDS,
	type FieldType,
	MESSAGE_FIELDS,
	NOTIFICATION_KINDS,
	STATUS_KINDS,
} from '../../../nodes/ZApiTrigger/callbackKinds';
import {
	ALL_EVENTS,
	callbacks,
	clone,
	contentFixture,
	deliverTo,
	INSTANCE_ID,
	listening,
	MOMMENT,
	MOMMENT_ISO,
	notificationFixture,
	OTHER_CALLBACKS,
	PEOPLE,
	statusFixture,
	type Listening,
} from './fixtures';

// nock 14 stays hooked into Node's http module after a file ends, and the next file in the
// same worker then gets no mocks: unhook it.
afterAll(() => nock.restore());

let trigger: Listening;
let dropping: Listening;
let splitting: Listening;

beforeAll(async () => {
	trigger = await listening({ events: ALL_EVENTS });
	dropping = await listening({ events: ALL_EVENTS, options: { unknownEvents: 'drop' } });
	splitting = await listening({ events: ALL_EVENTS, options: { splitStatusIds: true } });
});

/** Delivers to the trigger with every event chosen and returns its single item. */
async function onlyItem(body: IDataObject, target = trigger): Promise<IDataObject> {
	const sent = clone(body);
	const { items, response } = await deliverTo(target, body);
	expect(response.status).toBeUndefined();
	expect(items).toHaveLength(1);
	const [item] = items!;
	// The delivery as it came, whatever the node made of it.
	expect(item.payload).toEqual(sent);
	return item;
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

describe('content kinds: one message item per delivery, for every kind of the table', () => {
	it('the table has the 15 content kinds of the contract', () => {
		expect(CONTENT_KINDS.map(({ key }) => key).sort()).toEqual(
			[
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
			expectType(content[field], type, `${kind.key}.${field}`);
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
	it('the table has the 13 notification codes of the contract', () => {
		expect(NOTIFICATION_KINDS).toHaveLength(13);
	});

	it.each(NOTIFICATION_KINDS.map((kind) => [kind.code, kind] as const))('%s', async (code, kind) => {
		const body = notificationFixture(code);
		const item = await onlyItem(body);

		expect(item).toMatchObject({ event: 'notification', kind: code, notification: code });
		expect(item.parameters).toEqual(body.notificationParameters);
		expect(Object.keys(item.details as IDataObject)).toEqual(kind.parameters);
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
	it('the table has the 5 status values of the contract', () => {
		expect(STATUS_KINDS.map(({ status }) => status)).toEqual(['SENT', 'RECEIVED', 'READ', 'READ-SELF', 'PLAYED']);
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

	it('READ_BY_ME as the fixtures build it comes out as READ-SELF', async () => {
		const item = await onlyItem(statusFixture('READ-SELF', ['3EB0DDD444'], {}, { variants: ['readByMe'] }));
		expect(item).toMatchObject({ kind: 'READ-SELF', status: 'READ-SELF' });
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
	it.each(Object.keys(OTHER_CALLBACKS))('%s gives one item of kind unknown', async (type) => {
		const item = await onlyItem(clone(OTHER_CALLBACKS[type]));
		expect(item).toMatchObject({ event: 'unknown', kind: 'unknown', type, instanceId: INSTANCE_ID });
	});

	it('a DeliveryCallback keeps its time and error', async () => {
		const item = await onlyItem(clone(OTHER_CALLBACKS.DeliveryCallback));
		expect(item.timestamp).toBe(MOMMENT_ISO);
		expect((item.payload as IDataObject).error).toBe('This phone number is not on WhatsApp');
	});

	it('a message with a content object the table does not list: kind unknown, content null', async () => {
		const body = contentFixture(CONTENT_KINDS[0], { text: undefined, poll: { name: 'Lunch?', options: ['yes', 'no'] } });
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

	const unknowns: Array<[string, () => IDataObject]> = [
		...Object.keys(OTHER_CALLBACKS).map((type): [string, () => IDataObject] => [type, () => clone(OTHER_CALLBACKS[type])]),
		['unknown content', () => contentFixture(CONTENT_KINDS[0], { text: undefined, poll: { name: 'x' } })],
		['unknown notification', () => notificationFixture('REVOKE', { notification: 'GROUP_CHANGE_ICON' })],
		['unknown status', () => statusFixture('SENT', undefined, { status: 'DELETED' })],
	];
	it.each(unknowns)('%s is dropped with Unknown Events: Drop, answered without an execution', async (_name, build) => {
		const { items, result, response } = await deliverTo(dropping, build());
		expect(items).toBeUndefined();
		expect(result.workflowData).toBeUndefined();
		expect(result.webhookResponse).toEqual({ received: true, started: false });
		expect(response.status).toBeUndefined();
	});

	it('known kinds still pass with Unknown Events: Drop', async () => {
		const { items } = await deliverTo(dropping, contentFixture(CONTENT_KINDS[0]));
		expect(items).toHaveLength(1);
	});
});

describe('malformed bodies are refused with no item and no crash', () => {
	it.each([
		['an array', [contentFixture(CONTENT_KINDS[0])], 400],
		['a string', 'hello', 400],
		['null', null, 400],
		['a number', 42, 400],
		['true', true, 400],
	])('%s', async (_name, body, status) => {
		const { items, response, result } = await deliverTo(trigger, body);
		expect(items).toBeUndefined();
		expect(response).toEqual({ status, body: { error: 'The body is not a JSON object' } });
		expect(result).toEqual({ noWebhookResponse: true });
	});

	it('{} (no instanceId)', async () => {
		const { items, response, result } = await deliverTo(trigger, {});
		expect(items).toBeUndefined();
		expect(response).toEqual({ status: 403, body: { error: 'Delivery for another instance' } });
		expect(result).toEqual({ noWebhookResponse: true });
	});

	it('odd field values do not crash the mapping', async () => {
		const body = contentFixture(CONTENT_KINDS[0], {
			phone: 5511988887777,
			fromMe: null,
			text: { message: null },
		});
		const item = await onlyItem(body);
		expect(item).toMatchObject({ event: 'message', kind: 'text', phone: '5511988887777', fromMe: null });

		const status = await onlyItem(statusFixture('SENT', undefined, { ids: 'not-a-list', status: 7 }));
		expect(status).toMatchObject({ event: 'status', ids: [], kind: 'unknown' });
	});
});

describe('One Item per Message ID', () => {
	it('a status change for three messages gives three items, one per id', async () => {
		const body = statusFixture('READ', ['3EB0A', '3EB0B', '3EB0C']);
		const { items } = await deliverTo(splitting, clone(body));
		expect(items).toHaveLength(3);
		expect(items!.map((item) => item.messageId)).toEqual(['3EB0A', '3EB0B', '3EB0C']);
		expect(items!.map((item) => item.ids)).toEqual([['3EB0A'], ['3EB0B'], ['3EB0C']]);
		for (const item of items!) {
			expect(item).toMatchObject({ event: 'status', kind: 'READ', status: 'READ', timestamp: MOMMENT_ISO });
			expect(item.payload).toEqual(body);
		}
	});

	it('off (the default), the same delivery gives one item with all ids', async () => {
		const { items } = await deliverTo(trigger, statusFixture('READ', ['3EB0A', '3EB0B', '3EB0C']));
		expect(items).toHaveLength(1);
		expect(items![0].ids).toEqual(['3EB0A', '3EB0B', '3EB0C']);
		expect(items![0]).not.toHaveProperty('messageId');
	});

	it('does not multiply messages or notifications', async () => {
		expect((await deliverTo(splitting, contentFixture(CONTENT_KINDS[0]))).items).toHaveLength(1);
		expect((await deliverTo(splitting, notificationFixture('REVOKE'))).items).toHaveLength(1);
	});
});

it('the same delivery twice gives the same items (nothing kept between deliveries)', async () => {
	const body = contentFixture(CONTENT_KINDS[0]);
	const first = await deliverTo(trigger, clone(body));
	const second = await deliverTo(trigger, clone(body));
	expect(second.items).toEqual(first.items);
	expect(MOMMENT).toBe(Date.parse(MOMMENT_ISO));
});
