/** What the user sees of the trigger in the editor, and what n8n reads to wire it up. */
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import nock from 'nock';

import { CONTENT_KINDS } from '../../../nodes/ZApiTrigger/callbackKinds';
import { ZApiTrigger } from '../../../nodes/ZApiTrigger/ZApiTrigger.node';
import codex from '../../../nodes/ZApiTrigger/ZApiTrigger.node.json';

// test/setup.ts hooks nock into Node's http module in every file, and nock 14 stays hooked
// after the file ends, leaving the next file in this worker without mocks: unhook it.
afterAll(() => nock.restore());

const node = new ZApiTrigger();
const { description } = node;
const property = (name: string) => description.properties.find((candidate) => candidate.name === name) as INodeProperties;
const optionsOf = (name: string) => (property(name).options ?? []) as INodePropertyOptions[];
const optionField = (name: string) =>
	(property('options').options as Array<INodeProperties | INodePropertyCollection>).find(
		(candidate) => candidate.name === name,
	) as INodeProperties;

describe('Z-API Trigger description', () => {
	it('is a trigger with no input and one output, named as the package declares it', () => {
		expect(description).toMatchObject({
			name: 'zApiTrigger',
			displayName: 'Z-API Trigger',
			group: ['trigger'],
			version: 1,
			inputs: [],
			outputs: ['main'],
		});
		expect(codex.node).toBe(`n8n-nodes-zapi.${description.name}`);
	});

	it('uses the Z-API credentials, required (their connection test is on the credential type)', () => {
		expect(description.credentials).toEqual([{ name: 'zApiApi', required: true }]);
	});

	it('declares one POST webhook answered as soon as it is received, its bare URL hidden', () => {
		expect(description.webhooks).toEqual([
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook', ndvHideUrl: true },
		]);
		expect(Object.keys(node.webhookMethods.default).sort()).toEqual(['checkExists', 'create', 'delete']);
		expect(typeof node.webhook).toBe('function');
	});

	it('offers the four events, Message Received by default and required', () => {
		expect(optionsOf('events').map(({ name, value }) => [value, name])).toEqual([
			['messageReceived', 'Message Received'],
			['messageSent', 'Message Sent by Me'],
			['messageStatus', 'Message Status Changed'],
			['notification', 'Group or System Notification'],
		]);
		expect(property('events')).toMatchObject({ type: 'multiOptions', required: true, default: ['messageReceived'] });
		for (const option of optionsOf('events')) expect(option.description).toBeTruthy();
		// The options carry nothing but what the editor shows.
		for (const option of optionsOf('events')) expect(Object.keys(option).sort()).toEqual(['description', 'name', 'value']);
	});

	it('warns on Message Sent by Me that bots would answer themselves', () => {
		const sent = optionsOf('events').find(({ value }) => value === 'messageSent');
		expect(sent?.description).toMatch(/bots that reply/);
		expect(sent?.description).toMatch(/answer themselves/);
	});

	it('has the notice about replacing the webhooks and test listening', () => {
		const notices = description.properties.filter(({ type }) => type === 'notice');
		expect(notices).toHaveLength(1);
		expect(notices[0].displayName).toContain('replacing what was set before');
		expect(notices[0].displayName).toContain('Z-API keeps one address per webhook');
		expect(notices[0].displayName).toContain('Listening for a test event points them at the test address until listening stops');
		expect(notices[0].displayName).toContain('puts back what was there before');
		expect(notices[0].displayName).toContain('https');
		expect(description.properties[0]).toBe(notices[0]);
	});

	it('offers every content kind of the table as a message kind filter, shown for message events only', () => {
		expect(optionsOf('contentKinds').map(({ value }) => value)).toEqual(CONTENT_KINDS.map(({ kind }) => kind));
		const labels = optionsOf('contentKinds').map(({ name }) => name);
		expect(new Set(labels).size).toBe(labels.length);
		expect(property('contentKinds')).toMatchObject({
			type: 'multiOptions',
			default: [],
			displayOptions: { show: { events: ['messageReceived', 'messageSent'] } },
		});
	});

	it('has the chat, phone, status split and unknown-event options with safe defaults', () => {
		expect(optionField('chatType')).toMatchObject({ type: 'options', default: 'all' });
		expect((optionField('chatType').options as INodePropertyOptions[]).map(({ value }) => value)).toEqual([
			'all',
			'groups',
			'private',
		]);
		expect(optionField('phones')).toMatchObject({ type: 'string', default: '' });
		expect(optionField('phones').description).toMatch(/group IDs or LID IDs/);
		expect(optionField('splitStatusIds')).toMatchObject({ type: 'boolean', default: false });
		expect(optionField('unknownEvents')).toMatchObject({ type: 'options', default: 'emit' });
	});

	it('a new trigger node gets Message Received, all kinds, no options', () => {
		const parameters = NodeHelpers.getNodeParameters(description.properties, {}, true, false, null, description);
		expect(parameters).toEqual({ webhookNotice: '', events: ['messageReceived'], contentKinds: [], options: {} });
	});

	it('its subtitle lists the chosen events', () => {
		expect(description.subtitle).toBe('={{ $parameter["events"].join(", ") }}');
	});
});
