/** How one field of a record is read, whatever the record: the rules of the output tables. */
import type { IDataObject } from 'n8n-workflow';

import type { FieldRule, RecordShape } from '../../../../nodes/ZApi/actions/outputs';
import { shapeRecord } from '../../../../nodes/ZApi/actions/outputs';

const one = (rule: FieldRule, record: IDataObject) => shapeRecord(record, { fields: { out: rule } });

describe('output tables: a flag', () => {
	it.each([
		[true, true],
		['true', true],
		['1', true],
		[false, false],
		['false', false],
		['0', false],
		// No page writes a flag as a number (flagOf): 1 and 0 read as no flag.
		[1, null],
		[0, null],
		['yes', null],
		[null, null],
		[undefined, null],
	])('%j reads as %j', (given, expected) => {
		expect(one({ kind: 'flag', from: ['given'] }, given === undefined ? {} : { given })).toEqual({ out: expected });
	});
});

describe('output tables: a time', () => {
	it.each([
		['seconds as text (chats)', '1622991687', '2021-06-06T15:01:27.000Z', 1622991687],
		['milliseconds as text (groups)', '1730918668000', '2024-11-06T18:44:28.000Z', 1730918668000],
		['milliseconds as a number', 1588721491000, '2020-05-05T23:31:31.000Z', 1588721491000],
		['-1, muted for ever', '-1', null, -1],
		['0', 0, null, 0],
		['text that is no time', 'soon', null, 'soon'],
		['null', null, null, null],
	])('%s: ISO %j, the number kept as %j', (_label, given, iso, original) => {
		expect(one({ kind: 'time', from: ['given'] }, { given })).toEqual({ out: iso, given: original });
	});

	it('absent: both null', () => {
		expect(one({ kind: 'time', from: ['given'] }, {})).toEqual({ out: null, given: null });
	});
});

describe('output tables: text, counts, lists and the fields no table names', () => {
	it.each([
		['the first field holding text', { a: '', b: 'Bia', c: 'Ana' }, 'Bia'],
		['a number as text', { a: 5511 }, '5511'],
		['an object is not text', { a: { name: 'x' } }, null],
		['none', {}, null],
	])('text: %s', (_label, record, expected) => {
		expect(shapeRecord(record, { fields: { out: { kind: 'text', from: ['a', 'b', 'c'] } } })).toEqual({ out: expected });
	});

	it.each([
		['0', 0],
		[3, 3],
		['three', null],
		['', null],
	])('count: %j reads as %j', (given, expected) => {
		expect(one({ kind: 'count', from: ['given'] }, { given })).toEqual({ out: expected });
	});

	it('a list of records of another shape; not a list: empty', () => {
		const shape: RecordShape = { fields: { people: { kind: 'list', from: ['participants'], of: { fields: { admin: { kind: 'flag', from: ['isAdmin'] } } } } } };
		expect(shapeRecord({ participants: [{ isAdmin: 'true', phone: '1' }] }, shape)).toEqual({ people: [{ admin: true, phone: '1' }] });
		expect(shapeRecord({ participants: 'none' }, shape)).toEqual({ people: [] });
		// The metadata pages type participants as "array string": a text entry is the phone.
		expect(shapeRecord({ participants: ['5511'] }, shape)).toEqual({ people: [{ admin: null, phone: '5511' }] });
	});

	it('says the fields a rule reads in its words only, keeps the others as they came, a __proto__ key as data', () => {
		const record = JSON.parse('{"a":"x","extra":{"n":1},"__proto__":{"polluted":true}}') as IDataObject;
		const shaped = shapeRecord(record, { fields: { out: { kind: 'text', from: ['a'] } } });
		expect(Object.keys(shaped)).toEqual(['out', 'extra', '__proto__']);
		expect((shaped as { polluted?: boolean }).polluted).toBeUndefined();
		expect(Object.getPrototypeOf(shaped)).toBe(Object.prototype);
	});
});

it('leaves out the fields a table drops', () => {
	expect(shapeRecord({ a: 'x', messagesUnread: 0 }, { fields: { out: { kind: 'text', from: ['a'] } }, drop: ['messagesUnread'] })).toEqual({ out: 'x' });
});
