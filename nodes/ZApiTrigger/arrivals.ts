import type { FunctionsBase, IDataObject, IHookFunctions, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { RECORDED_FIELD, isBurstMessage, readIncoming, type Recorded } from '../shared/conversationState/messages';
import { ConversationTable, DEFAULT_TABLE_NAME, N8N_API_CREDENTIALS, TYPING_ENDED_STATUSES, TYPING_STATUSES, writtenAtOf } from '../shared/conversationState/table';
import { combineAfter, type CombineAfter } from '../shared/combineLink';
import { toItems } from '../shared/delivery/items';
import { chatTextOf, isObject, textOf } from '../shared/delivery/readers';
import type { BurstTable, TriggerStaticData } from './staticData';

/*
 * Arrivals: Combine Quick Messages counts a message's place in its burst from when it arrived
 * at this trigger, not from when n8n got round to starting its execution (seconds later under
 * load, while the chat's next message may already be deciding). So the trigger records each
 * message another person writes in the conversation table before it starts the execution, and
 * tells the item where (`recorded`). One call to n8n's API per message; the table is found at
 * activation, with the Conversation State credential the trigger then needs too.
 */

/**
 * The Combine Quick Messages after this trigger, read at activation (deliveries read what
 * activation kept: `burstTable`). Undefined when none follows, and on n8n versions without
 * node parameters in getChildNodes.
 */
export function combineAfterThis(context: Pick<FunctionsBase, 'getNode'> & Partial<Pick<FunctionsBase, 'getChildNodes'>>): CombineAfter | undefined {
	if (typeof context.getChildNodes !== 'function') return undefined;
	try {
		return combineAfter(context.getChildNodes(context.getNode().name, { includeNodeParameters: true }), DEFAULT_TABLE_NAME);
	} catch {
		return undefined;
	}
}

/**
 * The trigger's switch (version 1.2 on) that shows the Conversation State credential, required,
 * so that n8n marks the node before Publish when it is missing (ZApiTrigger.node.ts).
 */
export const FOLLOWED_BY_COMBINE = 'followedByCombine';

/** The first version with Followed by Combine Quick Messages. */
export const SWITCH_VERSION = 1.2;

const WHY = 'the trigger records each message as it arrives, so a burst is counted from then however busy n8n is';

/** What a workflow needs for its trigger to record arrivals, said at activation. */
export const NEEDS_STATE_CREDENTIAL = {
	message: 'Combine Quick Messages after this trigger needs the Z-API Conversation State credential in the trigger too',
	description: `In the Z-API Trigger, choose in Credential for Z-API Conversation State API the same credential as in Combine Quick Messages, then publish again: ${WHY}.`,
};

/** Said at activation when Combine follows a trigger (1.2 on) whose switch is off. */
export const NEEDS_SWITCH = {
	message: 'Combine Quick Messages follows this trigger, but the trigger’s Followed by Combine Quick Messages is off',
	description: `In the Z-API Trigger, turn on Followed by Combine Quick Messages and choose in Credential for Z-API Conversation State API the same credential as in Combine Quick Messages, then publish again: ${WHY}.`,
};

/**
 * At activation: the table of the Combine node that follows, found or created with the
 * trigger's Conversation State credential; undefined when no Combine node follows. Throws with
 * what to do when the credential is missing or n8n's API cannot be used: better refused at
 * activation than silent in a customer's conversation.
 */
export async function tableForArrivals(this: IHookFunctions): Promise<BurstTable | undefined> {
	// None, or n8n versions without node parameters in getChildNodes: the Combine node records itself.
	const combine = combineAfterThis(this);
	if (!combine) return undefined;
	const node = this.getNode();
	// Before 1.2 the credential is shown always; from 1.2 only with the switch on (n8n would not
	// hand the trigger a credential it does not show).
	if (node.typeVersion >= SWITCH_VERSION && this.getNodeParameter(FOLLOWED_BY_COMBINE, false) !== true) {
		throw new NodeOperationError(node, NEEDS_SWITCH.message, { description: NEEDS_SWITCH.description });
	}
	if (!node.credentials?.[N8N_API_CREDENTIALS]) {
		throw new NodeOperationError(node, NEEDS_STATE_CREDENTIAL.message, { description: NEEDS_STATE_CREDENTIAL.description });
	}
	const table = await ConversationTable.open(this, 0, combine.tableName);
	return { id: table.id, name: combine.tableName, ...(combine.waitWhileTyping ? { typing: true as const } : {}) };
}

/**
 * Records each message of these items another person wrote, and adds where to its item. A
 * failure is logged and leaves the item unrecorded: Combine Quick Messages records it then,
 * and its If the State Store Fails option applies there.
 */
export async function recordArrivals(this: IWebhookFunctions, stored: TriggerStaticData, items: INodeExecutionData[]): Promise<void> {
	const tableId = stored.burstTable?.id;
	if (typeof tableId !== 'string' || !items.some((item) => isBurstMessage(item.json))) return;
	let table: ConversationTable;
	try {
		table = await ConversationTable.at(this, 0, tableId);
	} catch (error) {
		this.logger.warn(`Z-API Trigger: could not record arrivals for Combine Quick Messages: ${(error as Error).message}`);
		return;
	}
	for (const item of items) {
		if (!isBurstMessage(item.json)) continue;
		// When the service received the message from the person (the delivery's `momment`, in ms,
		// docs/webhooks/on-message-received.md): what the burst lines are drawn from, whenever n8n got it.
		const message = readIncoming(item.json, Date.now())!;
		try {
			const row = await table.record(message, item.json);
			const recorded: Recorded = { table: tableId, row: row.id, sentAt: message.sentAt, writtenAt: writtenAtOf(row), ...(row.claimedBy ? { copy: true } : {}) };
			item.json[RECORDED_FIELD] = recorded as unknown as IDataObject;
		} catch (error) {
			this.logger.warn(`Z-API Trigger: could not record a message for Combine Quick Messages (it records it itself): ${(error as Error).message}`);
		}
	}
}

const PRESENCE_STATUSES: readonly string[] = [...TYPING_STATUSES, ...TYPING_ENDED_STATUSES];

/**
 * A chat presence delivery's chat and status, read by the delivery table (shared/delivery) as
 * for its items, when Combine Quick Messages would use it (a person typing, recording, or
 * stopping: docs/webhooks/on-chat-presence.md), else undefined.
 */
export function presenceOf(body: unknown): { chatId: string; status: string } | undefined {
	const item = isObject(body) ? toItems(body, {}).find((one) => one.event === 'chatPresence') : undefined;
	const chatId = chatTextOf(item?.phone);
	const status = textOf(item?.kind);
	return chatId && status && PRESENCE_STATUSES.includes(status) ? { chatId, status } : undefined;
}

/**
 * Records a person typing or stopping, for Combine Quick Messages (Wait While Typing): one
 * call to n8n's API, no execution. A failure is logged: the burst then goes on by its quiet
 * period alone.
 */
export async function recordPresence(this: IWebhookFunctions, stored: TriggerStaticData, presence: { chatId: string; status: string }): Promise<void> {
	const tableId = stored.burstTable?.id;
	if (typeof tableId !== 'string' || !stored.burstTable?.typing) return;
	try {
		const table = await ConversationTable.at(this, 0, tableId);
		await table.recordPresence(presence.chatId, presence.status, Date.now());
	} catch (error) {
		this.logger.warn(`Z-API Trigger: could not record that a person is typing, for Combine Quick Messages: ${(error as Error).message}`);
	}
}
