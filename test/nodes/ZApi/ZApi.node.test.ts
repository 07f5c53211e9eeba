import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INode, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { ZApiApi } from '../../../credentials/ZApiApi.credentials';
import { ZApiPartnerApi } from '../../../credentials/ZApiPartnerApi.credentials';
import { ZApi } from '../../../nodes/ZApi/ZApi.node';
import { resources } from '../../../nodes/ZApi/actions/resources';
import { offersSkip } from '../../../nodes/ZApi/actions/skipIfWroteAgain';
import codex from '../../../nodes/ZApi/ZApi.node.json';
import { FakeDataTables } from '../../helpers/dataTables';
import { credentialIssues, filledOnAdd, shownCredentials, type SavedCredential } from '../../helpers/editorCredentials';
import { ACTION_TYPE, makeNode, makeWorkflow, runAction } from '../../helpers/engine';

const node = new ZApi();
const { description } = node;
const properties = description.properties;

/** Parameters whose name and type say all there is to say. */
const SELF_EXPLANATORY = new Map<string, string>([
	['resource', 'Resource selector: each option has its description'],
	['operation', 'Operation selector: each option has its action and description'],
	['options', 'A collection: each option inside has its description'],
	['photoSource', 'Options whose each choice has its description'],
	['binaryPropertyName', 'The standard n8n Input Binary Field, with a hint'],
	['conversationNotice', 'A notice: its text is all it says'],
]);

const operationSelectors = properties.filter((property) => property.name === 'operation');

/** A node's parameters as n8n resolves them when it loads a workflow: every shown parameter, at its default unless set. */
const resolved = (parameters: Record<string, unknown>) =>
	NodeHelpers.getNodeParameters(properties, parameters as never, true, false, { typeVersion: 1.1 }, description) ?? {};

describe('Z-API node description', () => {
	it('is usable as an AI agent tool', () => {
		expect(description.usableAsTool).toBe(true);
	});

	it('names itself, has one main input and output, and a version', () => {
		expect(description.name).toBe('zApi');
		expect(description.displayName).toBe('Z-API');
		expect(description.version).toEqual([1, 1.1]);
		expect(description.defaultVersion).toBe(1.1);
		expect(description.inputs).toEqual(['main']);
		expect(description.outputs).toEqual(['main']);
		expect(description.description.length).toBeGreaterThan(20);
	});

	it('requires the Z-API credentials, the partner credential for Partner (Instances) instead, and for conversations an n8n API key instead, all tested by the node', () => {
		expect(description.credentials).toEqual([
			{
				name: 'zApiApi',
				displayName: 'Credential for Z-API Instance API',
				required: true,
				displayOptions: { hide: { resource: ['conversation', 'partner'] } },
				testedBy: 'zApiApiTest',
			},
			{
				name: 'zApiPartnerApi',
				displayName: 'Credential for Z-API Partner API',
				required: true,
				displayOptions: { show: { resource: ['partner'] } },
				testedBy: 'zApiPartnerApiTest',
			},
			{
				name: 'zApiConversationStateApi',
				displayName: 'Credential for Z-API Conversation State API',
				required: true,
				// Conversation, Send and Wait for Reply, and a send with Skip If the Person Wrote Again on: every other resource, Message operation without the option or state of its own, and the option off hide it.
				displayOptions: {
					hide: {
						resource: resources.map(({ value }) => value).filter((value) => value !== 'conversation' && value !== 'message'),
						operation: resources
							.find(({ value }) => value === 'message')!
							.operations.filter((operation) => !offersSkip(operation) && !operation.keepsConversationState)
							.map(({ value }) => value),
						skipIfWroteAgain: [false],
					},
				},
				testedBy: 'zApiConversationStateTest',
			},
			// n8n's own OpenAI credential, only with Transcribe Voice Notes on.
			{
				name: 'openAiApi',
				displayName: 'Credential for OpenAI',
				required: true,
				displayOptions: { show: { resource: ['conversation'], operation: ['combineMessages'], transcribeVoiceNotes: [true] } },
			},
		]);
		// n8n runs a credential type's own `test` before any node's.
		expect((new ZApiApi() as { test?: unknown }).test).toBeUndefined();
		expect((new ZApiPartnerApi() as { test?: unknown }).test).toBeUndefined();
		expect(typeof node.methods.credentialTest.zApiApiTest).toBe('function');
		expect(typeof node.methods.credentialTest.zApiPartnerApiTest).toBe('function');
	});

	it('asks for the credential each resource uses, as n8n decides it from the parameters', () => {
		// The parameters as n8n resolves them: the resource's first operation, every shown parameter at its default.
		const shownFor = (resource: string) =>
			(description.credentials ?? [])
				.filter((credential) => NodeHelpers.displayParameter(resolved({ resource }), credential, null, description))
				.map((credential) => credential.name);
		expect(shownFor('partner')).toEqual(['zApiPartnerApi']);
		expect(shownFor('message')).toEqual(['zApiApi']);
		expect(shownFor('conversation')).toEqual(['zApiConversationStateApi']);
		const combineWith = (transcribeVoiceNotes: boolean) =>
			(description.credentials ?? [])
				.filter((credential) => NodeHelpers.displayParameter({ resource: 'conversation', operation: 'combineMessages', transcribeVoiceNotes }, credential, null, description))
				.map((credential) => credential.name);
		expect(combineWith(false)).toEqual(['zApiConversationStateApi']);
		expect(combineWith(true)).toEqual(['zApiConversationStateApi', 'openAiApi']);
	});

	it('asks for the Conversation State credential on a send only with Skip If the Person Wrote Again on, on every Conversation operation, and on Send and Wait for Reply', () => {
		// As n8n resolves a node's parameters: a shown parameter at its default is there, a parameter not shown is not.
		const shown = (parameters: Record<string, unknown>) =>
			(description.credentials ?? []).filter((credential) => NodeHelpers.displayParameter(resolved(parameters), credential, null, description)).map((credential) => credential.name);
		const offering = resources.flatMap((resource) => resource.operations.filter(offersSkip).map((operation) => ({ resource: resource.value, operation: operation.value })));
		expect(offering.map(({ operation }) => operation)).toEqual(expect.arrayContaining(['sendText', 'sendImage', 'sendAudio', 'sendOptionList']));
		for (const { resource, operation } of offering) {
			expect({ operation, shown: shown({ resource, operation }) }).toEqual({ operation, shown: ['zApiApi'] });
			expect({ operation, shown: shown({ resource, operation, skipIfWroteAgain: true }) }).toEqual({ operation, shown: ['zApiApi', 'zApiConversationStateApi'] });
		}
		for (const resource of resources) {
			for (const operation of resource.operations.filter((one) => !offersSkip(one))) {
				const expected =
					resource.value === 'conversation'
						? ['zApiConversationStateApi']
						: resource.value === 'partner'
							? ['zApiPartnerApi']
							: operation.keepsConversationState
								? ['zApiApi', 'zApiConversationStateApi']
								: ['zApiApi'];
				expect({ operation: operation.value, shown: shown({ resource: resource.value, operation: operation.value }) }).toEqual({ operation: operation.value, shown: expected });
			}
		}
	});

	it('lists every resource of the registry with its operations, in order', () => {
		const resource = properties.find((property) => property.name === 'resource');
		expect((resource?.options as INodePropertyOptions[]).map((option) => option.value)).toEqual(
			resources.map(({ value }) => value),
		);
		expect(resource?.noDataExpression).toBe(true);
		for (const { value, operations } of resources) {
			const selector = operationSelectors.find((candidate) => candidate.displayOptions?.show?.resource?.[0] === value);
			expect((selector?.options as INodePropertyOptions[]).map((option) => option.value)).toEqual(
				operations.map((operation) => operation.value),
			);
		}
		expect(operationSelectors).toHaveLength(resources.length);
	});

	// n8n leaves parameters at their default out of saved workflows: a changed default would
	// silently change what those workflows do. These values are that promise.
	it('keeps the defaults saved workflows rely on', () => {
		const defaults = Object.fromEntries(
			operationSelectors.map((selector) => [selector.displayOptions?.show?.resource?.[0], selector.default]),
		);
		expect(properties.find((property) => property.name === 'resource')?.default).toBe('chat');
		expect(defaults).toMatchObject({ chat: 'getMessages', group: 'addParticipants', webhook: 'setReceivedUrl' });
		expect(properties.find((property) => property.name === 'photoSource')?.default).toBe('binary');
	});

	it('lists the commonest resources first: messages, the conversation steps after the trigger, then chats and groups', () => {
		const resource = properties.find((property) => property.name === 'resource');
		expect((resource?.options as INodePropertyOptions[]).map((option) => option.value).slice(0, 4)).toEqual([
			'message',
			'conversation',
			'chat',
			'group',
		]);
		const messageSelector = operationSelectors.find((selector) => selector.displayOptions?.show?.resource?.[0] === 'message');
		expect((messageSelector?.options as INodePropertyOptions[])[0].value).toBe('sendText');
	});

	/** The subtitle as the editor shows it under the node, for the node's parameters as saved. */
	function subtitleFor(saved: Record<string, string>): unknown {
		const parameters = NodeHelpers.getNodeParameters(properties, saved, true, false, null, description);
		const zApiNode = makeNode(ACTION_TYPE, parameters ?? {});
		return makeWorkflow([zApiNode]).expression.getSimpleParameterValue(zApiNode, description.subtitle as string, 'manual', {});
	}

	it('its subtitle names the resource and the operation, not their ids', () => {
		expect(subtitleFor({ resource: 'message', operation: 'sendText' })).toBe('Message: Send Text');
		expect(subtitleFor({ resource: 'chat', operation: 'getMessages' })).toBe('Chat: Get Messages');
		expect(subtitleFor({ resource: 'group', operation: 'addParticipants' })).toBe('Group: Add Participants');
		expect(subtitleFor({ resource: 'instance', operation: 'getQrCode' })).toBe('Instance: Get QR Code');
		// A workflow saved with the defaults left out.
		expect(subtitleFor({})).toBe('Chat: Get Messages');
		for (const resource of resources) {
			for (const operation of resource.operations) {
				expect(subtitleFor({ resource: resource.value, operation: operation.value })).toBe(`${resource.name}: ${operation.name}`);
			}
		}
		// An operation the node no longer has shows as saved.
		expect(subtitleFor({ resource: 'message', operation: 'sendHologram' })).toBe('sendHologram');
	});

	it('is found in the node panel by the words users type for its actions', () => {
		for (const words of ['send image', 'qr code', 'poll', 'whatsapp approval', 'send text', 'send document']) {
			expect(codex.alias).toContain(words);
		}
	});

	it('is found in the node panel by the words of orders, events and communities', () => {
		for (const words of ['order', 'event', 'community']) {
			expect(codex.alias).toContain(words);
		}
	});

	it('is found in the node panel by the words for WhatsApp channels, which Z-API calls newsletters', () => {
		for (const words of ['channel', 'newsletter', 'whatsapp channel']) {
			expect(codex.alias).toContain(words);
		}
		const resource = properties.find((property) => property.name === 'resource');
		const values = (resource?.options as INodePropertyOptions[]).map((option) => option.value);
		expect(values.indexOf('channel')).toBe(values.indexOf('community') + 1);
	});

	it('is found in the node panel by the words of Z-API integrators: partner, instance, integrator', () => {
		for (const words of ['partner', 'instance', 'integrator', 'create instance']) {
			expect(codex.alias).toContain(words);
		}
	});

	it('is found in the node panel by the words of the conversation features: combine, quick messages, takeover, bubbles', () => {
		for (const words of ['combine', 'quick messages', 'takeover', 'bubbles', 'pause bot', 'split into bubbles']) {
			expect(codex.alias).toContain(words);
		}
	});

	it('is found in the node panel by the words of the WhatsApp Business catalog: catalog, product, collection', () => {
		for (const words of ['catalog', 'product', 'collection']) {
			expect(codex.alias).toContain(words);
		}
	});

	it('is found in the node panel by the words of a mobile instance: registering its number, its account security', () => {
		for (const words of ['register number', 'two-step', 'unban', 'mobile']) {
			expect(codex.alias).toContain(words);
		}
	});

	it('finds Send and Wait for Reply by "wait for reply", "ask" and "question", in its aliases and its action', () => {
		for (const words of ['wait for reply', 'ask', 'question', 'send and wait for reply']) {
			expect(codex.alias).toContain(words);
		}
		const options = operationSelectors.flatMap((selector) => selector.options as INodePropertyOptions[]);
		expect(options.find((option) => option.value === 'sendAndWaitForReply')?.action).toBe('Ask a question and wait for the reply in the chat');
	});

	it('README and the operations page say how many operations there are, and list each resource', () => {
		const count = resources.flatMap((resource) => resource.operations).length;
		const readme = readFileSync(join(__dirname, '../../../README.md'), 'utf8');
		expect(readme).toContain(`(${count} operations, every endpoint Z-API documents;`);
		const page = readFileSync(join(__dirname, '../../../docs/operations.md'), 'utf8');
		for (const resource of resources) expect(page).toContain(`| ${resource.name} | `);
	});

	it('gives every operation a short action and a description', () => {
		const options = operationSelectors.flatMap((selector) => selector.options as INodePropertyOptions[]);
		expect(options).toHaveLength(resources.flatMap((resource) => resource.operations).length);
		for (const option of options) {
			// n8n renames the node to the action when it is picked: a few words, a capital, no full stop.
			expect({ value: option.value, action: option.action }).toEqual({
				value: option.value,
				action: expect.stringMatching(/^[A-Z][a-z]+ .{8,}[^.]$/),
			});
			expect({ value: option.value, description: option.description }).toEqual({
				value: option.value,
				description: expect.stringMatching(/\w+ \w+ \w+/),
			});
		}
		const actions = options.map((option) => option.action);
		expect(new Set(actions).size).toBe(actions.length);
		for (const selector of operationSelectors) expect(selector.noDataExpression).toBe(true);
	});

	it('describes every parameter, unless it is self-explanatory', () => {
		const missing: string[] = [];
		const walk = (list: INodeProperties[], path: string) => {
			for (const property of list) {
				const name = `${path}${property.name}`;
				if (!property.description && !SELF_EXPLANATORY.has(property.name)) missing.push(name);
				if (property.type === 'options' || property.type === 'multiOptions') {
					for (const option of (property.options ?? []) as INodePropertyOptions[]) {
						if (property.name !== 'resource' && property.name !== 'operation' && !option.description) {
							missing.push(`${name}=${String(option.value)}`);
						}
					}
				}
				if (property.type === 'collection' || property.type === 'fixedCollection') {
					walk((property.options ?? []) as INodeProperties[], `${name}.`);
				}
			}
		};
		walk(properties, '');
		expect(missing).toEqual([]);
		const binaryField = properties.find((property) => property.name === 'binaryPropertyName');
		expect(binaryField?.hint).toMatch(/binary field/);
	});

	it('shows every operation parameter only for its own resource and the operations that declare it, in each one’s order', () => {
		for (const property of properties) {
			if (property.name === 'resource' || property.name === 'operation') continue;
			const show = property.displayOptions?.show ?? {};
			expect({ name: property.name, resource: show.resource?.length, operations: (show.operation?.length ?? 0) > 0 }).toEqual({
				name: property.name,
				resource: 1,
				operations: true,
			});
		}
		for (const resource of resources) {
			for (const operation of resource.operations) {
				const shown = properties.filter(
					(property) =>
						property.displayOptions?.show?.resource?.[0] === resource.value &&
						(property.displayOptions?.show?.operation ?? []).includes(operation.value),
				);
				// Where items overlap (operations ordered by a chat or group): Items at Once in Options, and
				// last among the main fields for version 1 only.
				const overlaps = operation.orderedBy && !operation.executeAllItems;
				const hasOptions = operation.properties.some((property) => property.name === 'options');
				const own = operation.properties.map((property) => property.name);
				// Skip If the Person Wrote Again, on the sends that can answer a chat: before Options.
				if (offersSkip(operation)) own.splice(hasOptions ? own.indexOf('options') : own.length, 0, 'skipIfWroteAgain');
				const names = [...own, ...(overlaps && !hasOptions ? ['options'] : []), ...(overlaps ? ['itemsAtOnce'] : [])];
				expect(shown.map((property) => property.name)).toEqual(names);
				if (overlaps) {
					expect(shown[shown.length - 1].displayOptions?.show?.['@version']).toEqual([1]);
					const options = shown.find((property) => property.name === 'options');
					expect((options?.options as INodeProperties[]).map((option) => option.name)).toContain('itemsAtOnce');
				}
			}
		}
	});

	it('keeps the Limit shown only when Return All is off, and the photo fields by source', () => {
		const limit = properties.find((property) => property.name === 'limit' && property.displayOptions?.show?.operation?.includes('getMessages'));
		expect(limit?.displayOptions?.show).toMatchObject({ returnAll: [false], resource: ['chat'] });
		expect(limit?.typeOptions?.minValue).toBe(1);
		const photoUrl = properties.find((property) => property.name === 'photoUrl');
		expect(photoUrl?.displayOptions?.show?.photoSource).toEqual(['url']);
		const photoBase64 = properties.find((property) => property.name === 'photoBase64');
		expect(photoBase64?.displayOptions?.show?.photoSource).toEqual(['base64']);
	});

	it('declares a parameter shared by several operations once: far fewer properties than operation parameters', () => {
		const declared = resources.reduce((sum, resource) => sum + resource.operations.reduce((count, operation) => count + operation.properties.length, 0), 0);
		expect(properties.length).toBeLessThan(declared);
		// Each property is one declaration, identical for all the operations listing it.
		const phone = properties.filter((property) => property.name === 'phone' && property.displayOptions?.show?.resource?.[0] === 'message');
		expect(phone.some((property) => (property.displayOptions?.show?.operation ?? []).length > 10)).toBe(true);
	});

	it('marks the parameters a call cannot do without as required', () => {
		// A message send's Phone left empty answers the chat the execution is answering: not required, its hint says so.
		const answering = (property: INodeProperties) => property.name === 'phone' && /^Empty: answers the chat/.test(property.hint ?? '');
		const required = (name: string) =>
			properties.filter((property) => property.name === name && !answering(property)).every((property) => property.required === true);
		for (const name of ['phone', 'groupId', 'phones', 'url', 'photoUrl', 'photoBase64']) {
			expect({ name, required: required(name) }).toEqual({ name, required: true });
		}
	});

	it('tells users of the webhook operations that only https is accepted', () => {
		const url = properties.find((property) => property.name === 'url');
		expect(url?.description).toMatch(/https/);
		expect(url?.placeholder).toMatch(/^https:\/\//);
	});
});

describe('Z-API node credentials in the n8n editor', () => {
	const instance: SavedCredential = { type: 'zApiApi', id: 'i1', name: 'My instance', updatedAt: '2026-11-01T10:00:00.000Z' };
	const state: SavedCredential = { type: 'zApiConversationStateApi', id: 's1', name: 'Conversation state', updatedAt: '2026-11-01T10:05:00.000Z' };
	const partner: SavedCredential = { type: 'zApiPartnerApi', id: 'p1', name: 'Partner account', updatedAt: '2026-11-01T10:10:00.000Z' };
	const credentialOf: Record<string, string> = { conversation: 'zApiConversationStateApi', partner: 'zApiPartnerApi' };
	const added = (resource: string, operation: string): INode =>
		({ id: 'n1', name: 'Z-API', type: ACTION_TYPE, typeVersion: 1.1, position: [0, 0], parameters: { resource, operation } }) as INode;
	const everyOperation = resources.flatMap((resource) => resource.operations.filter((operation) => !operation.keepsConversationState).map((operation) => [resource.value, operation.value]));

	it.each(everyOperation)('%s > %s shows one credential, so the one n8n fills in is all it needs', (resource, operation) => {
		const node = added(resource, operation);
		expect(shownCredentials(description, node).map((entry) => entry.name)).toEqual([credentialOf[resource] ?? 'zApiApi']);
		// One credential of each type saved, whichever saved last: no issue after adding the node.
		for (const saved of [[instance, state, partner], [{ ...instance, updatedAt: '2026-11-02T00:00:00.000Z' }, state, partner]]) {
			const filled = { ...node, credentials: filledOnAdd(description, node, saved) };
			expect(credentialIssues(description, filled)).toEqual({});
		}
	});

	it('Send and Wait for Reply shows both credentials: n8n fills in one and marks the node until the Conversation State credential is chosen too', () => {
		const node = added('message', 'sendAndWaitForReply');
		expect(shownCredentials(description, node).map((entry) => entry.name)).toEqual(['zApiApi', 'zApiConversationStateApi']);
		const filled = { ...node, credentials: filledOnAdd(description, node, [instance, state]) };
		expect(Object.keys(credentialIssues(description, filled))).toHaveLength(1);
		const both = { ...node, credentials: { zApiApi: { id: 'i1', name: 'Z-API account' }, zApiConversationStateApi: { id: 's1', name: 'Conversation state' } } };
		expect(credentialIssues(description, both)).toEqual({});
	});

	it('Combine Quick Messages added from the panel gets its credential filled, with no issue before Publish', () => {
		const node = added('conversation', 'combineMessages');
		const filled = { ...node, credentials: filledOnAdd(description, node, [instance, state]) };
		expect(filled.credentials).toEqual({ zApiConversationStateApi: { id: 's1', name: 'Conversation state' } });
		expect(credentialIssues(description, filled)).toEqual({});
		// Left empty, n8n marks the node.
		expect(credentialIssues(description, node)).toEqual({ zApiConversationStateApi: ['Credentials for Z-API are not set.'] });
	});

	it('labels each credential field by its type, as n8n words one credential of a node', () => {
		expect(description.credentials?.map((entry) => entry.displayName)).toEqual([
			'Credential for Z-API Instance API',
			'Credential for Z-API Partner API',
			'Credential for Z-API Conversation State API',
			'Credential for OpenAI',
		]);
	});

	it('runs a Conversation operation with the Conversation State credential alone', async () => {
		const tables = new FakeDataTables();
		const result = await runAction(
			{ resource: 'conversation', operation: 'getBotState', chatId: '5511999999999' },
			[{ json: {} }],
			{ settings: { credentials: { zApiConversationStateApi: { id: 'cred-2', name: 'Conversation state' } } } },
		);
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ chatId: '5511999999999', paused: false, pausedUntil: null, untilResumed: false, pausedBy: null }]);
		expect(tables.requests.length).toBeGreaterThan(0);
	});
});
