/**
 * Who a LID is (lidPairs.ts): which fields of a delivery pair a phone with a LID, how long and
 * how many pairs are kept, and the two forms put on an item.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	contactFormsOf,
	LID_PAIR_DAYS,
	MAX_LID_PAIRS,
	pairsIn,
	PAIR_SOURCES,
	withLearnedPairs,
	type LidPairs,
} from '../../../nodes/shared/lidPairs';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 24, 12);
const TODAY = Math.floor(NOW / DAY);

describe('pairsIn', () => {
	const cases: Array<[string, IDataObject, Array<[string, string]>]> = [
		['a contact’s message with chatLid', { phone: '5544999999999', chatLid: '81896604192873@lid' }, [['5544999999999', '81896604192873@lid']]],
		['a contact’s message with senderLid', { phone: '5544999999999', senderLid: '81896604192873@lid' }, [['5544999999999', '81896604192873@lid']]],
		['my message: senderLid is my own LID, chatLid is the contact’s', { phone: '5544999999999', fromMe: true, senderLid: '111@lid', chatLid: '222@lid' }, [['5544999999999', '222@lid']]],
		['a group member’s message', { isGroup: true, phone: '120363019502650977-group', participantPhone: '5511988887777', participantLid: '333@lid', senderLid: '333@lid' }, [['5511988887777', '333@lid']]],
		['a group: the group id is no phone', { isGroup: true, phone: '120363019502650977-group', chatLid: '444@lid' }, []],
		['a LID-only delivery', { phone: '81896604192873@lid', chatLid: '81896604192873@lid' }, []],
		['a phone without LID', { phone: '5544999999999', chatLid: null, senderLid: null }, []],
		['a LID field that is not a LID', { phone: '5544999999999', chatLid: '5544999999999' }, []],
	];
	it.each(cases)('%s', (_name, item, pairs) => {
		expect(pairsIn(item)).toEqual(pairs);
	});

	it('reads every field its table names', () => {
		const fields = PAIR_SOURCES.flatMap(({ phone, lid }) => [phone, lid]);
		expect(new Set(fields)).toEqual(new Set(['phone', 'chatLid', 'senderLid', 'participantPhone', 'participantLid']));
	});
});

describe('withLearnedPairs', () => {
	it('adds a new pair with today', () => {
		expect(withLearnedPairs({}, [['5544999999999', '1@lid']], NOW)).toEqual({ '1@lid': ['5544999999999', TODAY] });
	});

	it('changes nothing for a pair already seen today (no save needed)', () => {
		expect(withLearnedPairs({ '1@lid': ['5544999999999', TODAY] }, [['5544999999999', '1@lid']], NOW)).toBeUndefined();
	});

	it('takes the newer phone of a LID', () => {
		expect(withLearnedPairs({ '1@lid': ['5544999999999', TODAY - 3] }, [['5544988888888', '1@lid']], NOW)).toEqual({ '1@lid': ['5544988888888', TODAY] });
	});

	it(`forgets a pair ${LID_PAIR_DAYS} days after it was last seen`, () => {
		const stored = { '1@lid': ['5544999999999', TODAY - LID_PAIR_DAYS], '2@lid': ['5544988888888', TODAY - LID_PAIR_DAYS + 1] };
		expect(withLearnedPairs(stored, [], NOW)).toEqual({ '2@lid': ['5544988888888', TODAY - LID_PAIR_DAYS + 1] });
	});

	it(`keeps the ${MAX_LID_PAIRS} pairs seen most recently`, () => {
		const stored: LidPairs = {};
		for (let n = 0; n < MAX_LID_PAIRS; n++) stored[`${n}@lid`] = [`55119${String(n).padStart(8, '0')}`, TODAY - 1 - (n % 50)];
		const kept = withLearnedPairs(stored, [['5544999999999', 'new@lid'.replace('new', '99999999')]], NOW)!;
		expect(Object.keys(kept)).toHaveLength(MAX_LID_PAIRS);
		expect(kept['99999999@lid']).toEqual(['5544999999999', TODAY]);
		// One of the oldest went.
		expect(Object.values(kept).filter(([, day]) => day === TODAY - 50)).toHaveLength(Object.values(stored).filter(([, day]) => day === TODAY - 50).length - 1);
	});

	it('drops entries of the wrong shape', () => {
		expect(withLearnedPairs({ 'x@lid': ['5544999999999', TODAY], '1@lid': 'nope', '2@lid': ['5544999999999', TODAY] }, [], NOW)).toEqual({
			'2@lid': ['5544999999999', TODAY],
		});
	});
});

describe('contactFormsOf', () => {
	const pairs: LidPairs = { '81896604192873@lid': ['5544999999999', TODAY], '333@lid': ['5511988887777', TODAY] };
	const cases: Array<[string, IDataObject, { contactPhone: string | null; contactLid: string | null }]> = [
		['a LID-only message from someone learned', { phone: '81896604192873@lid', chatLid: '81896604192873@lid' }, { contactPhone: '5544999999999', contactLid: '81896604192873@lid' }],
		['a phone-only message from someone learned', { phone: '5544999999999' }, { contactPhone: '5544999999999', contactLid: '81896604192873@lid' }],
		['someone not learned', { phone: '5544977777777' }, { contactPhone: '5544977777777', contactLid: null }],
		['a LID not learned', { phone: '999@lid' }, { contactPhone: null, contactLid: '999@lid' }],
		['a group member by LID only', { isGroup: true, phone: '120363019502650977-group', participantPhone: '333@lid', participantLid: '333@lid' }, { contactPhone: '5511988887777', contactLid: '333@lid' }],
		['my own group message', { isGroup: true, fromMe: true, phone: '120363019502650977-group' }, { contactPhone: null, contactLid: null }],
	];
	it.each(cases)('%s', (_name, item, forms) => {
		expect(contactFormsOf(item, pairs)).toEqual(forms);
	});
});
