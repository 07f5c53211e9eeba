import { SEND_AT_ONCE_RULES, combine, commandOf, endsBurstAtOnce } from '../../../../../../nodes/ZApi/actions/conversation/combineMessages/burst';
import { keep, readIncoming, unkeep } from '../../../../../../nodes/shared/conversationState/messages';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const message = (json: Record<string, unknown>) => readIncoming({ chatId: '5511911111111', messageId: 'M1', ...json }, NOW)!;

describe('readIncoming', () => {
	it.each([
		[{ fromMe: true, fromApi: false }, true, false],
		[{ fromMe: 'true', payload: { fromApi: 'true' } }, true, true],
		[{ fromMe: true, fromApi: true, payload: { fromApi: false } }, true, true],
		[{ fromMe: false }, false, undefined],
	])('%j -> fromMe %s, fromApi %s', (json, fromMe, fromApi) => {
		expect(message(json)).toMatchObject({ fromMe, fromApi });
	});

	it('is undefined for items without a chat or a message id', () => {
		expect(readIncoming({ event: 'status' }, NOW)).toBeUndefined();
		expect(readIncoming({ chatId: 'x' }, NOW)).toBeUndefined();
	});

	it('takes the time from timestamp, else now', () => {
		expect(message({ timestamp: '2026-03-01T11:59:00.000Z' }).time).toBe(NOW - 60_000);
		expect(message({ timestamp: null }).time).toBe(NOW);
	});
});

describe('send-at-once rules', () => {
	it('lists each rule with a name and description', () => {
		for (const rule of Object.values(SEND_AT_ONCE_RULES)) expect(rule.description.length).toBeGreaterThan(10);
	});

	it.each([
		[{ kind: 'text', text: 'qual o preço?' }, ['question'], true],
		[{ kind: 'text', text: 'qual o preço？ ' }, ['question'], true],
		[{ kind: 'text', text: 'qual o preço' }, ['question'], false],
		[{ kind: 'text', text: 'qual o preço?' }, [], false],
		[{ kind: 'buttonsResponse', text: 'Sim' }, ['buttonReply'], true],
		[{ kind: 'listResponse', text: 'Opção 2' }, ['buttonReply'], true],
		[{ kind: 'listResponse', text: 'Opção 2' }, ['question'], false],
	])('%j with %j -> %s', (json, rules, atOnce) => {
		expect(endsBurstAtOnce(message(json), rules)).toBe(atOnce);
	});
});

describe('commandOf', () => {
	it.each([
		['#bot off', 'pause'],
		['  #BOT Off ', 'pause'],
		['#bot on', 'resume'],
		['#bot off please', undefined],
		[null, undefined],
	])('%j -> %s', (text, command) => {
		expect(commandOf(text, ['#bot off', 'pare'], ['#bot on'])).toBe(command);
	});
});

describe('combine', () => {
	const kept = (id: string, text: string | null, minute: number, binary?: Record<string, unknown>) =>
		unkeep(keep({ messageId: id, kind: text === null ? 'image' : 'text', text, chatId: 'c', phone: 'p', payload: { big: 'x' } }, binary as never, NOW + minute * 60_000))!;

	it('orders by time, counts a copy once, joins texts, leaves out the delivery', () => {
		const burst = combine([kept('B', 'second', 2), kept('A', 'first', 1), kept('B', 'second', 2), kept('C', null, 3)]);
		expect(burst.json).toMatchObject({
			text: 'first\nsecond',
			messageIds: ['A', 'B', 'C'],
			kinds: ['text', 'text', 'image'],
			count: 3,
			firstTimestamp: new Date(NOW + 60_000).toISOString(),
			lastTimestamp: new Date(NOW + 180_000).toISOString(),
		});
		expect(burst.json.payload).toBeUndefined();
	});

	it("carries every message's stored files, renaming a second 'data'", () => {
		const file = (id: string) => ({ id: `filesystem-v2:${id}`, mimeType: 'image/jpeg', data: 'filesystem-v2', fileName: `${id}.jpg` });
		const burst = combine([kept('A', null, 1, { data: file('a') }), kept('B', null, 2, { data: file('b') })]);
		expect(burst.binary).toEqual({ data: file('a'), data_2: file('b') });
	});

	it('keeps an inline file only when small', () => {
		const small = { data: 'aGVsbG8=', mimeType: 'text/plain' };
		const large = { data: 'x'.repeat(600 * 1024), mimeType: 'text/plain' };
		expect(unkeep(keep({ messageId: 'A' }, { small, large } as never, NOW))?.binary).toEqual({ small });
	});
});
