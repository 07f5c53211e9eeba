import type { ICredentialDataDecryptedObject, ICredentialType, IHttpRequestOptions, INodeProperties, Icon } from 'n8n-workflow';

/**
 * An API key of this n8n, for the Z-API node's Conversation operations: they keep chats' state
 * in an n8n data table, which n8n lets other nodes than its own reach only through its REST API
 * (see nodes/ZApi/actions/conversation/stateStore/table.ts). The node tests it (testedBy, in
 * nodes/ZApi/actions/conversation/stateStore/credentialTest.ts) through the client its calls use, which
 * never follows a redirect to another origin.
 */
export class ZApiConversationStateApi implements ICredentialType {
	name = 'zApiConversationStateApi';

	displayName = 'Z-API Conversation State API';

	icon: Icon = { light: 'file:../icons/zapi.svg', dark: 'file:../icons/zapi.dark.svg' };

	documentationUrl = 'https://docs.n8n.io/api/authentication/';

	properties: INodeProperties[] = [
		{
			displayName: 'n8n API Address',
			name: 'baseUrl',
			type: 'string',
			default: '',
			// Required: n8n tells a credential test nothing of its own address, so only a typed
			// address lets Save test the key. Credentials saved with it empty keep working: the
			// nodes then use the address n8n gives them (conversationState/table.ts).
			required: true,
			placeholder: 'https://n8n.example.com',
			description:
				"This n8n's address as the browser shows it, for example https://n8n.example.com (/api/v1 is added when missing). Save tests the key there. Every n8n process and worker must reach it (in queue mode, the main process's address).",
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'An API key of this n8n (Settings → n8n API → Create an API key), allowed to read and write data tables. n8n\'s keys expire after 30 days unless you choose Expiration "No Expiration": the test says when this one expires.',
		},
	];

	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		return { ...requestOptions, headers: { ...(requestOptions.headers ?? {}), 'X-N8N-API-KEY': String(credentials.apiKey ?? '').trim() } };
	}
}
