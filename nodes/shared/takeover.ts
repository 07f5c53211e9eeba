import type { IDataObject, NodeTypeAndVersion } from 'n8n-workflow';

/*
 * Takeover: a person answering a chat from the instance's phone pauses the bot there. The
 * Z-API node's Combine Quick Messages reads those answers (messages sent by me, fromApi
 * false: docs/webhooks/on-message-received.md), so a Z-API Trigger feeding one receives them
 * with Message Received alone, while the bot's own sends (fromApi true) start nothing.
 */

/** The operation that takes a person's answers from the phone. */
export const TAKEOVER_OPERATION = { resource: 'conversation', operation: 'combineMessages' } as const;

/** Whether one of these nodes (after a trigger) is an enabled Z-API node combining quick messages. */
export function takesOverChats(nodes: NodeTypeAndVersion[]): boolean {
	return nodes.some(({ type, disabled, parameters }) => {
		if (disabled || typeof type !== 'string' || !type.endsWith('.zApi') || !parameters) return false;
		// Combine Quick Messages is the resource's first operation, its default when not saved.
		const operation = (parameters as IDataObject).operation ?? TAKEOVER_OPERATION.operation;
		return parameters.resource === TAKEOVER_OPERATION.resource && operation === TAKEOVER_OPERATION.operation;
	});
}

/** A message a person sent from the instance's phone or WhatsApp Web, as the trigger's items say it. */
export function isPersonReply(item: IDataObject): boolean {
	return item.event === 'message' && item.fromMe === true && item.sentBy === 'myPhone';
}

/**
 * The data table of the first Combine Quick Messages among these nodes (its Data Table Name
 * option), or undefined when none follows the trigger.
 */
export function burstTableNameOf(nodes: NodeTypeAndVersion[], defaultName: string): string | undefined {
	const combine = nodes.find((node) => takesOverChats([node]));
	if (!combine) return undefined;
	const options = (combine.parameters as IDataObject | undefined)?.options;
	const name = options && typeof options === 'object' ? (options as IDataObject).tableName : undefined;
	return typeof name === 'string' && name.trim() ? name.trim() : defaultName;
}
