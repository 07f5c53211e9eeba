import type { IDataObject, NodeTypeAndVersion } from 'n8n-workflow';

/*
 * The link between the Z-API Trigger and the nodes after it that keep state in the conversation
 * table (Combine Quick Messages, Send and Wait for Reply), in one place both nodes import: the
 * operations and the options the trigger reads are named here, so a rename breaks the build,
 * not a live bot. The trigger reads them once, at activation, and keeps
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

/** Send and Wait for Reply: its resource and operation values; its Data Table Name is COMBINE_OPTIONS.tableName too. */
export const SEND_AND_WAIT_FOR_REPLY = { resource: 'message', operation: 'sendAndWaitForReply' } as const;

/** The data tables of the enabled Send and Wait for Reply nodes among these nodes (those after a trigger), each once. */
export function askerTables(nodes: NodeTypeAndVersion[], defaultTableName: string): string[] {
	const askers = nodes.filter(({ type, disabled, parameters }) => {
		if (disabled || typeof type !== 'string' || !type.endsWith('.zApi') || !parameters) return false;
		return parameters.resource === SEND_AND_WAIT_FOR_REPLY.resource && parameters.operation === SEND_AND_WAIT_FOR_REPLY.operation;
	});
	const names = askers.map(({ parameters }) => {
		const options = (parameters as IDataObject).options;
		const name = options && typeof options === 'object' ? (options as IDataObject)[COMBINE_OPTIONS.tableName] : undefined;
		return typeof name === 'string' && name.trim() ? name.trim() : defaultTableName;
	});
	return [...new Set(names)];
}

/** A message a person sent from the instance's phone or WhatsApp Web, as the trigger's items say it. */
export function isPersonReply(item: IDataObject): boolean {
	return item.event === 'message' && item.fromMe === true && item.sentBy === 'myPhone';
}
