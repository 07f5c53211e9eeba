import {
	afterRelay,
	ARRIVAL_RULES,
	arrivalOf,
	DEPARTURE_RULES,
	departureOf,
	holderOf,
	inheritedBy,
	memberOf,
	relayTargets,
	successorOf,
	webhooksOfDelivery,
	withMember,
	withoutMember,
	type Holder,
	type Member,
} from '../../../nodes/ZApiTrigger/sharingRules';
import { CONTENT_KINDS } from '../../../nodes/shared/delivery/kinds';
import { contentFixture, instanceCallbackFixture, notificationFixture, statusFixture } from './fixtures';

const OWN = 'https://n8n.example.com/webhook/c0ffee00-0000-4000-8000-000000000001/webhook';
const SIGNED = `?activation=${'0'.repeat(12)}${'a'.repeat(20)}&signature=${'b'.repeat(64)}`;
const SIBLING = `https://n8n.example.com/webhook/c0ffee00-0000-4000-8000-000000000002/webhook${SIGNED}`;

describe('holderOf: whose address a webhook holds', () => {
	it.each<[string, string | undefined, Holder]>([
		['settings not readable', undefined, 'unreadable'],
		['nothing', '', 'outside'],
		['this trigger, any activation', `${OWN}${SIGNED}`, 'self'],
		['another trigger of this n8n', SIBLING, 'sibling'],
		['a trigger of another n8n', SIBLING.replace('n8n.example.com', 'other-n8n.example.com'), 'outside'],
		['a test address of this n8n', SIBLING.replace('/webhook/', '/webhook-test/'), 'outside'],
		['this n8n, without a signature', SIBLING.split('&')[0], 'outside'],
		['this n8n, a signature of another shape', SIBLING.replace(/signature=\w+/, 'signature=xyz'), 'outside'],
		['another program', 'https://crm.example.com/zapi/inbound', 'outside'],
		['not a URL', 'not a url', 'outside'],
	])('%s', (_what, current, holder) => {
		expect(holderOf(current, OWN)).toBe(holder);
	});
});

describe('arrivalOf: join the head or take the webhook', () => {
	it.each<[Holder, boolean, string]>([
		['sibling', false, 'join'],
		['sibling', true, 'take'],
		['self', false, 'take'],
		['outside', false, 'take'],
		['unreadable', false, 'take'],
	])('%s, test %s → %s', (holder, test, arrival) => {
		expect(arrivalOf({ holder, test })).toBe(arrival);
	});

	it('every rule decides some case', () => {
		const decided = new Set(
			(['sibling', 'self', 'outside', 'unreadable'] as Holder[]).flatMap((holder) =>
				[true, false].map((test) => ARRIVAL_RULES.find((rule) => rule.matches({ holder, test }))!.name),
			),
		);
		expect([...decided].sort()).toEqual(ARRIVAL_RULES.map((rule) => rule.name).sort());
	});
});

describe('departureOf: leave, hand over, or the registration’s clean-up', () => {
	it.each<[Holder, number, boolean, string]>([
		['self', 2, false, 'handOver'],
		['self', 0, false, 'cleanUp'],
		['sibling', 0, false, 'leave'],
		['sibling', 1, false, 'leave'],
		['outside', 1, false, 'cleanUp'],
		['unreadable', 1, false, 'cleanUp'],
		['self', 2, true, 'cleanUp'],
	])('%s with %d members, test %s → %s', (holder, members, test, departure) => {
		expect(departureOf({ holder, members, test })).toBe(departure);
	});

	it('every rule decides some case', () => {
		const decided = new Set(
			(['sibling', 'self', 'outside', 'unreadable'] as Holder[]).flatMap((holder) =>
				[0, 1].flatMap((members) => [true, false].map((test) => DEPARTURE_RULES.find((rule) => rule.matches({ holder, members, test }))!.name)),
			),
		);
		expect([...decided].sort()).toEqual(DEPARTURE_RULES.map((rule) => rule.name).sort());
	});
});

describe('webhooksOfDelivery: which webhook a delivery came through', () => {
	it.each([
		['a message received', contentFixture(CONTENT_KINDS[0]), ['receivedAndSent']],
		['a message sent by me', contentFixture(CONTENT_KINDS[0], { fromMe: true }), ['receivedAndSent']],
		['a group notification', notificationFixture('GROUP_PARTICIPANT_ADD'), ['receivedAndSent']],
		['a status change', statusFixture('READ'), ['messageStatus']],
		['a send result', instanceCallbackFixture('DeliveryCallback'), ['sendResult']],
		['instance connected', instanceCallbackFixture('ConnectedCallback'), ['connected']],
		['instance disconnected', instanceCallbackFixture('DisconnectedCallback'), ['disconnected']],
		['chat presence', instanceCallbackFixture('PresenceChatCallback'), ['chatPresence']],
		['a type not known: every webhook', { type: 'SomethingNewCallback' }, ['receivedAndSent', 'messageStatus', 'sendResult', 'connected', 'disconnected', 'chatPresence']],
	])('%s', (_what, body, webhooks) => {
		expect(webhooksOfDelivery(body)).toEqual(webhooks);
	});
});

const member = (scope: string, webhooks: Member['webhooks'], activation = 'a'.repeat(32)): Member => ({
	url: `https://n8n.example.com/webhook/${scope}/webhook`,
	scope,
	activation,
	webhooks,
});

describe('the members list', () => {
	const a = member('wf-a:n', ['receivedAndSent']);
	const b = member('wf-b:n', ['receivedAndSent', 'messageStatus']);
	const c = member('wf-c:n', ['messageStatus']);

	it('a delivery goes to the members of its webhook, each once', () => {
		expect(relayTargets([a, b, c], ['receivedAndSent']).map((each) => each.scope)).toEqual(['wf-a:n', 'wf-b:n']);
		expect(relayTargets([a, b, c], ['messageStatus']).map((each) => each.scope)).toEqual(['wf-b:n', 'wf-c:n']);
		expect(relayTargets([a, b, c], ['connected'])).toEqual([]);
	});

	it('joining again adds webhooks; a new activation replaces the old one', () => {
		expect(withMember([a], member('wf-a:n', ['messageStatus']))).toEqual([member('wf-a:n', ['receivedAndSent', 'messageStatus'])]);
		expect(withMember([a], member('wf-a:n', ['messageStatus'], 'f'.repeat(32)))).toEqual([member('wf-a:n', ['messageStatus'], 'f'.repeat(32))]);
	});

	it('leaving drops webhooks, and the member with none left', () => {
		expect(withoutMember([a, b], 'wf-b:n', ['receivedAndSent'])).toEqual([a, member('wf-b:n', ['messageStatus'])]);
		expect(withoutMember([a, b], 'wf-a:n', ['receivedAndSent'])).toEqual([b]);
	});

	it('the successor of each webhook is its earliest member; it inherits the others for those webhooks only', () => {
		expect(successorOf([a, b, c], ['receivedAndSent', 'messageStatus'])).toEqual({ successor: a, takes: ['receivedAndSent'] });
		expect(successorOf([a, b, c], ['messageStatus'])).toEqual({ successor: b, takes: ['messageStatus'] });
		expect(successorOf([a], ['connected'])).toBeUndefined();
		expect(inheritedBy([a, b, c], a, ['receivedAndSent'])).toEqual([member('wf-b:n', ['receivedAndSent'])]);
	});

	it.each([
		['no https address', { ...a, url: 'http://n8n.example.com/webhook/x/webhook' }],
		['no webhooks', { ...a, webhooks: [] }],
		['only unknown webhooks', { ...a, webhooks: ['somethingElse'] }],
		['no activation', { ...a, activation: 7 }],
		['not an object', 'wf-a:n'],
	])('a record with %s is not a member', (_what, record) => {
		expect(memberOf(record)).toBeUndefined();
	});
});

describe('afterRelay: what the head’s report of a delivery passed on does to a member', () => {
	const base: Member = { url: 'https://n8n.example.com/webhook/m/webhook', scope: 'wf-m:n', activation: 'a'.repeat(32), webhooks: ['receivedAndSent'] };
	const MINUTE = 60_000;

	it('failures add up and drop the member only at 5 over 10 minutes; a delivery taken clears them', () => {
		let member: Member | undefined = base;
		for (let at = 1; at <= 5; at++) member = afterRelay(member!, false, at * MINUTE);
		expect(member).toMatchObject({ failures: 5, failingSince: MINUTE, failedAt: 5 * MINUTE });
		expect(afterRelay(member!, true, 6 * MINUTE)).toEqual(base);
		expect(afterRelay(member!, false, 11 * MINUTE)).toBeUndefined();
	});

	it('a report sent again, or older than the last failure counted, counts nothing and comes back unchanged', () => {
		const failed = afterRelay(base, false, 1_000)!;
		expect(afterRelay(failed, false, 1_000)).toBe(failed);
		expect(afterRelay(failed, false, 999)).toBe(failed);
		expect(afterRelay(failed, true, 999)).toBe(failed);
		expect(afterRelay(base, true, 1_000)).toBe(base);
	});

	it('a member record keeps when its last failure was counted', () => {
		expect(memberOf({ ...base, failures: 2, failingSince: 1, failedAt: 5 })).toEqual({ ...base, failures: 2, failingSince: 1, failedAt: 5 });
	});
});
