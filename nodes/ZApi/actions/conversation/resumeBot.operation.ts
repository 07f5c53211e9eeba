import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { optionsProperty } from '../../../shared/properties';
import type { ZApiOperation } from '../types';
import { botState, readChatId, readTableName, chatIdProperty, needsNotice, tableNameOption } from './helpers';
import { ConversationTable } from '../../../shared/conversationState/table';

export const resumeBot: ZApiOperation = {
	value: 'resumeBot',
	name: 'Resume Bot',
	action: 'Resume the bot in a chat',
	description: 'Let the bot answer a paused chat again, before its pause runs out',
	properties: [needsNotice, chatIdProperty, optionsProperty([tableNameOption])],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const chatId = readChatId.call(this, itemIndex);
		const table = await ConversationTable.open(this, itemIndex, readTableName.call(this, itemIndex));
		await table.setPause(chatId, 0, 'resumeBot');
		return [botState(chatId, { until: 0, by: 'resumeBot' })];
	},
};
