import type { INodeProperties } from 'n8n-workflow';
import nock from 'nock';

import { splitIntoBubbles, typingSecondsFor } from '../../../../../../nodes/ZApi/actions/message/sendText/bubbles';
import { ZApi } from '../../../../../../nodes/ZApi/ZApi.node';
import { INSTANCE_PATH, runAction } from '../../../../../helpers/engine';
import { PHONE } from '../examples';

describe('splitIntoBubbles', () => {
	it.each([
		['blankLine', 'Hi!\n\nYour order left today.\n  \nAnything else?', ['Hi!', 'Your order left today.', 'Anything else?']],
		['blankLine', 'One paragraph\nwith two lines', ['One paragraph\nwith two lines']],
		['sentence', 'Hi! Your order left today. It arrives Friday?  Yes…  ok', ['Hi!', 'Your order left today.', 'It arrives Friday?', 'Yes…', 'ok']],
		['sentence', 'Items:\n- rice\n- beans', ['Items:', '- rice', '- beans']],
		['sentence', 'Version 2.5 is out. Price R$ 10.50 today.', ['Version 2.5 is out.', 'Price R$ 10.50 today.']],
		['off', '  one text. Two sentences.  ', ['one text. Two sentences.']],
		['blankLine', ' \n\n ', []],
	] as const)('%s: %j', (split, text, bubbles) => {
		expect(splitIntoBubbles(text, split)).toEqual(bubbles);
	});

	it('by length: cuts between words, never past the length', () => {
		const text = 'aaaa bbbb cccc dddd eeee ffff gggg';
		expect(splitIntoBubbles(text, 'length', 20)).toEqual(['aaaa bbbb cccc dddd', 'eeee ffff gggg']);
	});

	it('by length: a word longer than a bubble is cut where the bubble ends; paragraphs start new bubbles', () => {
		const word = 'x'.repeat(45);
		expect(splitIntoBubbles(`${word}\n\nshort`, 'length', 20)).toEqual(['x'.repeat(20), 'x'.repeat(20), 'x'.repeat(5), 'short']);
	});
});

describe('typingSecondsFor', () => {
	it.each([
		['', 15, 1],
		['ok', 15, 1],
		['x'.repeat(40), 15, 1],
		['x'.repeat(41), 15, 2],
		['x'.repeat(200), 15, 5],
		['x'.repeat(5000), 15, 15],
		['x'.repeat(200), 3, 3],
		['x'.repeat(1000), 40, 15],
	].map(([bubble, most, seconds]) => [(bubble as string).length, most, seconds, bubble] as const))('%i characters, at most %i -> %i seconds', (_length, most, seconds, bubble) => {
		expect(typingSecondsFor(bubble as string, most as number)).toBe(seconds);
	});
});

describe('Message > Send Text, Split Into Bubbles', () => {
	const api = () => nock('https://api.z-api.io');
	const ENDPOINT = `${INSTANCE_PATH}/send-text`;
	const LONG = 'Hello Maria! Your order 123 left our store today and the carrier says it arrives on Friday.';
	const answer = (n: number) => ({ zaapId: `z${n}`, messageId: `m${n}`, id: `m${n}` });

	it('sends each bubble in order with a typing time growing with its length; one item per bubble', async () => {
		const order: string[] = [];
		const scope = api()
			.post(ENDPOINT, { phone: PHONE, message: 'Hello Maria!', delayTyping: 1, messageId: 'IN-1', delayMessage: 2 })
			.reply(200, () => (order.push('1'), answer(1)))
			.post(ENDPOINT, {
				phone: PHONE,
				message: 'Your order 123 left our store today and the carrier says it arrives on Friday.',
				delayTyping: 2,
				delayMessage: 2,
			})
			.reply(200, () => (order.push('2'), answer(2)));
		const result = await runAction({
			resource: 'message',
			operation: 'sendText',
			phone: PHONE,
			message: LONG,
			options: { splitInto: 'sentence', replyTo: 'IN-1', delayMessage: 2 },
		});
		expect(result.error).toBeUndefined();
		expect(order).toEqual(['1', '2']);
		expect(result.items.map((item) => [item.json.messageId, item.json.bubble, item.json.typingSeconds, item.pairedItem])).toEqual([
			['m1', 1, 1, { item: 0 }],
			['m2', 2, 2, { item: 0 }],
		]);
		expect(scope.isDone()).toBe(true);
	});

	it('added from Options it splits (Blank Line), never arrives as Off; left out, or saved Off, the text goes as one message', async () => {
		const sendTextOptions = new ZApi().description.properties.find(
			(property) => property.name === 'options' && (property.displayOptions?.show?.operation as string[] | undefined)?.includes('sendText'),
		);
		const split = sendTextOptions?.options?.find((option) => option.name === 'splitInto') as INodeProperties | undefined;
		expect(split?.default).toBe('blankLine');
		const text = 'Hi!\n\nAnything else?';
		for (const options of [{}, { splitInto: 'off' }]) {
			const scope = api().post(ENDPOINT, { phone: PHONE, message: text }).reply(200, answer(1));
			const result = await runAction({ resource: 'message', operation: 'sendText', phone: PHONE, message: text, options });
			expect(result.json).toEqual([expect.objectContaining({ messageId: 'm1' })]);
			expect(scope.isDone()).toBe(true);
		}
	});

	it('caps the typing time at Typing Time when it is set', async () => {
		const scope = api()
			.post(ENDPOINT, { phone: PHONE, message: 'x'.repeat(300), delayTyping: 4 })
			.reply(200, answer(1));
		const result = await runAction({
			resource: 'message',
			operation: 'sendText',
			phone: PHONE,
			message: 'x'.repeat(300),
			options: { splitInto: 'length', bubbleLength: 300, delayTyping: 4 },
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('stops at a failing bubble, names the ones sent, and never sends them again', async () => {
		let firstSends = 0;
		const scope = api()
			.post(ENDPOINT, (body) => body.message === 'One.')
			.reply(200, () => (firstSends++, answer(1)))
			.post(ENDPOINT, (body) => body.message === 'Two.')
			.reply(200, { value: false, error: 'phone not connected' });
		const result = await runAction({ resource: 'message', operation: 'sendText', phone: PHONE, message: 'One. Two. Three.', options: { splitInto: 'sentence' } });
		expect(result.error?.message).toMatch(/bubbles 1 to 1 of 3 were sent, message IDs m1; they are not sent again/);
		expect(firstSends).toBe(1);
		expect(scope.isDone()).toBe(true);
	});

	it('refuses to split an edit, before any request', async () => {
		const scope = api().post(/.*/).reply(200, answer(1));
		const result = await runAction({
			resource: 'message',
			operation: 'sendText',
			phone: PHONE,
			message: 'One. Two.',
			options: { splitInto: 'sentence', editMessageId: 'OUT-1' },
		});
		expect(result.error?.message).toBe('Split Into Bubbles cannot edit a message');
		expect(scope.isDone()).toBe(false);
	});
});
