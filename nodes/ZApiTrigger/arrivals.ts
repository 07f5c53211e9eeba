import type { FunctionsBase, IDataObject, IHookFunctions, INodeExecutionData, IWebhookFunctions, NodeTypeAndVersion } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { RECORDED_FIELD, isBurstMessage, readIncoming, type Recorded } from '../shared/conversationState/messages';
import { ConversationTable, DEFAULT_TABLE_NAME, N8N_API_CREDENTIALS, TYPING_ENDED_STATUSES, TYPING_STATUSES, writtenAtOf } from '../shared/conversationState/table';
import { askerTables, combineAfter, type CombineAfter } from '../shared/combineLink';
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

type NodesAfter = Pick<FunctionsBase, 'getNode'> & Partial<Pick<FunctionsBase, 'getChildNodes'>>;

/**
 * What `read` finds among the nodes after this trigger, read at activation (deliveries read
 * what activation kept). Undefined when it finds nothing, and on n8n versions without node
 * parameters in getChildNodes.
 */
function readAfterThis<T>(context: NodesAfter, read: (nodes: NodeTypeAndVersion[]) => T | undefined): T | undefined {
	if (typeof context.getChildNodes !== 'function') return undefined;
	try {
		return read(context.getChildNodes(context.getNode().name, { includeNodeParameters: true }));
	} catch {
		return undefined;
	}
}

/** The Combine Quick Messages after this trigger (kept as `burstTable`). */
export const combineAfterThis = (context: NodesAfter): CombineAfter | undefined => readAfterThis(context, (nodes) => combineAfter(nodes, DEFAULT_TABLE_NAME));

/** The table names of the Send and Wait for Reply nodes after this trigger (one kept as `questionTable`); none when none follows. */
export const askerTablesAfterThis = (context: NodesAfter): string[] => readAfterThis(context, (nodes) => askerTables(nodes, DEFAULT_TABLE_NAME)) ?? [];

/**
 * The trigger's switch (version 1.2 on) that shows the Conversation State credential, required,
 * so that n8n marks the node before Publish when it is missing (ZApiTrigger.node.ts).
 */
export const FOLLOWED_BY_COMBINE = 'followedByCombine';

/** The first version with the switch. */
export const SWITCH_VERSION = 1.2;

/** The switch as the user sees it. */
export const SWITCH_LABEL = 'Followed by Combine or Send and Wait for Reply';

/** A node after the trigger that keeps state in the table: its name as the user sees it, and why the trigger needs the table. */
interface TableUser {
	label: string;
	why: string;
}

const COMBINE_USER: TableUser = {
	label: 'Combine Quick Messages',
	why: 'the trigger records each message as it arrives, so a burst is counted from then however busy n8n is',
};
const ASKER_USER: TableUser = {
	label: 'Send and Wait for Reply',
	why: 'the trigger reads there the questions waiting for each chat, and hands the answer to the execution waiting for it',
};

/** Said at activation when the trigger lacks the Conversation State credential that `user` needs. */
export const needsStateCredential = (user: TableUser) => ({
	message: `${user.label} after this trigger needs the Z-API Conversation State credential in the trigger too`,
	description: `In the Z-API Trigger, choose in Credential for Z-API Conversation State API the same credential as in ${user.label}, then publish again: ${user.why}.`,
});

/** Said at activation when `user` follows a trigger (1.2 on) whose switch is off. */
export const needsSwitch = (user: TableUser) => ({
	message: `${user.label} follows this trigger, but the trigger’s ${SWITCH_LABEL} is off`,
	description: `In the Z-API Trigger, turn on ${SWITCH_LABEL} and choose in Credential for Z-API Conversation State API the same credential as in ${user.label}, then publish again: ${user.why}.`,
});

export const NEEDS_STATE_CREDENTIAL = needsStateCredential(COMBINE_USER);
export const NEEDS_SWITCH = needsSwitch(COMBINE_USER);
export const ASKER_NEEDS_STATE_CREDENTIAL = needsStateCredential(ASKER_USER);
export const ASKER_NEEDS_SWITCH = needsSwitch(ASKER_USER);

/**
 * The table `user` keeps its state in, found or created at activation with the trigger's
 * Conversation State credential. Throws with what to do when the credential is missing or
 * n8n's API cannot be used: better refused at activation than silent in a customer's conversation.
 */
async function tableAtActivation(context: IHookFunctions, user: TableUser, tableName: string): Promise<{ id: string; name: string }> {
	const node = context.getNode();
	// Before 1.2 the credential is shown always; from 1.2 only with the switch on (n8n would not
	// hand the trigger a credential it does not show).
	if (node.typeVersion >= SWITCH_VERSION && context.getNodeParameter(FOLLOWED_BY_COMBINE, false) !== true) {
		const { message, description } = needsSwitch(user);
		throw new NodeOperationError(node, message, { description });
	}
	if (!node.credentials?.[N8N_API_CREDENTIALS]) {
		const { message, description } = needsStateCredential(user);
		throw new NodeOperationError(node, message, { description });
	}
	return { id: (await ConversationTable.open(context, 0, tableName)).id, name: tableName };
}

/** At activation: the table of the Combine node that follows (arrivals); undefined when none follows. */
export async function tableForArrivals(this: IHookFunctions): Promise<BurstTable | undefined> {
	// None, or n8n versions without node parameters in getChildNodes: the Combine node records itself.
	const combine = combineAfterThis(this);
	if (!combine) return undefined;
	const table = await tableAtActivation(this, COMBINE_USER, combine.tableName);
	return { ...table, ...(combine.waitWhileTyping ? { typing: true as const } : {}) };
}

/**
 * At activation: the table the questions of the Send and Wait for Reply nodes that follow wait
 * in; undefined when none follows. The trigger reads one table: askers naming different ones
 * are refused, as an answer to the other table's questions would start the workflow instead.
 */
export async function tableForQuestions(this: IHookFunctions): Promise<{ id: string; name: string } | undefined> {
	const [tableName, ...others] = askerTablesAfterThis(this);
	if (others.length) {
		throw new NodeOperationError(this.getNode(), `The Send and Wait for Reply nodes after this trigger name different data tables (${[tableName, ...others].sort().join(', ')})`, {
			description: 'Give them the same Data Table Name (Options): the trigger reads the questions of one table, then publish again.',
		});
	}
	return tableName === undefined ? undefined : await tableAtActivation(this, ASKER_USER, tableName);
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
