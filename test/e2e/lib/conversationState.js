'use strict';
/**
 * The credential the Z-API node's Conversation operations keep chats' state with: an API key
 * of the n8n under test and its API address (a data table there holds the state).
 */
async function conversationStateCredential(n8n, name = `conversation state ${Date.now().toString(36)}`) {
	const created = await n8n.createCredential(name, 'zApiConversationStateApi', {
		baseUrl: `${n8n.baseUrl}/api/v1`,
		apiKey: n8n.apiKey,
		// n8n 1.x's public API insists on this credential field; 'all' is the editor's default.
		...(n8n.line === '1' ? { allowedHttpRequestDomains: 'all' } : {}),
	});
	return { id: String(created.id), name };
}

/** Sets that credential on every node of the workflow that asks for it. */
function withConversationState(workflow, credential) {
	for (const node of workflow.nodes) {
		if (node.credentials && node.credentials.zApiConversationStateApi) node.credentials.zApiConversationStateApi = { ...credential };
	}
	return workflow;
}

module.exports = { conversationStateCredential, withConversationState };
