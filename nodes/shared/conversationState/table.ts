/**
 * Where conversations keep their state: one n8n data table, reached through n8n's own REST
 * API with an n8n API key (credential type zApiConversationStateApi).
 *
 * Why there, and not elsewhere in n8n (read from n8n 2.41.1 and 1.123.81):
 * - `this.helpers.getDataTableProxy` exists in an action node's context, but n8n's proxy
 *   serves only n8n's own Data table and Evaluation nodes: for any other node it throws
 *   "This proxy is only available for Data table nodes", on both lines.
 * - The deduplication helpers (`checkProcessedAndRecord`) keep one database row per node (or
 *   workflow) holding every value, read then written back: two executions recording at once
 *   lose one write, so they cannot decide who goes on.
 * - Workflow static data is a copy loaded when an execution starts and saved when it ends:
 *   an execution waiting for a quiet period never sees what others wrote meanwhile, and the
 *   last save wins.
 * n8n 2.x serves data tables on its REST API (`/api/v1/data-tables`), backed by n8n's database,
 * so every main, webhook and worker process of a queue-mode setup sees the same rows. Its row
 * update with a filter is one `UPDATE … WHERE … RETURNING` on Postgres (the database queue mode
 * requires) and runs in one transaction on SQLite: the rows it returns were changed by this
 * call only. That is the claim a burst is handed over with. n8n 1.x has data tables but not on
 * its REST API: the node says so.
 */
import type { IBinaryKeyData, IDataObject, IExecuteFunctions, IHookFunctions, IHttpRequestMethods, INode, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { credentialSecrets, credentialsFor, inOwnWords, nodeError } from '../transport';
import { keep, type IncomingMessage } from './messages';
import { CREDENTIAL_LABEL, apiBaseOf, callN8nApi, type N8nApiRequest, type N8nApiSetup } from './n8nApi';

export const N8N_API_CREDENTIALS = 'zApiConversationStateApi';

export const DEFAULT_TABLE_NAME = 'Z-API Conversations';

/** A pause that lasts until someone resumes the bot (the latest time a JavaScript date holds). */
export const UNTIL_RESUMED = 8_640_000_000_000_000;

/** The table's columns. Both kinds of row share them: a message of a burst, and a chat's pause. */
export const COLUMNS = [
	{ name: 'chatId', type: 'string' },
	{ name: 'kind', type: 'string' },
	{ name: 'messageId', type: 'string' },
	// A message's row: when the person sent it (sentAtOf). Typing and answer rows: see RowKind.
	{ name: 'arrivedAt', type: 'number' },
	{ name: 'claimedBy', type: 'string' },
	{ name: 'pausedUntil', type: 'number' },
	{ name: 'pausedBy', type: 'string' },
	{ name: 'item', type: 'string' },
] as const;

/**
 * A message of a burst; a chat's pause; a chat's presence (typing), whose row reuses the
 * columns: `pausedBy` holds the presence status, `arrivedAt` when the trigger received it; the
 * answer to a burst, whose row reuses them too: `messageId` holds the burst's id (its claimant),
 * `pausedBy` where the answer is (ANSWER_STATES), `arrivedAt` when it got there; a question
 * waiting for its reply in the chat (Send and Wait for Reply): `messageId` holds the question's
 * key, `item` what it waits for (shared/waitingReplies.ts, with when it was asked),
 * `pausedUntil` when the wait ends, `claimedBy` the message that answered it; no `arrivedAt`,
 * so forgetOld's clearing of old message rows by that time never takes a long wait.
 */
export type RowKind = 'message' | 'pause' | 'typing' | 'answer' | 'question';

/**
 * Where the answer to a burst is, for sends set to skip an answer the person wrote past: being
 * made (the burst went on), being sent (a send took it), sent (or given up), overtaken (a newer
 * burst of the chat took its messages: the answer is not sent).
 */
export const ANSWER_STATES = { answering: 'answering', sending: 'sending', sent: 'sent', overtaken: 'overtaken' } as const;
export type AnswerState = (typeof ANSWER_STATES)[keyof typeof ANSWER_STATES];

/** The answer to a burst as its row says it: the burst's id, where the answer is, since when. */
export interface Answer {
	burstId: string;
	state: string;
	since: number;
}

/** The chat's answers among its rows. */
export function answersOf(rows: Row[]): Answer[] {
	return rows.filter((row) => row.kind === 'answer').map((row) => ({ burstId: String(row.messageId ?? ''), state: String(row.pausedBy ?? ''), since: Number(row.arrivedAt ?? 0) }));
}

/** Chat presence statuses of a person typing or recording audio (docs/webhooks/on-chat-presence.md). */
export const TYPING_STATUSES = ['COMPOSING', 'RECORDING'] as const;
/** Statuses that end it: stopped typing or deleted it (PAUSED), left the chat (UNAVAILABLE). AVAILABLE (in the chat) says nothing of typing. */
export const TYPING_ENDED_STATUSES = ['PAUSED', 'UNAVAILABLE'] as const;

/** The chat's latest typing presence from its rows: its status and when it was received; undefined when none. */
export function typingOf(rows: Row[]): { status: string; at: number } | undefined {
	const row = rows.filter((one) => one.kind === 'typing').sort((a, b) => Number(b.arrivedAt) - Number(a.arrivedAt))[0];
	return row ? { status: String(row.pausedBy ?? ''), at: Number(row.arrivedAt) } : undefined;
}

export interface Row {
	id: number;
	chatId: string;
	kind: RowKind;
	messageId?: string | null;
	arrivedAt?: number | null;
	claimedBy?: string | null;
	/** A pause row: when the pause ends. A message row: when it may be deleted (REMEMBER_MS after it was written). */
	pausedUntil?: number | null;
	pausedBy?: string | null;
	item?: string | null;
	/** Set by n8n's database when the row is written (a system column of every data table). */
	createdAt?: string | null;
}

/**
 * When the person sent a message, from its row: the column `arrivedAt` holds it (the name it was
 * given before the code called that time sentAt; existing tables keep it).
 */
export function sentAtOf(row: Pick<Row, 'arrivedAt'>): number {
	return Number(row.arrivedAt);
}

/**
 * When a row was written, by the database's clock (`createdAt`, set by the INSERT itself):
 * another process sees the row from the commit that follows within milliseconds, however long
 * n8n's API then took to answer. Under load a write may wait seconds for its turn; a burst is
 * decided no sooner than Quiet Period after its last message's row was written, so the chat's
 * next message, written no sooner than that one, is seen. `arrivedAt` when the database gave
 * no time.
 */
export function writtenAtOf(row: Pick<Row, 'createdAt' | 'arrivedAt'>): number {
	const written = Date.parse(String(row.createdAt ?? ''));
	return Number.isFinite(written) ? written : Number(row.arrivedAt ?? 0);
}

/**
 * What the table is used from: an action node's execution, or a trigger's activation and
 * deliveries (the Z-API Trigger records each message of a chat as it arrives).
 */
export type StateContext = IExecuteFunctions | IHookFunctions | IWebhookFunctions;

/** The conditions n8n's API takes (its in-process filters' isEmpty and isNotEmpty are not among them). */
type Condition = 'eq' | 'neq' | 'lt' | 'gt' | 'lte' | 'gte';
type Filter = { type: 'and' | 'or'; filters: Array<{ columnName: string; condition: Condition; value: string | number | null }> };

const where = (...filters: Filter['filters']): Filter => ({ type: 'and', filters });
const eq = (columnName: string, value: string) => ({ columnName, condition: 'eq' as const, value });

/**
 * How long a call on the table's rows may take. Longer than a lookup's: on SQLite, n8n measures
 * every data table's size by reading the whole database file before a write that follows
 * another write (its size check, whose cache each write clears), so under load a write waits
 * its turn for seconds; a burst decided late beats one answered in pieces.
 */
export const ROW_CALL_TIMEOUT_MS = 30_000;

/** Rows per page n8n's REST API hands out at most. */
const PAGE = 250;

/**
 * How long a message's row is kept after it was written, so a late copy of it starts nothing;
 * then it is deleted. Far beyond the longest an execution waits for its row (Quiet Period plus
 * Maximum Wait, a minute each at most, after n8n starts it).
 */
export const REMEMBER_MS = 24 * 60 * 60_000;

/**
 * Message rows written before each carried when it may go (`pausedUntil`) are deleted this
 * long after they were sent: no execution waits for a row a month after its message was sent.
 */
const LEGACY_MS = 30 * 24 * 60 * 60_000;

/**
 * One message in this many clears the whole table of the rows whose time has passed (forgetOld; the
 * message whose row id is a multiple of it, while it waits for quiet): the clearing costs one
 * call per this many messages, not one per message, and none on a burst's way to its answer.
 */
export const FORGET_EVERY = 48;

/**
 * A failure of the state store (n8n's API unreachable, refusing, or answering what it should
 * not): Combine Quick Messages decides by its option whether the message goes on alone.
 */
export class StateStoreError extends NodeOperationError {
	/** True when a change may have been applied although no answer came. */
	maybeApplied = false;

	constructor(node: INode, message: string, options: { itemIndex?: number; description?: string }) {
		super(node, message, options);
		// n8n-workflow swaps a message naming a network code for its generic words: keep ours.
		inOwnWords(this, message);
	}
}

export class ConversationTable {
	private constructor(
		private readonly context: StateContext,
		private readonly itemIndex: number,
		private readonly setup: N8nApiSetup,
		readonly id: string,
	) {}

	/** The table whose id is known (the trigger found it at activation). */
	static async at(context: StateContext, itemIndex: number, id: string): Promise<ConversationTable> {
		return new ConversationTable(context, itemIndex, await setupOf(context, itemIndex), id);
	}

	/** The table named `name` in the API key's project, created with COLUMNS when missing. */
	static async open(context: StateContext, itemIndex: number, name: string): Promise<ConversationTable> {
		const setup = await setupOf(context, itemIndex);
		const table = (id: string) => new ConversationTable(context, itemIndex, setup, id);
		const found = await findTable(context, itemIndex, setup, name);
		if (found) return table(found);
		let created: unknown;
		let failure: StateStoreError | undefined;
		try {
			created = await n8nApi(context, itemIndex, setup, { method: 'POST', path: '/data-tables', body: { name, columns: COLUMNS }, conflictOk: true });
		} catch (caught) {
			// n8nApi fails with StateStoreErrors only.
			failure = caught as StateStoreError;
		}
		if (failure) {
			// Executions of the first burst create it at once: n8n keeps one name per project and
			// refuses the others (409, or 500 when its database reports the duplicate). Whoever
			// won, the table is there now.
			const won = await findTableSoon(context, itemIndex, setup, name);
			if (won) return table(won);
			throw failure;
		}
		const id = (created as IDataObject | undefined)?.id ?? (await findTableSoon(context, itemIndex, setup, name));
		if (!id) throw new StateStoreError(context.getNode(), `The data table '${name}' could not be created`, { itemIndex });
		return table(String(id));
	}

	/**
	 * The chat's rows that matter now: its unclaimed messages (the burst being gathered) and its
	 * pause (pause rows are never claimed). Claimed messages are not read: what a message costs
	 * does not grow with the chat's history.
	 */
	async openRowsOf(chatId: string): Promise<Row[]> {
		return await this.rows(where(eq('chatId', chatId), { columnName: 'claimedBy', condition: 'eq', value: null }));
	}

	/**
	 * The message recorded last, in any chat (the highest row id: ids grow as rows are written),
	 * when it was sent and when its row was written: how far the trigger has come. One call, one row.
	 */
	async newestMessage(): Promise<{ id: number; sentAt: number; writtenAt: number } | undefined> {
		const page = (await this.call('GET', '/rows', { qs: { filter: JSON.stringify(where(eq('kind', 'message'))), sortBy: 'id:desc', limit: 1 } })) as { data?: Row[] } | undefined;
		const row = Array.isArray(page?.data) ? page.data[0] : undefined;
		return row ? { id: Number(row.id), sentAt: sentAtOf(row), writtenAt: writtenAtOf(row) } : undefined;
	}

	/**
	 * Whether the chat has a message sent from `from` to just before `to`, claimed or not: one
	 * call, one row at most. A message with none in the hour before it opens a conversation.
	 */
	async hasMessageSentBetween(chatId: string, from: number, to: number): Promise<boolean> {
		const filter = where(eq('chatId', chatId), eq('kind', 'message'), { columnName: 'arrivedAt', condition: 'gte', value: from }, { columnName: 'arrivedAt', condition: 'lt', value: to });
		const page = (await this.call('GET', '/rows', { qs: { filter: JSON.stringify(filter), limit: 1 } })) as { data?: Row[] } | undefined;
		return Array.isArray(page?.data) && page.data.length > 0;
	}

	/** The chat's pause rows. */
	async pauseRowsOf(chatId: string): Promise<Row[]> {
		return await this.rows(where(eq('chatId', chatId), eq('kind', 'pause')));
	}

	/**
	 * Records a message of the chat (its row: the one place it is written, for the trigger and for
	 * Combine Quick Messages), once: a second record of the same message (the service
	 * sending it again) changes the row already there instead of adding one, so a message
	 * claimed already stays claimed and goes on with no other burst. Returns the row as it is
	 * now. One call (n8n's upsert runs in one transaction).
	 */
	async record(message: Pick<IncomingMessage, 'chatId' | 'messageId' | 'sentAt'>, json: IDataObject, binary?: IBinaryKeyData): Promise<Row> {
		const { chatId, messageId, sentAt } = message;
		const answer = await this.call('POST', '/rows/upsert', {
			body: {
				filter: where(eq('chatId', chatId), eq('kind', 'message'), eq('messageId', messageId)),
				// A message row's pausedUntil is when it may be forgotten (forgetOld): a day after it was
				// written, whenever it was sent. Pause rows use the column for the pause's end.
				data: { chatId, messageId, arrivedAt: sentAt, item: keep(json, binary, sentAt), kind: 'message', pausedUntil: Date.now() + REMEMBER_MS },
				returnData: true,
			},
		});
		const row = Array.isArray(answer) ? (answer as Row[]).find((one) => one && typeof one.id === 'number') : undefined;
		if (!row) throw new StateStoreError(this.context.getNode(), "n8n's API recorded the message but did not say which row holds it", { itemIndex: this.itemIndex });
		return row;
	}

	/**
	 * Marks every unclaimed message of the chat (claimedBy null: n8n reads `eq null` as IS NULL)
	 * sent within `sent` (a burst's first message to its close) as claimed by `claimant` and
	 * returns the rows this call changed: one UPDATE, so two claimants never get the same row.
	 * Bounded by the times sent, not by row ids: a message of the burst written after the chat
	 * was read is taken too (the caller then waits for quiet after it), and another burst's
	 * message written among this burst's rows is not. `claimant` names this execution alone, so
	 * when the answer is lost (a cut, a timeout, a 5xx) the rows say whether the claim landed: the
	 * rows claimed by `claimant` are the burst. When none are, the claim is sent once more: it only
	 * takes rows still unclaimed, so it cannot take a row twice nor take one from another claimant.
	 */
	async claimMessages(chatId: string, claimant: string, sent: { from: number; to: number }): Promise<Row[]> {
		const mine = async () => await this.rowsClaimedBy(chatId, claimant);
		let lost: StateStoreError | undefined;
		for (let attempt = 1; attempt <= 2; attempt++) {
			try {
				const changed = await this.call('PATCH', '/rows/update', {
					body: {
						filter: where(
							eq('chatId', chatId),
							eq('kind', 'message'),
							{ columnName: 'claimedBy', condition: 'eq', value: null },
							// The burst's rows only: an earlier burst whose own execution has not run yet, and a
							// message sent after the close, belong to other bursts.
							{ columnName: 'arrivedAt', condition: 'gte', value: sent.from },
							{ columnName: 'arrivedAt', condition: 'lte', value: sent.to },
						),
						data: { claimedBy: claimant },
						returnData: true,
					},
				});
				const rows = Array.isArray(changed) ? (changed as Row[]) : [];
				// After a lost answer, a first claim that landed late left nothing for this one.
				return rows.length || !lost ? rows : await mine();
			} catch (error) {
				lost = error as StateStoreError;
			}
			if (!lost.maybeApplied) throw lost;
			const landed = await mine();
			if (landed.length) return landed;
		}
		throw lost!;
	}

	/** The chat's messages claimed by `claimant`: a burst. */
	async rowsClaimedBy(chatId: string, claimant: string): Promise<Row[]> {
		return await this.rows(where(eq('chatId', chatId), eq('kind', 'message'), eq('claimedBy', claimant)));
	}

	/** Opens the answer to the burst `burstId`: it is being made (ANSWER_STATES). One call; a second opening changes nothing. */
	async openAnswer(chatId: string, burstId: string, at: number): Promise<void> {
		const data = { chatId, kind: 'answer', messageId: burstId, pausedBy: ANSWER_STATES.answering, arrivedAt: at, pausedUntil: at + REMEMBER_MS };
		await this.call('POST', '/rows/upsert', { body: { filter: where(eq('chatId', chatId), eq('kind', 'answer'), eq('messageId', burstId)), data } });
	}

	/**
	 * Moves the answer to the burst `burstId` from `from` to `to`, in one update: true when this
	 * call moved it. Two calls moving one answer (a send taking it, a newer burst overtaking it)
	 * never both succeed. When the answer is lost (a cut, a timeout), the row says whether it landed.
	 */
	async moveAnswer(chatId: string, burstId: string, from: AnswerState, to: AnswerState, at: number): Promise<boolean> {
		const filter = where(eq('chatId', chatId), eq('kind', 'answer'), eq('messageId', burstId));
		try {
			// An answer sent or overtaken is claimed, as a message that went on: the chat's open rows leave it out.
			const claimedBy = to === ANSWER_STATES.sent || to === ANSWER_STATES.overtaken ? to : null;
			const changed = await this.call('PATCH', '/rows/update', {
				body: { filter: { ...filter, filters: [...filter.filters, eq('pausedBy', from)] }, data: { pausedBy: to, arrivedAt: at, claimedBy }, returnData: true },
			});
			return Array.isArray(changed) && changed.length > 0;
		} catch (error) {
			const failure = error as StateStoreError;
			if (!failure.maybeApplied) throw failure;
			const [row] = await this.rows(filter);
			// Landed when the row is where this call moved it, at this call's time.
			return row?.pausedBy === to && Number(row.arrivedAt) === at;
		}
	}

	/** Where the answer to the burst `burstId` is; undefined when it has no row (forgotten, or never opened). */
	async answerOf(chatId: string, burstId: string): Promise<AnswerState | undefined> {
		const [row] = await this.rows(where(eq('chatId', chatId), eq('kind', 'answer'), eq('messageId', burstId)));
		return row ? (String(row.pausedBy) as AnswerState) : undefined;
	}

	/** The chat's answers being made or sent (not yet sent nor overtaken). One call. */
	async openAnswersOf(chatId: string): Promise<Answer[]> {
		return answersOf(await this.rows(where(eq('chatId', chatId), eq('kind', 'answer'), { columnName: 'claimedBy', condition: 'eq', value: null })));
	}

	/** Hands every message claimed by `from` to `to` (a newer burst taking an earlier one's messages). Returns the rows moved. */
	async handOverMessages(chatId: string, from: string, to: string): Promise<Row[]> {
		const changed = await this.call('PATCH', '/rows/update', {
			body: { filter: where(eq('chatId', chatId), eq('kind', 'message'), eq('claimedBy', from)), data: { claimedBy: to }, returnData: true },
		});
		return Array.isArray(changed) ? (changed as Row[]) : [];
	}

	/**
	 * Keeps a question waiting for its reply in `chatId`: one upsert by its key (one per question
	 * asked), so the same call made twice keeps one row, and a question a message took stays taken.
	 */
	async keepQuestion(chatId: string, key: string, question: { until: number; item: string }): Promise<void> {
		await this.call('POST', '/rows/upsert', {
			body: {
				filter: where(eq('kind', 'question'), eq('messageId', key)),
				data: { chatId, kind: 'question', messageId: key, pausedUntil: question.until, item: question.item },
			},
		});
	}

	/** Changes what the question `key` waits for (`item`) while no message has taken it: true when it did. One call. */
	async changeQuestion(key: string, item: string): Promise<boolean> {
		const changed = await this.call('PATCH', '/rows/update', {
			body: { filter: where(eq('kind', 'question'), eq('messageId', key), { columnName: 'claimedBy', condition: 'eq', value: null }), data: { item }, returnData: true },
		});
		return Array.isArray(changed) && changed.length > 0;
	}

	/** The questions waiting for a reply in `chatId` (no message took them yet). One call. */
	async questionsOf(chatId: string): Promise<Row[]> {
		return await this.rows(where(eq('chatId', chatId), eq('kind', 'question'), { columnName: 'claimedBy', condition: 'eq', value: null }));
	}

	/**
	 * Takes the question of row `id` for the message `claimant`, in one update: true when this
	 * call took it, so two messages never both answer one question. When the answer is lost (a
	 * cut, a timeout), the row says whether the claim landed. A question taken is forgotten with
	 * the next clearing (forgetOld).
	 */
	async claimQuestion(id: number, claimant: string): Promise<boolean> {
		const filter = where({ columnName: 'id', condition: 'eq', value: id }, eq('kind', 'question'));
		try {
			const changed = await this.call('PATCH', '/rows/update', {
				body: { filter: { ...filter, filters: [...filter.filters, { columnName: 'claimedBy', condition: 'eq', value: null }] }, data: { claimedBy: claimant, pausedUntil: 0 }, returnData: true },
			});
			return Array.isArray(changed) && changed.length > 0;
		} catch (error) {
			const failure = error as StateStoreError;
			if (!failure.maybeApplied) throw failure;
			const [row] = await this.rows(filter);
			return row?.claimedBy === claimant;
		}
	}

	/** Deletes the question `key` (it could not be sent). One call. */
	async dropQuestion(key: string): Promise<void> {
		await this.call('DELETE', '/rows/delete', { qs: { filter: JSON.stringify(where(eq('kind', 'question'), eq('messageId', key))) } });
	}

	/**
	 * Records the chat's presence, one call: typing or recording sets the chat's typing row
	 * (created when missing); an end changes that row only if there is one, so a contact going
	 * offline adds no row. Other statuses are not for this table.
	 */
	async recordPresence(chatId: string, status: string, at: number): Promise<void> {
		const filter = where(eq('chatId', chatId), eq('kind', 'typing'));
		// Kept a day, as a message's row (forgetOld).
		const data = { chatId, kind: 'typing', pausedBy: status, arrivedAt: at, pausedUntil: at + REMEMBER_MS };
		if ((TYPING_STATUSES as readonly string[]).includes(status)) await this.call('POST', '/rows/upsert', { body: { filter, data } });
		else if ((TYPING_ENDED_STATUSES as readonly string[]).includes(status)) await this.call('PATCH', '/rows/update', { body: { filter, data } });
	}

	/** Sets the chat's pause (0: not paused). Every pause row of the chat gets it, should two exist. */
	async setPause(chatId: string, pausedUntil: number, pausedBy: string): Promise<void> {
		await this.call('POST', '/rows/upsert', {
			body: { filter: where(eq('chatId', chatId), eq('kind', 'pause')), data: { chatId, kind: 'pause', pausedUntil, pausedBy } },
		});
	}

	/**
	 * Deletes, in one call and whatever the chat, every row whose `pausedUntil` has passed: a
	 * pause that ended (a resumed chat's pause holds 0), a message a day after it was written
	 * (record sets it). By when it was written, not when it was sent: a backlog the service
	 * delivers a day late keeps its rows while its executions wait for them. Rows written before
	 * messages carried that time go LEGACY_MS after they were sent. Run by one message in
	 * FORGET_EVERY (Combine Quick Messages), it bounds the table (docs/conversation-state.md).
	 */
	async forgetOld(now: number): Promise<void> {
		const filter: Filter = {
			type: 'or',
			filters: [
				{ columnName: 'pausedUntil', condition: 'lt', value: now },
				{ columnName: 'arrivedAt', condition: 'lt', value: now - LEGACY_MS },
			],
		};
		await this.call('DELETE', '/rows/delete', { qs: { filter: JSON.stringify(filter) } });
	}

	/** Every row the filter selects, page after page. */
	private async rows(filter: Filter): Promise<Row[]> {
		const rows: Row[] = [];
		let cursor: string | undefined;
		// Pages follow n8n's cursor; a repeated cursor would loop, so it ends the listing.
		const seen = new Set<string>();
		do {
			const page = (await this.call('GET', '/rows', {
				qs: { filter: JSON.stringify(filter), limit: PAGE, ...(cursor ? { cursor } : {}) },
			})) as { data?: Row[]; nextCursor?: string | null } | undefined;
			rows.push(...(Array.isArray(page?.data) ? page.data : []));
			cursor = page?.nextCursor ?? undefined;
			if (cursor && seen.has(cursor)) break;
			if (cursor) seen.add(cursor);
		} while (cursor);
		return rows.sort((a, b) => a.id - b.id);
	}

	private async call(method: IHttpRequestMethods, path: string, request: { body?: IDataObject; qs?: IDataObject }): Promise<unknown> {
		return await n8nApi(this.context, this.itemIndex, this.setup, {
			method,
			path: `/data-tables/${encodeURIComponent(this.id)}${path}`,
			timeoutMs: ROW_CALL_TIMEOUT_MS,
			...request,
		});
	}
}

/** The pause of a chat from its rows: the latest end any pause row holds (0 when none). */
export function pausedUntilOf(rows: Row[]): { until: number; by: string | null } {
	let until = 0;
	let by: string | null = null;
	for (const row of rows) {
		if (row.kind === 'pause' && Number(row.pausedUntil ?? 0) > until) {
			until = Number(row.pausedUntil);
			by = row.pausedBy ?? null;
		}
	}
	return { until, by };
}

/** The table, looked for a few times while another execution's creation completes. */
async function findTableSoon(context: StateContext, itemIndex: number, setup: N8nApiSetup, name: string): Promise<string | undefined> {
	for (let attempt = 0; attempt < 5; attempt++) {
		const id = await findTable(context, itemIndex, setup, name);
		if (id) return id;
		await sleep(200 * (attempt + 1));
	}
	return undefined;
}

async function findTable(context: StateContext, itemIndex: number, setup: N8nApiSetup, name: string): Promise<string | undefined> {
	const answer = (await n8nApi(context, itemIndex, setup, {
		method: 'GET',
		path: '/data-tables',
		qs: { filter: JSON.stringify({ name }), limit: PAGE },
		missingMeansOldN8n: true,
	})) as { data?: Array<{ id: string; name: string }> } | undefined;
	// The name filter matches parts of names too: only the exact one counts.
	return (answer?.data ?? []).find((table) => table.name === name)?.id;
}

/**
 * The n8n API client of this execution: the credential's address made into the API's (empty:
 * this n8n's own address), the key n8n adds as a header through the credential's authenticate,
 * and the credential's name for the errors.
 */
async function setupOf(context: StateContext, itemIndex: number): Promise<N8nApiSetup> {
	const credentials = await context.getCredentials(N8N_API_CREDENTIALS, itemIndex);
	const credentialName = context.getNode().credentials?.[N8N_API_CREDENTIALS]?.name || 'Z-API Conversation State';
	const base = apiBaseOf(credentials.baseUrl, context.getInstanceBaseUrl());
	if (!base) {
		throw new StateStoreError(context.getNode(), `The n8n API Address in the ${CREDENTIAL_LABEL} "${credentialName}" is not an http(s) address`, {
			itemIndex,
			description: "Set it to this n8n's address as the browser shows it, for example https://n8n.example.com.",
		});
	}
	const apiKey = String(credentials.apiKey ?? '').trim();
	return {
		base,
		apiKey,
		credentialName,
		// The credential just read goes with each call: n8n would otherwise read it again per call,
		// and in a delivery (no run data) each read builds an expression isolate of its own
		// (credentials-helper.js, getDecrypted), the dearest part of a recorded message.
		send: async (options) =>
			await context.helpers.httpRequestWithAuthentication.call(context, N8N_API_CREDENTIALS, options, {
				credentialsDecrypted: credentialsFor(context, credentials, N8N_API_CREDENTIALS),
			}),
		otherSecrets: async () => await credentialSecrets(context),
	};
}

/** One call to n8n's API, its failure as a StateStoreError of the item. The key never reaches it. */
async function n8nApi(context: StateContext, itemIndex: number, setup: N8nApiSetup, request: N8nApiRequest): Promise<unknown> {
	const result = await callN8nApi(setup, request);
	if (result.ok) return result.body;
	// No passing failure: the resource cannot work on this n8n, whatever the node's options.
	if (result.failure.unsupported) throw nodeError(context.getNode(), result.failure.message, { itemIndex, description: result.failure.description });
	const failure = new StateStoreError(context.getNode(), result.failure.message, { itemIndex, description: result.failure.description });
	failure.maybeApplied = result.failure.maybeApplied;
	throw failure;
}
