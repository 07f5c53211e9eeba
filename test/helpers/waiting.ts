/**
 * Executions that wait for an answer, as n8n runs them: the action node sends and puts the
 * execution to wait (WorkflowExecute, with an execution id so n8n-core can sign resume
 * links), then a request to a resume link reaches the node's webhook() through n8n-core's
 * WebhookContext, the way n8n's waiting webhooks call it once the link's signature checks out.
 */
import { Container } from '@n8n/di';
import { InstanceSettings, WebhookContext, validateUrlSignature, WAITING_TOKEN_QUERY_PARAM } from 'n8n-core';
import type { IDataObject, INodeExecutionData, IRun, IWebhookData, IWebhookResponseData } from 'n8n-workflow';

import { ZApi } from '../../nodes/ZApi/ZApi.node';
import type { ActionRun, EngineOptions } from './engine';
import { ACTION_TYPE, makeAdditionalData, makeNode, makeWorkflow, recordingResponse, runAction } from './engine';

export const EXECUTION_ID = 'exec-42';
export const WAITING_BASE = 'https://n8n.example.com/webhook-waiting';
const node = new ZApi();

export interface WaitingRun extends ActionRun {
	/** Until when the execution waits; undefined when it does not. */
	waitTill?: Date;
	status: IRun['status'];
}

/** Executes the action node once over `items` with an execution id, as a production run of an active workflow. */
export async function runWaitingAction(
	parameters: IDataObject,
	items: INodeExecutionData[] = [{ json: {} }],
	options: EngineOptions & { continueOnFail?: boolean } = {},
): Promise<WaitingRun> {
	const result = await runAction(parameters, items, { mode: 'webhook', executionId: EXECUTION_ID, active: true, ...options });
	return { ...result, waitTill: result.run.waitTill ?? undefined, status: result.run.status };
}

/** True when n8n would accept this link: its signature matches the rest of it. */
export function signedByN8n(link: string): boolean {
	const url = new URL(link);
	const signature = url.searchParams.get(WAITING_TOKEN_QUERY_PARAM);
	if (!signature) return false;
	return validateUrlSignature(signature, url, Container.get(InstanceSettings).hmacSignatureSecret);
}

export interface ResumeRequest {
	method?: 'GET' | 'POST';
	query?: IDataObject;
	body?: IDataObject;
	headers?: IDataObject;
}

export interface ResumeResult {
	/** The node's output once resumed, or undefined when the request resumed nothing. */
	items?: IDataObject[];
	/** What the node wrote to the response itself, if anything. */
	response: { status?: number; headers: Record<string, string>; body?: string };
	result: IWebhookResponseData;
}

export const BROWSER = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

/** One request to the node's resume webhook, as n8n's waiting webhooks make it. */
export async function resume(parameters: IDataObject, request: ResumeRequest = {}): Promise<ResumeResult> {
	const actionNode = makeNode(ACTION_TYPE, parameters);
	const workflow = makeWorkflow([actionNode]);
	const additionalData = makeAdditionalData({}, 'webhook');
	const method = request.method ?? 'GET';
	const { response: written, headers, res } = recordingResponse();
	const response = Object.assign(written, { headers }) as ResumeResult['response'];
	const req = {
		method,
		body: request.body ?? {},
		query: request.query ?? {},
		headers: { 'user-agent': BROWSER, ...(request.headers ?? {}) },
		params: {},
	};
	(additionalData as unknown as IDataObject).httpRequest = req as unknown as IDataObject;
	(additionalData as unknown as IDataObject).httpResponse = res as unknown as IDataObject;
	const description = node.description.webhooks!.find((webhook) => webhook.httpMethod === method)!;
	const webhookData: IWebhookData = {
		httpMethod: method,
		node: actionNode.name,
		path: actionNode.id,
		webhookDescription: description,
		workflowId: workflow.id,
		workflowExecuteAdditionalData: additionalData,
		isTest: false,
	};
	const context = new WebhookContext(workflow, actionNode, additionalData, 'webhook', webhookData, [], null);
	const result = await node.webhook.call(context);
	return { items: result.workflowData?.[0]?.map((item) => item.json), response, result };
}
