import type { IExecuteFunctions } from 'n8n-workflow';

import { InputError } from './input';

/**
 * Files that leave n8n for the service: read from a binary field of the input item, a URL
 * or base64 text, checked against the kind of file the user chose, and turned into what the
 * service takes (the URL as given, or a data URI `data:<mime>;base64,<data>`).
 */

/** Where the file comes from, as the user picks it. */
export type MediaSource = 'binary' | 'url' | 'base64';

/** A kind of file and what counts as one. */
export interface MediaKind {
	/** In the user's words, for messages: 'image', 'voice note or audio file', ... */
	label: string;
	/** MIME families (the part before '/') that fit, or exact MIME types. Empty: anything fits. */
	accepts: string[];
	/** Examples for the error text. */
	examples: string;
	/**
	 * Only the bytes say what the file is: a declared type alone is not enough, and a file
	 * whose bytes are not of the kind is refused as "not a <examples> <label>".
	 */
	bytesDecide?: boolean;
}

export const MEDIA_KINDS = {
	image: { label: 'image', accepts: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'], examples: 'JPEG, PNG, GIF or WebP' },
	sticker: { label: 'sticker', accepts: ['image/webp', 'image/png', 'image/jpeg'], examples: 'WebP, PNG or JPEG' },
	audio: { label: 'audio file', accepts: ['audio'], examples: 'MP3, OGG/Opus, M4A, AAC, WAV or AMR' },
	video: { label: 'video', accepts: ['video'], examples: 'MP4 or 3GP' },
	// WhatsApp plays a GIF as a looping MP4 and the service wants one (docs/message/send-message-gif.md).
	gif: { label: 'GIF (MP4 video)', accepts: ['video/mp4'], examples: 'MP4' },
	document: { label: 'document', accepts: [], examples: 'any file' },
} satisfies Record<string, MediaKind>;

export type MediaKindName = keyof typeof MEDIA_KINDS;

/**
 * Leading bytes of common files. MP4-family files (`ftyp`) hold audio or video alike, so
 * they carry both families and the declared type decides between them.
 */
const SIGNATURES: Array<{ mimeType: string; alsoFits?: string[]; at?: number; bytes: number[]; then?: { at: number; bytes: number[] } }> = [
	{ mimeType: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
	{ mimeType: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47] },
	{ mimeType: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
	{ mimeType: 'image/webp', bytes: [0x52, 0x49, 0x46, 0x46], then: { at: 8, bytes: [0x57, 0x45, 0x42, 0x50] } },
	{ mimeType: 'audio/wav', bytes: [0x52, 0x49, 0x46, 0x46], then: { at: 8, bytes: [0x57, 0x41, 0x56, 0x45] } },
	{ mimeType: 'audio/ogg', bytes: [0x4f, 0x67, 0x67, 0x53] },
	{ mimeType: 'audio/mpeg', bytes: [0x49, 0x44, 0x33] },
	{ mimeType: 'audio/amr', bytes: [0x23, 0x21, 0x41, 0x4d, 0x52] },
	{ mimeType: 'video/mp4', alsoFits: ['audio'], at: 4, bytes: [0x66, 0x74, 0x79, 0x70] },
	{ mimeType: 'video/webm', alsoFits: ['audio'], bytes: [0x1a, 0x45, 0xdf, 0xa3] },
	{ mimeType: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46] },
	{ mimeType: 'application/zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
];

const startsWith = (data: Buffer, at: number, bytes: number[]) =>
	data.length >= at + bytes.length && bytes.every((byte, index) => data[at + index] === byte);

/** What the bytes say the file is, when they say it clearly. */
export function sniffMediaType(data: Buffer): { mimeType: string; alsoFits: string[] } | undefined {
	const found = SIGNATURES.find(
		(signature) => startsWith(data, signature.at ?? 0, signature.bytes) && (!signature.then || startsWith(data, signature.then.at, signature.then.bytes)),
	);
	// MPEG audio without a tag starts with a frame sync: 11 bits set.
	if (!found && data.length > 2 && data[0] === 0xff && (data[1] & 0xe0) === 0xe0) return { mimeType: 'audio/mpeg', alsoFits: [] };
	return found && { mimeType: found.mimeType, alsoFits: found.alsoFits ?? [] };
}

const fits = (kind: MediaKind, mimeType: string) =>
	kind.accepts.length === 0 ||
	kind.accepts.some((accepted) => (accepted.includes('/') ? accepted === mimeType : mimeType.startsWith(`${accepted}/`)));

/** File name extensions for the MIME types documents most often have. */
const EXTENSION_OF_TYPE: Record<string, string> = {
	'application/pdf': 'pdf',
	'application/zip': 'zip',
	'application/msword': 'doc',
	'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
	'application/vnd.ms-excel': 'xls',
	'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
	'application/vnd.ms-powerpoint': 'ppt',
	'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
	'application/json': 'json',
	'application/xml': 'xml',
	'text/plain': 'txt',
	'text/csv': 'csv',
	'text/html': 'html',
	'image/jpeg': 'jpg',
	'image/png': 'png',
	'image/gif': 'gif',
	'image/webp': 'webp',
	'audio/mpeg': 'mp3',
	'audio/ogg': 'ogg',
	'audio/wav': 'wav',
	'audio/amr': 'amr',
	'video/mp4': 'mp4',
	'video/webm': 'webm',
};

/** The extension of a file name or URL path ('report.final.PDF' -> 'pdf'), if it has one. */
export function extensionOf(name: string | undefined): string | undefined {
	const match = /\.([A-Za-z0-9]{1,10})$/.exec(String(name ?? '').trim());
	return match?.[1].toLowerCase();
}

export function extensionOfType(mimeType: string | undefined): string | undefined {
	return mimeType ? EXTENSION_OF_TYPE[mimeType.toLowerCase()] : undefined;
}

/** A file ready to send. */
export interface Media {
	/** The URL as given, or a data URI of the bytes. */
	value: string;
	source: MediaSource;
	/** Known for files and base64; for URLs only when the address ends in an extension. */
	mimeType?: string;
	fileName?: string;
	/** Lower case, without the dot. */
	extension?: string;
}

export interface MediaRequest {
	source: MediaSource;
	/** One of MEDIA_KINDS, or a kind of the caller's own (a group photo). */
	kind: MediaKindName | MediaKind;
	/** Binary field name, URL or base64 text, by source. */
	value: unknown;
	/** The parameter holding `value`, as the user sees it: 'Input Binary Field', 'Image URL', ... */
	field: string;
	/** What to tell, in place of the general advice, when the item carries no file at all. */
	noFileHint?: string;
}

/**
 * Reads the file of one input item. Refuses, before any request, a missing binary field
 * (naming the fields the item has), a URL that is not http(s), text that is not base64,
 * and a file whose bytes or declared type are not of the chosen kind.
 */
export async function readMedia(this: IExecuteFunctions, itemIndex: number, request: MediaRequest): Promise<Media> {
	const kind: MediaKind = typeof request.kind === 'string' ? MEDIA_KINDS[request.kind] : request.kind;
	if (request.source === 'url') return mediaFromUrl(request.value, request.field);
	if (request.source === 'base64') return mediaFromBase64(request.value, request.field, kind);

	const field = String(request.value ?? '').trim();
	const binaries = this.getInputData()[itemIndex]?.binary ?? {};
	const binary = binaries[field];
	if (!field || !binary) {
		const available = Object.keys(binaries);
		throw new InputError(
			field ? `The input item has no binary field '${field}'` : `${request.field} is empty`,
			available.length
				? `Binary fields on this item: ${available.join(', ')}. Set ${request.field} to one of them.`
				: request.noFileHint ??
						`This item carries no file. Add a node before this one that outputs the ${kind.label} as a file (HTTP Request with Response Format File, Read/Write Files from Disk, …), or choose URL or Base64 as the source.`,
		);
	}
	const data = await this.helpers.getBinaryDataBuffer(itemIndex, field);
	const { mimeType, value } = checkedBytes(data, binary.mimeType, kind, `Binary field '${field}'`);
	return {
		value,
		source: 'binary',
		mimeType,
		fileName: binary.fileName,
		extension: extensionOf(binary.fileName) ?? binary.fileExtension?.toLowerCase() ?? extensionOfType(mimeType),
	};
}

export function mediaFromUrl(raw: unknown, field: string): Media {
	const text = String(raw ?? '').trim();
	const url = URL.canParse(text) ? new URL(text) : undefined;
	if (!url || !['http:', 'https:'].includes(url.protocol) || !url.hostname) {
		throw new InputError(
			text ? `${field} '${text.slice(0, 100)}' is not an http(s) URL` : `${field} is empty`,
			'Give the full public address of the file, for example https://example.com/file.jpg. For a file from a previous node choose Binary File; for base64 text choose Base64.',
		);
	}
	const name = decodeURIComponent(url.pathname.split('/').pop() ?? '');
	const extension = extensionOf(name);
	return { value: url.toString(), source: 'url', fileName: name || undefined, extension };
}

export function mediaFromBase64(raw: unknown, field: string, kind: MediaKind): Media {
	const text = String(raw ?? '').trim();
	const header = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[^;,]*)*;base64,/i.exec(text);
	const payload = (header ? text.slice(header[0].length) : text).replace(/\s+/g, '');
	if (!isBase64Text(payload)) {
		throw new InputError(
			payload ? `${field} is not base64 text` : `${field} is empty`,
			"Give the file as base64, bare or as a data URI such as 'data:image/png;base64,iVBOR…'. For a file from a previous node choose Binary File; for an address choose URL.",
		);
	}
	const { mimeType, value } = checkedBytes(Buffer.from(payload, 'base64'), header?.[1], kind, field);
	return { value, source: 'base64', mimeType, extension: extensionOfType(mimeType) };
}

/**
 * Base64 text: its alphabet, then at most two '=' at the end. Checked without a repeated
 * pattern: a regular expression such as /^[A-Za-z0-9+/]+={0,2}$/ keeps a backtracking entry
 * per character and can overflow the stack on a file of a few megabytes.
 */
export function isBase64Text(text: string): boolean {
	return text.length > 0 && text.length % 4 !== 1 && !/[^A-Za-z0-9+/=]/.test(text) && !/=[^=]|={3}/.test(text) && text[0] !== '=';
}

/** Bytes checked against the kind: the MIME type to send and their data URI. */
export function checkedBytes(data: Buffer, declared: string | undefined, kind: MediaKind, field: string): { mimeType: string; value: string } {
	const mimeType = checkedType(data, declared, kind, field);
	return { mimeType, value: `data:${mimeType};base64,${data.toString('base64')}` };
}

/**
 * The MIME type to send: the bytes' own when they are clear (a PNG labelled JPEG goes as
 * PNG), else the declared one. Either must fit the kind; a document fits anything.
 */
function checkedType(data: Buffer, declared: string | undefined, kind: MediaKind, field: string): string {
	const declaredType = declared?.split(';')[0].trim().toLowerCase() || undefined;
	// Any file is a document, and its declared type is the more precise one (a .docx is a ZIP).
	if (kind.accepts.length === 0 && declaredType) return declaredType;
	const sniffed = sniffMediaType(data);
	if (kind.bytesDecide) {
		if (sniffed && fits(kind, sniffed.mimeType)) return sniffed.mimeType;
		throw new InputError(
			`${field} is not ${withArticle(`${kind.examples} ${kind.label}`)}`,
			`Its bytes are not those of ${withArticle(kind.label)} of these kinds, whatever type it is declared as. Give ${withArticle(kind.label)} as ${kind.examples}.`,
		);
	}
	let mimeType = sniffed?.mimeType ?? declaredType;
	if (sniffed && !fits(kind, sniffed.mimeType)) {
		// An MP4 or WebM container is audio when declared so (or when audio is what is wanted).
		const family = sniffed.alsoFits.find((other) => kind.accepts.includes(other));
		if (family) mimeType = declaredType?.startsWith(`${family}/`) ? declaredType : `${family}/${sniffed.mimeType.split('/')[1]}`;
	}
	if (!mimeType) {
		if (kind.accepts.length === 0) return 'application/octet-stream';
		throw new InputError(
			`${field}: cannot tell whether it is ${withArticle(kind.label)}`,
			`Its bytes match no known ${kind.label} format and no MIME type is given. Give it as a data URI with its type ('data:<type>;base64,…') or as a binary file with a MIME type; ${kind.label}s can be ${kind.examples}.`,
		);
	}
	if (!fits(kind, mimeType)) {
		throw new InputError(
			`${field} is ${describeType(mimeType)}, not ${withArticle(kind.label)}`,
			`Choose ${withArticle(kind.label)} (${kind.examples}), or pick the operation that matches this file (a PDF or other file goes with Send Document).`,
		);
	}
	return mimeType;
}

/** 'an image', 'a video'. */
export function withArticle(noun: string): string {
	return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

function describeType(mimeType: string): string {
	const [family, subtype] = mimeType.split('/');
	return family === 'application' ? `a ${subtype.toUpperCase()} file (${mimeType})` : `${withArticle(family)} file (${mimeType})`;
}
