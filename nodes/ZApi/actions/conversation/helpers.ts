import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { COMBINE_OPTIONS } from '../../../shared/combineLink';
import { InputError } from '../../../shared/input';
import { DEFAULT_TABLE_NAME, UNTIL_RESUMED } from '../../../shared/conversationState/table';

export function readChatId(this: IExecuteFunctions, itemIndex: number): string {
	const chatId = String(this.getNodeParameter('chatId', itemIndex, '') ?? '').trim();
	if (!chatId) throw new InputError('Chat ID is empty', "Map 'chatId' from a Z-API Trigger item, or write the chat's phone, group ID or LID ID.");
	return chatId;
}

export function readTableName(this: IExecuteFunctions, itemIndex: number): string {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const name = String(options[COMBINE_OPTIONS.tableName] ?? DEFAULT_TABLE_NAME).trim();
	if (!name || name.length > 128) throw new InputError('Data Table Name must have 1 to 128 characters', 'Set Data Table Name, or remove the option to use the default.');
	return name;
}

/** What Pause Bot, Resume Bot and Get Bot State output: the chat's state in plain words. */
export function botState(chatId: string, pause: { until: number; by: string | null }, now = Date.now()): IDataObject {
	const paused = pause.until > now;
	return {
		chatId,
		paused,
		pausedUntil: paused && pause.until < UNTIL_RESUMED ? new Date(pause.until).toISOString() : null,
		untilResumed: paused && pause.until >= UNTIL_RESUMED,
		pausedBy: paused ? pause.by : null,
	};
}

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
	name: COMBINE_OPTIONS.tableName,
	type: 'string',
	default: DEFAULT_TABLE_NAME,
	description:
		"The n8n data table holding the chats' state, created in the API key's project when missing. Use the same name in every node that should share the same chats.",
};
