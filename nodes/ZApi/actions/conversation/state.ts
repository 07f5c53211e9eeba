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
import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { nodeError, redactSecrets } from '../../../shared/transport';

export const N8N_API_CREDENTIALS = 'zApiConversationStateApi';

export const DEFAULT_TABLE_NAME = 'Z-API Conversations';

/** A pause that lasts until someone resumes the bot (the latest time a JavaScript date holds). */
export const UNTIL_RESUMED = 8_640_000_000_000_000;

/** The table's columns. Both kinds of row share them: a message of a burst, and a chat's pause. */
export const COLUMNS = [
	{ name: 'chatId', type: 'string' },
	{ name: 'kind', type: 'string' },
	{ name: 'messageId', type: 'string' },
	{ name: 'arrivedAt', type: 'number' },
	{ name: 'claimedBy', type: 'string' },
	{ name: 'pausedUntil', type: 'number' },
	{ name: 'pausedBy', type: 'string' },
	{ name: 'item', type: 'string' },
] as const;

export type RowKind = 'message' | 'pause';

export interface Row {
	id: number;
	chatId: string;
	kind: RowKind;
	messageId?: string | null;
	arrivedAt?: number | null;
	claimedBy?: string | null;
	pausedUntil?: number | null;
	pausedBy?: string | null;
	item?: string | null;
}

/** The conditions n8n's API takes (its in-process filters' isEmpty and isNotEmpty are not among them). */
type Condition = 'eq' | 'neq' | 'lt' | 'gt';
type Filter = { type: 'and'; filters: Array<{ columnName: string; condition: Condition; value: string | number | null }> };

const where = (...filters: Filter['filters']): Filter => ({ type: 'and', filters });
const eq = (columnName: string, value: string) => ({ columnName, condition: 'eq' as const, value });

/** Rows per page n8n's REST API hands out at most. */
const PAGE = 250;

const NEEDS_N8N_2 =
	'Conversation features keep their state in an n8n data table, which n8n serves to nodes from version 2.0 on. Update n8n, or leave this resource out.';

export class ConversationTable {
	private constructor(
		private readonly context: IExecuteFunctions,
		private readonly itemIndex: number,
		readonly id: string,
	) {}

	/** The table named `name` in the API key's project, created with COLUMNS when missing. */
	static async open(context: IExecuteFunctions, itemIndex: number, name: string): Promise<ConversationTable> {
		const found = await findTable(context, itemIndex, name);
		if (found) return new ConversationTable(context, itemIndex, found);
		let created: unknown;
		/** n8n's errors here are NodeOperationErrors built by n8nApi below. */
		let failure: NodeOperationError | undefined;
		try {
			created = await n8nApi(context, itemIndex, 'POST', '/data-tables', { body: { name, columns: COLUMNS }, conflictOk: true });
		} catch (caught) {
			failure = caught as NodeOperationError;
		}
		if (failure) {
			// Executions of the first burst create it at once: n8n keeps one name per project and
			// refuses the others (409, or 500 when its database reports the duplicate). Whoever
			// won, the table is there now.
			const won = await findTableSoon(context, itemIndex, name);
			if (won) return new ConversationTable(context, itemIndex, won);
			throw failure;
		}
		const id = (created as IDataObject | undefined)?.id ?? (await findTableSoon(context, itemIndex, name));
		if (!id) throw new NodeOperationError(context.getNode(), `The data table '${name}' could not be created`, { itemIndex });
		return new ConversationTable(context, itemIndex, String(id));
	}

	/** Every row of one chat (its messages kept for the repeat window, and its pause). */
	async rowsOf(chatId: string): Promise<Row[]> {
		const rows: Row[] = [];
		let cursor: string | undefined;
		// Pages follow n8n's cursor; a repeated cursor would loop, so it ends the listing.
		const seen = new Set<string>();
		do {
			const page = (await this.call('GET', '/rows', {
				qs: { filter: JSON.stringify(where(eq('chatId', chatId))), limit: PAGE, ...(cursor ? { cursor } : {}) },
			})) as { data?: Row[]; nextCursor?: string | null } | undefined;
			rows.push(...(Array.isArray(page?.data) ? page.data : []));
			cursor = page?.nextCursor ?? undefined;
			if (cursor && seen.has(cursor)) break;
			if (cursor) seen.add(cursor);
		} while (cursor);
		return rows.sort((a, b) => a.id - b.id);
	}

	/** Adds a row and returns its id (n8n's ids grow with each insert). */
	async insert(row: Omit<Row, 'id'>): Promise<number> {
		const answer = (await this.call('POST', '/rows', { body: { data: [row], returnType: 'id' } })) as Array<{ id: number }>;
		return Number(answer?.[0]?.id);
	}

	/**
	 * Marks every unclaimed message of the chat (claimedBy null: n8n reads `eq null` as IS NULL)
	 * as claimed by `claimant` and returns the rows this call changed: one UPDATE, so two
	 * claimants never get the same row.
	 */
	async claimMessages(chatId: string, claimant: string): Promise<Row[]> {
		const changed = await this.call('PATCH', '/rows/update', {
			body: {
				filter: where(eq('chatId', chatId), eq('kind', 'message'), { columnName: 'claimedBy', condition: 'eq', value: null }),
				data: { claimedBy: claimant },
				returnData: true,
			},
		});
		return Array.isArray(changed) ? (changed as Row[]) : [];
	}

	/** Sets the chat's pause (0: not paused). Every pause row of the chat gets it, should two exist. */
	async setPause(chatId: string, pausedUntil: number, pausedBy: string): Promise<void> {
		await this.call('POST', '/rows/upsert', {
			body: { filter: where(eq('chatId', chatId), eq('kind', 'pause')), data: { chatId, kind: 'pause', pausedUntil, pausedBy } },
		});
	}

	/** Drops the chat's claimed messages that arrived before `before`: the memory of repeats ends there. */
	async forgetClaimedBefore(chatId: string, before: number): Promise<void> {
		const filter = where(
			eq('chatId', chatId),
			eq('kind', 'message'),
			{ columnName: 'claimedBy', condition: 'neq', value: null },
			{ columnName: 'arrivedAt', condition: 'lt', value: before },
		);
		await this.call('DELETE', '/rows/delete', { qs: { filter: JSON.stringify(filter) } });
	}

	private async call(method: IHttpRequestMethods, path: string, request: { body?: IDataObject; qs?: IDataObject }): Promise<unknown> {
		return await n8nApi(this.context, this.itemIndex, method, `/data-tables/${encodeURIComponent(this.id)}${path}`, request);
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
async function findTableSoon(context: IExecuteFunctions, itemIndex: number, name: string): Promise<string | undefined> {
	for (let attempt = 0; attempt < 5; attempt++) {
		const id = await findTable(context, itemIndex, name);
		if (id) return id;
		await sleep(200 * (attempt + 1));
	}
	return undefined;
}

async function findTable(context: IExecuteFunctions, itemIndex: number, name: string): Promise<string | undefined> {
	const answer = (await n8nApi(context, itemIndex, 'GET', '/data-tables', {
		qs: { filter: JSON.stringify({ name }), limit: PAGE },
		missingMeansOldN8n: true,
	})) as { data?: Array<{ id: string; name: string }> } | undefined;
	// The name filter matches parts of names too: only the exact one counts.
	return (answer?.data ?? []).find((table) => table.name === name)?.id;
}

interface ApiRequest {
	body?: IDataObject;
	qs?: IDataObject;
	/** A 404 here means n8n serves no data tables on its API: n8n 1.x, or the API turned off. */
	missingMeansOldN8n?: boolean;
	/** A 409 is an answer, not a failure. */
	conflictOk?: boolean;
}

/**
 * One call to n8n's REST API. Errors say what to fix from the status alone: the API key, which
 * n8n adds as a header, never reaches an error or the output.
 */
async function n8nApi(context: IExecuteFunctions, itemIndex: number, method: IHttpRequestMethods, path: string, request: ApiRequest): Promise<unknown> {
	const credentials = await context.getCredentials(N8N_API_CREDENTIALS, itemIndex);
	const base = String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '');
	if (!/^https?:\/\//.test(base)) {
		throw new NodeOperationError(context.getNode(), 'The Z-API Conversation State credential has no n8n API Address', {
			itemIndex,
			description: "Set n8n API Address in the credential to this n8n's API address, for example https://n8n.example.com/api/v1.",
		});
	}
	const options: IHttpRequestOptions = {
		method,
		url: `${base}${path}`,
		qs: request.qs,
		body: request.body,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	};
	let response: { statusCode: number; body: unknown };
	try {
		response = await context.helpers.httpRequestWithAuthentication.call(context, N8N_API_CREDENTIALS, options);
	} catch {
		throw new NodeOperationError(context.getNode(), `Could not reach n8n's API at ${new URL(base).host}`, {
			itemIndex,
			description: "Check the credential's n8n API Address: it must be an address this n8n (and every worker) can reach.",
		});
	}
	const { statusCode, body } = response;
	if (statusCode >= 200 && statusCode < 300) return body;
	if (statusCode === 409 && request.conflictOk) return undefined;
	// What n8n said, with the key taken out should it be echoed, in any encoding.
	const message = body && typeof body === 'object' ? (body as IDataObject).message : undefined;
	const said = typeof message === 'string' ? ` (n8n said: ${redactSecrets(message, [String(credentials.apiKey ?? '')]).slice(0, 200)})` : '';
	if (statusCode === 404 && request.missingMeansOldN8n) {
		throw new NodeOperationError(context.getNode(), 'This n8n serves no data tables on its API: conversation features need n8n 2.0 or later', {
			itemIndex,
			description: `${NEEDS_N8N_2} If n8n is 2.x, check that its public API is on (N8N_PUBLIC_API_DISABLED is not set) and that the credential's n8n API Address ends with /api/v1.`,
		});
	}
	if (statusCode === 401 || statusCode === 403) {
		throw nodeError(context.getNode(), `n8n refused the API key (${statusCode})${said}`, {
			itemIndex,
			description: "Create an API key in n8n (Settings → n8n API) with access to data tables, and put it in the Z-API Conversation State credential.",
		});
	}
	throw nodeError(context.getNode(), `n8n's API answered ${statusCode} to ${method} ${path.replace(/\/data-tables\/[^/]+/, '/data-tables/…')}${said}`, {
		itemIndex,
		description: 'Check that the data table still exists and has the columns this node created; delete it to have it created again.',
	});
}
