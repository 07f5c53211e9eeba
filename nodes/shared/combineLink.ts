import type { IDataObject, NodeTypeAndVersion } from 'n8n-workflow';

/*
 * The link between the Z-API Trigger and the Combine Quick Messages node after it, in one
 * place both nodes import: the operation and the options the trigger reads are named here, so a
 * rename breaks the build, not a live bot. The trigger reads them once, at activation, and keeps
 * what it learned in its static data (ZApiTrigger/arrivals.ts).
 *
 * Takeover: a person answering a chat from the instance's phone pauses the bot there.
 * Combine Quick Messages reads those answers (messages sent by me, fromApi false:
 * docs/webhooks/on-message-received.md), so a trigger feeding one receives them with Message
 * Received alone, while the bot's own sends (fromApi true) start nothing.
 */

/** Combine Quick Messages: its resource and operation values. */
export const COMBINE = { resource: 'conversation', operation: 'combineMessages' } as const;

/** Combine Quick Messages' options the trigger reads. */
export const COMBINE_OPTIONS = {
	/** The data table holding the chats' state. */
	tableName: 'tableName',
	/** Whether a person typing or recording keeps their burst open (on unless turned off). */
	waitWhileTyping: 'waitWhileTyping',
} as const;

/** What the trigger needs to know of the Combine Quick Messages after it. */
export interface CombineAfter {
	tableName: string;
	waitWhileTyping: boolean;
}

function isCombine({ type, disabled, parameters }: NodeTypeAndVersion): boolean {
	if (disabled || typeof type !== 'string' || !type.endsWith('.zApi') || !parameters) return false;
	// Combine Quick Messages is the resource's first operation, its default when not saved.
	const operation = (parameters as IDataObject).operation ?? COMBINE.operation;
	return parameters.resource === COMBINE.resource && operation === COMBINE.operation;
}

/** The first enabled Combine Quick Messages among these nodes (those after a trigger), or undefined. */
export function combineAfter(nodes: NodeTypeAndVersion[], defaultTableName: string): CombineAfter | undefined {
	const combine = nodes.find(isCombine);
	if (!combine) return undefined;
	const raw = (combine.parameters as IDataObject | undefined)?.options;
	const options = raw && typeof raw === 'object' ? (raw as IDataObject) : {};
	const name = options[COMBINE_OPTIONS.tableName];
	return {
		tableName: typeof name === 'string' && name.trim() ? name.trim() : defaultTableName,
		waitWhileTyping: options[COMBINE_OPTIONS.waitWhileTyping] !== false,
	};
}

/** A message a person sent from the instance's phone or WhatsApp Web, as the trigger's items say it. */
export function isPersonReply(item: IDataObject): boolean {
	return item.event === 'message' && item.fromMe === true && item.sentBy === 'myPhone';
}
