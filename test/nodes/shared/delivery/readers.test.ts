/**
 * The safe readers every part of the trigger reads deliveries with: only own fields, text
 * only from strings, numbers and booleans, never a call to a delivery's own methods.
 */
import type { IDataObject } from 'n8n-workflow';

import { fieldOf, flagOf, isObject, isTrue, pathOf, textOf } from '../../../../nodes/shared/delivery/readers';
import { deepArray, deepObject, setOwn } from '../../ZApiTrigger/fuzzDeliveries';

const hostile: Array<[string, unknown]> = [
	['an object with its own toString', { toString: 1 }],
	['an object with its own valueOf and toString', { valueOf: {}, toString: 'x' }],
	['an array holding such an object', [{ toString: 1 }]],
	['an array nested 10,000 deep', deepArray(10_000)],
	['an object nested 10,000 deep', deepObject(10_000)],
];

it.each(hostile)('textOf(%s) is null, never a call to its own methods', (_name, value) => {
	expect(textOf(value)).toBeNull();
});

it.each([
	['true', true, true],
	["'true' (as some pages write it)", 'true', true],
	['false', false, false],
	["'false'", 'false', false],
	['missing', undefined, undefined],
	['null', null, undefined],
	["'1'", '1', true],
	["'0' (as docs/chats/get-chats.md writes isMuted)", '0', false],
	['1 (a number: no page writes a flag so)', 1, undefined],
	['0 (a number: no page writes a flag so)', 0, undefined],
	["'yes'", 'yes', undefined],
	['2', 2, undefined],
	["'TRUE'", 'TRUE', undefined],
	['an object with its own valueOf', { valueOf: () => true }, undefined],
] as Array<[string, unknown, boolean | undefined]>)('flagOf(%s) is %s, and isTrue says yes only for true', (_name, value, expected) => {
	expect(flagOf(value)).toBe(expected);
	expect(isTrue(value)).toBe(expected === true);
});

it.each([
	['text', 'a', 'a'],
	['a number', 5511988887777, '5511988887777'],
	['a boolean', false, 'false'],
	['null', null, null],
	['undefined', undefined, null],
])('textOf(%s)', (_name, value, expected) => {
	expect(textOf(value)).toBe(expected);
});

it.each([
	['an object', {}, true],
	['an array', [], false],
	['null', null, false],
	['text', 'x', false],
])('isObject(%s) is %s', (_name, value, expected) => {
	expect(isObject(value)).toBe(expected);
});

it('fieldOf reads own fields only: what a prototype offers is not part of a delivery', () => {
	const inherited = Object.create({ type: 'MessageStatusCallback' }) as IDataObject;
	expect(fieldOf(inherited, 'type')).toBeUndefined();
	expect(fieldOf({}, 'toString')).toBeUndefined();
	const own: IDataObject = {};
	setOwn(own, '__proto__', { polluted: true });
	expect(fieldOf(own, '__proto__')).toEqual({ polluted: true });
});

describe('pathOf', () => {
	const template = { header: { image: { imageUrl: 'https://storage.z-api.io/a.jpeg', mimeType: 'image/jpeg' } } };

	it.each([
		['a field', 'header', template.header],
		['three levels down', 'header.image.imageUrl', 'https://storage.z-api.io/a.jpeg'],
		['a step that is missing', 'header.video.videoUrl', undefined],
		['a step that is not an object', 'header.image.imageUrl.length', undefined],
		['through a prototype', 'header.constructor', undefined],
	])('%s', (_name, path, expected) => {
		expect(pathOf(template, path)).toEqual(expected);
	});

	it('never follows an array or a __proto__ key as a prototype', () => {
		expect(pathOf({ header: [{ image: 'x' }] }, 'header.0.image')).toBeUndefined();
		const body: IDataObject = {};
		setOwn(body, '__proto__', { image: { imageUrl: 'data' } });
		expect(pathOf(body, '__proto__.image.imageUrl')).toBe('data');
		expect(pathOf({}, 'image.imageUrl')).toBeUndefined();
	});
});
