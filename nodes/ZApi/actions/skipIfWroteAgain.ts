import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import {
	ANSWER_STATES,
	ConversationTable,
	StateStoreError,
	answersOf,
	sentAtOf,
	typingOf,
	type Answer,
	type Row,
} from '../../shared/conversationState/table';
import { answeredBurstItem } from './answeredChat';
import { AFTER_TYPING_MS, typingHold } from './conversation/combineMessages/burst';
import type { ItemWithFile, ZApiOperation } from './types';

/*
 * Skip If the Person Wrote Again: no answer that ignores what the person wrote after their burst
 * went on. Each burst's answer has a row in the conversation table (table.ts, ANSWER_STATES):
 * - Combine Quick Messages opens it (answering) when a send after it has the option on, and first
 *   overtakes the chat's answers still being made: their messages join the new burst, in order,
 *   and those answers will not be sent.
 * - The send skips when the person wrote again after the burst (that message's burst overtakes
 *   this answer, or did); else it takes the answer (answering → sending) right before it calls
 *   Z-API. One update decides between the send and a newer burst: whichever moves the row
 *   first wins. Overtaken, the send skips; taken, it is sent whole (every bubble), and a newer
 *   burst's answer waits for it.
 * Both moves are single row updates (one UPDATE … WHERE state = … on n8n's database), so no
 * interleaving sends an answer and also hands its messages to a newer burst.
 */

export const SKIP_IF_WROTE_AGAIN = 'skipIfWroteAgain';

/** On every send that can answer a chat (answersChat), when a burst of Combine Quick Messages comes before it. */
export const skipIfWroteAgainProperty: INodeProperties = {
	displayName: 'Skip If the Person Wrote Again',
	name: SKIP_IF_WROTE_AGAIN,
	type: 'boolean',
	noDataExpression: true,
	default: false,
	description:
		"Whether this answer to a Combine Quick Messages burst is skipped when the person wrote again after the burst went on (while an AI Agent was answering, say): the newer messages' execution then answers everything they wrote, the earlier messages included. An answer already being sent is sent whole, and the next waits for it. Needs the Z-API Conversation State credential of Combine Quick Messages.",
};

/** Whether an operation offers Skip If the Person Wrote Again: a send that can answer a chat, item by item. */
export const offersSkip = (operation: Pick<ZApiOperation, 'answersChat' | 'executeAllItems'>): boolean => operation.answersChat === true && !operation.executeAllItems;

/** An answer still being made this long after its burst went on counts as given up (its execution failed or chose not to answer): no newer burst takes its messages. */
export const PENDING_ANSWER_MS = 5 * 60_000;
/** An answer being sent holds a newer one back this long at most: a send that died holds nothing for ever. */
export const SENDING_HOLDS_MS = 2 * 60_000;
/** While an earlier answer of the chat is being sent, the chat is looked at this often. */
const SENDING_LOOK_MS = 1000;

/** The item field that tells the send which burst it answers, and where its answer's row is. */
export const BURST_FIELD = 'burst';

/** What Combine Quick Messages puts on its item for the send after it. */
export interface BurstRef {
	id: string;
	table: string;
	/** When the burst's last message was sent: a message sent after it is the person writing again. */
	lastSentAt: number;
}

/** Combine Quick Messages: whether a send after this node has Skip If the Person Wrote Again on (read from the workflow, no call). */
export function skippingSendFollows(context: IExecuteFunctions): boolean {
	const own = context.getNode();
	const prefix = own.type.slice(0, own.type.lastIndexOf('.') + 1);
	return context
		.getChildNodes(own.name, { includeNodeParameters: true })
		.some((node) => !node.disabled && node.type === `${prefix}zApi` && (node.parameters as IDataObject | undefined)?.[SKIP_IF_WROTE_AGAIN] === true);
}

/**
 * Combine Quick Messages, for a burst that goes on with a skipping send after it: overtakes the
 * chat's answers still being made (as its rows read before the claim show them), hands their
 * messages to this burst and opens this burst's answer. Returns the burst's rows when it took
 * others' messages, and what to put on its item; a failure leaves the burst as it was and the
 * send unskippable (no BurstRef): the person gets an answer rather than none.
 */
export async function openAnswer(
	table: ConversationTable,
	chatId: string,
	burstId: string,
	{ read, claimed }: { read: Row[]; claimed: Row[] },
): Promise<{ rows?: Row[]; ref?: BurstRef }> {
	const now = Date.now();
	let rows: Row[] | undefined;
	try {
		const pending = answersOf(read).filter((answer) => answer.state === ANSWER_STATES.answering && answer.burstId !== burstId && now - answer.since < PENDING_ANSWER_MS);
		let overtook = false;
		for (const answer of pending) {
			if (!(await table.moveAnswer(chatId, answer.burstId, ANSWER_STATES.answering, ANSWER_STATES.overtaken, now))) continue;
			overtook = true;
			// Handing over again changes nothing already handed: once more after a failure.
			await table.handOverMessages(chatId, answer.burstId, burstId).catch(async () => await table.handOverMessages(chatId, answer.burstId, burstId));
		}
		if (overtook) rows = await table.rowsClaimedBy(chatId, burstId);
		await table.openAnswer(chatId, burstId, Date.now());
	} catch {
		return { rows };
	}
	const lastSentAt = Math.max(...(rows ?? claimed).map((row) => sentAtOf(row) || 0));
	return { rows, ref: { id: burstId, table: table.id, lastSentAt } };
}

/** The burst item `itemIndex` answers, as Combine Quick Messages marked it; undefined when none. */
function burstAnswered(context: IExecuteFunctions, itemIndex: number): (BurstRef & { chatId: string }) | undefined {
	const json = answeredBurstItem.call(context, itemIndex);
	const ref = json?.[BURST_FIELD] as IDataObject | undefined;
	if (!ref || typeof ref.id !== 'string' || typeof ref.table !== 'string' || typeof json?.chatId !== 'string') return undefined;
	return { id: ref.id, table: ref.table, lastSentAt: Number(ref.lastSentAt) || 0, chatId: json.chatId };
}

/**
 * A send with Skip If the Person Wrote Again on. Before it calls Z-API:
 * 1. it looks at the chat: a message the person sent after the burst, and it skips (that
 *    message's burst overtakes this answer when it goes on, or did, and answers everything);
 *    while WhatsApp shows them typing after the burst, it waits (burst.ts, typingHold; at most
 *    MOST_HOLD_MS);
 * 2. it takes the answer (answering → sending); a newer burst took it first, and it skips;
 * 3. it waits while an answer of the chat taken before it is still being sent (a look more,
 *    only when another answer of the chat was open at 1).
 * A message arriving between 1 and 2 is answered after this one, as one arriving during the send.
 * The answer goes back to being made when the send fails (the person's next messages take it in).
 * An item that answers no marked burst is sent as usual; a state store that fails lets the
 * answer go (one answer too many beats none).
 */
export async function sendUnlessOvertaken(
	this: IExecuteFunctions,
	itemIndex: number,
	send: () => Promise<Array<IDataObject | ItemWithFile>>,
): Promise<Array<IDataObject | ItemWithFile>> {
	const burst = burstAnswered(this, itemIndex);
	if (!burst) return await send();
	let table: ConversationTable;
	try {
		table = await ConversationTable.at(this, itemIndex, burst.table);
	} catch (error) {
		if (error instanceof StateStoreError) return await send();
		throw new NodeOperationError(this.getNode(), `Skip If the Person Wrote Again needs a Z-API Conversation State credential: choose one in node '${this.getNode().name}'`, {
			itemIndex,
			description: 'Choose the credential Combine Quick Messages uses (an API key of this n8n), or turn Skip If the Person Wrote Again off.',
		});
	}
	const skipped = [{ sent: false, skippedBecause: 'personWroteAgain', chatId: burst.chatId, burstId: burst.id }];
	let taken = false;
	try {
		const chat = await lookAtChat(table, burst);
		if (chat.wroteAgain) return skipped;
		const at = Date.now();
		taken = await table.moveAnswer(burst.chatId, burst.id, ANSWER_STATES.answering, ANSWER_STATES.sending, at);
		// Not taken: overtaken, or taken already by an earlier send of this execution (sent as well).
		if (!taken && (await table.answerOf(burst.chatId, burst.id)) === ANSWER_STATES.overtaken) return skipped;
		// With no other answer of the chat open at the look, none can have been taken before this one since.
		if (taken && chat.otherAnswers) await waitForEarlierSends(table, burst.chatId, { burstId: burst.id, since: at });
	} catch (error) {
		// A state store that fails lets the answer go; anything else fails the item.
		const failure = error as Error;
		if (!(failure instanceof StateStoreError)) throw failure;
	}
	let sent = false;
	try {
		const output = await send();
		sent = true;
		return output;
	} finally {
		if (taken) await table.moveAnswer(burst.chatId, burst.id, ANSWER_STATES.sending, sent ? ANSWER_STATES.sent : ANSWER_STATES.answering, Date.now()).catch(() => false);
	}
}

/** The longest a send waits for a person typing after their burst. */
export const MOST_HOLD_MS = 60_000;

/**
 * The chat, looked at before the take: whether the person sent a message after the burst, and
 * whether another answer of the chat is open. While they type (or just stopped), looks again
 * until they send or stop. A message after the burst counts whether a burst took it or not: a
 * newer burst claims its messages a moment before it overtakes this answer, and a send looking
 * in that moment must not take the answer.
 */
async function lookAtChat(table: ConversationTable, burst: BurstRef & { chatId: string }): Promise<{ wroteAgain: boolean; otherAnswers: boolean }> {
	const giveUpAt = Date.now() + MOST_HOLD_MS;
	for (;;) {
		const rows = await table.openRowsOf(burst.chatId);
		const wroteAgain =
			rows.some((row) => row.kind === 'message' && sentAtOf(row) > burst.lastSentAt) ||
			(await table.hasMessageSentBetween(burst.chatId, burst.lastSentAt + 1, Number.MAX_SAFE_INTEGER));
		if (wroteAgain) return { wroteAgain, otherAnswers: false };
		const lookAgainAt = typingHold(typingOf(rows), { lastSentAt: burst.lastSentAt, now: Date.now(), quietMs: AFTER_TYPING_MS });
		if (lookAgainAt === undefined || Date.now() >= giveUpAt) return { wroteAgain, otherAnswers: answersOf(rows).some((answer) => answer.burstId !== burst.id) };
		await sleep(Math.min(lookAgainAt, giveUpAt) - Date.now());
	}
}

/**
 * Until no answer of the chat taken before this one is still being sent (for less than
 * SENDING_HOLDS_MS): an answer is never cut by another. Only earlier ones hold it, so two sends
 * never wait for each other.
 */
async function waitForEarlierSends(table: ConversationTable, chatId: string, own: { burstId: string; since: number }): Promise<void> {
	const giveUpAt = Date.now() + SENDING_HOLDS_MS;
	const before = (answer: Answer) => answer.since < own.since || (answer.since === own.since && answer.burstId < own.burstId);
	for (;;) {
		const now = Date.now();
		const answers = await table.openAnswersOf(chatId);
		if (!answers.some((answer) => answer.burstId !== own.burstId && answer.state === ANSWER_STATES.sending && before(answer) && now - answer.since < SENDING_HOLDS_MS)) return;
		if (now + SENDING_LOOK_MS > giveUpAt) return;
		await sleep(SENDING_LOOK_MS);
	}
}
