import {
	IDLE_MS,
	PAST_CLOSE_MS,
	SEND_AT_ONCE_RULES,
	WENT_ON_BECAUSE,
	burstOf,
	closedBecause,
	combine,
	commandOf,
	cutByMaximumWait,
	decidesAt,
	goesOnAtOnce,
	isBehind,
	patternOf,
	progressPause,
	triggerIsPast,
	wordsOf,
} from '../../../../../../nodes/ZApi/actions/conversation/combineMessages/burst';
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
		expect(message({ timestamp: '2026-03-01T11:59:00.000Z' }).sentAt).toBe(NOW - 60_000);
		expect(message({ timestamp: null }).sentAt).toBe(NOW);
	});
});

describe('go on at once: why a message ends its burst without waiting', () => {
	it('lists each ready-made rule with a name, a description and the reason it gives', () => {
		for (const rule of Object.values(SEND_AT_ONCE_RULES)) {
			expect(rule.description.length).toBeGreaterThan(10);
			expect(Object.values(WENT_ON_BECAUSE)).toContain(rule.reason);
		}
	});

	const none = { rules: [], words: [] };
	it.each([
		['a question, with the question rule', { kind: 'text', text: 'qual o preço?' }, { ...none, rules: ['question'] }, 'keyword'],
		['a full-width question mark and a trailing space', { kind: 'text', text: 'qual o preço？ ' }, { ...none, rules: ['question'] }, 'keyword'],
		['no question mark', { kind: 'text', text: 'qual o preço' }, { ...none, rules: ['question'] }, undefined],
		['a question with no rule chosen', { kind: 'text', text: 'qual o preço?' }, none, undefined],
		['a button reply', { kind: 'buttonsResponse', text: 'Sim' }, { ...none, rules: ['buttonReply'] }, 'buttonReply'],
		['a list reply', { kind: 'listResponse', text: 'Opção 2' }, { ...none, rules: ['buttonReply'] }, 'buttonReply'],
		['a list reply, with the question rule only', { kind: 'listResponse', text: 'Opção 2' }, { ...none, rules: ['question'] }, undefined],
		['a word, whatever its case, accents and punctuation', { kind: 'text', text: 'Quero falar com um ATENDENTE!' }, { ...none, words: wordsOf('atendente, humano') }, 'keyword'],
		['a word written with an accent the list has not', { kind: 'text', text: 'não consigo, quero um humano' }, { ...none, words: wordsOf('nao consigo') }, 'keyword'],
		['a phrase', { kind: 'text', text: 'quero falar com alguém agora' }, { ...none, words: wordsOf('falar com alguem') }, 'keyword'],
		['part of a longer word does not count', { kind: 'text', text: 'os atendentes são ótimos' }, { ...none, words: wordsOf('atendente') }, undefined],
		['a message without text', { kind: 'image', text: null }, { ...none, words: wordsOf('atendente') }, undefined],
		['a pattern', { kind: 'text', text: '01310-100' }, { ...none, pattern: patternOf('^\\d{5}-?\\d{3}$') }, 'keyword'],
		['a pattern in slashes, case not mattering', { kind: 'text', text: 'Pedido ABC-123' }, { ...none, pattern: patternOf('/pedido [a-z]{3}-\\d+/') }, 'keyword'],
		['a pattern not matched', { kind: 'text', text: 'meu cep é 01310' }, { ...none, pattern: patternOf('^\\d{5}-?\\d{3}$') }, undefined],
	])('%s -> %s', (_name, json, goOn, expected) => {
		expect(goesOnAtOnce(message(json), goOn)).toBe(expected);
	});

	it('a pattern given the g flag matches every message, not every other one', () => {
		const pattern = patternOf('/humano/g');
		const goOn = { ...none, pattern };
		expect([1, 2, 3].map(() => goesOnAtOnce(message({ kind: 'text', text: 'humano' }), goOn))).toEqual(['keyword', 'keyword', 'keyword']);
	});

	it.each([['(unclosed'], ['/[a-/']])('an invalid pattern %s throws, saying why', (raw) => {
		expect(() => patternOf(raw)).toThrow(SyntaxError);
	});

	it('an empty pattern and an empty word list are no rule', () => {
		expect(patternOf('  ')).toBeUndefined();
		expect(wordsOf(' , ,')).toEqual([]);
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

describe('burstOf: the burst lines drawn from arrival times alone', () => {
	const rules = { quietMs: 3000, maxWaitMs: 10_000 };
	const at = (...times: number[]) => times.map((sentAt, index) => ({ id: index + 1, sentAt }));
	it.each([
		['a lone message', at(0), 1, { firstSentAt: 0, isLast: true, closesAt: 3000, full: false }],
		['three 0.5 s apart: the first and second are not last', at(0, 500, 1000), 1, { firstSentAt: 0, isLast: false, closesAt: 3000, full: false }],
		['three 0.5 s apart: the third is', at(0, 500, 1000), 3, { firstSentAt: 0, isLast: true, closesAt: 4000, full: false }],
		['a gap longer than Quiet Period starts a burst', at(0, 500, 4000), 2, { firstSentAt: 0, isLast: true, closesAt: 3500, full: false }],
		['… and the message after the gap is the first of its own', at(0, 500, 4000), 3, { firstSentAt: 4000, isLast: true, closesAt: 7000, full: false }],
		['exactly Quiet Period later still joins', at(0, 3000), 1, { firstSentAt: 0, isLast: false, closesAt: 3000, full: false }],
		['Maximum Wait cuts someone who never stops', at(0, 2500, 5000, 7500, 10_000, 12_500), 5, { firstSentAt: 0, isLast: true, closesAt: 10_000, full: false }],
		['… and the next burst starts at the cut', at(0, 2500, 5000, 7500, 10_000, 12_500), 6, { firstSentAt: 12_500, isLast: true, closesAt: 15_500, full: false }],
		['order is by arrival, not by row id', [{ id: 7, sentAt: 1000 }, { id: 3, sentAt: 0 }], 7, { firstSentAt: 0, isLast: true, closesAt: 4000, full: false }],
		['two arrivals at the same millisecond: the later row is last', [{ id: 1, sentAt: 0 }, { id: 2, sentAt: 0 }], 1, { firstSentAt: 0, isLast: false, closesAt: 3000, full: false }],
		['an earlier burst left open (its execution late) does not change the lines', at(0, 500, 9000, 9500), 4, { firstSentAt: 9000, isLast: true, closesAt: 12_500, full: false }],
	])('%s', (_name, arrivals, ownId, expected) => {
		expect(burstOf(arrivals, ownId, rules)).toEqual(expected);
	});

	describe('with Max Messages 3', () => {
		const capped = { ...rules, maxMessages: 3 };
		it.each([
			['the third message fills the burst: last, closing with it', at(0, 500, 1000), 3, { firstSentAt: 0, isLast: true, closesAt: 1000, full: true }],
			['the second is not last', at(0, 500, 1000), 2, { firstSentAt: 0, isLast: false, closesAt: 3500, full: false }],
			['the fourth, 0.5 s later, starts a burst of its own', at(0, 500, 1000, 1500), 4, { firstSentAt: 1500, isLast: true, closesAt: 4500, full: false }],
			['… and the third is still the last of the first', at(0, 500, 1000, 1500), 3, { firstSentAt: 0, isLast: true, closesAt: 1000, full: true }],
			['the sixth fills the second burst', at(0, 100, 200, 300, 400, 500), 6, { firstSentAt: 300, isLast: true, closesAt: 500, full: true }],
			['a quiet gap still cuts first', at(0, 500, 5000), 3, { firstSentAt: 5000, isLast: true, closesAt: 8000, full: false }],
		])('%s', (_name, arrivals, ownId, expected) => {
			expect(burstOf(arrivals, ownId, capped)).toEqual(expected);
		});
	});

	it('a message that is not among the arrivals belongs to no burst', () => {
		expect(burstOf(at(0, 500), 9, rules)).toBeUndefined();
	});

	it('every execution draws the same lines, whichever order the rows come in', () => {
		const arrivals = at(0, 400, 800, 5000, 5300, 20_000, 21_000, 22_000);
		const lines = (rows: typeof arrivals) => rows.map((row) => burstOf(rows, row.id, rules)!.firstSentAt);
		expect(lines([...arrivals].reverse())).toEqual([...lines(arrivals)].reverse());
		expect(arrivals.filter((row) => burstOf(arrivals, row.id, rules)!.isLast).map((row) => row.id)).toEqual([3, 5, 8]);
	});
});

describe('cutByMaximumWait: when Maximum Wait cut a burst that runs on', () => {
	const rules = { quietMs: 3000, maxWaitMs: 10_000 };
	const at = (...times: number[]) => times.map((sentAt, index) => ({ id: index + 1, sentAt }));
	it.each([
		['a message every 2 s: cut at 10 s, whichever member asks', at(0, 2000, 4000, 6000, 8000, 10_000), 4, rules, 10_000],
		['… the last member too', at(0, 2000, 4000, 6000, 8000, 10_000), 6, rules, 10_000],
		['… and the next burst is not cut yet', at(0, 2000, 4000, 6000, 8000, 10_000, 12_000), 7, rules, undefined],
		['the last message more than Quiet Period before Maximum Wait: closes by quiet', at(0, 2000, 4000, 6000), 2, rules, undefined],
		['exactly Quiet Period before: closes by quiet', at(0, 3500, 7000), 1, rules, undefined],
		['a lone message', at(0), 1, rules, undefined],
		['a burst full by Max Messages closes with its last', at(0, 4000, 8000), 1, { ...rules, maxMessages: 3 }, undefined],
	])('%s', (_name, arrivals, ownId, burstRules, expected) => {
		expect(cutByMaximumWait(arrivals, ownId, burstRules)).toBe(expected);
	});
});

describe('closedBecause: why a burst that waited went on', () => {
	const rules = { quietMs: 3000, maxWaitMs: 10_000 };
	it.each([
		['the chat went quiet', [0, 500, 1000], rules, WENT_ON_BECAUSE.quietPeriod],
		['a lone message', [0], rules, WENT_ON_BECAUSE.quietPeriod],
		['Maximum Wait came before quiet: the last message less than Quiet Period before it', [0, 2500, 5000, 7500, 9000], rules, WENT_ON_BECAUSE.maximumWait],
		['the last message exactly Quiet Period before Maximum Wait: quiet', [0, 3000, 6000, 7000], rules, WENT_ON_BECAUSE.quietPeriod],
		['Max Messages reached', [0, 500, 1000], { ...rules, maxMessages: 3 }, WENT_ON_BECAUSE.maxMessages],
		['below Max Messages: quiet', [0, 500], { ...rules, maxMessages: 3 }, WENT_ON_BECAUSE.quietPeriod],
	])('%s', (_name, times, burstRules, expected) => {
		expect(closedBecause(times, burstRules)).toBe(expected);
	});
});

describe('decidesAt: when an execution decides on its burst', () => {
	const quietMs = 3000;
	it.each([
		['n8n keeping up: Quiet Period after the message was sent', { sentAt: 0, writtenAt: 40 }, 3040],
		['a row written before the time sent (clocks a little apart): Quiet Period after the later', { sentAt: 100, writtenAt: 0 }, 3100],
		["n8n 2 s behind: Quiet Period after its row was written (the trigger's progress decides the rest)", { sentAt: 0, writtenAt: 2000 }, 5000],
	])('%s', (_name, times, expected) => {
		expect(decidesAt({ ...times, quietMs })).toBe(expected);
	});
});

describe('isBehind: whether the execution follows the trigger before it reads the chat', () => {
	it.each([
		['recorded at once, woke on time', { sentAt: 0, writtenAt: 40, meantToWakeAt: 3040, wokeAt: 3045 }, false],
		['recorded 250 ms after it was sent still counts as keeping up', { sentAt: 0, writtenAt: 250, meantToWakeAt: 3250, wokeAt: 3250 }, false],
		['recorded 2 s after it was sent', { sentAt: 0, writtenAt: 2000, meantToWakeAt: 5000, wokeAt: 5001 }, true],
		['recorded at once, but n8n woke the execution 1 s late (or started it late)', { sentAt: 0, writtenAt: 40, meantToWakeAt: 3040, wokeAt: 4040 }, true],
	])('%s', (_name, times, expected) => {
		expect(isBehind(times)).toBe(expected);
	});
});

describe('triggerIsPast: whether the trigger has recorded every message sent before the burst could close', () => {
	const closesAt = 10_000;
	const now = 20_000;
	// The newest recorded message, written `ago` ms before the look.
	const newest = (id: number, sentAt: number, ago = 100) => ({ id, sentAt, writtenAt: now - ago });
	it.each([
		['it recorded a message sent well after the close', newest(9, closesAt + PAST_CLOSE_MS), 'not yet', true],
		['the newest recorded message was sent before the close and written just now, first look', newest(9, closesAt - 500), 'not yet', false],
		['the newest was sent just after the close: within the disorder allowed', newest(9, closesAt + PAST_CLOSE_MS - 1), 'not yet', false],
		['still recording messages sent before the close', newest(12, closesAt - 100), newest(9, closesAt - 500), false],
		['nothing recorded between two looks: nothing waits', newest(9, closesAt - 500), newest(9, closesAt - 500), true],
		['nothing recorded for IDLE_MS: nothing waits, on the first look', newest(9, closesAt - 500, IDLE_MS), 'not yet', true],
		['the last record IDLE_MS less 1 ms ago: still recording', newest(9, closesAt - 500, IDLE_MS - 1), 'not yet', false],
		['no message recorded at all', undefined, 'not yet', true],
	] as const)('%s', (_name, seen, before, expected) => {
		expect(triggerIsPast(closesAt, seen, before, now)).toBe(expected);
	});
});

describe("progressPause: the pause between two looks at the trigger's progress", () => {
	it.each([
		['n8n a little behind: 1 s', { sentAt: 0, writtenAt: 300 }, 1000],
		['3 s behind: 3 s', { sentAt: 0, writtenAt: 3000 }, 3000],
		['a minute behind (or a clock set wrong): 5 s', { sentAt: 0, writtenAt: 60_000 }, 5000],
	])('%s', (_name, times, expected) => {
		expect(progressPause(times)).toBe(expected);
	});
});
