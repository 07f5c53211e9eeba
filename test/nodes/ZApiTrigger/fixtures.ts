/**
 * What the trigger's tests share: typed access to the contract's payload builders
 * (test/fixtures/callbacks.js), addressed through the trigger's own kind table, and the
 * few n8n moves the harness does not make itself (a signed activation to deliver to,
 * delete() as n8n runs it, a record of requests nock did not expect).
 */
import { createHmac } from 'crypto';
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import { HookContext } from 'n8n-core';
import type { IDataObject, IHookFunctions, IWebhookData } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import nock from 'nock';

import type { ContentKind } from '../../../nodes/shared/delivery/kinds';
import { EVENT_CHOICES } from '../../../nodes/ZApiTrigger/eventChoices';
import { WEBHOOK_NAMES, WEBHOOKS } from '../../../nodes/shared/webhooks';
import {
	deliver,
	INSTANCE_PATH,
	makeAdditionalData,
	makeNode,
	makeWorkflow,
	nodeTypes,
	TEST_CREDENTIALS,
	TRIGGER_TYPE,
	triggerLifecycle,
	type DeliveryResult,
	type EngineOptions,
	type TriggerSetup,
} from '../../helpers/engine';

// ---------------------------------------------------------------------------------------
// The contract's payload builders
// ---------------------------------------------------------------------------------------

type Variant =
	| 'capitalB'
	| 'stringNumbers'
	| 'missingOptional'
	| 'lid'
	| 'wildExtras'
	| 'edited'
	| 'readByMe'
	| 'readSelf'
	| 'singleId';
interface BuildOptions {
	variants?: Variant[];
}
interface FixtureKind {
	/** Key of the content object in the payload. */
	content: string;
	label: string;
	/** Set on the kind that is really a notification (the declined payment request). */
	notification?: string;
	omit?: string[];
}
interface CallbacksModule {
	DEFAULTS: Record<string, string>;
	CONTENT_KINDS: Record<string, FixtureKind>;
	NOTIFICATION_CODES: readonly string[];
	STATUS_VALUES: readonly string[];
	receivedCallback(kind: string, overrides?: IDataObject, options?: BuildOptions): IDataObject;
	notificationCallback(
		code: string,
		parameters?: string[] | null,
		overrides?: IDataObject,
		options?: BuildOptions,
	): IDataObject;
	statusCallback(status: string, ids?: string[] | null, overrides?: IDataObject, options?: BuildOptions): IDataObject;
	INSTANCE_CALLBACK_TYPES: readonly string[];
	PRESENCE_VALUES: readonly string[];
	instanceCallback(type: string, overrides?: IDataObject): IDataObject;
	lidFor(phone: string): string;
}

// Plain CommonJS shared with the stand-in server; no type declarations of its own.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const callbacks = require('../../fixtures/callbacks') as CallbacksModule;
export const PEOPLE = callbacks.DEFAULTS;

/** The stand-in of the service (test/stand-in/server.js), as the engine tests drive it. */
export interface StandIn {
	url: string;
	start(port: number): Promise<unknown>;
	stop(): Promise<void>;
	reset(): void;
	failMe(instanceId: string, status: number | null): void;
	instanceUrl(instanceId: string): string;
}

// Plain CommonJS shared with the end-to-end suite; no type declarations of its own.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { createStandIn } = require('../../stand-in/server') as { createStandIn(options: IDataObject): StandIn };

export const INSTANCE_ID = TEST_CREDENTIALS.instanceId;
export const API = 'https://api.z-api.io';
export const MOMMENT = 1700000000000;
export const MOMMENT_ISO = '2023-11-14T22:13:20.000Z';

/** Every event the user can choose, from the node's table. */
export const ALL_EVENTS = EVENT_CHOICES.map((choice) => choice.value);

/**
 * A received/sent message of one content kind of the trigger's table. Fails when the
 * fixtures have no builder for the table's content object: a kind added to the table
 * needs a fixture.
 */
export function contentFixture(kind: ContentKind, overrides: IDataObject = {}, options: BuildOptions = {}): IDataObject {
	const name = Object.keys(callbacks.CONTENT_KINDS).find((candidate) => {
		const spec = callbacks.CONTENT_KINDS[candidate];
		return spec.content === kind.key && !spec.notification;
	});
	if (!name) {
		throw new Error(
			`test/fixtures/callbacks.js has no payload for content kind '${kind.kind}' (content object '${kind.key}')`,
		);
	}
	return callbacks.receivedCallback(name, { instanceId: INSTANCE_ID, momment: MOMMENT, ...overrides }, options);
}

/** A system notification of one code of section 6.3. Fails for a code the fixtures do not know. */
export function notificationFixture(
	code: string,
	overrides: IDataObject = {},
	options: BuildOptions & { parameters?: string[] } = {},
): IDataObject {
	if (!callbacks.NOTIFICATION_CODES.includes(code)) {
		throw new Error(`test/fixtures/callbacks.js has no payload for notification '${code}'`);
	}
	return callbacks.notificationCallback(
		code,
		options.parameters,
		{ instanceId: INSTANCE_ID, momment: MOMMENT, ...overrides },
		options,
	);
}

/** A message status change. Fails for a status the fixtures do not know. */
export function statusFixture(
	status: string,
	ids: string[] = ['3EB0AAA111', '3EB0BBB222'],
	overrides: IDataObject = {},
	options: BuildOptions = {},
): IDataObject {
	if (!callbacks.STATUS_VALUES.includes(status)) {
		throw new Error(`test/fixtures/callbacks.js has no payload for status '${status}'`);
	}
	return callbacks.statusCallback(status, ids, { instanceId: INSTANCE_ID, momment: MOMMENT, ...overrides }, options);
}

/** Callbacks of the service's further webhooks, by `type` (test/fixtures/callbacks.js). */
export const INSTANCE_CALLBACK_TYPES = callbacks.INSTANCE_CALLBACK_TYPES;

/** A callback of one of the further webhooks. Fails for a type the fixtures do not know. */
export function instanceCallbackFixture(type: string, overrides: IDataObject = {}): IDataObject {
	return callbacks.instanceCallback(type, { instanceId: INSTANCE_ID, momment: MOMMENT, ...overrides });
}

/**
 * Deliveries of types this node does not know, as the service may add them: one about a
 * chat, one about the instance (/me names an initial-data webhook with no documented payload).
 */
export const UNKNOWN_CALLBACKS: Record<string, IDataObject> = {
	CallCallback: {
		type: 'CallCallback',
		instanceId: INSTANCE_ID,
		phone: PEOPLE.contactPhone,
		callId: 'C0A1B2C3D4',
		momment: MOMMENT,
	},
	InitialDataCallback: { type: 'InitialDataCallback', instanceId: INSTANCE_ID, momment: MOMMENT },
};

export function clone<T>(value: T): T {
	return JSON.parse(JSON.stringify(value)) as T;
}

// ---------------------------------------------------------------------------------------
// n8n moves
// ---------------------------------------------------------------------------------------

export const WEBHOOK_ID = 'c0ffee00-0000-4000-8000-000000000001';
export const PRODUCTION_URL = `https://n8n.example.com/webhook/${WEBHOOK_ID}/webhook`;
export const TEST_URL = `https://n8n.example.com/webhook-test/${WEBHOOK_ID}/webhook`;
/** What deliveries are bound to: the workflow id and the trigger node id of the harness. */
export const SCOPE = 'wf1:trigger-node-id';

/** The received webhook without and with notify sent by me (docs/webhooks/...). */
export const RECEIVED_ENDPOINT = '/update-webhook-received';
export const RECEIVED_SENT_BY_ME_ENDPOINT = '/update-webhook-received-delivery';
/** Every endpoint that sets a webhook, whichever way the trigger sets it. */
export const WEBHOOK_ENDPOINTS = [RECEIVED_ENDPOINT, ...WEBHOOK_NAMES.map((name) => WEBHOOKS[name].endpoint)];
export const STATUS_ENDPOINT = '/update-webhook-message-status';

/** The signature the registered URL must carry, computed here from its definition. */
export function signatureFor(activation: string, scope = SCOPE, token = TEST_CREDENTIALS.instanceToken): string {
	return createHmac('sha256', token).update(`${scope}:${activation}`).digest('hex');
}

/** The trigger's record in a workflow's static data (n8n keys node data by node name). */
export function registrationIn(staticData: IDataObject): IDataObject | undefined {
	return staticData['node:Z-API Trigger'] as IDataObject | undefined;
}

export interface Listening {
	setup: TriggerSetup;
	/** Query string of the registered address, as the service will call it. */
	query: IDataObject;
	/** The registered address. */
	url: string;
	/** The endpoints the activation PUT the address to, in order. */
	endpoints: string[];
}

/**
 * Activates a trigger (or starts listening for a test event) against a service that
 * accepts every registration, and returns what deliveries need. Call it before setting up
 * the test's own interceptors: it removes its own when done.
 */
export async function listening(
	parameters: IDataObject,
	{ isTest = false, options, after }: { isTest?: boolean; options?: EngineOptions; after?: TriggerSetup['after'] } = {},
): Promise<Listening> {
	const setup: TriggerSetup = { parameters, staticData: {}, options, after };
	const registered: string[] = [];
	const endpoints: string[] = [];
	const scope = nock(API);
	const interceptors = [
		scope.get(`${INSTANCE_PATH}/me`),
		...WEBHOOK_ENDPOINTS.map((endpoint) =>
			scope.put(`${INSTANCE_PATH}${endpoint}`, (body: { value: string }) => {
				registered.push(body.value);
				endpoints.push(endpoint);
				return true;
			}),
		),
	];
	interceptors[0]
		.optionally()
		.reply(200, Object.fromEntries(WEBHOOK_NAMES.map((name) => [WEBHOOKS[name].settingsField, ''])));
	for (const interceptor of interceptors.slice(1)) interceptor.optionally().reply(200, { value: true });
	try {
		await triggerLifecycle(setup).activate(isTest);
	} finally {
		for (const interceptor of interceptors) nock.removeInterceptor(interceptor);
	}
	if (!registered.length) throw new Error('the trigger registered no webhook');
	return { setup, query: Object.fromEntries(new URL(registered[0]).searchParams), url: registered[0], endpoints };
}

/**
 * Activates the trigger of `setup` against a service that takes every webhook: the
 * activation's error (undefined when it went through) and the webhooks set.
 */
export async function activateAgainstService(setup: TriggerSetup): Promise<{ failure?: Error & { description?: string }; puts: string[] }> {
	const puts: string[] = [];
	nock(API)
		.persist()
		.get(`${INSTANCE_PATH}/me`)
		.reply(200, {})
		.put(/.*/)
		.reply((uri) => (puts.push(uri), [200, { value: true }]));
	const failure = await triggerLifecycle(setup)
		.activate()
		.then(
			() => undefined,
			(error: Error & { description?: string }) => error,
		);
	return { failure, puts };
}

/** One delivery to an activated trigger, signed with its registered address. */
export async function deliverTo(target: Listening, body: unknown, isTest = false): Promise<DeliveryResult> {
	return await deliver(target.setup, { body, query: target.query, isTest });
}

/**
 * delete() the way n8n runs it, for production and for test listening alike: mode
 * 'internal', activation 'update', with the static data of that workflow.
 */
export async function n8nDelete(setup: TriggerSetup, isTest = false): Promise<boolean> {
	const node = makeNode(TRIGGER_TYPE, setup.parameters, setup.node);
	const workflow = makeWorkflow([node], setup.staticData ?? {}, !isTest, setup.workflowId);
	const additionalData = makeAdditionalData(setup.options, 'internal');
	const nodeType = nodeTypes.getByNameAndVersion(TRIGGER_TYPE, node.typeVersion);
	const webhookDescription = nodeType.description.webhooks![0];
	const webhookData: IWebhookData = {
		httpMethod: 'POST',
		node: node.name,
		path: NodeHelpers.getNodeWebhookPath(workflow.id, node, String(webhookDescription.path)),
		webhookDescription,
		workflowId: workflow.id,
		workflowExecuteAdditionalData: additionalData,
		webhookId: node.webhookId,
		isTest,
	};
	const context = new HookContext(workflow, node, additionalData, 'internal', 'update', webhookData);
	return await nodeType.webhookMethods!.default!.delete.call(context as unknown as IHookFunctions);
}

/**
 * Requests nock had no answer for. n8n's clean-up swallows errors, so an unexpected call
 * would otherwise go unnoticed; tests assert this stays empty.
 */
export function unexpectedRequests(): { list: string[]; stop: () => void } {
	const list: string[] = [];
	const listener = (req: { method?: string; path?: string }) => {
		list.push(`${req.method} ${String(req.path).replace(INSTANCE_PATH, '')}`);
	};
	nock.emitter.on('no match', listener);
	return { list, stop: () => nock.emitter.removeListener('no match', listener) };
}

/**
 * n8n's logger, watched: every test of the calling block starts with fresh spies on warn
 * and error that print nothing.
 */
export function watchLog(): { warn: jest.SpyInstance; error: jest.SpyInstance } {
	const log = {} as { warn: jest.SpyInstance; error: jest.SpyInstance };
	beforeEach(() => {
		const logger = Container.get(Logger);
		log.warn = jest.spyOn(logger, 'warn').mockImplementation(() => {});
		log.error = jest.spyOn(logger, 'error').mockImplementation(() => {});
	});
	afterEach(() => jest.restoreAllMocks());
	return log;
}
