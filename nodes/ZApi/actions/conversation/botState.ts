import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { DEFAULT_TABLE_NAME, UNTIL_RESUMED } from './state';

export function readChatId(this: IExecuteFunctions, itemIndex: number): string {
	const chatId = String(this.getNodeParameter('chatId', itemIndex, '') ?? '').trim();
	if (!chatId) throw new InputError('Chat ID is empty', "Map 'chatId' from a Z-API Trigger item, or write the chat's phone, group ID or LID ID.");
	return chatId;
}

export function readTableName(this: IExecuteFunctions, itemIndex: number): string {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const name = String(options.tableName ?? DEFAULT_TABLE_NAME).trim();
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
