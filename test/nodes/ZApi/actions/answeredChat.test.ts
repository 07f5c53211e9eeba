/**
 * A send whose Phone is left empty answers the chat of the Z-API Trigger message its item comes
 * from, through the nodes in between (an AI Agent's item holds only `output`), run as n8n runs
 * the execution; the items are ordered by that chat; and when no message is found the error
 * names the node and the field to set.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { message as messageResource } from '../../../../nodes/ZApi/actions/message';
import { ZApi } from '../../../../nodes/ZApi/ZApi.node';
import { AGENT_TYPE, NEW_ITEMS_TYPE, actionNode, runChain, standInNode, triggerNode } from '../../../helpers/chain';
import { INSTANCE_PATH, runAction } from '../../../helpers/engine';

const api = () => nock('https://api.z-api.io');
const ENDPOINT = `${INSTANCE_PATH}/send-text`;
const GROUP = '120363019502650977-group';

/** A message item as the Z-API Trigger puts it out. */
const message = (phone: string, text: string, extra: IDataObject = {}) => ({
	json: { event: 'message', kind: 'text', phone, chatId: phone, fromMe: false, messageId: `IN-${text}`, text, ...extra },
});

const answer = (parameters: IDataObject = {}) => actionNode('Send the answer', { resource: 'message', operation: 'sendText', message: '={{ $json.output }}', ...parameters });
const agent = standInNode(AGENT_TYPE, 'AI Agent');

afterEach(() => nock.cleanAll());

describe('an empty Phone answers the chat this execution is answering', () => {
	it('after an AI Agent, sends the answer to the chat of the trigger message', async () => {
		const scope = api().post(ENDPOINT, { phone: '5521988887777', message: 'Answer to hi' }).reply(200, { zaapId: 'z1', messageId: 'OUT-1' });
		const result = await runChain([triggerNode('WhatsApp message'), agent, answer()], [message('5521988887777', 'hi')]);
		expect(result.error).toBeUndefined();
		expect(result.outputs['AI Agent']).toEqual([{ output: 'Answer to hi' }]);
		expect(result.json).toEqual([{ zaapId: 'z1', messageId: 'OUT-1', phone: '5521988887777' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('the nearest message node decides: Combine Quick Messages after the trigger', async () => {
		const scope = api().post(ENDPOINT, { phone: '5531977776666', message: 'Answer to hi\nthere' }).reply(200, { zaapId: 'z1', messageId: 'OUT-1' });
		const combine = actionNode('Combine quick messages', { resource: 'conversation', operation: 'combineMessages' });
		// The burst's item as Combine Quick Messages puts it out (pinned: the state store is not what this is about).
		const burst = { ...message('5531977776666', 'hi\nthere').json, count: 2 };
		const result = await runChain([triggerNode(), combine, agent, answer()], [message('5521988887777', 'there')], {
			mode: 'manual',
			pinData: { 'Combine quick messages': [{ json: burst }] },
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('answers a group in the group', async () => {
		const scope = api().post(ENDPOINT, { phone: GROUP, message: 'Answer to all' }).reply(200, { zaapId: 'z1', messageId: 'OUT-1' });
		const result = await runChain([triggerNode(), agent, answer()], [message(GROUP, 'all', { isGroup: true, participantPhone: '5511999999999' })]);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('a Phone that is set still decides', async () => {
		const scope = api().post(ENDPOINT, { phone: '5511999999999', message: 'Answer to hi' }).reply(200, { zaapId: 'z1', messageId: 'OUT-1' });
		const result = await runChain([triggerNode(), agent, answer({ phone: '5511999999999' })], [message('5521988887777', 'hi')]);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('orders the items by the chat answered: one chat one item after the other, others alongside', async () => {
		const log: string[] = [];
		let releaseFirst!: () => void;
		const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
		api()
			.persist()
			.post(ENDPOINT)
			.reply(async (_uri, body) => {
				const { message: text, phone } = body as IDataObject;
				log.push(`${String(text)} arrives`);
				if (text === 'Answer to A1') await firstHeld;
				log.push(`${String(text)} answered`);
				return [200, { zaapId: 'z', messageId: `m-${String(text)}`, phone }];
			});
		const running = runChain(
			[triggerNode(), agent, answer()],
			[message('5511111111111', 'A1'), message('+55 (11) 11111-1111', 'A2'), message('5522222222222', 'B1')],
		);
		// A1's answer is held until B1 has arrived: B1 goes alongside, A2 waits for A1.
		for (let waited = 0; !log.includes('Answer to B1 arrives') && waited < 3000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
		releaseFirst();
		const result = await running;
		expect(result.error).toBeUndefined();
		expect(log.filter((entry) => entry.includes(' A'))).toEqual(['Answer to A1 arrives', 'Answer to A1 answered', 'Answer to A2 arrives', 'Answer to A2 answered']);
		expect(log.indexOf('Answer to B1 arrives')).toBeLessThan(log.indexOf('Answer to A1 answered'));
		expect(result.json.map((json) => json.phone)).toEqual(['5511111111111', '5511111111111', '5522222222222']);
	});

	it('says which node and field to set when the item does not come from a trigger message', async () => {
		const scope = api().post(/.*/).reply(200, {});
		// Two items in, three out, none linked: n8n cannot link them itself (it does for one item in).
		const result = await runChain([triggerNode('WhatsApp message'), standInNode(NEW_ITEMS_TYPE, 'Code'), answer()], [message('5521988887777', 'hi'), message('5521988886666', 'ho')]);
		expect(result.error?.message).toBe(
			"Phone is empty and this item does not come from a Z-API Trigger message: set Phone in node 'Send the answer' (e.g. {{ $('WhatsApp message').item.json.phone }})",
		);
		expect(result.error?.description).toMatch(/does not link its items to the ones it received/);
		expect(scope.isDone()).toBe(false);
	});

	it('says the same when no trigger runs before the node', async () => {
		const scope = api().post(/.*/).reply(200, {});
		const result = await runAction({ resource: 'message', operation: 'sendText', message: 'Hi' });
		expect(result.error?.message).toBe(
			"Phone is empty and this item does not come from a Z-API Trigger message: set Phone in node 'Z-API' (e.g. {{ $('Z-API Trigger').item.json.phone }})",
		);
		expect(scope.isDone()).toBe(false);
	});

	it('an expression that gives nothing is not taken for an empty Phone: the error says to leave it empty', async () => {
		const scope = api().post(/.*/).reply(200, {});
		const result = await runChain([triggerNode(), agent, answer({ phone: '={{ $json.phone }}' })], [message('5521988887777', 'hi')]);
		expect(result.error?.message).toBe(
			"Phone is empty: its expression gives nothing for this item. Set Phone in node 'Send the answer', or leave it empty to answer the chat of the Z-API Trigger message this item comes from",
		);
		expect(result.error?.description).toMatch(/After an AI Agent the item holds only 'output'/);
		expect(scope.isDone()).toBe(false);
	});

	it("the AI example's send, built as the example has it, reaches the chat of the message", async () => {
		const workflow = JSON.parse(readFileSync(join(__dirname, '../../../../examples/ai-agent-reply.json'), 'utf8')) as { nodes: Array<{ name: string; parameters: IDataObject }> };
		const send = workflow.nodes.find((node) => node.parameters.operation === 'sendText')!;
		const scope = api()
			.post(ENDPOINT, (body: IDataObject) => body.phone === '5521988887777' && body.message === 'Answer to hi')
			.reply(200, { zaapId: 'z1', messageId: 'OUT-1' });
		const result = await runChain([triggerNode('WhatsApp message'), agent, actionNode(send.name, send.parameters)], [message('5521988887777', 'hi')]);
		expect(result.error).toBeUndefined();
		expect(result.json).toMatchObject([{ phone: '5521988887777', messageId: 'OUT-1' }]);
		expect(scope.isDone()).toBe(true);
	});

	it('media sends answer the chat too', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/send-image`, { phone: '5521988887777', image: 'https://example.com/a.png' })
			.reply(200, { zaapId: 'z1', messageId: 'OUT-1' });
		const result = await runChain(
			[triggerNode(), agent, actionNode('Send a picture', { resource: 'message', operation: 'sendImage', mediaUrl: 'https://example.com/a.png' })],
			[message('5521988887777', 'hi')],
		);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});
});

describe('the fields as the node shows them', () => {
	const properties = new ZApi().description.properties;
	/** The node's field `name` shown for Message → `operation`. */
	const fieldOf = (operation: string, name: string) =>
		properties.find((property) => property.name === name && (property.displayOptions?.show?.resource as string[] | undefined)?.includes('message') && (property.displayOptions?.show?.operation as string[] | undefined)?.includes(operation));

	it('every send that answers the chat shows Phone without a required mark, its hint saying what empty means', () => {
		const answering = messageResource.operations.filter((operation) => operation.answersChat).map((operation) => operation.value);
		expect(answering).toEqual(expect.arrayContaining(['sendText', 'sendImage', 'sendButtonList', 'sendOptionList', 'sendPoll', 'sendAndWaitForReply']));
		for (const operation of answering) {
			expect({ operation, ...fieldOf(operation, 'phone') }).toMatchObject({ operation, required: false, hint: expect.stringMatching(/^Empty: answers the chat this execution is answering/) });
			expect(fieldOf(operation, 'message')?.required ?? true).toBe(true);
		}
	});

	it('Send and Wait for Reply marks its Question required; Send and Wait for Response keeps Phone required (the approver is someone else)', () => {
		expect(fieldOf('sendAndWaitForReply', 'message')).toMatchObject({ displayName: 'Question', required: true });
		expect(fieldOf('sendAndWait', 'phone')).toMatchObject({ required: true });
		expect(fieldOf('sendAndWait', 'message')).toMatchObject({ required: true });
	});
});
