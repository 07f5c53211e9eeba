/**
 * One valid call per Conversation operation: the parameters a user sets. These operations call
 * n8n's own API, not the service: their requests and answers are checked in this folder's
 * tests, against the stand-in of n8n's data tables.
 */
import type { IDataObject } from 'n8n-workflow';

export const EXAMPLES: Record<string, { parameters: IDataObject }> = {
	combineMessages: { parameters: { quietSeconds: 1, maxWaitSeconds: 5 } },
	pauseBot: { parameters: { chatId: '5511999999999', minutes: 30 } },
	resumeBot: { parameters: { chatId: '5511999999999' } },
	getBotState: { parameters: { chatId: '5511999999999' } },
};
