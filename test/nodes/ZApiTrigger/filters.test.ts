/**
 * What starts the workflow: the events chosen, the message kinds, the chats. Tested on the
 * pure filter (filters.ts) over the items of real deliveries (shared/delivery/items.ts); a few runs
 * through n8n's WebhookContext check the wiring. A delivery that is filtered out is still
 * answered (200, no execution), so the service does not send it again.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { CONTENT_KINDS } from '../../../nodes/shared/delivery/kinds';
import { toItems } from '../../../nodes/shared/delivery/items';
import { acceptor, checkFilterOptions, parseChatList } from '../../../nodes/ZApiTrigger/filters';
import { ZApiTrigger } from '../../../nodes/ZApiTrigger/ZApiTrigger.node';
import { deliver, makeNode, TRIGGER_TYPE } from '../../helpers/engine';
import {
	ALL_EVENTS,
	callbacks,
	clone,
	contentFixture,
	deliverTo,
	listening,
	notificationFixture,
	UNKNOWN_CALLBACKS,
	PEOPLE,
	statusFixture,
	watchLog,
} from './fixtures';

const kind = (name: string) => CONTENT_KINDS.find((candidate) => candidate.kind === name)!;
const text = kind('text');

/** Deliveries of each event, as the service sends them. */
const DELIVERIES: Record<string, () => IDataObject> = {
	received: () => contentFixture(text),
	sent: () => contentFixture(text, { fromMe: true }),
	status: () => statusFixture('READ'),
	notification: () => notificationFixture('GROUP_PARTICIPANT_ADD'),
};

/** What a trigger node holds when a parameter was never touched: the description's defaults. */
const DEFAULTS = Object.fromEntries(
	new ZApiTrigger().getNodeType().description.properties.map((property: INodeProperties) => [property.name, property.default]),
);

/** Whether the delivery starts an execution under these parameters. */
function starts(parameters: IDataObject, body: IDataObject): boolean {
	const values = { ...DEFAULTS, ...parameters } as IDataObject;
	const accepted = acceptor({
		events: values.events as string[],
		contentKinds: values.contentKinds as string[],
		notificationKinds: (values.notificationKinds as string[] | undefined) ?? [],
		statusKinds: values.statusKinds as string[] | undefined,
		sentByMe: values.sentByMe as string[] | undefined,
		options: values.options as IDataObject,
	});
	return toItems(body).some(accepted);
}

function whichStart(parameters: IDataObject, deliveries = DELIVERIES): string[] {
	return Object.entries(deliveries)
		.filter(([, build]) => starts(parameters, build()))
		.map(([name]) => name);
}

describe('messages sent by me: the bot self-reply guard', () => {
	it('with the default events, a message I sent does not start the workflow, one I received does', () => {
		// No events parameter: n8n fills in the default (Message Received).
		expect(starts({}, contentFixture(text, { fromMe: true }))).toBe(false);
		expect(starts({}, contentFixture(text))).toBe(true);
	});

	it.each(CONTENT_KINDS.map((entry) => [entry.kind, entry] as const))(
		'%s sent by me is ignored unless Message Sent by Me is chosen',
		(_name, entry) => {
			expect(starts({ events: ['messageReceived'] }, contentFixture(entry, { fromMe: true }))).toBe(false);
			expect(starts({ events: ['messageReceived', 'messageSent'] }, contentFixture(entry, { fromMe: true }))).toBe(
				true,
			);
		},
	);

	it('a message I sent in a group is ignored too', () => {
		const body = contentFixture(text, { isGroup: true, fromMe: true });
		expect(body.participantPhone).toBe(PEOPLE.connectedPhone);
		expect(starts({ events: ['messageReceived'] }, body)).toBe(false);
	});

	it('fromMe sent as the string "true" is still recognised as mine', () => {
		expect(starts({ events: ['messageReceived'] }, contentFixture(text, { fromMe: 'true' }))).toBe(false);
		expect(starts({ events: ['messageSent'] }, contentFixture(text, { fromMe: 'true' }))).toBe(true);
	});

	it('only Message Sent by Me: received messages do not start the workflow', () => {
		expect(whichStart({ events: ['messageSent'] })).toEqual(['sent']);
	});
});

describe('Sent by Me From: who wrote a message sent by the instance’s number', () => {
	const MINE = ['messageReceived', 'messageSent'];
	// docs/webhooks/on-message-received.md: fromMe with fromApi false was typed on the phone
	// or WhatsApp Web, with fromApi true it went through the API; older deliveries lack fromApi.
	const byPerson = () => contentFixture(text, { fromMe: true, fromApi: false });
	const byApi = () => contentFixture(text, { fromMe: true, fromApi: true });
	const unsaid = () => contentFixture(text, { fromMe: true });
	const received = () => contentFixture(text, { fromApi: false });

	it('the item says who wrote it in sentBy', () => {
		expect(toItems(received())[0].sentBy).toBe('contact');
		expect(toItems(byPerson())[0].sentBy).toBe('myPhone');
		expect(toItems(byApi())[0].sentBy).toBe('api');
		expect(toItems(unsaid())[0].sentBy).toBe('me');
		expect(toItems(contentFixture(text, { fromMe: 'true', fromApi: 'false' }))[0].sentBy).toBe('myPhone');
		expect(toItems(byApi())[0].fromApi).toBe(true);
	});

	it.each([
		[[], ['received', 'person', 'api', 'unsaid']],
		[['myPhone'], ['received', 'person']],
		[['api'], ['received', 'api']],
		[['myPhone', 'me'], ['received', 'person', 'unsaid']],
		[['myPhone', 'api', 'me'], ['received', 'person', 'api', 'unsaid']],
	])('%j: these start (Message Received is not narrowed)', (sentByMe, expected) => {
		const deliveries = { received, person: byPerson, api: byApi, unsaid };
		expect(whichStart({ events: MINE, sentByMe }, deliveries)).toEqual(expected);
	});

	it('a bot that takes over when a person answers from the phone: only myPhone, never its own API sends', () => {
		const parameters = { events: ['messageSent'], sentByMe: ['myPhone'] };
		expect(starts(parameters, byPerson())).toBe(true);
		expect(starts(parameters, byApi())).toBe(false);
		expect(starts(parameters, received())).toBe(false);
	});
});

describe('message flags: edits, replies to my status, broadcasts, channel posts', () => {
	const edited = () => contentFixture(text, { isEdit: true });
	const statusReply = () => contentFixture(text, { isStatusReply: true });
	const broadcast = () => contentFixture(text, { broadcast: true });
	const channelPost = () => contentFixture(text, { isNewsletter: true, phone: '120363166555745933@newsletter' });
	const deliveries = { plain: () => contentFixture(text), edited, statusReply, broadcast, channelPost };

	it('by default, every flagged message starts but channel posts (a bot has no one to answer there)', () => {
		expect(whichStart({}, deliveries)).toEqual(['plain', 'edited', 'statusReply', 'broadcast']);
	});

	it('the item carries the flags typed', () => {
		expect(toItems(edited())[0]).toMatchObject({ isEdit: true, isStatusReply: null, isNewsletter: null });
		expect(toItems(contentFixture(text, { isEdit: 'true', isStatusReply: 'false' }))[0]).toMatchObject({
			isEdit: true,
			isStatusReply: false,
		});
	});

	it.each([
		['ignoreEdits', ['plain', 'statusReply', 'broadcast']],
		['ignoreStatusReplies', ['plain', 'edited', 'broadcast']],
		['ignoreBroadcasts', ['plain', 'edited', 'statusReply']],
		['includeChannelPosts', ['plain', 'edited', 'statusReply', 'broadcast', 'channelPost']],
	])('%s on: %j start', (option, expected) => {
		expect(whichStart({ options: { [option]: true } }, deliveries)).toEqual(expected);
	});

	it('an option added and turned off is the same as not added', () => {
		const off = { ignoreEdits: false, ignoreStatusReplies: false, ignoreBroadcasts: false, includeChannelPosts: false };
		expect(whichStart({ options: off }, deliveries)).toEqual(['plain', 'edited', 'statusReply', 'broadcast']);
	});

	it('a channel is known by its @newsletter chat id as well as by isNewsletter', () => {
		expect(starts({}, contentFixture(text, { phone: '120363166555745933@newsletter' }))).toBe(false);
		expect(starts({}, contentFixture(text, { isNewsletter: true }))).toBe(false);
		expect(starts({ options: { includeChannelPosts: true } }, contentFixture(text, { isNewsletter: true }))).toBe(true);
	});

	it('flags hold for messages only: a notification about a channel still starts', () => {
		const body = notificationFixture('NEWSLETTER_ADMIN_PROMOTE');
		expect(body.phone).toMatch(/@newsletter$/);
		expect(starts({ events: ['notification'] }, body)).toBe(true);
		expect(starts({ events: ['notification'], options: { ignoreEdits: true } }, { ...body, isEdit: true })).toBe(true);
	});
});

describe('Statuses', () => {
	const deliveries = {
		read: () => statusFixture('READ'),
		readByMe: () => statusFixture('READ_BY_ME'),
		readSelf: () => statusFixture('READ_BY_ME', undefined, {}, { variants: ['readSelf'] }),
		played: () => statusFixture('PLAYED'),
	};

	it.each([
		[[], ['read', 'readByMe', 'readSelf', 'played']],
		[['READ_BY_ME'], ['readByMe', 'readSelf']],
		// A list written by hand or by an expression in the older spelling means the same.
		[['READ-SELF'], ['readByMe', 'readSelf']],
		[['READ', 'PLAYED'], ['read', 'played']],
	])('%j: these start', (statusKinds, expected) => {
		expect(whichStart({ events: ['messageStatus'], statusKinds }, deliveries)).toEqual(expected);
	});
});

describe('events selection', () => {
	it.each([
		[['messageReceived'], ['received']],
		[['messageSent'], ['sent']],
		[['messageStatus'], ['status']],
		[['notification'], ['notification']],
		[['messageReceived', 'messageSent'], ['received', 'sent']],
		[['messageReceived', 'notification'], ['received', 'notification']],
		[['messageStatus', 'notification'], ['status', 'notification']],
		[ALL_EVENTS, ['received', 'sent', 'status', 'notification']],
	])('%j starts on %j only', (events, expected) => {
		expect(whichStart({ events })).toEqual(expected);
	});

	it('a notification about something I did is a notification, not a message I sent', () => {
		const body = notificationFixture('GROUP_CREATE', { fromMe: true });
		expect(starts({ events: ['messageReceived', 'messageSent'] }, body)).toBe(false);
		expect(starts({ events: ['notification'] }, body)).toBe(true);
	});
});

describe('message kinds', () => {
	it('only the chosen kinds start the workflow', () => {
		const parameters = { events: ['messageReceived'], contentKinds: ['image', 'audio'] };
		for (const entry of CONTENT_KINDS) {
			expect({ kind: entry.kind, starts: starts(parameters, contentFixture(entry)) }).toEqual({
				kind: entry.kind,
				starts: ['image', 'audio'].includes(entry.kind),
			});
		}
	});

	it('applies to messages I sent as well', () => {
		const parameters = { events: ['messageSent'], contentKinds: ['reaction'] };
		expect(starts(parameters, contentFixture(kind('reaction'), { fromMe: true }))).toBe(true);
		expect(starts(parameters, contentFixture(text, { fromMe: true }))).toBe(false);
	});

	it('a message of a kind the node does not know does not pass a kind filter', () => {
		const body = contentFixture(text, { text: undefined, poll: { name: 'Lunch?' } });
		expect(starts({ events: ['messageReceived'], contentKinds: ['text'] }, body)).toBe(false);
		expect(starts({ events: ['messageReceived'] }, body)).toBe(true);
	});

	it('does not hold back status changes or notifications', () => {
		expect(whichStart({ events: ALL_EVENTS, contentKinds: ['image'] })).toEqual(['status', 'notification']);
	});

	it('every kind of the table can be chosen', () => {
		for (const entry of CONTENT_KINDS) {
			expect(starts({ events: ['messageReceived'], contentKinds: [entry.kind] }, contentFixture(entry))).toBe(true);
		}
	});
});

describe('notification kinds', () => {
	const notifications = { events: ['notification'] };

	it('only the chosen codes start the workflow', () => {
		const parameters = { ...notifications, notificationKinds: ['GROUP_PARTICIPANT_ADD'] };
		expect(starts(parameters, notificationFixture('GROUP_PARTICIPANT_ADD'))).toBe(true);
		expect(starts(parameters, notificationFixture('GROUP_PARTICIPANT_REMOVE'))).toBe(false);
		expect(starts(parameters, notificationFixture('CALL_MISSED_VOICE'))).toBe(false);
	});

	it('empty lets every code through', () => {
		expect(starts({ ...notifications, notificationKinds: [] }, notificationFixture('REVOKE'))).toBe(true);
	});

	it('does not hold back messages', () => {
		const parameters = { events: ['messageReceived', 'notification'], notificationKinds: ['REVOKE'] };
		expect(starts(parameters, contentFixture(text))).toBe(true);
	});
});

describe('chats: groups only / no groups', () => {
	const privateText = () => contentFixture(text);
	const groupText = () => contentFixture(text, { isGroup: true });

	it('Groups Only: group messages start the workflow, one-to-one messages do not', () => {
		const parameters = { events: ALL_EVENTS, options: { chatType: 'groups' } };
		expect(starts(parameters, groupText())).toBe(true);
		expect(starts(parameters, privateText())).toBe(false);
		expect(starts(parameters, notificationFixture('GROUP_PARTICIPANT_LEAVE'))).toBe(true);
		expect(starts(parameters, notificationFixture('CALL_MISSED_VOICE'))).toBe(false);
	});

	it('No Groups: the reverse', () => {
		const parameters = { events: ALL_EVENTS, options: { chatType: 'private' } };
		expect(starts(parameters, groupText())).toBe(false);
		expect(starts(parameters, privateText())).toBe(true);
		expect(starts(parameters, notificationFixture('GROUP_CREATE'))).toBe(false);
		expect(starts(parameters, notificationFixture('CALL_MISSED_VIDEO'))).toBe(true);
	});

	it('All Chats (the default): both', () => {
		expect(starts({ events: ALL_EVENTS }, groupText())).toBe(true);
		expect(starts({ events: ALL_EVENTS, options: { chatType: 'all' } }, privateText())).toBe(true);
	});

	it('a status change tells its chat by isGroup, or by a group id when isGroup is missing', () => {
		const groups = { events: ['messageStatus'], options: { chatType: 'groups' } };
		const noGroups = { events: ['messageStatus'], options: { chatType: 'private' } };
		const inGroup = () => statusFixture('READ', undefined, { phone: PEOPLE.groupId });
		const flagged = () => statusFixture('READ', undefined, { phone: PEOPLE.groupId, isGroup: true });
		const oldGroup = () => statusFixture('READ', undefined, { phone: PEOPLE.oldGroupId });
		const oneToOne = () => statusFixture('READ');

		expect(starts(groups, flagged())).toBe(true);
		expect(starts(groups, inGroup())).toBe(true);
		expect(starts(groups, oldGroup())).toBe(true);
		expect(starts(groups, oneToOne())).toBe(false);
		expect(starts(noGroups, inGroup())).toBe(false);
		expect(starts(noGroups, oneToOne())).toBe(true);
	});
});

describe('only these phones', () => {
	const from = (phone: string) => contentFixture(text, { phone });
	const inGroup = (participantPhone: string, phone = PEOPLE.groupId) =>
		contentFixture(text, { isGroup: true, phone, participantPhone });
	const only = (phones: string) => ({ events: ALL_EVENTS, options: { phones } });

	it('a listed phone starts the workflow, another does not', () => {
		expect(starts(only('5511988887777'), from('5511988887777'))).toBe(true);
		expect(starts(only('5511988887777'), from('5511966665555'))).toBe(false);
	});

	it.each(['+55 (11) 98888-7777', '55 11 98888-7777', '+5511988887777', ' 5511988887777 '])(
		'the masked phone %j matches the digits the service sends',
		(masked) => {
			expect(starts(only(masked), from('5511988887777'))).toBe(true);
		},
	);

	it('several entries, separated by commas, semicolons or new lines', () => {
		const list = only('5511900000001, 5511988887777;5511900000002\n5511900000003');
		expect(starts(list, from('5511988887777'))).toBe(true);
		expect(starts(list, from('5511900000003'))).toBe(true);
		expect(starts(list, from('5511900000009'))).toBe(false);
	});

	it('a group id (new and old form) matches every message of that group', () => {
		expect(starts(only(PEOPLE.groupId), inGroup(PEOPLE.memberPhone))).toBe(true);
		expect(starts(only(PEOPLE.groupId), inGroup(PEOPLE.memberPhone, '120363000000000001-group'))).toBe(false);
		expect(starts(only(PEOPLE.oldGroupId), inGroup(PEOPLE.memberPhone, PEOPLE.oldGroupId))).toBe(true);
	});

	it('a group member’s phone matches their messages in any group (participantPhone)', () => {
		expect(starts(only('+55 11 97777-6666'), inGroup(PEOPLE.memberPhone))).toBe(true);
		expect(starts(only('+55 11 97777-6666'), inGroup('5511900000009'))).toBe(false);
	});

	it('LID ids match as they are, in phone and in participantPhone', () => {
		const lid = callbacks.lidFor(PEOPLE.contactPhone);
		expect(starts(only(lid), from(lid))).toBe(true);
		expect(starts(only(lid), inGroup(lid))).toBe(true);
		expect(starts(only(lid), from(PEOPLE.contactPhone))).toBe(false);
	});

	it('applies to status changes and notifications', () => {
		expect(starts(only(PEOPLE.contactPhone), statusFixture('READ'))).toBe(true);
		expect(starts(only('5511900000009'), statusFixture('READ'))).toBe(false);
		expect(starts(only(PEOPLE.groupId), notificationFixture('GROUP_PARTICIPANT_REMOVE'))).toBe(true);
		expect(starts(only('5511900000009'), notificationFixture('GROUP_PARTICIPANT_REMOVE'))).toBe(false);
	});

	it('an empty list lets every chat through', () => {
		expect(starts(only(' , '), from('5511900000009'))).toBe(true);
	});
});

describe('deliveries of kinds the node does not know go through the same chat filters', () => {
	const delivery = () => ({ ...UNKNOWN_CALLBACKS.CallCallback });
	const connected = () => ({ ...UNKNOWN_CALLBACKS.InitialDataCallback });

	it('Only These Phones: an unknown delivery about another chat does not start the workflow', () => {
		const parameters = { events: ['messageReceived'], options: { phones: '5511900000009' } };
		expect(starts(parameters, delivery())).toBe(false);
		expect(starts(parameters, connected())).toBe(false);
		expect(starts({ ...parameters, options: { phones: PEOPLE.contactPhone } }, delivery())).toBe(true);
	});

	it('Groups Only: an unknown delivery about a one-to-one chat does not start the workflow', () => {
		expect(starts({ events: ['messageReceived'], options: { chatType: 'groups' } }, delivery())).toBe(false);
		expect(starts({ events: ['messageReceived'], options: { chatType: 'private' } }, delivery())).toBe(true);
	});

	it('without chat filters they start it (Unknown Events: Emit, the default)', () => {
		expect(starts({ events: ['messageReceived'] }, delivery())).toBe(true);
		expect(starts({ events: ['messageReceived'] }, connected())).toBe(true);
	});
});

describe('Only These Phones, read by the shared chat id rules', () => {
	it.each([
		['', []],
		[' , ', []],
		['+55 (11) 98888-7777', ['5511988887777']],
		['5511988887777;5511988887777\n120363019502650977-group', ['5511988887777', '120363019502650977-group']],
		['5511999990000-1623281429, 2123456789012345@lid', ['5511999990000-1623281429', '2123456789012345@lid']],
		[['5511988887777', ['+55 11 97777-6666']], ['5511988887777', '5511977776666']],
		[5511988887777, ['5511988887777']],
		[undefined, []],
	])('%j gives %j', (raw, expected) => {
		expect(parseChatList(raw)).toEqual(expected);
	});

	it.each([
		['maria', /Phone 'maria' is not a phone number/],
		['5511988887777, 123', /Phone '123' has 3 digits/],
		['120363019502650977-grupo', /is not a phone number/],
		[[{ toString: 1 }], /An entry of Only These Phones is not text/],
		[{ toString: 1 }, /An entry of Only These Phones is not text/],
	])('%j is refused: %s', (raw, message) => {
		expect(() => parseChatList(raw)).toThrow(message);
		expect(() => acceptor({ events: ALL_EVENTS, contentKinds: [], notificationKinds: [], options: { phones: raw } })).toThrow(
			message,
		);
	});

	it('activation refuses an invalid list with a message that says what to fix', () => {
		const node = makeNode(TRIGGER_TYPE, {});
		let error: unknown;
		try {
			checkFilterOptions(node, { phones: '5511988887777, maria' });
		} catch (caught) {
			error = caught;
		}
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as NodeOperationError).message).toBe("Only These Phones: Phone 'maria' is not a phone number");
		expect((error as NodeOperationError).description).toMatch(/Group IDs \(…-group\) and LID IDs \(…@lid\) are accepted/);
		expect((error as NodeOperationError).description).toMatch(/Fix the list in Options > Only These Phones, then activate/);
		expect(() => checkFilterOptions(node, { phones: PEOPLE.groupId })).not.toThrow();
		expect(() => checkFilterOptions(node, {})).not.toThrow();
	});
});

describe('through n8n (the wiring)', () => {
	const log = watchLog();

	it('a new trigger (no parameter set) starts on a received message, not on one I sent', async () => {
		const target = await listening({});
		expect((await deliverTo(target, contentFixture(text))).items).toHaveLength(1);
		const mine = await deliverTo(target, contentFixture(text, { fromMe: true }));
		expect(mine.items).toBeUndefined();
		expect(mine.result.webhookResponse).toEqual({ received: true, started: false });
		expect(mine.response.status).toBeUndefined();
	});

	it('the chosen parameters reach the filter: kinds, chats, phones', async () => {
		const target = await listening({
			events: ALL_EVENTS,
			contentKinds: ['image'],
			options: { chatType: 'groups', phones: PEOPLE.groupId },
		});
		const groupImage = contentFixture(kind('image'), { isGroup: true });
		expect((await deliverTo(target, groupImage)).items).toHaveLength(1);
		expect((await deliverTo(target, contentFixture(text, { isGroup: true }))).items).toBeUndefined();
		expect((await deliverTo(target, contentFixture(kind('image')))).items).toBeUndefined();
	});

	it('a list that became invalid after activation (an expression, say) starts nothing and says why in the log', async () => {
		const target = await listening({ events: ALL_EVENTS });
		const setup = { ...target.setup, parameters: { events: ALL_EVENTS, options: { phones: '5511988887777, maria' } } };
		const { items, result, response } = await deliver(setup, { body: contentFixture(text), query: target.query });
		expect(items).toBeUndefined();
		expect(result.webhookResponse).toEqual({ received: true, started: false });
		expect(response.status).toBeUndefined();
		expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/started nothing, Only These Phones cannot be read \(Phone 'maria' is not a phone number\)/));
	});
});

describe('Unknown Events', () => {
	const unknowns: Array<[string, () => IDataObject]> = [
		...Object.keys(UNKNOWN_CALLBACKS).map((type): [string, () => IDataObject] => [type, () => clone(UNKNOWN_CALLBACKS[type])]),
		['unknown content', () => contentFixture(CONTENT_KINDS[0], { text: undefined, stickerPack: { name: 'x' } })],
		['unknown notification', () => notificationFixture('REVOKE', { notification: 'GROUP_CHANGE_ICON' })],
		['unknown status', () => statusFixture('SENT', undefined, { status: 'DELETED' })],
	];
	it.each(unknowns)('%s is dropped with Drop and emitted with Emit (the default)', (_name, build) => {
		expect(starts({ events: ALL_EVENTS, options: { unknownEvents: 'drop' } }, build())).toBe(false);
		expect(starts({ events: ALL_EVENTS, options: { unknownEvents: 'emit' } }, build())).toBe(true);
		expect(starts({ events: ALL_EVENTS }, build())).toBe(true);
	});

	it('known kinds still pass with Drop', () => {
		expect(starts({ events: ALL_EVENTS, options: { unknownEvents: 'drop' } }, contentFixture(CONTENT_KINDS[0]))).toBe(true);
	});
});

describe('chat fields that are not text', () => {
	it.each([
		['an object with its own toString', { toString: 1 }],
		['a list', ['5511988887777']],
		['null', null],
	])('a phone that is %s matches no entry, and does not throw', (_name, phone) => {
		const only = { events: ALL_EVENTS, options: { phones: '5511988887777' } };
		expect(starts(only, { ...contentFixture(text), phone })).toBe(false);
		expect(starts(only, { ...UNKNOWN_CALLBACKS.CallCallback, phone })).toBe(false);
		expect(starts({ events: ALL_EVENTS }, { ...contentFixture(text), phone })).toBe(true);
	});
});

it('a filtered delivery to the test address is answered the same way', async () => {
	const target = await listening({ events: ['messageReceived'] }, { isTest: true });
	const { items, result } = await deliver(target.setup, {
		body: contentFixture(text, { fromMe: true }),
		query: target.query,
		isTest: true,
	});
	expect(items).toBeUndefined();
	expect(result.webhookResponse).toEqual({ received: true, started: false });
});
