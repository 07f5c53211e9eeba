/**
 * Voice notes understood: each audio of a burst is sent to an OpenAI-compatible transcription
 * endpoint (`POST {Base URL}/audio/transcriptions`, multipart: `file`, `model`; the answer's
 * `text`), with n8n's own OpenAI credential, so a user with an OpenAI key already has it and its
 * Base URL serves other providers (Groq, a local Whisper server). The transcript takes the
 * voice note's place in the combined text, marked. All audios of a burst go at once, one try
 * each within TRANSCRIPTION_TIMEOUT_MS: a failure delays the burst no longer, keeps the audio
 * on the item and says why in `transcriptionErrors`. The key goes only to the credential's own
 * origin and never into a message.
 */
import type { IBinaryData, IDataObject, IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { BINARY_ENCODING } from 'n8n-workflow';
import { randomBytes } from 'crypto';

import type { KeptMessage } from '../../../../shared/conversationState/messages';
import { RedirectedElsewhere, TIMEOUT_CODES, helperSender, networkCodeOf, redactorFor, sendWithinOrigin, type RawResponse } from '../../../../shared/transport';

/** n8n's OpenAI credential type (n8n-nodes-base): apiKey, organizationId, url (Base URL), an optional custom header. */
export const TRANSCRIPTION_CREDENTIALS = 'openAiApi';

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export const DEFAULT_TRANSCRIPTION_MODEL = 'whisper-1';

/** One try per audio: the burst waits this long at most for its transcripts. */
export const TRANSCRIPTION_TIMEOUT_MS = 30_000;

/** What marks a transcript in the combined text. */
export const VOICE_NOTE_MARK = '[voice note]';

/** The kinds transcribed: a voice note is an `audio` with `ptt` (docs/webhooks/on-message-received.md). */
const AUDIO_KINDS = ['audio'];

export interface TranscriptionFailure extends IDataObject {
	messageId: string;
	error: string;
}

/**
 * The burst's messages with each audio's transcript in its `text` (marked) and `transcript`,
 * and the audios that could not be transcribed, each with the reason.
 */
export async function transcribeVoiceNotes(
	this: IExecuteFunctions,
	itemIndex: number,
	messages: KeptMessage[],
	model: string,
): Promise<{ messages: KeptMessage[]; failures: TranscriptionFailure[] }> {
	const audios = messages.filter((message) => AUDIO_KINDS.includes(String(message.json.kind)));
	if (!audios.length) return { messages, failures: [] };
	const endpoint = await endpointOf.call(this, itemIndex);
	const failures: TranscriptionFailure[] = [];
	const heard = new Map<KeptMessage, string>();
	await Promise.all(
		audios.map(async (message) => {
			const messageId = String(message.json.messageId);
			const file = audioFileOf(message);
			if (!file) {
				failures.push({ messageId, error: "The audio's file is not on the item: turn on Download Media in the Z-API Trigger's options" });
				return;
			}
			const said = await transcribe.call(this, endpoint, file, model || DEFAULT_TRANSCRIPTION_MODEL);
			if ('error' in said) failures.push({ messageId, error: said.error });
			else heard.set(message, said.text);
		}),
	);
	return {
		messages: messages.map((message) => {
			const text = heard.get(message);
			return text === undefined ? message : { ...message, json: { ...message.json, text: `${VOICE_NOTE_MARK} ${text}`, transcript: text } };
		}),
		failures,
	};
}

interface Endpoint {
	url: string;
	headers: Record<string, string>;
	secrets: string[];
	credentialName: string;
}

async function endpointOf(this: IExecuteFunctions, itemIndex: number): Promise<Endpoint> {
	const credentials = await this.getCredentials(TRANSCRIPTION_CREDENTIALS, itemIndex);
	const apiKey = String(credentials.apiKey ?? '').trim();
	const base = String(credentials.url ?? '').trim().replace(/\/+$/, '') || DEFAULT_BASE_URL;
	const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}` };
	const organization = String(credentials.organizationId ?? '').trim();
	if (organization) headers['OpenAI-Organization'] = organization;
	const secrets = [apiKey];
	// n8n's credential can add a header of the user's (a gateway's key): it is sent, and kept secret, too.
	if (credentials.header === true && typeof credentials.headerName === 'string' && credentials.headerName.trim()) {
		headers[credentials.headerName.trim()] = String(credentials.headerValue ?? '');
		secrets.push(String(credentials.headerValue ?? ''));
	}
	return {
		url: `${base}/audio/transcriptions`,
		headers,
		secrets,
		credentialName: this.getNode().credentials?.[TRANSCRIPTION_CREDENTIALS]?.name || 'OpenAI',
	};
}

function audioFileOf(message: KeptMessage): IBinaryData | undefined {
	const files = Object.values(message.binary ?? {}) as IBinaryData[];
	return files.find((file) => String(file.mimeType ?? '').startsWith('audio/')) ?? files[0];
}

async function bytesOf(this: IExecuteFunctions, file: IBinaryData): Promise<Buffer> {
	if (file.id) return await this.helpers.binaryToBuffer(await this.helpers.getBinaryStream(file.id));
	return Buffer.from(file.data ?? '', BINARY_ENCODING);
}

/** One try at one audio: its transcript, or why not in words fit for the item (no secret in them). */
async function transcribe(this: IExecuteFunctions, endpoint: Endpoint, file: IBinaryData, model: string): Promise<{ text: string } | { error: string }> {
	const redact = redactorFor(endpoint.secrets);
	const host = new URL(endpoint.url).host;
	let response: RawResponse;
	try {
		const boundary = `zapi-${randomBytes(12).toString('hex')}`;
		const options: IHttpRequestOptions = {
			method: 'POST',
			url: endpoint.url,
			headers: { ...endpoint.headers, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
			body: multipart(boundary, { model }, { name: fileNameOf(file), type: String(file.mimeType || 'audio/ogg'), bytes: await bytesOf.call(this, file) }),
			json: false,
			timeout: TRANSCRIPTION_TIMEOUT_MS,
		};
		response = await sendWithinOrigin(helperSender(this.helpers), options);
	} catch (error) {
		if (error instanceof RedirectedElsewhere) {
			return { error: `The transcription address at ${host} redirected the request to ${redact(error.to)}; it was not followed, so the key did not go there. Set the Base URL of the OpenAI credential "${endpoint.credentialName}" to the address the provider gives.` };
		}
		const code = networkCodeOf(error);
		const why = code && TIMEOUT_CODES.has(code) ? `it did not answer within ${TRANSCRIPTION_TIMEOUT_MS / 1000} seconds` : `no answer came${code ? ` (${code})` : ''}`;
		return { error: `Transcription at ${host} failed: ${why}` };
	}
	const body = parsed(response.body);
	const text = body && typeof body.text === 'string' ? body.text.trim() : undefined;
	if (response.statusCode >= 200 && response.statusCode < 300 && text !== undefined) return { text };
	const said = body && typeof body.error === 'object' && body.error && typeof (body.error as IDataObject).message === 'string' ? `: ${redact(String((body.error as IDataObject).message)).slice(0, 200)}` : '';
	if (response.statusCode === 401 || response.statusCode === 403) {
		return { error: `The transcription service refused the OpenAI credential "${endpoint.credentialName}" (${response.statusCode})${said}. Check its API Key.` };
	}
	return { error: `The transcription service answered ${response.statusCode}${text === undefined && response.statusCode < 300 ? ' without a transcript' : ''}${said}` };
}

function parsed(body: unknown): IDataObject | undefined {
	if (body && typeof body === 'object' && !Buffer.isBuffer(body)) return body as IDataObject;
	const text = Buffer.isBuffer(body) ? body.toString('utf8') : typeof body === 'string' ? body : '';
	try {
		const value = JSON.parse(text) as unknown;
		return value && typeof value === 'object' ? (value as IDataObject) : undefined;
	} catch {
		return undefined;
	}
}

function fileNameOf(file: IBinaryData): string {
	if (file.fileName) return file.fileName;
	// The endpoint reads the format from the name: a voice note is Ogg Opus.
	const extension = file.fileExtension || String(file.mimeType ?? '').split('/')[1]?.split(';')[0] || 'ogg';
	return `voice-note.${extension}`;
}

/** A multipart/form-data body: text fields, then the file. */
function multipart(boundary: string, fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }): Buffer {
	const parts: Buffer[] = [];
	for (const [name, value] of Object.entries(fields)) {
		parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
	}
	const safeName = file.name.replace(/["\r\n]/g, '_');
	parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${safeName}"\r\nContent-Type: ${file.type}\r\n\r\n`));
	parts.push(file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
	return Buffer.concat(parts);
}
