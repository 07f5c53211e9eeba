import type { IBinaryData, IDataObject, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';

import { CONTENT_KINDS } from './delivery/kinds';
import { mediaFileOf } from './delivery/items';
import { fieldOf, isObject, textOf } from './delivery/readers';

/** What a download needs of n8n: its request helper and its binary data storage (a trigger's or a node's). */
export interface MediaContext {
	helpers: Pick<IWebhookFunctions['helpers'], 'httpRequest' | 'prepareBinaryData'>;
}

/*
 * Download Media: the file of an image, audio, video, document or sticker message, fetched
 * from the address in the delivery and put on the item as an n8n binary, so an AI model or a
 * storage node gets the file itself. The address is public (Z-API's storage, no credentials)
 * and expires 30 days after the message. A download that fails, is too large or expired
 * leaves the item as it is, with `media.reason` saying why: the message is never lost.
 *
 * Acknowledging quickly: the service's own time limit for an answer is not documented, and a
 * delivery answered late may be sent again. So when files are to be downloaded the trigger
 * answers the delivery first (200) and downloads after, and each download stops at
 * DOWNLOAD_TIME_LIMIT_MS. The answer no longer waits on the file; the execution starts at
 * most that much later. The cost: if n8n stops during a download, that message is lost,
 * the same as if it had stopped during the execution.
 */

/** The time limit of one download (idle connection and whole transfer alike). */
export const DOWNLOAD_TIME_LIMIT_MS = 30_000;

export const DEFAULT_MAX_FILE_MB = 25;
export const DEFAULT_BINARY_PROPERTY = 'data';

export interface MediaOptions {
	binaryProperty: string;
	maxBytes: number;
}

/** Why a file is not on the item, and what the user reads about it. */
export const DOWNLOAD_FAILURES = {
	expired: (status: number) =>
		`The file is no longer at its address (HTTP ${status}). Z-API deletes received media 30 days after the message; download it when the message arrives.`,
	tooLarge: (maxBytes: number) =>
		`The file is larger than Max File Size (${Math.round(maxBytes / 1e6)} MB), so it was not downloaded. Raise Max File Size to get it.`,
	failed: (why: string) => `The file could not be downloaded: ${why}`,
	noAddress: () => 'The message carries no address for its file.',
} as const;

export type DownloadFailure = keyof typeof DOWNLOAD_FAILURES;

/** HTTP answers that mean the file is gone: the storage forgets or hides expired files. */
const GONE_STATUSES = [403, 404, 410];

/** The file of a media message: its address, type and name; undefined for other items. */
export function mediaOf(item: IDataObject): { url: string | null; mimeType?: string; fileName?: string } | undefined {
	if (item.event !== 'message') return undefined;
	const kind = CONTENT_KINDS.find((candidate) => candidate.kind === item.kind);
	const file = kind && isObject(item.content) ? mediaFileOf(kind, item.content) : undefined;
	if (!file) return undefined;
	const { url, holder } = file;
	const mimeType = textOf(fieldOf(holder, 'mimeType'))?.split(';')[0].trim() || undefined;
	const fileName = textOf(fieldOf(holder, 'fileName')) || fileNameOf(url, kind!.kind);
	return { url: url && /^https?:\/\//i.test(url) ? url : null, mimeType, fileName };
}

function fileNameOf(url: string | null, kind: string): string {
	const last = url?.split(/[?#]/)[0].split('/').pop();
	return last && /\.[a-z0-9]{1,8}$/i.test(last) ? last : kind;
}

export function needsDownload(items: IDataObject[]): boolean {
	return items.some((item) => mediaOf(item) !== undefined);
}

/** The items as n8n execution data, each media message with its file or the reason it has none. */
export async function withMedia(this: MediaContext, items: IDataObject[], options: MediaOptions): Promise<INodeExecutionData[]> {
	const out: INodeExecutionData[] = [];
	// In turn, not at once: each download holds a connection and up to Max File Size in memory.
	for (const json of items) out.push(await withFile.call(this, json, options));
	return out;
}

async function withFile(this: MediaContext, json: IDataObject, { binaryProperty, maxBytes }: MediaOptions): Promise<INodeExecutionData> {
	const media = mediaOf(json);
	if (!media) return { json };
	const result = media.url ? await download.call(this, media.url, maxBytes) : failure('noAddress');
	if ('reason' in result) return { json: { ...json, media: result } };
	let binary: IBinaryData;
	try {
		binary = await this.helpers.prepareBinaryData(result.data, media.fileName, media.mimeType ?? result.contentType);
	} catch (error) {
		return { json: { ...json, media: failure('failed', (error as Error).message) } };
	}
	const file = { downloaded: true, binaryProperty, fileName: binary.fileName ?? null, mimeType: binary.mimeType, fileSize: result.data.length };
	return { json: { ...json, media: file }, binary: { [binaryProperty]: binary } };
}

type Downloaded = { data: Buffer; contentType?: string };
type NotDownloaded = { downloaded: false; reason: DownloadFailure; message: string };

function failure<K extends DownloadFailure>(reason: K, ...why: Parameters<(typeof DOWNLOAD_FAILURES)[K]>): NotDownloaded {
	const describe = DOWNLOAD_FAILURES[reason] as (...args: unknown[]) => string;
	return { downloaded: false, reason, message: describe(...why) };
}

interface StreamedResponse {
	statusCode?: number;
	headers?: Record<string, unknown>;
	body?: AsyncIterable<unknown> & { destroy?: () => void };
}

/**
 * One file through n8n's request helper, read as a stream so that a file over the limit is
 * stopped at the limit instead of held in memory whole. Never throws.
 */
async function download(this: MediaContext, url: string, maxBytes: number): Promise<Downloaded | NotDownloaded> {
	const deadline = Date.now() + DOWNLOAD_TIME_LIMIT_MS;
	const connection = new AbortController();
	let response: StreamedResponse;
	try {
		response = (await this.helpers.httpRequest({
			method: 'GET',
			url,
			encoding: 'stream',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: DOWNLOAD_TIME_LIMIT_MS,
			abortSignal: connection.signal,
		})) as StreamedResponse;
	} catch (error) {
		return failure('failed', (error as Error).message);
	}
	const body = response.body;
	/**
	 * Ends the connection of an answer not wanted. Destroying the stream n8n hands over is not
	 * enough: it may wrap the socket's stream without ever reading it, and the connection then
	 * stays open until the time limit. Aborting closes the socket; the stream is destroyed
	 * first so that the abort does not raise an error nobody listens to.
	 */
	const letGo = () => {
		body?.destroy?.();
		connection.abort();
	};
	const status = response.statusCode ?? 0;
	if (status < 200 || status >= 300) {
		letGo();
		return GONE_STATUSES.includes(status) ? failure('expired', status) : failure('failed', `HTTP ${status}`);
	}
	const declared = Number(response.headers?.['content-length']);
	if (Number.isFinite(declared) && declared > maxBytes) {
		letGo();
		return failure('tooLarge', maxBytes);
	}
	if (!body || typeof body[Symbol.asyncIterator] !== 'function') return failure('failed', 'no file in the answer');
	const data = await readUpTo(body, maxBytes, deadline, letGo);
	if (!Buffer.isBuffer(data)) return data;
	const contentType = textOf(response.headers?.['content-type'])?.split(';')[0].trim() || undefined;
	return { data, contentType };
}

/** The whole body, unless it grows past `maxBytes` or the deadline passes first (then `letGo`). */
async function readUpTo(body: AsyncIterable<unknown>, maxBytes: number, deadline: number, letGo: () => void): Promise<Buffer | NotDownloaded> {
	const chunks: Buffer[] = [];
	let size = 0;
	try {
		for await (const chunk of body) {
			const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
			size += bytes.length;
			const stop = size > maxBytes ? failure('tooLarge', maxBytes) : Date.now() > deadline ? failure('failed', `it took longer than ${DOWNLOAD_TIME_LIMIT_MS / 1000} seconds`) : undefined;
			if (stop) {
				letGo();
				return stop;
			}
			chunks.push(bytes);
		}
	} catch (error) {
		return failure('failed', (error as Error).message);
	}
	return Buffer.concat(chunks);
}
