/**
 * An in-memory stand-in of n8n's data tables as n8n 2.x serves them on its REST API
 * (/api/v1/data-tables…), behind nock: tables by name, rows with growing ids, filters
 * (eq, neq, lt, gt, lte, gte: conditions n8n's API takes), and a row update that changes and returns the
 * matching rows in one step, as n8n's single UPDATE … RETURNING does. Every request must
 * carry the API key. `n8nLine: 1` answers 404 to every data-table path, as n8n 1.x does.
 * `local: true` serves it from a real http server on 127.0.0.1 instead of nock (`listen()`),
 * where `fault` stages what a network does: a cut after the change applied, a stall, an HTML page.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import nock from 'nock';

import { N8N_API_CREDENTIALS } from './engine';

type Value = string | number | boolean | null;
type Row = Record<string, Value> & { id: number };
interface Filter {
	type: 'and' | 'or';
	filters: Array<{ columnName: string; condition: string; value: Value }>;
}

function matches(row: Row, filter: Filter | undefined): boolean {
	if (!filter?.filters?.length) return true;
	const results = filter.filters.map(({ columnName, condition, value }) => {
		const cell = row[columnName];
		switch (condition) {
			// n8n reads eq null as IS NULL, neq null as IS NOT NULL, and neq as "differs or is null".
			case 'eq':
				return value === null ? cell === null || cell === undefined : cell === value;
			case 'neq':
				return value === null ? cell !== null && cell !== undefined : cell !== value;
			case 'lt':
				return cell !== null && cell !== undefined && value !== null && cell < value;
			case 'gt':
				return cell !== null && cell !== undefined && value !== null && cell > value;
			case 'lte':
				return cell !== null && cell !== undefined && value !== null && cell <= value;
			case 'gte':
				return cell !== null && cell !== undefined && value !== null && cell >= value;
			default:
				throw new Error(`condition ${condition} is refused by n8n's API`);
		}
	});
	return filter.type === 'or' ? results.some(Boolean) : results.every(Boolean);
}

/** What the local server does to one request instead of answering it. */
export type Fault = 'cutAfterApplying' | 'stall' | 'html' | { status: number; message: string };

export class FakeDataTables {
	/** Local server only: picks the fault for a request (`METHOD path` after /api/v1), or none. */
	fault?: (request: string) => Fault | undefined;
	private server?: http.Server;
	private readonly sockets = new Set<Socket>();
	private readonly line: 1 | 2;
	private readonly apiKey: string;
	readonly tables = new Map<string, { id: string; name: string; columns: Array<{ name: string; type: string }>; rows: Row[] }>();
	/** Runs before a row update applies: what another process does just before this one's claim lands. */
	beforeUpdate?: (fake: FakeDataTables) => void;
	/** Every request, as `METHOD path`: what the node asked of n8n. */
	readonly requests: string[] = [];
	/** When each request of `requests` came (Date.now()). */
	readonly requestTimes: number[] = [];
	private nextTable = 1;
	/** The id the next row gets: a test may move it on. */
	nextRow = 1;

	constructor(options: { n8nLine?: 1 | 2; local?: boolean; apiKey?: string } = {}) {
		this.line = options.n8nLine ?? 2;
		this.apiKey = options.apiKey ?? N8N_API_CREDENTIALS.apiKey;
		if (options.local) return;
		const base = new URL(N8N_API_CREDENTIALS.baseUrl);
		const prefix = base.pathname.replace(/\/$/, '');
		const scope = nock(base.origin, { reqheaders: { 'x-n8n-api-key': N8N_API_CREDENTIALS.apiKey } }).persist();
		const route = (path: string) => new RegExp(`^${prefix}/data-tables${path}(\\?.*)?$`);
		const handle = (method: string) => (uri: string, body: unknown) => {
			const url = new URL(uri, base.origin);
			this.requests.push(`${method} ${url.pathname.slice(prefix.length)}`);
			this.requestTimes.push(Date.now());
			if (options.n8nLine === 1) return [404, { message: 'not found' }];
			try {
				return this.answer(method, url, body as Record<string, unknown>);
			} catch (error) {
				// What n8n's request validation answers to a condition or column it does not take.
				return [400, { message: (error as Error).message }];
			}
		};
		scope
			.get(route('.*'))
			.reply(handle('GET'))
			.post(route('.*'))
			.reply(handle('POST'))
			.patch(route('.*'))
			.reply(handle('PATCH'))
			.delete(route('.*'))
			.reply(handle('DELETE'));
	}

	/**
	 * Starts the local server; returns n8n's own address (http://127.0.0.1:port, without /api/v1).
	 * Like n8n, it answers its editor page to any path outside /api/v1; a path under /moved/ is
	 * redirected (308) to the same path without it, on the same origin.
	 */
	async listen(): Promise<string> {
		this.server = http.createServer((request, response) => {
			const chunks: Buffer[] = [];
			request.on('data', (chunk: Buffer) => chunks.push(chunk));
			request.on('end', () => this.serve(request, response, Buffer.concat(chunks).toString('utf8')));
		});
		this.server.on('connection', (socket) => {
			this.sockets.add(socket);
			socket.on('close', () => this.sockets.delete(socket));
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
	}

	async close(): Promise<void> {
		for (const socket of this.sockets) socket.destroy();
		await new Promise((resolve) => this.server?.close(resolve) ?? resolve(undefined));
	}

	private serve(request: http.IncomingMessage, response: http.ServerResponse, raw: string): void {
		const url = new URL(request.url ?? '/', 'http://127.0.0.1');
		const method = String(request.method);
		const page = () => {
			response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
			response.end('<!DOCTYPE html><html><head><title>n8n.io - Workflow Automation</title></head><body></body></html>');
		};
		// n8n moved under /moved: the same path without it, on the same origin.
		if (url.pathname.startsWith('/moved/')) {
			response.writeHead(308, { location: `${url.pathname.slice('/moved'.length)}${url.search}` });
			return void response.end();
		}
		if (!url.pathname.startsWith('/api/v1/')) return page();
		const path = url.pathname.slice('/api/v1'.length);
		this.requests.push(`${method} ${path}`);
		this.requestTimes.push(Date.now());
		const fault = this.fault?.(`${method} ${path}`);
		if (fault === 'stall') return;
		if (fault === 'html') return page();
		if (typeof fault === 'object') {
			response.writeHead(fault.status, { 'content-type': 'application/json; charset=utf-8' });
			return void response.end(JSON.stringify({ message: fault.message }));
		}
		let status: number;
		let body: unknown;
		if (request.headers['x-n8n-api-key'] !== this.apiKey) [status, body] = [401, { message: 'unauthorized' }];
		else if (this.line === 1 || !path.startsWith('/data-tables')) [status, body] = [404, { message: 'not found' }];
		else {
			try {
				[status, body] = this.answer(method, url, raw ? (JSON.parse(raw) as Record<string, unknown>) : {});
			} catch (error) {
				[status, body] = [400, { message: (error as Error).message }];
			}
		}
		// The change is applied; the answer never leaves.
		if (fault === 'cutAfterApplying') return void request.socket.destroy();
		response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
		response.end(JSON.stringify(body));
	}

	/** The rows of the table named `name`, in id order. */
	rowsOf(name: string): Row[] {
		return [...this.tables.values()].find((table) => table.name === name)?.rows ?? [];
	}

	/** Sets `data` on every row of table `name` that `keep` selects, as another process's update would. */
	updateRows(name: string, select: (row: Row) => boolean, data: Record<string, Value>): void {
		for (const row of this.rowsOf(name)) if (select(row)) Object.assign(row, data);
	}

	/** Puts a row in as a process would have before stopping (a burst left behind). */
	insertRow(name: string, row: Record<string, Value>): number {
		const table = [...this.tables.values()].find((candidate) => candidate.name === name);
		if (!table) throw new Error(`no table ${name}`);
		const id = this.nextRow++;
		// n8n's database sets createdAt when the row is written; a test may give an older one.
		table.rows.push({ createdAt: new Date().toISOString(), ...row, id });
		return id;
	}

	private answer(method: string, url: URL, body: Record<string, unknown>): [number, unknown] {
		const parts = url.pathname.split('/data-tables').slice(1).join('/data-tables').split('/').filter(Boolean);
		const filterOf = (raw: unknown) => (raw ? (typeof raw === 'string' ? (JSON.parse(raw) as Filter) : (raw as Filter)) : undefined);
		if (parts.length === 0) {
			if (method === 'GET') {
				const wanted = (JSON.parse(url.searchParams.get('filter') ?? '{}') as { name?: string }).name ?? '';
				const data = [...this.tables.values()].filter((table) => table.name.includes(wanted)).map(({ id, name }) => ({ id, name }));
				return [200, { data, nextCursor: null }];
			}
			if (method === 'POST') {
				const name = String(body.name);
				// n8n 2.41.1 on SQLite answers a second table of the same name with a 500.
				if ([...this.tables.values()].some((table) => table.name === name)) return [500, { message: 'Internal server error' }];
				const id = `dt${this.nextTable++}`;
				this.tables.set(id, { id, name, columns: body.columns as never, rows: [] });
				return [201, { id, name, columns: body.columns }];
			}
		}
		const table = this.tables.get(parts[0]);
		if (!table) return [404, { message: 'Data table not found' }];
		const action = `${method} ${parts.slice(1).join('/')}`;
		const known = new Set(['id', ...table.columns.map((column) => column.name)]);
		const checkColumns = (row: Record<string, unknown>) => {
			for (const name of Object.keys(row)) if (!known.has(name)) throw new Error(`unknown column ${name}`);
		};
		switch (action) {
			case 'GET rows': {
				// n8n checks query parameters against its API description: anything else is refused.
				const unknown = [...url.searchParams.keys()].find((key) => !['filter', 'sortBy', 'search', 'limit', 'cursor'].includes(key));
				if (unknown) return [400, { message: `Unknown query parameter '${unknown}'` }];
				const filter = filterOf(url.searchParams.get('filter'));
				const cursor = url.searchParams.get('cursor');
				const { offset, limit } = cursor
					? (JSON.parse(Buffer.from(cursor, 'base64').toString()) as { offset: number; limit: number })
					: { offset: 0, limit: Number(url.searchParams.get('limit') ?? 100) };
				if (limit > 250) return [400, { message: 'limit must be at most 250' }];
				const matching = table.rows.filter((row) => matches(row, filter));
				// As n8n sorts: by the column asked for (n8n takes `<column>:<asc|desc>`), else by id.
				const sortBy = url.searchParams.get('sortBy');
				if (sortBy) {
					const [column, direction] = sortBy.split(':');
					if (!known.has(column) || !/^(asc|desc)$/i.test(direction ?? '')) return [400, { message: 'Invalid sort format, expected <columnName>:<asc/desc>' }];
					const sign = direction.toLowerCase() === 'desc' ? -1 : 1;
					matching.sort((a, b) => sign * (Number(a[column]) - Number(b[column])) || Number(a.id) - Number(b.id));
				}
				const data = matching.slice(offset, offset + limit);
				const nextCursor = offset + limit < matching.length ? Buffer.from(JSON.stringify({ offset: offset + limit, limit })).toString('base64') : null;
				return [200, { data: structuredClone(data), nextCursor }];
			}
			case 'POST rows': {
				const ids = (body.data as Array<Record<string, Value>>).map((row) => {
					checkColumns(row);
					const id = this.nextRow++;
					table.rows.push({ ...row, id, createdAt: new Date().toISOString() });
					return { id };
				});
				return [200, body.returnType === 'id' ? ids : { success: true, insertedRows: ids.length }];
			}
			case 'PATCH rows/update': {
				this.beforeUpdate?.(this);
				checkColumns(body.data as Record<string, unknown>);
				const changed = table.rows.filter((row) => matches(row, filterOf(body.filter)));
				for (const row of changed) Object.assign(row, body.data);
				return [200, body.returnData ? structuredClone(changed) : true];
			}
			case 'POST rows/upsert': {
				checkColumns(body.data as Record<string, unknown>);
				const changed = table.rows.filter((row) => matches(row, filterOf(body.filter)));
				if (changed.length) for (const row of changed) Object.assign(row, body.data);
				else {
					const row = { ...(body.data as Record<string, Value>), id: this.nextRow++, createdAt: new Date().toISOString() };
					table.rows.push(row);
					changed.push(row);
				}
				// n8n answers the rows as they are now (updated, or the one inserted) when asked.
				return [200, body.returnData ? structuredClone(changed) : true];
			}
			case 'DELETE rows/delete': {
				const filter = filterOf(url.searchParams.get('filter'));
				if (!filter?.filters?.length) return [400, { message: 'Filter is required' }];
				table.rows = table.rows.filter((row) => !matches(row, filter));
				return [200, true];
			}
			default:
				return [404, { message: `no route ${action}` }];
		}
	}
}
