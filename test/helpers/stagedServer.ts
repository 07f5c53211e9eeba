/**
 * A real local server standing in for Z-API where a fault must be staged: each request is
 * received whole, recorded, then answered or cut (the connection destroyed before any
 * answer, as after a request carried out). Registers its own jest hooks: call it inside a
 * describe block.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import nock from 'nock';

export interface Received {
	method: string;
	path: string;
	body: string;
}

/** What the server does with a request: answer it, or cut the connection once it is received. */
export type Reply = { status: number; body: unknown } | 'cut';

export interface StagedServer {
	/** Every request received since the test began, in order. */
	received: Received[];
	/** The server's address, for the credentials' Base URL. */
	base: () => string;
	/** Sets what the server does with each request (by the request and its index in the test). */
	replyWith: (reply: (request: Received, index: number) => Reply) => void;
}

export function stagedServer(): StagedServer {
	let server: http.Server;
	let base = '';
	const received: Received[] = [];
	let reply: (request: Received, index: number) => Reply = () => 'cut';

	beforeAll(async () => {
		nock.enableNetConnect('127.0.0.1');
		server = http.createServer((request, response) => {
			let body = '';
			request.on('data', (chunk: Buffer) => (body += chunk.toString()));
			request.on('end', () => {
				const seen = { method: request.method ?? '', path: request.url ?? '', body };
				received.push(seen);
				const answer = reply(seen, received.length - 1);
				if (answer === 'cut') {
					response.socket?.destroy();
					return;
				}
				response.writeHead(answer.status, { 'content-type': 'application/json' });
				response.end(JSON.stringify(answer.body));
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	afterAll(async () => {
		await new Promise((resolve) => server.close(resolve));
		nock.disableNetConnect();
	});
	beforeEach(() => {
		received.length = 0;
		reply = () => 'cut';
	});

	return {
		received,
		base: () => base,
		replyWith: (next) => {
			reply = next;
		},
	};
}
