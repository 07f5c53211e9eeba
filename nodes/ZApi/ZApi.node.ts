import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, SEND_AND_WAIT_OPERATION } from 'n8n-workflow';

import { testConversationState } from '../shared/conversationState/credentialTest';
import { testInstanceCredential } from '../shared/credentialCheck';
import { testPartnerCredential } from '../shared/partnerCredentialCheck';
import { PARTNER_RESOURCE } from '../shared/transport';
import { buildProperties, buildSubtitle, conversationStateDisplay } from './actions/description';
import { resumeWithAnswer } from './actions/message/sendAndWait';
import { SEND_AND_WAIT_FOR_REPLY } from './actions/message/sendAndWaitForReply.operation';
import { resumeWithReply } from './actions/message/sendAndWaitForReply/resume';
import { router } from './actions/router';
import { TRANSCRIPTION_CREDENTIALS } from './actions/conversation/combineMessages/transcribe';

/**
 * Where the answer links of Send and Wait for Response lead: n8n's waiting-webhook address of
 * this node (the path is the node's id), for GET (links, forms) and POST (form answers).
 * restartWebhook makes n8n serve them only while an execution waits on this node.
 */
const resumeWebhooks: IWebhookDescription[] = (['GET', 'POST'] as const).map((httpMethod) => ({
	name: 'default',
	httpMethod,
	responseMode: 'onReceived',
	responseData: '',
	path: '={{ $nodeId }}',
	restartWebhook: true,
	isFullPath: true,
}));

export class ZApi implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Z-API',
		name: 'zApi',
		icon: { light: 'file:../../icons/zapi.svg', dark: 'file:../../icons/zapi.dark.svg' },
		group: ['transform'],
		// Version 1.1 has Items at Once in Options; version 1 keeps it among the main fields, where its workflows saved it.
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle: buildSubtitle(),
		description:
			'Send WhatsApp texts, media, polls and buttons, read chats and contacts, manage groups and the instance through Z-API',
		defaults: { name: 'Z-API' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// One credential shown per resource. n8n fills in a credential by itself (on adding the
		// node, and on opening it with none chosen) only once per node: the most recently saved
		// one among the credential types shown. With two shown, the second stays empty and the
		// node has an issue. The Conversation operations never call Z-API (their state lives in
		// an n8n data table), so they show the Conversation State credential only.
		// Labels as n8n words one credential of a node ("Credential for <type>").
		credentials: [
			// Tested by the nodes, in words naming the credential and the field to fix (shared/credentialCheck.ts).
			// Every resource but Conversation (its state lives in an n8n data table) and Partner
			// (Instances), which uses the integrator account's credential instead.
			{
				name: 'zApiApi',
				displayName: 'Credential for Z-API Instance API',
				required: true,
				displayOptions: { hide: { resource: ['conversation', PARTNER_RESOURCE] } },
				testedBy: 'zApiApiTest',
			},
			// Z-API's Partner API (shared/partnerCredentialCheck.ts tests it).
			{
				name: 'zApiPartnerApi',
				displayName: 'Credential for Z-API Partner API',
				required: true,
				displayOptions: { show: { resource: [PARTNER_RESOURCE] } },
				testedBy: 'zApiPartnerApiTest',
			},
			// Conversation state lives in an n8n data table, reached through n8n's API (shared/conversationState/table.ts).
			// Tested by the node: the test goes through the same client as the calls (shared/conversationState/credentialTest.ts).
			// Shown for Conversation, Send and Wait for Reply, and a send with Skip If the Person Wrote Again on (actions/skipIfWroteAgain.ts).
			{
				name: 'zApiConversationStateApi',
				displayName: 'Credential for Z-API Conversation State API',
				required: true,
				displayOptions: conversationStateDisplay(),
				testedBy: 'zApiConversationStateTest',
			},
			// n8n's own OpenAI credential, for Transcribe Voice Notes (actions/conversation/combineMessages/transcribe.ts).
			{
				name: TRANSCRIPTION_CREDENTIALS,
				displayName: 'Credential for OpenAI',
				required: true,
				displayOptions: { show: { resource: ['conversation'], operation: ['combineMessages'], transcribeVoiceNotes: [true] } },
			},
		],
		webhooks: resumeWebhooks,
		waitingNodeTooltip: `={{ $parameter.operation === '${SEND_AND_WAIT_OPERATION}' ? 'The workflow goes on when the person answers' : $parameter.operation === '${SEND_AND_WAIT_FOR_REPLY}' ? 'The workflow goes on when the person answers in the chat' : '' }}`,
		properties: buildProperties(),
	};

	methods = { credentialTest: { zApiApiTest: testInstanceCredential, zApiPartnerApiTest: testPartnerCredential, zApiConversationStateTest: testConversationState } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		// Send and Wait for Reply is resumed by the trigger's hand-off; the other by answer links.
		if (this.getNodeParameter('operation', '') === SEND_AND_WAIT_FOR_REPLY) return await resumeWithReply.call(this);
		return await resumeWithAnswer.call(this);
	}
}
