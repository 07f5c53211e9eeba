import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { GROUP, PHONE, SENT } from './examples';

const api = () => nock('https://api.z-api.io');
const ENDPOINT = `${INSTANCE_PATH}/send-text`;
const sendText = (extra: IDataObject = {}) => ({ resource: 'message', operation: 'sendText', phone: PHONE, message: 'Hi', ...extra });

describe('Message > Send Text', () => {
	it('replies to a message, with delays and typing time', async () => {
		const scope = api()
			.post(ENDPOINT, { phone: PHONE, message: 'Hi', messageId: 'IN-1', delayMessage: 3, delayTyping: 15 })
			.reply(200, SENT);
		const result = await runAction(sendText({ options: { replyTo: ' IN-1 ', delayMessage: 3, delayTyping: 15 } }));
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ zaapId: SENT.zaapId, messageId: SENT.messageId, phone: PHONE }]);
		expect(scope.isDone()).toBe(true);
	});

	it('answers a Z-API Trigger item: its phone and messageId map straight in', async () => {
		const scope = api().post(ENDPOINT, { phone: '5521988887777', message: 'You said: ping', messageId: 'IN-9' }).reply(200, SENT);
		const result = await runAction(
			sendText({ phone: '={{ $json.phone }}', message: '=You said: {{ $json.text.message }}', options: { replyTo: '={{ $json.messageId }}' } }),
			[{ json: { phone: '5521988887777', messageId: 'IN-9', fromMe: false, text: { message: 'ping' } } }],
		);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('edits a message sent before', async () => {
		const scope = api().post(ENDPOINT, { phone: PHONE, message: 'Fixed', editMessageId: 'OUT-1' }).reply(200, SENT);
		const result = await runAction(sendText({ message: 'Fixed', options: { editMessageId: 'OUT-1' } }));
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('mentions group members, with a private answer to a quoted message', async () => {
		const scope = api()
			.post(ENDPOINT, {
				phone: GROUP,
				message: 'Hi @5511888888888',
				messageId: 'IN-2',
				mentioned: ['5511888888888', '5511777777777'],
				privateAnswer: true,
			})
			.reply(200, SENT);
		const result = await runAction(
			sendText({ phone: GROUP, message: 'Hi @5511888888888', options: { mentioned: '+55 11 88888-8888, 5511777777777', replyTo: 'IN-2', privateAnswer: true } }),
		);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it.each([
		['an empty message', { message: '  ' }, 'Message is empty', /Write the text/],
		['a delay of 0', { options: { delayMessage: 0 } }, 'Delay Before Sending must be a whole number of seconds from 1 to 15 (got 0)', /between 1 and 15/],
		['a typing time of 16', { options: { delayTyping: 16 } }, 'Typing Time must be a whole number of seconds from 1 to 15 (got 16)', /between 1 and 15/],
		['a typing time of 2.5', { options: { delayTyping: 2.5 } }, 'Typing Time must be a whole number of seconds from 1 to 15 (got 2.5)', /between 1 and 15/],
		['mentions in a private chat', { options: { mentioned: '5511888888888' } }, 'Mention Phones works only in groups', /not a group/],
		['a bad mentioned phone', { phone: GROUP, options: { mentioned: '5511888888888, abc' } }, "Mention Phones entry 'abc' is not a phone number", /country code/],
		['a private answer without a quoted message', { phone: GROUP, options: { privateAnswer: true } }, 'Private Answer needs Reply To Message ID', /Reply To Message ID/],
	])('refuses %s before any request', async (_label, extra, message, description) => {
		const scope = api().post(/.*/).reply(200, SENT);
		const result = await runAction(sendText(extra));
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(description);
		expect(scope.isDone()).toBe(false);
	});

	it('sends each item its own text to its own chat', async () => {
		const scope = api()
			.post(ENDPOINT, { phone: '5511111111111', message: 'to one' })
			.reply(200, { zaapId: 'z1', messageId: 'm1' })
			.post(ENDPOINT, { phone: GROUP, message: 'to group' })
			.reply(200, { zaapId: 'z2', messageId: 'm2' });
		const result = await runAction(sendText({ phone: '={{ $json.to }}', message: '={{ $json.text }}' }), [
			{ json: { to: '5511111111111', text: 'to one' } },
			{ json: { to: GROUP, text: 'to group' } },
		]);
		expect(result.items).toEqual([
			{ json: { zaapId: 'z1', messageId: 'm1', phone: '5511111111111' }, pairedItem: { item: 0 } },
			{ json: { zaapId: 'z2', messageId: 'm2', phone: GROUP }, pairedItem: { item: 1 } },
		]);
		expect(scope.isDone()).toBe(true);
	});
});
