/**
 * Generated deliveries through the receive path: a few thousand in `npm test`, as many as
 * asked with `npm run fuzz` (FUZZ_CASES, FUZZ_SEED). Whatever comes in, nothing throws,
 * every item keeps the contract, Object.prototype stays as it was and the delivery is not
 * changed. A failure names the seed and the case, which the same seed gives again.
 */
import type { IDataObject } from 'n8n-workflow';

import { INSTANCE_CALLBACKS } from '../../../nodes/shared/delivery/kinds';
import { ACTIVATION_PARAM, signedUrl, SIGNATURE_PARAM } from '../../../nodes/shared/signedAddress';
import { MAX_PAYLOAD_DEPTH, PLAUSIBLE_TIME_MS, toItems } from '../../../nodes/shared/delivery/items';
import { answerDelivery, type Answer, type Receiver } from '../../../nodes/ZApiTrigger/receive';
import { TEST_CREDENTIALS } from '../../helpers/engine';
import { ALL_EVENTS, deliverTo, listening, type Listening } from './fixtures';
import {
	choicesGenerator,
	deepFreeze,
	deliveryGenerator,
	harnessCanWrite,
	HOSTILE_KEYS,
	seeded,
	shapeOf,
} from './fuzzDeliveries';

const CASES = Number(process.env.FUZZ_CASES || 3000);
const ENGINE_CASES = Number(process.env.FUZZ_ENGINE_CASES || 40);
const SEED = Number(process.env.FUZZ_SEED || 20261121);

const EVENTS = ['message', 'status', 'notification', 'unknown', ...INSTANCE_CALLBACKS.map(({ event }) => event)];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const receiver: Receiver = {
	instanceId: TEST_CREDENTIALS.instanceId,
	instanceToken: TEST_CREDENTIALS.instanceToken,
	scope: 'wf1:trigger-node-id',
	activation: 'a'.repeat(32),
};
const signedQuery = Object.fromEntries(
	new URL(signedUrl('https://n8n.example.com/webhook/x/webhook', TEST_CREDENTIALS.instanceToken, receiver.scope, receiver.activation!))
		.searchParams,
);

/** What Object.prototype holds now: names and descriptors' values. */
function prototypeState(): string {
	return Object.getOwnPropertyNames(Object.prototype)
		.map((name) => `${name}:${typeof Object.getOwnPropertyDescriptor(Object.prototype, name)?.value}`)
		.join(',');
}
const PROTOTYPE = prototypeState();

function expectPrototypeUntouched(): void {
	if (prototypeState() !== PROTOTYPE) throw new Error('Object.prototype was changed');
	const plain = {} as Record<string, unknown>;
	for (const key of ['polluted', ...HOSTILE_KEYS]) {
		if (key !== '__proto__' && plain[key] !== (Object.prototype as Record<string, unknown>)[key]) {
			throw new Error(`Object.prototype.${key} was changed`);
		}
	}
	if ('polluted' in plain) throw new Error('Object.prototype gained polluted');
}

/** Whether a value has more than `levels` levels of objects and arrays; counted without recursion. */
function deeperThan(value: unknown, levels: number): boolean {
	const stack: Array<[unknown, number]> = [[value, 1]];
	while (stack.length) {
		const [current, depth] = stack.pop()!;
		if (typeof current !== 'object' || current === null) continue;
		if (depth > levels) return true;
		for (const child of Object.values(current)) stack.push([child, depth + 1]);
	}
	return false;
}

/** The item contract: every item says what it is, when, and carries the delivery as it came. */
function expectContract(items: IDataObject[], delivery: unknown, where: string): void {
	for (const item of items) {
		if (!EVENTS.includes(item.event as string)) throw new Error(`${where}: event ${String(item.event)}`);
		if (typeof item.kind !== 'string' || !item.kind) throw new Error(`${where}: kind is not text`);
		if (item.timestamp !== null) {
			if (typeof item.timestamp !== 'string' || !ISO.test(item.timestamp)) throw new Error(`${where}: timestamp`);
			const ms = Date.parse(item.timestamp);
			if (ms < PLAUSIBLE_TIME_MS.from || ms >= PLAUSIBLE_TIME_MS.to) throw new Error(`${where}: implausible timestamp`);
		}
		// The delivery as it came, or, when n8n could not store it, cut at MAX_PAYLOAD_DEPTH.
		if (item.payload !== delivery) {
			if (!deeperThan(delivery, MAX_PAYLOAD_DEPTH)) throw new Error(`${where}: payload is not the delivery as it came`);
			if (deeperThan(item.payload, MAX_PAYLOAD_DEPTH)) throw new Error(`${where}: payload still too deep`);
		}
		if (deeperThan(item, MAX_PAYLOAD_DEPTH + 1)) throw new Error(`${where}: item nests deeper than n8n can store`);
		for (const id of (item.ids as unknown[] | undefined) ?? []) {
			if (typeof id !== 'string') throw new Error(`${where}: an id that is not text`);
		}
	}
}

function expectAnswer(answer: Answer, delivery: unknown, where: string): void {
	if (answer.outcome === 'started') {
		if (!answer.items.length) throw new Error(`${where}: started with no item`);
		expectContract(answer.items, delivery, where);
	} else if (answer.outcome === 'refused') {
		if (![400, 401, 403].includes(answer.status)) throw new Error(`${where}: refused with ${answer.status}`);
	}
}

describe(`the receive path, ${CASES} generated deliveries (seed ${SEED})`, () => {
	it('items from every delivery, and the decision on it, keep the contract; nothing throws, nothing is changed', () => {
		const next = deliveryGenerator(SEED);
		const choose = choicesGenerator(SEED);
		const random = seeded(SEED ^ 0x5eed);
		const outcomes: Record<string, number> = {};
		for (let index = 0; index < CASES; index++) {
			const where = `seed ${SEED}, case ${index}`;
			const delivery = next();
			// Frozen through and through: the node's code is strict, so a write to the delivery throws.
			deepFreeze(delivery);
			// A hostile query now and then: it must be refused, never read as text.
			const query = random.chance(0.1) ? { [ACTIVATION_PARAM]: next(), [SIGNATURE_PARAM]: next() } : signedQuery;
			let answer: Answer;
			try {
				if (typeof delivery === 'object' && delivery !== null && !Array.isArray(delivery)) {
					const items = toItems(delivery as IDataObject, { splitStatusIds: random.chance(0.5) });
					if (!items.length) throw new Error('no item');
					expectContract(items, delivery, `${where} (toItems)`);
				}
				answer = answerDelivery({ query, body: delivery }, receiver, choose());
			} catch (error) {
				throw new Error(`${where}: ${(error as Error).message}`);
			}
			expectAnswer(answer, delivery, where);
			expectPrototypeUntouched();
			const key = answer.outcome === 'refused' ? `refused ${answer.status}` : answer.outcome;
			outcomes[key] = (outcomes[key] ?? 0) + 1;
		}
		// The generator reaches every outcome, or it tests less than it claims.
		expect(Object.keys(outcomes).sort()).toEqual(['ignored', 'refused 400', 'refused 401', 'refused 403', 'started']);
	});
});

describe(`through n8n's WebhookContext, ${ENGINE_CASES} generated deliveries`, () => {
	let trigger: Listening;
	let phones: Listening;
	beforeAll(async () => {
		trigger = await listening({ events: ALL_EVENTS, options: { splitStatusIds: true } });
		phones = await listening({ events: ALL_EVENTS, options: { phones: '5511988887777, 120363019502650977-group' } });
	});

	it('every one is answered (an execution, 200 without one, or a 4xx), the delivery unchanged', async () => {
		const next = deliveryGenerator(SEED + 1);
		for (let index = 0; index < ENGINE_CASES; index++) {
			const where = `seed ${SEED + 1}, engine case ${index}`;
			const delivery = next();
			// The pure run above covers bodies that are not objects.
			if (typeof delivery !== 'object' || delivery === null || Array.isArray(delivery)) continue;
			harnessCanWrite(delivery as IDataObject);
			const shape = shapeOf(delivery);
			const { items, response, result } = await deliverTo(index % 2 ? phones : trigger, delivery);
			if (items) expectContract(items, delivery, where);
			else if (response.status !== undefined) expect([400, 403]).toContain(response.status);
			else expect(result.webhookResponse).toEqual({ received: true, started: false });
			if (shapeOf(delivery) !== shape) throw new Error(`${where}: the delivery was changed`);
			expectPrototypeUntouched();
		}
	});
});
