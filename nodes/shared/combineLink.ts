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

/**
 * The options of `node` when it is an enabled Z-API node doing `link` (its operation taken as
 * `unsaved` when the node saved none), else undefined.
 */
function optionsOf({ type, disabled, parameters }: NodeTypeAndVersion, link: { resource: string; operation: string }, unsaved?: string): IDataObject | undefined {
	if (disabled || typeof type !== 'string' || !type.endsWith('.zApi') || !parameters) return undefined;
	const operation = (parameters as IDataObject).operation ?? unsaved;
	if (parameters.resource !== link.resource || operation !== link.operation) return undefined;
	const options = (parameters as IDataObject).options;
	return options && typeof options === 'object' ? (options as IDataObject) : {};
}

/** The node's Data Table Name, or the default when it set none. */
function tableNameIn(options: IDataObject, defaultTableName: string): string {
	const name = options[COMBINE_OPTIONS.tableName];
	return typeof name === 'string' && name.trim() ? name.trim() : defaultTableName;
}

/** The first enabled Combine Quick Messages among these nodes (those after a trigger), or undefined. */
export function combineAfter(nodes: NodeTypeAndVersion[], defaultTableName: string): CombineAfter | undefined {
	for (const node of nodes) {
		// Combine Quick Messages is the resource's first operation, its default when not saved.
		const options = optionsOf(node, COMBINE, COMBINE.operation);
		if (options) return { tableName: tableNameIn(options, defaultTableName), waitWhileTyping: options[COMBINE_OPTIONS.waitWhileTyping] !== false };
	}
	return undefined;
}

/** Send and Wait for Reply: its resource and operation values; its Data Table Name is COMBINE_OPTIONS.tableName too. */
export const SEND_AND_WAIT_FOR_REPLY = { resource: 'message', operation: 'sendAndWaitForReply' } as const;

/** The data tables of the enabled Send and Wait for Reply nodes among these nodes (those after a trigger), each once. */
export function askerTables(nodes: NodeTypeAndVersion[], defaultTableName: string): string[] {
	const askers = nodes.map((node) => optionsOf(node, SEND_AND_WAIT_FOR_REPLY)).filter((options): options is IDataObject => options !== undefined);
	return [...new Set(askers.map((options) => tableNameIn(options, defaultTableName)))];
}

/** A message a person sent from the instance's phone or WhatsApp Web, as the trigger's items say it. */
export function isPersonReply(item: IDataObject): boolean {
	return item.event === 'message' && item.fromMe === true && item.sentBy === 'myPhone';
}
