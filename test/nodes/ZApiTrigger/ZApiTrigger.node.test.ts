/** What the user sees of the trigger in the editor, and what n8n reads to wire it up. */
import type { INode, INodeParameters, INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { CONTENT_KINDS, FLAG_KINDS } from '../../../nodes/shared/delivery/kinds';
import { EVENT_CHOICES } from '../../../nodes/ZApiTrigger/eventChoices';
import { ZApi } from '../../../nodes/ZApi/ZApi.node';
import { ZApiTrigger } from '../../../nodes/ZApiTrigger/ZApiTrigger.node';
import codex from '../../../nodes/ZApiTrigger/ZApiTrigger.node.json';
import { credentialIssues, filledOnAdd, shownCredentials, type SavedCredential } from '../../helpers/editorCredentials';
import { makeNode, makeWorkflow, TRIGGER_TYPE } from '../../helpers/engine';

const node = new ZApiTrigger().getNodeType();
const { description } = node;
const actionDescription = new ZApi().description;
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
			version: [1.2],
			inputs: [],
			outputs: ['main'],
		});
		expect(codex.node).toBe(`@n8n-nodes-zapi/n8n-nodes-zapi.${description.name}`);
	});

	it('uses the Z-API credentials, required, and the Conversation State credential, required once Followed by Combine or Send and Wait for Reply is on, tested as in the Z-API node', () => {
		expect(description.credentials).toEqual([
			{ name: 'zApiApi', displayName: 'Credential for Z-API Instance API', required: true, testedBy: 'zApiApiTest' },
			{
				name: 'zApiConversationStateApi',
				displayName: 'Credential for Z-API Conversation State API',
				required: true,
				displayOptions: { show: { followedByCombine: [true] } },
				testedBy: 'zApiConversationStateTest',
			},
		]);
		expect(node.methods!.credentialTest!.zApiApiTest).toBe(new ZApi().methods.credentialTest.zApiApiTest);
		expect(node.methods!.credentialTest!.zApiConversationStateTest).toBe(new ZApi().methods.credentialTest.zApiConversationStateTest);
	});

	it('declares a POST webhook for deliveries and a PUT one at the same address for control requests, answered as soon as received, bare URLs hidden', () => {
		expect(description.webhooks).toEqual([
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook', ndvHideUrl: true },
			{ name: 'setup', httpMethod: 'PUT', responseMode: 'onReceived', path: 'webhook', ndvHideUrl: true },
		]);
		expect(Object.keys(node.webhookMethods!.default!).sort()).toEqual(['checkExists', 'create', 'delete']);
		expect(typeof node.webhook).toBe('function');
	});

	it('offers every event of the table, Message Received by default and required', () => {
		expect(optionsOf('events').map(({ name, value }) => [value, name])).toEqual(
			EVENT_CHOICES.map(({ value, name }) => [value, name]),
		);
		// The contract's events come first, in the order users know.
		expect(optionsOf('events').slice(0, 4).map(({ value }) => value)).toEqual([
			'messageReceived',
			'messageSent',
			'messageStatus',
			'notification',
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

	it("says on both events what Combine Quick Messages gets without Message Sent by Me, as the Combine node's own option says", () => {
		const received = optionsOf('events').find(({ value }) => value === 'messageReceived');
		const sent = optionsOf('events').find(({ value }) => value === 'messageSent');
		expect(received?.description).toContain('With a Combine Quick Messages after it, also what a person sends from the instance’s phone');
		expect(received?.description).toContain('never the bot’s own sends');
		expect(sent?.description).toContain('Combine Quick Messages gets a person’s answers from the phone without it');
		const combine = actionDescription.properties.find((one) => one.name === 'options' && JSON.stringify(one.displayOptions).includes('combineMessages'));
		const pause = combine?.options?.find((one) => 'name' in one && one.name === 'pauseOnPersonReply') as { description?: string } | undefined;
		expect(pause?.description).toContain('A Z-API Trigger with Message Received passes these on to this node by itself');
		expect(pause?.description).not.toContain('Message Sent by Me');
	});

	it('has one short notice at the top: webhooks shared or replaced, https, test listening; no server setting for a workflow builder', () => {
		const notices = description.properties.filter(({ type }) => type === 'notice');
		expect(notices).toHaveLength(1);
		expect(description.properties[0]).toBe(notices[0]);
		const notice = notices[0].displayName;
		expect(notice).toContain('over https');
		expect(notice).toContain('shared with other active Z-API Trigger workflows of this n8n');
		expect(notice).toContain('another program’s address is put back when the last one stops, and after test listening');
		expect(notice).not.toMatch(/N8N_|set \w+=/);
		expect(notice.split(/[.!?](\s|$)/).filter((part) => part.trim()).length).toBeLessThanOrEqual(2);
		expect(notice.length).toBeLessThan(300);
		expect(property('events').description).toContain('Z-API keeps one address per webhook');
	});

	it('offers every content kind of the table as a message kind filter, shown for message events only', () => {
		expect(optionsOf('contentKinds').map(({ value }) => value)).toEqual([...CONTENT_KINDS, ...FLAG_KINDS].map(({ kind }) => kind));
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
		expect(optionField('splitStatusIds')).toMatchObject({
			type: 'boolean',
			default: false,
			// Only status changes have several message ids.
			displayOptions: { show: { '/events': ['messageStatus'] } },
		});
		expect(optionField('unknownEvents')).toMatchObject({ type: 'options', default: 'emit' });
	});

	it('downloads no media unless asked, and ignores repeated deliveries unless told not to', () => {
		const onMessages = { show: { '/events': ['messageReceived', 'messageSent'] } };
		expect(optionField('downloadMedia')).toMatchObject({ type: 'boolean', default: false, displayOptions: onMessages });
		expect(optionField('binaryProperty')).toMatchObject({ type: 'string', default: 'data', displayOptions: onMessages });
		expect(optionField('maxFileSizeMb')).toMatchObject({ type: 'number', default: 25, displayOptions: onMessages });
		expect(optionField('ignoreRepeats')).toMatchObject({ type: 'boolean', default: true });
		expect(optionField('repeatWindowMinutes')).toMatchObject({ type: 'number', default: 10 });
	});

	it('a new trigger node gets Message Received, all kinds, no options', () => {
		const parameters = NodeHelpers.getNodeParameters(description.properties, {}, true, false, null, description);
		expect(parameters).toEqual({ webhookNotice: '', events: ['messageReceived'], followedByCombine: false, contentKinds: [], options: {} });
	});

	it('shows One Item per Message ID only when Message Status Changed is chosen', () => {
		const shown = (events: string[]) => {
			const root = { events, options: { splitStatusIds: true } };
			return NodeHelpers.displayParameter(root.options, optionField('splitStatusIds'), { typeVersion: 1 }, description, root);
		};
		expect(shown(['messageStatus'])).toBe(true);
		expect(shown(['messageReceived', 'messageStatus'])).toBe(true);
		expect(shown(['messageReceived', 'messageSent', 'notification'])).toBe(false);
		// The other options do not depend on the events.
		const root = { events: ['messageReceived'], options: {} };
		for (const name of ['chatType', 'phones', 'unknownEvents']) {
			expect(NodeHelpers.displayParameter(root.options, optionField(name), { typeVersion: 1 }, description, root)).toBe(true);
		}
	});

	/** Whether the editor shows an option of Options, by n8n's own rule, with these values. */
	const optionShown = (name: string, options: INodeParameters, events = ['messageReceived']) => {
		const root: INodeParameters = { events, options };
		return NodeHelpers.displayParameterPath(root, optionField(name), 'options', { typeVersion: 1.1 }, description);
	};

	it('shows Max File Size and Put File in Field only with Download Media on', () => {
		for (const name of ['maxFileSizeMb', 'binaryProperty']) {
			expect(optionShown(name, {})).toBe(false);
			expect(optionShown(name, { downloadMedia: false })).toBe(false);
			expect(optionShown(name, { downloadMedia: true })).toBe(true);
			expect(optionShown(name, { downloadMedia: true }, ['messageStatus'])).toBe(false);
		}
	});

	it('hides Repeat Window once Ignore Repeated Deliveries is added and off (absent, it is on)', () => {
		expect(optionShown('repeatWindowMinutes', {})).toBe(true);
		expect(optionShown('repeatWindowMinutes', { ignoreRepeats: true })).toBe(true);
		expect(optionShown('repeatWindowMinutes', { ignoreRepeats: false })).toBe(false);
	});

	it('offers the message flag options for message events, each on once added, channel posts out by default', () => {
		for (const name of ['ignoreEdits', 'ignoreStatusReplies', 'ignoreBroadcasts', 'includeChannelPosts']) {
			expect(optionField(name)).toMatchObject({ type: 'boolean', default: true });
			expect(optionShown(name, {}, ['messageSent'])).toBe(true);
			expect(optionShown(name, {}, ['messageStatus', 'notification'])).toBe(false);
		}
		expect(optionField('includeChannelPosts').description).toMatch(/Without this option they do not/);
	});

	it('Sent by Me From is shown with Message Sent by Me, its choices who wrote the message', () => {
		expect(property('sentByMe')).toMatchObject({ type: 'multiOptions', default: [], displayOptions: { show: { events: ['messageSent'] } } });
		expect(optionsOf('sentByMe').map(({ value }) => value)).toEqual(['myPhone', 'api', 'me']);
	});

	it('Statuses is shown with Message Status Changed, READ_BY_ME one choice', () => {
		expect(property('statusKinds')).toMatchObject({ type: 'multiOptions', default: [], displayOptions: { show: { events: ['messageStatus'] } } });
		expect(optionsOf('statusKinds').map(({ value }) => value)).toEqual(['SENT', 'RECEIVED', 'READ', 'READ_BY_ME', 'PLAYED']);
	});

	it('Unknown Events speaks the user’s words and keeps the values workflows saved', () => {
		expect((optionField('unknownEvents').options as INodePropertyOptions[]).map(({ name, value }) => [name, value])).toEqual([
			['Start the Workflow', 'emit'],
			['Ignore Them', 'drop'],
		]);
	});

	/** The subtitle as the editor shows it, for the given events. */
	function subtitleFor(events: string[]): unknown {
		const node = makeNode(TRIGGER_TYPE, { events });
		const workflow = makeWorkflow([node]);
		return workflow.expression.getSimpleParameterValue(node, description.subtitle as string, 'manual', {});
	}

	it('its subtitle lists the chosen events by their labels', () => {
		expect(subtitleFor(['messageReceived', 'messageStatus'])).toBe('Message Received, Message Status Changed');
		expect(subtitleFor(EVENT_CHOICES.map(({ value }) => value))).toBe(EVENT_CHOICES.map(({ name }) => name).join(', '));
		for (const { value, name } of EVENT_CHOICES) expect(subtitleFor([value])).toBe(name);
		// A value the table no longer has shows as it is; no events show nothing.
		expect(subtitleFor(['retired', 'notification'])).toBe('retired, Group or System Notification');
		expect(subtitleFor([])).toBe('');
	});
});

describe('Z-API Trigger credentials in the n8n editor', () => {
	const instance: SavedCredential = { type: 'zApiApi', id: 'i1', name: 'My instance', updatedAt: '2026-11-01T10:00:00.000Z' };
	// Saved last, as a person setting up the AI bot does: n8n picks the newest of the types shown.
	const state: SavedCredential = { type: 'zApiConversationStateApi', id: 's1', name: 'Conversation state', updatedAt: '2026-11-01T10:05:00.000Z' };
	const trigger = (typeVersion: number, parameters: INodeParameters = {}, credentials?: INode['credentials']): INode =>
		({ id: 't1', name: 'Z-API Trigger', type: TRIGGER_TYPE, typeVersion, position: [0, 0], parameters, ...(credentials ? { credentials } : {}) }) as INode;
	const of = (version: number) => new ZApiTrigger().getNodeType(version).description as INodeTypeDescription;

	it('a new trigger gets the Z-API Instance credential filled in, and has no issue', () => {
		const added = trigger(1.2, { events: ['messageReceived'] });
		expect(shownCredentials(description, added).map((entry) => entry.name)).toEqual(['zApiApi']);
		const filled = { ...added, credentials: filledOnAdd(description, added, [instance, state]) };
		expect(filled.credentials).toEqual({ zApiApi: { id: 'i1', name: 'My instance' } });
		expect(credentialIssues(description, filled)).toEqual({});
	});

	it('Followed by Combine or Send and Wait for Reply on: the Conversation State credential shows, labelled, and n8n marks the node until it is chosen', () => {
		const on = trigger(1.2, { events: ['messageReceived'], followedByCombine: true }, { zApiApi: { id: 'i1', name: 'My instance' } });
		expect(shownCredentials(description, on).map((entry) => entry.displayName)).toEqual([
			'Credential for Z-API Instance API',
			'Credential for Z-API Conversation State API',
		]);
		expect(credentialIssues(description, on)).toEqual({ zApiConversationStateApi: ['Credentials for Z-API Trigger are not set.'] });
		const chosen = { ...on, credentials: { ...on.credentials, zApiConversationStateApi: { id: 's1', name: 'Conversation state' } } };
		expect(credentialIssues(description, chosen)).toEqual({});
	});

	it('the switch says what it is for, right after Events', () => {
		const names = description.properties.map((candidate) => candidate.name);
		expect(names.indexOf('followedByCombine')).toBe(names.indexOf('events') + 1);
		expect(property('followedByCombine')).toMatchObject({ displayName: 'Followed by Combine or Send and Wait for Reply', type: 'boolean', default: false });
		expect(property('followedByCombine').description).toMatch(/Credential for Z-API Conversation State API/);
		// Both nodes that need the credential in the trigger are named, and what the trigger does with it for each.
		expect(property('followedByCombine').description).toMatch(/Combine Quick Messages or Send and Wait for Reply follows this trigger/);
		expect(property('followedByCombine').description).toMatch(/reads there the questions waiting for a reply/);
	});

	it.each([1, 1.1])('a saved trigger of version %s keeps the credential shown and optional: with it, it still reaches the trigger; without it, no new issue', (version) => {
		const saved = of(version);
		expect(saved.properties.some((candidate) => candidate.name === 'followedByCombine')).toBe(false);
		const withState = trigger(version, { events: ['messageReceived'] }, { zApiApi: { id: 'i1', name: 'My instance' }, zApiConversationStateApi: { id: 's1', name: 'Conversation state' } });
		expect(shownCredentials(saved, withState).map((entry) => entry.name)).toEqual(['zApiApi', 'zApiConversationStateApi']);
		expect(credentialIssues(saved, withState)).toEqual({});
		expect(credentialIssues(saved, trigger(version, { events: ['messageReceived'] }, { zApiApi: { id: 'i1', name: 'My instance' } }))).toEqual({});
		// Labelled apart, not both "Credential".
		expect(saved.credentials?.map((entry) => entry.displayName)).toEqual(['Credential for Z-API Instance API', 'Credential for Z-API Conversation State API']);
	});
});

