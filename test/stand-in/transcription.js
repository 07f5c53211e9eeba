'use strict';
/**
 * An OpenAI-compatible transcription endpoint on the stand-in, for Combine Quick Messages'
 * Transcribe Voice Notes: the request OpenAI documents for speech to text, a multipart/form-data
 * body with `file` and `model`, answered with `{ "text": … }`.
 *
 * ROUTE
 *   POST /v1/audio/transcriptions   Authorization: Bearer <transcription key>; multipart: model, file
 *        -> {text}: the transcript given when the audio was emitted (emit's `transcript`, matched by the
 *        file's bytes), else "(no words heard)"; a wrong key 401 {error: {message, type, code}} as
 *        OpenAI answers; no file or no model 400 {error: {message}}
 *
 * CONTROL ROUTES
 *   GET /_control/transcriptions   {requests: [{model, fileName, contentType, bytes, known}]} (never the key)
 */
const crypto = require('node:crypto');

const DEFAULT_TRANSCRIPTION_KEY = 'sk-stand-in+transcription/key=';
const PATH = '/v1/audio/transcriptions';

function createTranscription({ route, HttpError, transcriptionKey = DEFAULT_TRANSCRIPTION_KEY }) {
	/** Transcripts by the sha256 of the audio's bytes. */
	const spoken = new Map();
	const requests = [];
	const digest = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex');

	/** Remembers what an emitted audio says. */
	function speak(bytes, text) {
		spoken.set(digest(bytes), String(text));
	}

	function owns(path) {
		return path === PATH;
	}

	function readRaw(req) {
		return new Promise((resolve, reject) => {
			const chunks = [];
			req.on('data', (chunk) => chunks.push(chunk));
			req.on('end', () => resolve(Buffer.concat(chunks)));
			req.on('error', reject);
		});
	}

	/** The parts of a multipart/form-data body: name, file name, content type, bytes. */
	function partsOf(body, boundary) {
		const delimiter = Buffer.from(`--${boundary}`);
		const parts = [];
		let start = body.indexOf(delimiter);
		while (start >= 0) {
			const next = body.indexOf(delimiter, start + delimiter.length);
			if (next < 0) break;
			const part = body.subarray(start + delimiter.length + 2, next - 2);
			const headerEnd = part.indexOf('\r\n\r\n');
			if (headerEnd >= 0) {
				const headers = part.subarray(0, headerEnd).toString('utf8');
				parts.push({
					name: /name="([^"]*)"/.exec(headers)?.[1],
					fileName: /filename="([^"]*)"/.exec(headers)?.[1],
					contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1],
					bytes: part.subarray(headerEnd + 4),
				});
			}
			start = next;
		}
		return parts;
	}

	async function handle(req) {
		if (req.method !== 'POST') throw new HttpError(405, { error: { message: 'Method Not Allowed: use POST' } }, { Allow: 'POST' });
		const body = await readRaw(req);
		if (req.headers.authorization !== `Bearer ${transcriptionKey}`) {
			throw new HttpError(401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } });
		}
		const boundary = /boundary=([^;]+)/.exec(String(req.headers['content-type'] || ''))?.[1];
		const parts = boundary ? partsOf(body, boundary) : [];
		const file = parts.find((part) => part.name === 'file');
		const model = parts.find((part) => part.name === 'model')?.bytes.toString('utf8');
		if (!file || !model) throw new HttpError(400, { error: { message: "Send multipart/form-data with a 'file' and a 'model'" } });
		const known = spoken.get(digest(file.bytes));
		requests.push({ model, fileName: file.fileName, contentType: file.contentType, bytes: file.bytes.length, known: known !== undefined });
		return { status: 200, body: { text: known ?? '(no words heard)' } };
	}

	const controlRoutes = [route('GET', '/_control/transcriptions', () => ({ body: { requests } }))];

	return { owns, handle, speak, controlRoutes, key: transcriptionKey };
}

module.exports = { createTranscription, DEFAULT_TRANSCRIPTION_KEY };
