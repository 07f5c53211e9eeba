import type { IExecuteFunctions } from 'n8n-workflow';

/*
 * What one execution of a bot did, in n8n's own means: execution custom data (filterable and
 * shown in the executions list; keys of letters, digits and underscores, values up to 255
 * characters, at most 10 per execution) and, for an execution that ends with no output, a
 * hint in the node's output pane instead of n8n's bare "No output data returned".
 */

/** The custom data keys the conversation operations set. */
export const RUN_KEYS = { did: 'zapi_bot', chat: 'zapi_chat' } as const;

/** What a run of Combine Quick Messages did, in the words the executions list shows. */
export const RUN_OUTCOMES = {
	answered: (count: number) => (count === 1 ? 'Answered 1 message' : `Answered a burst of ${count} messages`),
	joined: () => 'Joined a later burst: the execution of its last message goes on with it',
	takenElsewhere: () => 'Its burst was taken by another execution',
	copy: () => 'A copy of a message already received: nothing to do',
	personReplied: () => 'Paused: a person answered from the phone',
	pauseWords: () => 'Paused by the pause words',
	resumeWords: () => 'Resumed by the resume words',
	ownMessage: () => 'A message sent by me: not answered',
	botOff: (marked: boolean) => (marked ? 'Bot paused in this chat: passed on marked' : 'Bot paused in this chat: not answered'),
} as const;

/**
 * Records what the run did. An execution without custom data (a context that has none, or its
 * 10 entries taken by other nodes) loses only this record, never the run.
 */
export function tellRun(context: IExecuteFunctions, did: string, chatId: string, hint?: boolean): void {
	try {
		context.customData.set(RUN_KEYS.did, did);
		context.customData.set(RUN_KEYS.chat, chatId);
	} catch {
		// The record is a courtesy; the messages are what count.
	}
	if (hint && typeof context.addExecutionHints === 'function') context.addExecutionHints({ message: did, type: 'info', location: 'outputPane' });
}
