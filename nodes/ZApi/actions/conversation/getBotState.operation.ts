import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { optionsProperty } from '../../../shared/properties';
import type { ZApiOperation } from '../types';
import { botState, readChatId, readTableName, chatIdProperty, needsNotice, tableNameOption } from './helpers';
import { ConversationTable, pausedUntilOf } from '../../../shared/conversationState/table';

export const getBotState: ZApiOperation = {
	value: 'getBotState',
	name: 'Get Bot State',
	action: 'Get whether the bot is paused in a chat',
	description: 'Whether the bot answers a chat or is paused, until when and by what',
	properties: [needsNotice, chatIdProperty, optionsProperty([tableNameOption])],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const chatId = readChatId.call(this, itemIndex);
		const table = await ConversationTable.open(this, itemIndex, readTableName.call(this, itemIndex));
		return [botState(chatId, pausedUntilOf(await table.pauseRowsOf(chatId)))];
	},
};
