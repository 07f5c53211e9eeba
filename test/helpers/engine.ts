/**
 * Runs the package's nodes the way n8n does: a Workflow holding the node, executed by
 * n8n-core's WorkflowExecute, with credentials served by a credentials helper and HTTP
 * left to n8n's own request helpers (caught by nock in the tests). The trigger's webhook
 * lifecycle runs through n8n-core's HookContext and its deliveries through WebhookContext.
 */
import { ExecutionLifecycleHooks, HookContext, WebhookContext, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IConnections,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	IVersionedNodeType,
	INodeTypes,
	IRun,
	IRunExecutionData,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers, Workflow, createRunExecutionData } from 'n8n-workflow';

import { ZApiApi } from '../../credentials/ZApiApi.credentials';
import { ZApiConversationStateApi } from '../../credentials/ZApiConversationStateApi.credentials';
import { ZApiPartnerApi } from '../../credentials/ZApiPartnerApi.credentials';
import { ZApi } from '../../nodes/ZApi/ZApi.node';
import { ZApiTrigger } from '../../nodes/ZApiTrigger/ZApiTrigger.node';

export const ACTION_TYPE = '@n8n-nodes-zapi/n8n-nodes-zapi.zApi';
export const TRIGGER_TYPE = '@n8n-nodes-zapi/n8n-nodes-zapi.zApiTrigger';

export const TEST_CREDENTIALS = {
	instanceId: 'INSTANCE123',
	instanceToken: 'tok3n-SECRET-7f9a',
	clientToken: '',
	baseUrl: 'https://api.z-api.io',
};

export const INSTANCE_PATH = `/instances/${TEST_CREDENTIALS.instanceId}/token/${TEST_CREDENTIALS.instanceToken}`;

const nodeTypeList: Record<string, INodeType | IVersionedNodeType> = {
	[ACTION_TYPE]: new ZApi(),
	[TRIGGER_TYPE]: new ZApiTrigger(),
};

/** The node type of that version, as n8n picks it (a versioned node's own description per version). */
export function nodeTypeOf(name: string, version?: number): INodeType {
	const type = nodeTypeList[name];
	// A type no test registered (n8n's own nodes after the trigger) is unknown, as before.
	return (type && NodeHelpers.getVersionedNodeType(type, version)) as INodeType;
}

export const nodeTypes: INodeTypes = {
	getByName: (name) => nodeTypeList[name],
	getByNameAndVersion: (name, version) => nodeTypeOf(name, version),
	getKnownTypes: () => ({}),
} as INodeTypes;

export const N8N_API_CREDENTIALS = { apiKey: 'n8n-api-KEY/with+chars=', baseUrl: 'https://n8n.example.com/api/v1' };

/** The Z-API Partner API credential's values: its token needs encoding in any address. */
export const PARTNER_CREDENTIALS = { partnerToken: 'partner+TOKEN/9f= 8e7d', baseUrl: 'https://api.z-api.io' };

/** An OpenAI key that needs encoding in any form it may be echoed in. */
export const OPENAI_CREDENTIALS = { apiKey: 'sk-proj+KEY/9f= 8e7d', organizationId: '', url: 'https://api.openai.com/v1' };

/**
 * n8n's own OpenAI credential type (n8n-nodes-base, which these tests do not load): its fields
 * as n8n 2.41.1 has them. Transcribe Voice Notes sets its headers itself, so no authenticate().
 */
const openAiApi: ICredentialType = {
	name: 'openAiApi',
	displayName: 'OpenAi',
	properties: [
		{ displayName: 'API Key', name: 'apiKey', type: 'string', typeOptions: { password: true }, required: true, default: '' },
		{ displayName: 'Organization ID (optional)', name: 'organizationId', type: 'string', default: '' },
		{ displayName: 'Base URL', name: 'url', type: 'string', default: 'https://api.openai.com/v1' },
		{ displayName: 'Add Custom Header', name: 'header', type: 'boolean', default: false },
		{ displayName: 'Header Name', name: 'headerName', type: 'string', default: '' },
		{ displayName: 'Header Value', name: 'headerValue', type: 'string', typeOptions: { password: true }, default: '' },
	],
};

const credentialTypes: Record<string, ICredentialType> = {
	zApiApi: new ZApiApi(),
	zApiConversationStateApi: new ZApiConversationStateApi(),
	zApiPartnerApi: new ZApiPartnerApi(),
	openAiApi,
};

/** Serves one set of credential values per test and applies the type's authenticate(). */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(
		public values: ICredentialDataDecryptedObject,
		public n8nApiValues: ICredentialDataDecryptedObject = N8N_API_CREDENTIALS,
		public partnerValues: ICredentialDataDecryptedObject = PARTNER_CREDENTIALS,
		public openAiValues: ICredentialDataDecryptedObject = OPENAI_CREDENTIALS,
	) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const authenticate = credentialTypes[typeName]?.authenticate;
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		return requestOptions;
	}

	async preAuthentication() {
		return undefined;
	}

	async runPreAuthentication() {
		return undefined;
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used by these nodes');
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		if (!credentialTypes[type]) throw new Error(`unknown credential type ${type}`);
		if (type === 'zApiConversationStateApi') return { ...this.n8nApiValues };
		if (type === 'zApiPartnerApi') return { ...this.partnerValues };
		if (type === 'openAiApi') return { ...this.openAiValues };
		return { ...this.values };
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return credentialTypes[type]?.properties ?? [];
	}
}

/** Registers a node type of a test's own (to call the transport as other nodes do). */
export function registerNodeType(name: string, nodeType: INodeType): void {
	nodeTypeList[name] = nodeType;
}

export interface EngineOptions {
	credentials?: Partial<typeof TEST_CREDENTIALS>;
	/** The Z-API Conversation State credential's values (N8N_API_CREDENTIALS when not given). */
	n8nApi?: ICredentialDataDecryptedObject;
	/** The Z-API Partner API credential's values (PARTNER_CREDENTIALS when not given). */
	partner?: ICredentialDataDecryptedObject;
	/** n8n's OpenAI credential's values (OPENAI_CREDENTIALS when not given). */
	openAi?: ICredentialDataDecryptedObject;
	/** This n8n's own address, as n8n gives it to nodes ('https://n8n.example.com/' when not given). */
	instanceBaseUrl?: string;
	mode?: WorkflowExecuteMode;
	webhookBaseUrl?: string;
	/** Set for runs that sign resume links (n8n-core needs an execution id for them). */
	executionId?: string;
	/** The workflow's static data, read and changed in place by the run. */
	staticData?: IDataObject;
	/** The workflow's id ('wf1' when not given). */
	workflowId?: string;
	/** Whether the workflow is active (published): inactive when not given. */
	active?: boolean;
}

export function makeAdditionalData(options: EngineOptions = {}, mode: WorkflowExecuteMode = 'manual') {
	const webhookBaseUrl = options.webhookBaseUrl ?? 'https://n8n.example.com/';
	const data = {
		credentialsHelper: new TestCredentialsHelper({ ...TEST_CREDENTIALS, ...options.credentials }, options.n8nApi, options.partner, options.openAi),
		hooks: new ExecutionLifecycleHooks(mode, 'test-execution', {
			id: 'wf1',
			name: 'test',
			active: false,
			isArchived: false,
			nodes: [],
			connections: {},
			createdAt: new Date(),
			updatedAt: new Date(),
		} as never),
		executeWorkflow: async () => {
			throw new Error('sub-workflows are not used here');
		},
		restApiUrl: 'https://n8n.example.com/rest',
		instanceBaseUrl: options.instanceBaseUrl ?? 'https://n8n.example.com/',
		webhookBaseUrl: `${webhookBaseUrl}webhook`,
		webhookTestBaseUrl: `${webhookBaseUrl}webhook-test`,
		webhookWaitingBaseUrl: `${webhookBaseUrl}webhook-waiting`,
		formWaitingBaseUrl: `${webhookBaseUrl}form-waiting`,
		variables: {},
		userId: 'user-1',
		executionId: options.executionId,
		currentNodeParameters: undefined,
		executionTimeoutTimestamp: undefined,
		setExecutionStatus: () => {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('task runners are not used here');
		},
	};
	return data as unknown as IWorkflowExecuteAdditionalData;
}

export function makeNode(type: string, parameters: IDataObject, overrides: Partial<INode> = {}): INode {
	return {
		id: type === TRIGGER_TYPE ? 'trigger-node-id' : 'action-node-id',
		name: type === TRIGGER_TYPE ? 'Z-API Trigger' : 'Z-API',
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: {
			zApiApi: { id: 'cred-1', name: 'Z-API account' },
			// The trigger uses it only when a Combine Quick Messages follows it.
			zApiConversationStateApi: { id: 'cred-2', name: 'Conversation state' },
			// The Partner (Instances) resource's only credential.
			zApiPartnerApi: { id: 'cred-3', name: 'Z-API partner' },
			// n8n's own, for Transcribe Voice Notes.
			openAiApi: { id: 'cred-4', name: 'OpenAI account' },
		},
		...(type === TRIGGER_TYPE ? { webhookId: 'c0ffee00-0000-4000-8000-000000000001' } : {}),
		...overrides,
	} as INode;
}

export function makeWorkflow(nodes: INode[], staticData: IDataObject = {}, active = false, id = 'wf1', connections: IConnections = {}): Workflow {
	return new Workflow({
		id,
		name: 'test workflow',
		nodes,
		connections,
		active,
		nodeTypes,
		staticData,
		settings: {},
	});
}

export interface ActionRun {
	/** JSON of every output item. */
	json: IDataObject[];
	items: INodeExecutionData[];
	/** The error the node ended with, if any. */
	error?: Error & { description?: string | null; context?: IDataObject; httpCode?: string | null };
	run: IRun;
}

/**
 * Executes the action node once over `items`, through WorkflowExecute, and returns what
 * the node put out (or its error).
 */
export async function runAction(
	parameters: IDataObject,
	items: INodeExecutionData[] = [{ json: {} }],
	options: EngineOptions & { continueOnFail?: boolean; type?: string; typeVersion?: number; settings?: Partial<INode> } = {},
): Promise<ActionRun> {
	const node = makeNode(options.type ?? ACTION_TYPE, parameters, {
		...(options.continueOnFail ? { onError: 'continueRegularOutput' } : {}),
		...(options.typeVersion !== undefined ? { typeVersion: options.typeVersion } : {}),
		...options.settings,
	});
	const workflow = makeWorkflow([node], options.staticData ?? {}, options.active ?? false, options.workflowId);
	const mode = options.mode ?? 'manual';
	const additionalData = makeAdditionalData(options, mode);
	const runExecutionData: IRunExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node, data: { main: [items] }, source: null }],
		},
	});
	const run = await new WorkflowExecute(additionalData, mode, runExecutionData).processRunExecutionData(workflow);
	const taskData = run.data.resultData.runData[node.name]?.[0];
	const out = (taskData?.data?.main?.[0] ?? []) as INodeExecutionData[];
	return {
		json: out.map((item) => item.json),
		items: out,
		error: (taskData?.error ?? run.data.resultData.error) as ActionRun['error'],
		run,
	};
}

export interface TriggerSetup {
	parameters: IDataObject;
	staticData?: IDataObject;
	active?: boolean;
	options?: EngineOptions;
	/** For several workflows at once: each its own workflow id, and node id and webhook id. */
	workflowId?: string;
	/** The node as a saved workflow holds it, beyond its parameters (its typeVersion, say; its ids). */
	node?: Partial<INode>;
	/** Nodes after the trigger, each connected to the one before it. */
	after?: INode[];
}

/** The trigger's workflow: the trigger, then `setup.after` in a chain. */
function triggerWorkflow(setup: TriggerSetup, node: INode, staticData: IDataObject, active: boolean): Workflow {
	const chain = [node, ...(setup.after ?? [])];
	const connections: IConnections = {};
	for (let i = 1; i < chain.length; i++) connections[chain[i - 1].name] = { main: [[{ node: chain[i].name, type: 'main', index: 0 }]] };
	return makeWorkflow(chain, staticData, active, setup.workflowId, connections);
}

function triggerWebhook(workflow: Workflow, node: INode, additionalData: IWorkflowExecuteAdditionalData, isTest: boolean, method = 'POST'): IWebhookData {
	// n8n finds a node's webhook by the request's method and path.
	const webhookDescription = nodeTypeOf(TRIGGER_TYPE, node.typeVersion).description.webhooks!.find((webhook) => webhook.httpMethod === method)!;
	const path = String(webhookDescription.path);
	return {
		httpMethod: method as IWebhookData['httpMethod'],
		node: node.name,
		path: NodeHelpers.getNodeWebhookPath(workflow.id, node, path),
		webhookDescription,
		workflowId: workflow.id,
		workflowExecuteAdditionalData: additionalData,
		webhookId: node.webhookId,
		isTest,
	};
}

/**
 * The trigger's webhook lifecycle as n8n drives it on activation (checkExists, then
 * create when it answers false), on deactivation (delete), and for "Listen for test
 * event" (isTest). Static data persists between calls through `setup.staticData`.
 */
export function triggerLifecycle(setup: TriggerSetup) {
	const staticData = setup.staticData ?? {};
	const node = makeNode(TRIGGER_TYPE, setup.parameters, setup.node);
	const nodeType = nodeTypeOf(TRIGGER_TYPE, node.typeVersion);
	const methods = nodeType.webhookMethods!.default!;

	const context = (isTest: boolean, activation: WorkflowActivateMode) => {
		const workflow = triggerWorkflow(setup, node, staticData, setup.active ?? !isTest);
		const mode: WorkflowExecuteMode = isTest ? 'manual' : 'trigger';
		const additionalData = makeAdditionalData(setup.options, mode);
		const webhookData = triggerWebhook(workflow, node, additionalData, isTest);
		return new HookContext(workflow, node, additionalData, mode, isTest ? 'manual' : activation, webhookData);
	};

	return {
		node,
		staticData,
		async checkExists(isTest = false) {
			return await methods.checkExists.call(context(isTest, 'activate'));
		},
		async create(isTest = false) {
			return await methods.create.call(context(isTest, 'activate'));
		},
		/** What n8n does on activation: create only when checkExists answers false. */
		async activate(isTest = false) {
			const exists = await methods.checkExists.call(context(isTest, 'activate'));
			if (!exists) await methods.create.call(context(isTest, 'activate'));
			return exists;
		},
		async delete(isTest = false) {
			return await methods.delete.call(context(isTest, 'activate'));
		},
	};
}

export interface Delivery {
	/** POST: a delivery (the `default` webhook); PUT: a control request (`setup`). */
	method?: 'POST' | 'PUT';
	body: unknown;
	query?: IDataObject;
	headers?: IDataObject;
	isTest?: boolean;
}

export interface DeliveryResult {
	/** Items the trigger emitted, or undefined when no execution would start. */
	items?: IDataObject[];
	/** Status and body written to the HTTP response by the node itself, if any. */
	response: { status?: number; body?: unknown };
	result: IWebhookResponseData;
	/** Milliseconds until the sender had its answer: the node's own write, else webhook()'s return (n8n answers then). */
	answeredAfterMs: number;
}

/** A stand-in for the HTTP response a webhook() writes to; `response` records what it wrote. */
export function recordingResponse() {
	const response: { status?: number; body?: unknown } = {};
	const headers: Record<string, string> = {};
	const written: { at?: number } = {};
	const res = {
		get headersSent() {
			return written.at !== undefined;
		},
		set headersSent(sent: boolean) {
			if (sent) written.at ??= performance.now();
		},
		status(code: number) {
			response.status = code;
			return res;
		},
		json(body: unknown) {
			response.body = body;
			res.headersSent = true;
			return res;
		},
		send(body: unknown) {
			response.body = body;
			res.headersSent = true;
			return res;
		},
		end(body?: unknown) {
			if (body !== undefined) response.body = body;
			res.headersSent = true;
			return res;
		},
		setHeader(name: string, value: string) {
			headers[name.toLowerCase()] = value;
			return res;
		},
		header: () => res,
		set: () => res,
	};
	return { response, headers, res, written };
}

/** One delivery to the trigger through n8n-core's WebhookContext. */
export async function deliver(setup: TriggerSetup, delivery: Delivery): Promise<DeliveryResult> {
	const node = makeNode(TRIGGER_TYPE, setup.parameters, setup.node);
	const workflow = triggerWorkflow(setup, node, setup.staticData ?? {}, setup.active ?? true);
	const mode: WorkflowExecuteMode = delivery.isTest ? 'manual' : 'webhook';
	const additionalData = makeAdditionalData(setup.options, mode);
	const { response, res, written } = recordingResponse();
	const started = performance.now();
	const req = {
		method: delivery.method ?? 'POST',
		body: delivery.body,
		query: delivery.query ?? {},
		headers: { 'content-type': 'application/json', ...(delivery.headers ?? {}) },
		params: {},
		rawBody: Buffer.from(JSON.stringify(delivery.body ?? null)),
	};
	(additionalData as unknown as IDataObject).httpRequest = req as unknown as IDataObject;
	(additionalData as unknown as IDataObject).httpResponse = res as unknown as IDataObject;
	const webhookData = triggerWebhook(workflow, node, additionalData, delivery.isTest ?? false, delivery.method);
	const context = new WebhookContext(workflow, node, additionalData, mode, webhookData, [], null);
	const result = await nodeTypeOf(TRIGGER_TYPE, node.typeVersion).webhook!.call(context);
	const returned = performance.now();
	const items = result.workflowData?.[0]?.map((item) => item.json);
	return { items, response, result, answeredAfterMs: (written.at ?? returned) - started };
}
