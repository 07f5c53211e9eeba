import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { WorkflowExpression } from 'n8n-workflow';

import { INSTANCE_PATH, runAction } from '../../../helpers/engine';

const api = () => nock('https://api.z-api.io');
const SENT = { zaapId: 'Z1', messageId: 'M1' };
const phones = ['5511111111111', '5522222222222', '5533333333333'];
const items = phones.map((phone) => ({ json: { phone, quoted: `Q-${phone.slice(2, 4)}` } }));

/** Sends Send Text to the three phones; returns the bodies the service got and n8n's resolutions of each saved value. */
async function sendToAll(parameters: IDataObject) {
	const bodies: IDataObject[] = [];
	api()
		.persist()
		.post(`${INSTANCE_PATH}/send-text`)
		.reply(200, (_uri, body) => {
			bodies.push(body as IDataObject);
			return SENT;
		});
	const resolve = jest.spyOn(WorkflowExpression.prototype, 'getParameterValue');
	const result = await runAction({ resource: 'message', operation: 'sendText', phone: '={{ $json.phone }}', ...parameters }, items);
	const calls = resolve.mock.calls.map(([value]) => JSON.stringify(value));
	resolve.mockRestore();
	const resolutions = (saved: unknown) => calls.filter((value) => value === JSON.stringify(saved)).length;
	nock.cleanAll();
	expect(result.error).toBeUndefined();
	return { bodies: bodies.sort((a, b) => String(a.phone).localeCompare(String(b.phone))), resolutions };
}

describe('parameter reads: a value without an expression is read once per run', () => {
	it('Message and Options as typed: read once, sent with every item', async () => {
		const options = { delayMessage: 3, replyTo: 'IN-1' };
		const { bodies, resolutions } = await sendToAll({ message: 'Hello', options });
		expect(bodies).toEqual([
			{ phone: '5511111111111', message: 'Hello', delayMessage: 3, messageId: 'IN-1' },
			{ phone: '5522222222222', message: 'Hello', delayMessage: 3, messageId: 'IN-1' },
			{ phone: '5533333333333', message: 'Hello', delayMessage: 3, messageId: 'IN-1' },
		]);
		expect(resolutions('Hello')).toBe(1);
		expect(resolutions(options)).toBe(1);
	});

	it('an expression anywhere in Options: the whole of Options is read per item, at its item', async () => {
		const options = { delayMessage: 3, replyTo: '={{ $json.quoted }}' };
		const { bodies, resolutions } = await sendToAll({ message: '=Hi {{ $json.phone.slice(-2) }}', options });
		expect(bodies).toEqual([
			{ phone: '5511111111111', message: 'Hi 11', delayMessage: 3, messageId: 'Q-11' },
			{ phone: '5522222222222', message: 'Hi 22', delayMessage: 3, messageId: 'Q-22' },
			{ phone: '5533333333333', message: 'Hi 33', delayMessage: 3, messageId: 'Q-33' },
		]);
		expect(resolutions(options)).toBe(3);
	});

	it('the chat of each item is read once, before the first request, even one item at a time', async () => {
		const order: string[] = [];
		api()
			.persist()
			.post(`${INSTANCE_PATH}/send-text`)
			.reply(200, () => {
				order.push('request');
				return SENT;
			});
		const original = WorkflowExpression.prototype.getParameterValue;
		const resolve = jest.spyOn(WorkflowExpression.prototype, 'getParameterValue').mockImplementation(function (this: WorkflowExpression, ...args) {
			if (args[0] === '={{ $json.phone }}') order.push('chat');
			return original.apply(this, args);
		});
		const result = await runAction({ resource: 'message', operation: 'sendText', phone: '={{ $json.phone }}', message: 'Hi', itemsAtOnce: 1 }, items);
		resolve.mockRestore();
		nock.cleanAll();
		expect(result.error).toBeUndefined();
		expect(order).toEqual(['chat', 'chat', 'chat', 'request', 'request', 'request']);
	});
});
