import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import type { ZApiOperation } from '../types';
import { botState, readChatId, readTableName, chatIdProperty, needsNotice, tableNameOption } from './helpers';
import { ConversationTable, UNTIL_RESUMED } from '../../../shared/conversationState/table';

export const pauseBot: ZApiOperation = {
	value: 'pauseBot',
	name: 'Pause Bot',
	action: 'Pause the bot in a chat',
	description: 'Stop the bot answering one chat, for a time or until resumed, so a person can take over',
	properties: [
		needsNotice,
		chatIdProperty,
		{
			displayName: 'Minutes',
			name: 'minutes',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 30,
			description: 'How long the bot stays quiet in this chat; 0 pauses it until Resume Bot',
		},
		optionsProperty([tableNameOption]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const chatId = readChatId.call(this, itemIndex);
		const minutes = Number(this.getNodeParameter('minutes', itemIndex, 30));
		if (!Number.isFinite(minutes) || minutes < 0) {
			throw new InputError(`Minutes must be 0 or more (got ${JSON.stringify(minutes)})`, 'Set Minutes to how long the bot stays quiet, or 0 for until resumed.');
		}
		const table = await ConversationTable.open(this, itemIndex, readTableName.call(this, itemIndex));
		const until = minutes === 0 ? UNTIL_RESUMED : Date.now() + minutes * 60_000;
		await table.setPause(chatId, until, 'pauseBot');
		return [botState(chatId, { until, by: 'pauseBot' })];
	},
};
