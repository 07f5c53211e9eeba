import { COMBINE } from '../../../shared/combineLink';
import type { ZApiResource } from '../types';
import { combineMessages } from './combineMessages.operation';
import { getBotState } from './getBotState.operation';
import { pauseBot } from './pauseBot.operation';
import { resumeBot } from './resumeBot.operation';

export const conversation: ZApiResource = {
	value: COMBINE.resource,
	name: 'Conversation',
	description: 'For bots: combine a burst of quick messages into one, let a person take over a chat, pause and resume the bot',
	operations: [combineMessages, pauseBot, resumeBot, getBotState],
};
