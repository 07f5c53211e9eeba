/**
 * What starts the workflow: the events chosen, the message kinds, the chats. A delivery
 * that is filtered out is still answered (200, no execution), so the service does not
 * retry it.
 */
import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import { CONTENT_KINDS } from '../../../nodes/ZApiTrigger/callbackKinds';
import { deliver } from '../../helpers/engine';
import {
	ALL_EVENTS,
	callbacks,
	contentFixture,
	deliverTo,
	listening,
	notificationFixture,
	OTHER_CALLBACKS,
	PEOPLE,
	statusFixture,
} from './fixtures';

// nock 14 stays hooked into Node's http module after a file ends, and the next file in the
// same worker then gets no mocks: unhook it.
afterAll(() => nock.restore());

const kind = (name: string) => CONTENT_KINDS.find((candidate) => candidate.kind === name)!;
const text = kind('text');

/** Deliveries of each event, as the service sends them. */
const DELIVERIES: Record<string, () => IDataObject> = {
	received: () => contentFixture(text),
	sent: () => contentFixture(text, { fromMe: true }),
	status: () => statusFixture('READ'),
	notification: () => notificationFixture('GROUP_PARTICIPANT_ADD'),
};

/** Whether the delivery starts an execution; a filtered one is answered without one. */
async function starts(parameters: IDataObject, body: IDataObject): Promise<boolean> {
	const target = await listening(parameters);
	const { items, result, response } = await deliverTo(target, body);
	// Nothing is refused: accepted or not, the node writes no error response.
	expect(response.status).toBeUndefined();
	if (items === undefined) {
		expect(result.workflowData).toBeUndefined();
		expect(result.webhookResponse).toEqual({ received: true, started: false });
		return false;
	}
	expect(items.length).toBeGreaterThan(0);
	return true;
}

async function whichStart(parameters: IDataObject, deliveries = DELIVERIES): Promise<string[]> {
	const started: string[] = [];
	for (const [name, build] of Object.entries(deliveries)) {
		if (await starts(parameters, build())) started.push(name);
	}
	return started;
}

describe('messages sent by me: the bot self-reply guard', () => {
	it('with the default events, a message I sent does not start the workflow, one I received does', async () => {
		// No events parameter: n8n fills in the default (Message Received).
		expect(await starts({}, contentFixture(text, { fromMe: true }))).toBe(false);
		expect(await starts({}, contentFixture(text))).toBe(true);
	});

	it.each(CONTENT_KINDS.map((entry) => [entry.kind, entry] as const))(
		'%s sent by me is ignored unless Message Sent by Me is chosen',
		async (_name, entry) => {
			expect(await starts({ events: ['messageReceived'] }, contentFixture(entry, { fromMe: true }))).toBe(false);
			expect(await starts({ events: ['messageReceived', 'messageSent'] }, contentFixture(entry, { fromMe: true }))).toBe(
				true,
			);
		},
	);

	it('a message I sent in a group is ignored too', async () => {
		const body = contentFixture(text, { isGroup: true, fromMe: true });
		expect(body.participantPhone).toBe(PEOPLE.connectedPhone);
		expect(await starts({ events: ['messageReceived'] }, body)).toBe(false);
	});

	it('fromMe sent as the string "true" is still recognised as mine', async () => {
		expect(await starts({ events: ['messageReceived'] }, contentFixture(text, { fromMe: 'true' }))).toBe(false);
		expect(await starts({ events: ['messageSent'] }, contentFixture(text, { fromMe: 'true' }))).toBe(true);
	});

	it('only Message Sent by Me: received messages do not start the workflow', async () => {
		expect(await whichStart({ events: ['messageSent'] })).toEqual(['sent']);
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
	])('%j starts on %j only', async (events, expected) => {
		expect(await whichStart({ events })).toEqual(expected);
	});

	it('a notification about something I did is a notification, not a message I sent', async () => {
		const body = notificationFixture('GROUP_CREATE', { fromMe: true });
		expect(await starts({ events: ['messageReceived', 'messageSent'] }, body)).toBe(false);
		expect(await starts({ events: ['notification'] }, body)).toBe(true);
	});
});

describe('message kinds', () => {
	it('only the chosen kinds start the workflow', async () => {
		const parameters = { events: ['messageReceived'], contentKinds: ['image', 'audio'] };
		for (const entry of CONTENT_KINDS) {
			expect({ kind: entry.kind, starts: await starts(parameters, contentFixture(entry)) }).toEqual({
				kind: entry.kind,
				starts: ['image', 'audio'].includes(entry.kind),
			});
		}
	});

	it('applies to messages I sent as well', async () => {
		const parameters = { events: ['messageSent'], contentKinds: ['reaction'] };
		expect(await starts(parameters, contentFixture(kind('reaction'), { fromMe: true }))).toBe(true);
		expect(await starts(parameters, contentFixture(text, { fromMe: true }))).toBe(false);
	});

	it('a message of a kind the node does not know does not pass a kind filter', async () => {
		const body = contentFixture(text, { text: undefined, poll: { name: 'Lunch?' } });
		expect(await starts({ events: ['messageReceived'], contentKinds: ['text'] }, body)).toBe(false);
		expect(await starts({ events: ['messageReceived'] }, body)).toBe(true);
	});

	it('does not hold back status changes or notifications', async () => {
		expect(await whichStart({ events: ALL_EVENTS, contentKinds: ['image'] })).toEqual(['status', 'notification']);
	});

	it('every kind of the table can be chosen', async () => {
		for (const entry of CONTENT_KINDS) {
			expect(await starts({ events: ['messageReceived'], contentKinds: [entry.kind] }, contentFixture(entry))).toBe(true);
		}
	});
});

describe('notification kinds', () => {
	const notifications = { events: ['notification'] };

	it('only the chosen codes start the workflow', async () => {
		const parameters = { ...notifications, notificationKinds: ['GROUP_PARTICIPANT_ADD'] };
		expect(await starts(parameters, notificationFixture('GROUP_PARTICIPANT_ADD'))).toBe(true);
		expect(await starts(parameters, notificationFixture('GROUP_PARTICIPANT_REMOVE'))).toBe(false);
		expect(await starts(parameters, notificationFixture('CALL_MISSED_VOICE'))).toBe(false);
	});

	it('empty lets every code through', async () => {
		expect(await starts({ ...notifications, notificationKinds: [] }, notificationFixture('REVOKE'))).toBe(true);
	});

	it('does not hold back messages', async () => {
		const parameters = { events: ['messageReceived', 'notification'], notificationKinds: ['REVOKE'] };
		expect(await starts(parameters, contentFixture(text))).toBe(true);
	});
});

describe('chats: groups only / no groups', () => {
	const privateText = () => contentFixture(text);
	const groupText = () => contentFixture(text, { isGroup: true });

	it('Groups Only: group messages start the workflow, one-to-one messages do not', async () => {
		const parameters = { events: ALL_EVENTS, options: { chatType: 'groups' } };
		expect(await starts(parameters, groupText())).toBe(true);
		expect(await starts(parameters, privateText())).toBe(false);
		expect(await starts(parameters, notificationFixture('GROUP_PARTICIPANT_LEAVE'))).toBe(true);
		expect(await starts(parameters, notificationFixture('CALL_MISSED_VOICE'))).toBe(false);
	});

	it('No Groups: the reverse', async () => {
		const parameters = { events: ALL_EVENTS, options: { chatType: 'private' } };
		expect(await starts(parameters, groupText())).toBe(false);
		expect(await starts(parameters, privateText())).toBe(true);
		expect(await starts(parameters, notificationFixture('GROUP_CREATE'))).toBe(false);
		expect(await starts(parameters, notificationFixture('CALL_MISSED_VIDEO'))).toBe(true);
	});

	it('All Chats (the default): both', async () => {
		expect(await starts({ events: ALL_EVENTS }, groupText())).toBe(true);
		expect(await starts({ events: ALL_EVENTS, options: { chatType: 'all' } }, privateText())).toBe(true);
	});

	it('a status change tells its chat by isGroup, or by a group id when isGroup is missing', async () => {
		const groups = { events: ['messageStatus'], options: { chatType: 'groups' } };
		const noGroups = { events: ['messageStatus'], options: { chatType: 'private' } };
		const inGroup = () => statusFixture('READ', undefined, { phone: PEOPLE.groupId });
		const flagged = () => statusFixture('READ', undefined, { phone: PEOPLE.groupId, isGroup: true });
		const oldGroup = () => statusFixture('READ', undefined, { phone: PEOPLE.oldGroupId });
		const oneToOne = () => statusFixture('READ');

		expect(await starts(groups, flagged())).toBe(true);
		expect(await starts(groups, inGroup())).toBe(true);
		expect(await starts(groups, oldGroup())).toBe(true);
		expect(await starts(groups, oneToOne())).toBe(false);
		expect(await starts(noGroups, inGroup())).toBe(false);
		expect(await starts(noGroups, oneToOne())).toBe(true);
	});
});

describe('only these phones', () => {
	const from = (phone: string) => contentFixture(text, { phone });
	const inGroup = (participantPhone: string, phone = PEOPLE.groupId) =>
		contentFixture(text, { isGroup: true, phone, participantPhone });
	const only = (phones: string) => ({ events: ALL_EVENTS, options: { phones } });

	it('a listed phone starts the workflow, another does not', async () => {
		expect(await starts(only('5511988887777'), from('5511988887777'))).toBe(true);
		expect(await starts(only('5511988887777'), from('5511966665555'))).toBe(false);
	});

	it.each(['+55 (11) 98888-7777', '55 11 98888-7777', '+5511988887777', ' 5511988887777 '])(
		'the masked phone %j matches the digits the service sends',
		async (masked) => {
			expect(await starts(only(masked), from('5511988887777'))).toBe(true);
		},
	);

	it('several entries, separated by commas, semicolons or new lines', async () => {
		const list = only('5511900000001, 5511988887777;5511900000002\n5511900000003');
		expect(await starts(list, from('5511988887777'))).toBe(true);
		expect(await starts(list, from('5511900000003'))).toBe(true);
		expect(await starts(list, from('5511900000009'))).toBe(false);
	});

	it('a group id (new and old form) matches every message of that group', async () => {
		expect(await starts(only(PEOPLE.groupId), inGroup(PEOPLE.memberPhone))).toBe(true);
		expect(await starts(only(PEOPLE.groupId), inGroup(PEOPLE.memberPhone, '120363000000000001-group'))).toBe(false);
		expect(await starts(only(PEOPLE.oldGroupId), inGroup(PEOPLE.memberPhone, PEOPLE.oldGroupId))).toBe(true);
	});

	it('a group member’s phone matches their messages in any group (participantPhone)', async () => {
		expect(await starts(only('+55 11 97777-6666'), inGroup(PEOPLE.memberPhone))).toBe(true);
		expect(await starts(only('+55 11 97777-6666'), inGroup('5511900000009'))).toBe(false);
	});

	it('LID ids match as they are, in phone and in participantPhone', async () => {
		const lid = callbacks.lidFor(PEOPLE.contactPhone);
		expect(await starts(only(lid), from(lid))).toBe(true);
		expect(await starts(only(lid), inGroup(lid))).toBe(true);
		expect(await starts(only(lid), from(PEOPLE.contactPhone))).toBe(false);
	});

	it('applies to status changes and notifications', async () => {
		expect(await starts(only(PEOPLE.contactPhone), statusFixture('READ'))).toBe(true);
		expect(await starts(only('5511900000009'), statusFixture('READ'))).toBe(false);
		expect(await starts(only(PEOPLE.groupId), notificationFixture('GROUP_PARTICIPANT_REMOVE'))).toBe(true);
		expect(await starts(only('5511900000009'), notificationFixture('GROUP_PARTICIPANT_REMOVE'))).toBe(false);
	});

	it('an empty list lets every chat through', async () => {
		expect(await starts(only(' , '), from('5511900000009'))).toBe(true);
	});
});

describe('deliveries of kinds the node does not know go through the same chat filters', () => {
	const delivery = () => ({ ...OTHER_CALLBACKS.DeliveryCallback });
	const connected = () => ({ ...OTHER_CALLBACKS.ConnectedCallback });

	it('Only These Phones: an unknown delivery about another chat does not start the workflow', async () => {
		const parameters = { events: ['messageReceived'], options: { phones: '5511900000009' } };
		expect(await starts(parameters, delivery())).toBe(false);
		expect(await starts(parameters, connected())).toBe(false);
		expect(await starts({ ...parameters, options: { phones: PEOPLE.contactPhone } }, delivery())).toBe(true);
	});

	it('Groups Only: an unknown delivery about a one-to-one chat does not start the workflow', async () => {
		expect(await starts({ events: ['messageReceived'], options: { chatType: 'groups' } }, delivery())).toBe(false);
		expect(await starts({ events: ['messageReceived'], options: { chatType: 'private' } }, delivery())).toBe(true);
	});

	it('without chat filters they start it (Unknown Events: Emit, the default)', async () => {
		expect(await starts({ events: ['messageReceived'] }, delivery())).toBe(true);
		expect(await starts({ events: ['messageReceived'] }, connected())).toBe(true);
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
