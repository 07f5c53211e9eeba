/**
 * Download Media (mediaDownload.ts) through n8n's WebhookContext: the file of each media kind
 * arrives as an n8n binary with its bytes, name and type; a file that is gone, too large or
 * unreachable leaves the item with the reason; the delivery is answered before the download.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BinaryDataService } from 'n8n-core';
import { Container } from '@n8n/di';
import type { IBinaryData, IDataObject } from 'n8n-workflow';
import nock from 'nock';

import { CONTENT_KINDS } from '../../../nodes/shared/delivery/kinds';
import { DOWNLOAD_FAILURES, mediaOf } from '../../../nodes/shared/mediaDownload';
import { ALL_EVENTS, contentFixture, deliverTo, listening, type Listening } from '../ZApiTrigger/fixtures';

const STORAGE = 'https://storage.z-api.io';
const MEDIA_KINDS = CONTENT_KINDS.filter((kind) => kind.mediaUrl);
const bytesOf = (seed: string, size = 3000) => Buffer.from(seed.repeat(Math.ceil(size / seed.length)).slice(0, size));

async function withDownload(options: IDataObject = {}): Promise<Listening> {
	return await listening({ events: ALL_EVENTS, options: { downloadMedia: true, ...options } });
}

/** The object of a media message that holds its file's address (and type), at the first place the kind table looks. */
function fileHolder(kind: (typeof CONTENT_KINDS)[number], body: IDataObject): IDataObject {
	let holder = body[kind.key] as IDataObject;
	for (const step of kind.mediaUrl![0].split('.').slice(0, -1)) holder = holder[step] as IDataObject;
	return holder;
}

/** The media message of a kind, its file at a path of the storage host nock answers. */
function mediaMessage(kind: (typeof CONTENT_KINDS)[number], path: string): IDataObject {
	const body = contentFixture(kind);
	fileHolder(kind, body)[kind.mediaUrl![0].split('.').pop()!] = `${STORAGE}${path}`;
	return body;
}

async function bytesIn(binary: IBinaryData): Promise<Buffer> {
	return await Container.get(BinaryDataService).getAsBuffer(binary);
}

describe('a media message with Download Media on', () => {
	it('the media kinds are those of the kind table with a file address', () => {
		expect(MEDIA_KINDS.map(({ kind }) => kind).sort()).toEqual(['audio', 'buttons', 'document', 'image', 'sticker', 'template', 'video']);
	});

	it.each(MEDIA_KINDS.map((kind) => [kind.kind, kind] as const))(
		'%s: the file is on the item as binary "data", its bytes, name and type',
		async (_name, kind) => {
			const target = await withDownload();
			const data = bytesOf(kind.kind);
			nock(STORAGE).get(`/instances/X/FILE.${kind.kind}`).reply(200, data, { 'Content-Type': 'application/octet-stream' });
			const body = mediaMessage(kind, `/instances/X/FILE.${kind.kind}`);
			const { result, response } = await deliverTo(target, body);
			expect(nock.isDone()).toBe(true);
			// Answered before the download, and n8n told not to answer again.
			expect(response).toEqual({ status: 200, body: { received: true, started: true } });
			expect(result.noWebhookResponse).toBe(true);
			const [item] = result.workflowData![0];
			const binary = item.binary!.data;
			expect(await bytesIn(binary)).toEqual(data);
			// The type the message declares; a button message declares none, so the answer's is taken.
			const declared = String(fileHolder(kind, body).mimeType ?? 'application/octet-stream').split(';')[0];
			expect(binary.mimeType).toBe(declared);
			expect(binary.fileName).toBe(mediaOf(item.json)!.fileName);
			expect(item.json).toMatchObject({
				kind: kind.kind,
				media: { downloaded: true, binaryProperty: 'data', mimeType: declared, fileSize: data.length },
			});
		},
	);

	it('a document keeps its file name; the field name can be chosen', async () => {
		const document = CONTENT_KINDS.find((kind) => kind.kind === 'document')!;
		const target = await withDownload({ binaryProperty: 'invoice' });
		nock(STORAGE).get('/d/ABC.pdf').reply(200, bytesOf('%PDF'));
		const { result } = await deliverTo(target, mediaMessage(document, '/d/ABC.pdf'));
		const [item] = result.workflowData![0];
		expect(Object.keys(item.binary!)).toEqual(['invoice']);
		expect(item.binary!.invoice.fileName).toBe('nota-fiscal-2024-11.pdf');
	});

	it.each([
		[404, 'expired'],
		[410, 'expired'],
		[403, 'expired'],
		[500, 'failed'],
	] as Array<[number, keyof typeof DOWNLOAD_FAILURES]>)('an answer %s gives the item without a file, reason %s', async (status, reason) => {
		const audio = CONTENT_KINDS.find((kind) => kind.kind === 'audio')!;
		const target = await withDownload();
		nock(STORAGE).get('/gone.ogg').reply(status, 'no');
		const { result, response } = await deliverTo(target, mediaMessage(audio, '/gone.ogg'));
		expect(response.status).toBe(200);
		const [item] = result.workflowData![0];
		expect(item.binary).toBeUndefined();
		expect(item.json.media).toMatchObject({ downloaded: false, reason });
		expect((item.json.media as IDataObject).message).toMatch(reason === 'expired' ? /30 days/ : new RegExp(`HTTP ${status}`));
	});

	it('a file over Max File Size is not downloaded, whether or not its size is announced', async () => {
		const video = CONTENT_KINDS.find((kind) => kind.kind === 'video')!;
		const target = await withDownload({ maxFileSizeMb: 1 });
		nock(STORAGE).get('/big.mp4').reply(200, bytesOf('v', 1_500_000));
		const announced = await deliverTo(target, mediaMessage(video, '/big.mp4'));
		expect(announced.result.workflowData![0][0].json.media).toMatchObject({ downloaded: false, reason: 'tooLarge' });
		// Sent in chunks without a length: stopped when the bytes pass the limit.
		nock(STORAGE)
			.get('/big2.mp4')
			.reply(200, () => {
				const { Readable } = jest.requireActual('stream') as typeof import('stream');
				return Readable.from([bytesOf('a', 600_000), bytesOf('b', 600_000)]);
			});
		const streamed = await deliverTo(target, mediaMessage(video, '/big2.mp4'));
		expect(streamed.result.workflowData![0][0].json.media).toMatchObject({ downloaded: false, reason: 'tooLarge' });
		expect(streamed.result.workflowData![0][0].binary).toBeUndefined();
	});

	it('a storage that cannot be reached gives reason failed, never a failed delivery', async () => {
		const image = CONTENT_KINDS.find((kind) => kind.kind === 'image')!;
		const target = await withDownload();
		nock(STORAGE).get('/x.jpeg').replyWithError('socket hang up');
		const { result, response } = await deliverTo(target, mediaMessage(image, '/x.jpeg'));
		expect(response.status).toBe(200);
		expect(result.workflowData![0][0].json.media).toMatchObject({ downloaded: false, reason: 'failed' });
	});

	it('an address that is not http(s) is not fetched: reason noAddress', async () => {
		const sticker = CONTENT_KINDS.find((kind) => kind.kind === 'sticker')!;
		const target = await withDownload();
		const body = contentFixture(sticker, { sticker: { stickerUrl: 'file:///etc/passwd' } });
		const { result } = await deliverTo(target, body);
		expect(result.workflowData![0][0].json.media).toMatchObject({ downloaded: false, reason: 'noAddress' });
	});
});

describe('an answer not wanted lets go of its connection at once', () => {
	let server: http.Server;
	let base: string;
	/** When the storage saw each connection close, by path. */
	const closed = new Map<string, number>();

	beforeAll(async () => {
		nock.enableNetConnect('127.0.0.1');
		// A storage that announces a large answer, sends a little of it and then holds on.
		server = http.createServer((request, response) => {
			const path = request.url ?? '';
			request.socket.on('close', () => closed.set(path, Date.now()));
			const status = path === '/big.mp4' ? 200 : 403;
			response.writeHead(status, { 'content-length': String(100e6), 'content-type': status === 200 ? 'video/mp4' : 'text/html' });
			response.write(Buffer.alloc(1000));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	afterAll(async () => {
		server.closeAllConnections();
		await new Promise((resolve) => server.close(resolve));
		nock.disableNetConnect();
	});

	it.each([
		['a file announcing a size over Max File Size', '/big.mp4', 'tooLarge'],
		['a 403 with a large error page', '/gone.mp4', 'expired'],
	])('%s', async (_label, path, reason) => {
		const video = CONTENT_KINDS.find((kind) => kind.kind === 'video')!;
		const target = await withDownload({ maxFileSizeMb: 1 });
		const body = contentFixture(video);
		(body[video.key] as IDataObject)[video.mediaUrl![0]] = `${base}${path}`;
		const { result } = await deliverTo(target, body);
		const decided = Date.now();
		expect(result.workflowData![0][0].json.media).toMatchObject({ downloaded: false, reason });
		for (let waited = 0; !closed.has(path) && waited < 2000; waited += 20) {
			await new Promise((resolve) => setImmediate(resolve));
			await new Promise((resolve) => server.getConnections(resolve));
		}
		// Closed within moments, not at the 30 s limit.
		expect(closed.get(path)).toBeDefined();
		expect(closed.get(path)! - decided).toBeLessThan(2000);
	});
});

describe('what Download Media leaves alone', () => {
	it('off (the default): no request, the usual answer, the item as before', async () => {
		const audio = CONTENT_KINDS.find((kind) => kind.kind === 'audio')!;
		const target = await listening({ events: ALL_EVENTS });
		const { result, items } = await deliverTo(target, mediaMessage(audio, '/never.ogg'));
		expect(nock.pendingMocks()).toEqual([]);
		expect(items![0].media).toBeUndefined();
		expect(result.workflowData![0][0].binary).toBeUndefined();
	});

	it('a text message with Download Media on: answered as usual, no file', async () => {
		const target = await withDownload();
		const { result, response } = await deliverTo(target, contentFixture(CONTENT_KINDS[0]));
		expect(response).toEqual({ status: 200, body: { received: true, started: true } });
		expect(result.workflowData![0][0].json.media).toBeUndefined();
		expect(result.workflowData![0][0].binary).toBeUndefined();
	});
});
