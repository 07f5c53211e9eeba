/**
 * n8n's Retry On Fail runs the node again over the same items: a call that changes something
 * and may have reached Z-API is still never sent twice. Staged with a real local server that
 * answers, refuses or cuts the connection after receiving, and the node's own retry settings
 * run by n8n-core's engine; what counts is what the server received.
 */
import { WorkflowExecute } from 'n8n-core';
import type { IDataObject } from 'n8n-workflow';
import { createRunExecutionData } from 'n8n-workflow';

import { ACTION_TYPE, INSTANCE_PATH, makeAdditionalData, makeNode, makeWorkflow, runAction } from '../../../helpers/engine';
import { stagedServer } from '../../../helpers/stagedServer';

const SEND_PATH = `${INSTANCE_PATH}/send-text`;
const RETRY = { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 };

const { received, base, replyWith } = stagedServer();

const messagesSent = () => received.map((request) => (JSON.parse(request.body) as { message: string }).message);

describe('Retry On Fail: nothing that may have reached Z-API is sent twice', () => {
	it('Split Into Bubbles with a cut on bubble 2: bubbles 1 and 2 reach the server once each over three tries', async () => {
		replyWith((request) => {
			const { message } = JSON.parse(request.body) as { message: string };
			return message.startsWith('Two') ? 'cut' : { status: 200, body: { zaapId: 'z1', messageId: 'm1' } };
		});
		const result = await runAction(
			{
				resource: 'message',
				operation: 'sendText',
				phone: '5511999999999',
				message: 'One.\n\nTwo.\n\nThree.',
				options: { splitInto: 'blankLine' },
			},
			undefined,
			{ credentials: { baseUrl: base() }, settings: RETRY },
		);
		expect(messagesSent()).toEqual(['One.', 'Two.']);
		expect(result.error?.message).toMatch(
			/^The connection to Z-API at 127\.0\.0\.1:\d+ ended before its answer \(ECONNRESET\): Z-API may have carried out the call \(bubbles 1 to 1 of 3 were sent, message IDs m1; they are not sent again\)$/,
		);
		expect(result.error?.description).toMatch(/^It was not sent again, so that it cannot happen twice\./);
	});

	it('a send cut after it was received reaches the server once, and every try fails with the same words', async () => {
		replyWith(() => 'cut');
		const result = await runAction({ resource: 'message', operation: 'sendText', phone: '5511999999999', message: 'Hi' }, undefined, {
			credentials: { baseUrl: base() },
			settings: RETRY,
		});
		expect(received).toEqual([{ method: 'POST', path: SEND_PATH, body: '{"phone":"5511999999999","message":"Hi"}' }]);
		expect(result.error?.message).toMatch(/^The connection to Z-API at 127\.0\.0\.1:\d+ ended before its answer \(ECONNRESET\): Z-API may have carried out the call$/);
		expect(result.error?.description).toMatch(/the chat itself or the Message Send Result event/);
	});

	it('a retry gives the sent items their output again and sends only what Z-API refused', async () => {
		// Item 1 is refused once (400: not carried out); item 0 went through on the first try.
		replyWith((request, index) => {
			const { message } = JSON.parse(request.body) as { message: string };
			if (message === 'second' && index === 1) return { status: 400, body: { error: 'phone is required' } };
			return { status: 200, body: { zaapId: `z-${message}`, messageId: `m-${message}` } };
		});
		const result = await runAction(
			{ resource: 'message', operation: 'sendText', phone: '={{ $json.phone }}', message: '={{ $json.text }}', itemsAtOnce: 1 },
			[{ json: { phone: '5511999999999', text: 'first' } }, { json: { phone: '5511999999999', text: 'second' } }],
			{ credentials: { baseUrl: base() }, settings: RETRY },
		);
		expect(messagesSent()).toEqual(['first', 'second', 'second']);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.messageId, item.pairedItem])).toEqual([
			['m-first', { item: 0 }],
			['m-second', { item: 1 }],
		]);
	});

	it('with Continue On Fail, n8n runs the node again for an error item: the cut send still reaches the server once', async () => {
		replyWith((request) => ((JSON.parse(request.body) as { message: string }).message === 'lost' ? 'cut' : { status: 200, body: { messageId: 'm-ok' } }));
		const result = await runAction(
			{ resource: 'message', operation: 'sendText', phone: '5511999999999', message: '={{ $json.text }}', itemsAtOnce: 1 },
			[{ json: { text: 'lost' } }, { json: { text: 'fine' } }],
			{ credentials: { baseUrl: base() }, settings: RETRY, continueOnFail: true },
		);
		expect(messagesSent()).toEqual(['lost', 'fine']);
		expect(result.json[0].error).toMatch(/ended before its answer \(ECONNRESET\): Z-API may have carried out the call$/);
		expect(result.json[0].details).toMatch(/^It was not sent again/);
		expect(result.json[1]).toEqual({ messageId: 'm-ok', phone: '5511999999999' });
	});

	it('a read is still asked again on the next try', async () => {
		replyWith((_request, index) => (index === 0 ? { status: 404, body: { error: 'not found' } } : { status: 200, body: { phone: '5511999999999', name: 'Ana' } }));
		const result = await runAction({ resource: 'contact', operation: 'getContact', phone: '5511999999999' }, undefined, {
			credentials: { baseUrl: base() },
			settings: RETRY,
		});
		expect(received.map((request) => request.method)).toEqual(['GET', 'GET']);
		expect(result.error).toBeUndefined();
	});

	it('a successful run leaves nothing of the memory in the execution data', async () => {
		replyWith(() => ({ status: 200, body: { messageId: 'm1' } }));
		const result = await runAction({ resource: 'message', operation: 'sendText', phone: '5511999999999', message: 'Hi' }, undefined, {
			credentials: { baseUrl: base() },
			settings: RETRY,
		});
		expect(result.json).toEqual([{ messageId: 'm1', phone: '5511999999999' }]);
		expect(JSON.stringify(result.run.data.executionData?.contextData ?? {})).not.toMatch(/zApiItemsSent/);
	});

	it('a second run of the node in the same execution (a loop) sends its items: the memory is per run', async () => {
		replyWith(() => 'cut');
		const node = makeNode(ACTION_TYPE, { resource: 'message', operation: 'sendText', phone: '5511999999999', message: 'Hi' }, {
			...RETRY,
			onError: 'continueRegularOutput',
		});
		const item = () => ({ node, data: { main: [[{ json: {} }]] }, source: null });
		const run = await new WorkflowExecute(
			makeAdditionalData({ credentials: { baseUrl: base() } }),
			'manual',
			createRunExecutionData({ executionData: { nodeExecutionStack: [item(), item()] } }),
		).processRunExecutionData(makeWorkflow([node]));
		const runs = run.data.resultData.runData[node.name] ?? [];
		expect(runs.map((task) => (task.data?.main?.[0]?.[0]?.json as IDataObject).error)).toEqual([
			expect.stringMatching(/Z-API may have carried out the call$/),
			expect.stringMatching(/Z-API may have carried out the call$/),
		]);
		expect(received.map((request) => request.path)).toEqual([SEND_PATH, SEND_PATH]);
	});
});
