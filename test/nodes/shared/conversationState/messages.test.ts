/**
 * The conversation state reads a trigger item's chat and time: the chat as the item names it
 * (one reader for both, so a row is never filed under another chat than its item's), and a time
 * never later than when the message was received.
 */
import type { IDataObject } from 'n8n-workflow';

import { keep, readIncoming, recordedOf, unkeep } from '../../../../nodes/shared/conversationState/messages';
import { toItems } from '../../../../nodes/shared/delivery/items';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const delivery = (fields: IDataObject): IDataObject => ({
	type: 'ReceivedCallback',
	messageId: 'M1',
	fromMe: false,
	isGroup: false,
	momment: NOW - 1000,
	text: { message: 'oi' },
	...fields,
});

describe('a delivery’s chat: the item and the state name the same one', () => {
	it.each<[string, IDataObject, string | null]>([
		['a phone', { phone: '5511999999999' }, '5511999999999'],
		['a phone with spaces around it', { phone: '  5511999999999 ' }, '5511999999999'],
		['a LID with spaces, beside a phone', { chatLid: ' 123456789@lid ', phone: '5511999999999' }, '123456789@lid'],
		['a group with spaces', { phone: ' 120363019502650977-group ', isGroup: true, participantPhone: '5511888888888' }, '120363019502650977-group'],
		['a list of phones', { phone: ['5511999999999', '5511888888888'] }, null],
		['a list beside a LID of spaces only', { chatLid: '   ', phone: ['5511999999999'] }, null],
		['an object', { phone: { toString: '5511999999999' } }, null],
	])('%s', (_case, fields, chat) => {
		const [item] = toItems(delivery(fields));
		expect(item.chatId).toBe(chat);
		const message = readIncoming(item, NOW);
		expect(message?.chatId ?? null).toBe(chat);
	});
});

describe('a message’s time', () => {
	it.each<[string, number | undefined, number]>([
		['dated before its receipt: as dated', NOW - 5_000, NOW - 5_000],
		['dated at its receipt', NOW, NOW],
		['dated 10 minutes in the future: its receipt', NOW + 10 * 60_000, NOW],
		['dated a year in the future: its receipt', NOW + 365 * 86_400_000, NOW],
		['not dated: its receipt', undefined, NOW],
	])('%s', (_case, sent, time) => {
		const item = { event: 'message', chatId: '5511999999999', messageId: 'M1', ...(sent === undefined ? {} : { timestamp: new Date(sent).toISOString() }) };
		expect(readIncoming(item, NOW)?.sentAt).toBe(time);
	});
});

describe('the time sent, one name: rows and items written by earlier versions still read', () => {
	it.each<[string, string, number | undefined]>([
		['a row of this version', keep({ text: 'oi' }, undefined, 1_700_000_000_000), 1_700_000_000_000],
		['a row written before, its time named time', JSON.stringify({ json: { text: 'oi' }, time: 1_600_000_000_000 }), 1_600_000_000_000],
		['not a kept message', 'not json', undefined],
	])('%s', (_case, raw, sentAt) => {
		expect(unkeep(raw)?.sentAt).toBe(sentAt);
	});

	it.each<[string, IDataObject, number | undefined]>([
		['an item of this version', { recorded: { table: 't1', row: 4, sentAt: 1000, writtenAt: 1200 } }, 1000],
		['an item of an earlier trigger, its time named at', { recorded: { table: 't1', row: 4, at: 900 } }, 900],
		['no time', { recorded: { table: 't1', row: 4 } }, undefined],
	])('%s', (_case, json, sentAt) => {
		expect(recordedOf(json)?.sentAt).toBe(sentAt);
	});
});
