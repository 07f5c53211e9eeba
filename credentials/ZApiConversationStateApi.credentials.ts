import type { ICredentialDataDecryptedObject, ICredentialTestRequest, ICredentialType, IHttpRequestOptions, INodeProperties, Icon } from 'n8n-workflow';

/**
 * An API key of this n8n, for the Z-API node's Conversation operations: they keep chats' state
 * in an n8n data table, which n8n lets other nodes than its own reach only through its REST API
 * (see nodes/ZApi/actions/conversation/state.ts).
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
			required: true,
			placeholder: 'https://n8n.example.com/api/v1',
			description:
				"This n8n's REST API: its address followed by /api/v1. Every n8n process and worker must reach it (in queue mode, the main process's address).",
			hint: 'If the test shows ECONNREFUSED, ENOTFOUND or ETIMEDOUT, n8n cannot reach this address from its own server: use the address n8n itself is reached at (http://localhost:5678/api/v1 when n8n runs on this machine on its default port).',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'An API key of this n8n (Settings → n8n API → Create an API key), allowed to read and write data tables',
		},
	];

	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		return { ...requestOptions, headers: { ...(requestOptions.headers ?? {}), 'X-N8N-API-KEY': String(credentials.apiKey ?? '') } };
	}

	/** Lists one data table: proves the key and that this n8n serves data tables (2.0 or later). */
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ $credentials.baseUrl.replace(/\\/+$/, "") }}',
			url: '/data-tables',
			qs: { limit: 1 },
		},
		// What n8n shows for these statuses instead of the bare status text ("Unauthorized").
		rules: [
			{ type: 'responseCode', properties: { value: 401, message: 'This n8n refused the API key (401): create one in Settings → n8n API and paste it whole into API Key.' } },
			{ type: 'responseCode', properties: { value: 403, message: 'The API key may not read data tables (403): create a key with the data table scopes in Settings → n8n API.' } },
			{ type: 'responseCode', properties: { value: 404, message: 'No data tables at this address (404): give this n8n\'s address followed by /api/v1, on n8n 2.0 or later.' } },
		],
	};
}
