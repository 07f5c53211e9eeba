/**
 * Takeover with the trigger a new user gets (Message Received): followed by Combine Quick
 * Messages, the trigger turns on Z-API's "notify sent by me" and lets through what a person
 * sends from the instance's phone (fromApi false), never the bot's own sends (fromApi true,
 * docs/webhooks/on-message-received.md). Without such a node nothing changes. Explicit
 * choices of Message Sent by Me and Sent by Me From keep their meaning.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import { CONTENT_KINDS } from '../../../nodes/shared/delivery/kinds';
import { FakeDataTables } from '../../helpers/dataTables';
import { ACTION_TYPE, makeNode } from '../../helpers/engine';
import { contentFixture, deliverTo, listening } from './fixtures';

const text = CONTENT_KINDS.find((kind) => kind.kind === 'text')!;
const CHAT = '5511988887777';

const combine = (overrides: Partial<INode> = {}, parameters: IDataObject = {}): INode => ({
	...makeNode(ACTION_TYPE, { resource: 'conversation', operation: 'combineMessages', ...parameters }),
	name: 'Combine',
	...overrides,
});
const agent: INode = { ...makeNode('n8n-nodes-base.noOp', {}), name: 'Agent' };

const received = (message: string) => contentFixture(text, { phone: CHAT, text: { message } });
const fromPhone = (message: string) => contentFixture(text, { phone: CHAT, fromMe: true, fromApi: false, text: { message } });
const fromApi = (message: string) => contentFixture(text, { phone: CHAT, fromMe: true, fromApi: true, text: { message } });
const fromMeUnsaid = (message: string) => {
	const body = contentFixture(text, { phone: CHAT, fromMe: true, text: { message } });
	delete body.fromApi;
	return body;
};

/** The texts of the deliveries that started the workflow, in order. */
async function started(target: Awaited<ReturnType<typeof listening>>, bodies: IDataObject[]): Promise<Array<[string, unknown]>> {
	const out: Array<[string, unknown]> = [];
	for (const body of bodies) {
		const { items } = await deliverTo(target, body);
		for (const item of items ?? []) out.push([String(item.text), item.sentBy]);
	}
	return out;
}

// With a Combine node after it, the trigger finds the conversation table at activation (arrivals.ts).
beforeEach(() => new FakeDataTables());

const EVERY_SENDER = () => [received('oi'), fromPhone('Oi, aqui é a Carla'), fromApi('Olá! Sou o bot.'), fromMeUnsaid('sem dizer')];

describe('Message Received followed by Combine Quick Messages', () => {
	it('turns on notify sent by me at activation (the received webhook through /update-webhook-received-delivery), and takes chat presence for Wait While Typing', async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combine(), agent] });
		expect(target.endpoints).toEqual(['/update-webhook-received-delivery', '/update-webhook-chat-presence']);
	});

	it("passes on the contact's messages and a person's answers from the phone; the bot's own sends and unsaid ones start nothing", async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [combine(), agent] });
		expect(await started(target, EVERY_SENDER())).toEqual([
			['oi', 'contact'],
			['Oi, aqui é a Carla', 'myPhone'],
		]);
	});

	it('finds the node further down the chain too', async () => {
		const target = await listening({ events: ['messageReceived'] }, { after: [agent, combine({}, { options: { waitWhileTyping: false } })] });
		expect(target.endpoints).toEqual(['/update-webhook-received-delivery']);
		expect(await started(target, [fromPhone('assumo daqui')])).toEqual([['assumo daqui', 'myPhone']]);
	});

	it('the other filters still hold for the answers from the phone (Only These Phones)', async () => {
		const target = await listening({ events: ['messageReceived'], options: { phones: '5511900001111' } }, { after: [combine()] });
		expect(await started(target, [fromPhone('outra conversa')])).toEqual([]);
	});
});

describe('without a Combine Quick Messages node, Message Received is as before', () => {
	it.each([
		['no node after the trigger', []],
		['a No Op only', [agent]],
		['a disabled Combine node', [combine({ disabled: true })]],
		['another Conversation operation (Pause Bot)', [combine({}, { operation: 'pauseBot' })]],
		['a Z-API node of another resource', [combine({}, { resource: 'message', operation: 'sendText' })]],
	])('%s: notify sent by me left as it is, only the contact starts it', async (_name, after) => {
		const target = await listening({ events: ['messageReceived'] }, { after });
		expect(target.endpoints).toEqual(['/update-webhook-received']);
		expect(await started(target, EVERY_SENDER())).toEqual([['oi', 'contact']]);
	});
});

describe('explicit choices keep their meaning with a Combine node after the trigger', () => {
	it('Message Sent by Me with every sender: every message of mine', async () => {
		const target = await listening({ events: ['messageReceived', 'messageSent'] }, { after: [combine()] });
		expect(await started(target, EVERY_SENDER())).toEqual([
			['oi', 'contact'],
			['Oi, aqui é a Carla', 'myPhone'],
			['Olá! Sou o bot.', 'api'],
			['sem dizer', 'me'],
		]);
	});

	it('Sent by Me From The API only: the answers from the phone are dropped', async () => {
		const target = await listening({ events: ['messageReceived', 'messageSent'], sentByMe: ['api'] }, { after: [combine()] });
		expect(await started(target, EVERY_SENDER())).toEqual([
			['oi', 'contact'],
			['Olá! Sou o bot.', 'api'],
		]);
	});

	it('Message Sent by Me alone is not widened to the contact', async () => {
		const target = await listening({ events: ['messageSent'], sentByMe: ['myPhone'] }, { after: [combine()] });
		expect(await started(target, EVERY_SENDER())).toEqual([['Oi, aqui é a Carla', 'myPhone']]);
	});
});
