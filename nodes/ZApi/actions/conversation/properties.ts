import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_TABLE_NAME } from './state';

/** Shown above every conversation operation: what they need, so a 1.x user knows before running. */
export const needsNotice: INodeProperties = {
	displayName:
		'Needs n8n 2.0 or later, and an API key of this n8n (Settings → n8n API) in a Z-API Conversation State credential. Chats\' state is kept in an n8n data table, shared by every n8n process and worker.',
	name: 'conversationNotice',
	type: 'notice',
	default: '',
};

export const chatIdProperty: INodeProperties = {
	displayName: 'Chat ID',
	name: 'chatId',
	type: 'string',
	required: true,
	default: '={{ $json.chatId }}',
	placeholder: '5511999999999',
	description:
		"The chat: 'chatId' of a Z-API Trigger item (its default), or the same value from elsewhere (a phone with country code, a group ID or a LID ID)",
};

export const tableNameOption: INodeProperties = {
	displayName: 'Data Table Name',
	name: 'tableName',
	type: 'string',
	default: DEFAULT_TABLE_NAME,
	description:
		"The n8n data table holding the chats' state, created in the API key's project when missing. Use the same name in every node that should share the same chats.",
};
