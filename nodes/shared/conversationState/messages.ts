/**
 * A chat's message as the conversation state keeps it: what is read from a Z-API Trigger
 * item, and the row's copy of it. Written by the Z-API Trigger, which records each message
 * as it arrives, and by Combine Quick Messages, which reads the burst back; one format for both.
 */
import type { IBinaryKeyData, IDataObject } from 'n8n-workflow';

import { chatTextOf, flagOf, isTrue } from '../delivery/readers';

/** What the rules read from a Z-API Trigger message item. */
export interface IncomingMessage {
	chatId: string;
	messageId: string;
	kind: string;
	text: string | null;
	fromMe: boolean;
	/**
	 * Whether a message sent by me went out through the API (the bot) rather than from the
	 * phone (a person). The trigger's item carries it as `fromApi`; older items only in the
	 * delivery (`payload.fromApi`, docs/webhooks/on-message-received.md). Undefined when the
	 * delivery does not say: such a message is not taken for a person's, or every answer of
	 * the bot would pause the bot.
	 */
	fromApi: boolean | undefined;
	/**
	 * When the person sent it (ms): the delivery's time (`momment`), else when it arrived. The one
	 * name for that time; the table's column for it is `arrivedAt` (table.ts, sentAtOf).
	 */
	sentAt: number;
}

/** The message of a trigger item, or undefined when the item is not a chat message. */
export function readIncoming(json: IDataObject, now: number): IncomingMessage | undefined {
	// The item's own chat, read as the trigger read it (chatTextOf): the row and the item name one chat.
	const chatId = json.chatId === undefined ? chatTextOf(json.phone) : chatTextOf(json.chatId);
	const messageId = String(json.messageId ?? '').trim();
	if (!chatId || !messageId) return undefined;
	const payload = (json.payload && typeof json.payload === 'object' ? json.payload : {}) as IDataObject;
	const stamp = Date.parse(String(json.timestamp ?? ''));
	return {
		chatId,
		messageId,
		kind: String(json.kind ?? 'unknown'),
		text: typeof json.text === 'string' ? json.text : null,
		fromMe: isTrue(json.fromMe),
		fromApi: flagOf(json.fromApi) ?? flagOf(payload.fromApi),
		// Never later than now: a clock ahead, or a forged date, must not hold the burst until then.
		sentAt: Number.isFinite(stamp) ? Math.min(stamp, now) : now,
	};
}

/** One message of a burst as it is kept between executions: its item without the delivery, and its files. */
export interface KeptMessage {
	json: IDataObject;
	binary?: IBinaryKeyData;
	/** When the person sent it (IncomingMessage.sentAt). */
	sentAt: number;
}

/**
 * Files stored by n8n's binary data storage (an `id`) are kept as references; a file held in the
 * item itself is kept only when small, so a row stays small.
 */
const INLINE_FILE_LIMIT = 512 * 1024;

/** The row's copy of a message: its item without the delivery, and its files by reference or, when small, whole. */
export function keep(json: IDataObject, binary: IBinaryKeyData | undefined, sentAt: number): string {
	const rest = { ...json };
	delete rest.payload;
	const files: IBinaryKeyData = {};
	for (const [key, file] of Object.entries(binary ?? {})) {
		if (file.id || String(file.data ?? '').length <= INLINE_FILE_LIMIT) files[key] = file;
	}
	const kept: KeptMessage = { json: rest, sentAt, ...(Object.keys(files).length ? { binary: files } : {}) };
	return JSON.stringify(kept);
}

export function unkeep(raw: string | null | undefined): KeptMessage | undefined {
	try {
		const kept = JSON.parse(String(raw)) as KeptMessage & { time?: number };
		if (!kept || typeof kept.json !== 'object') return undefined;
		// Rows written by earlier versions named the time sent `time`.
		const { time, ...rest } = kept;
		return { ...rest, sentAt: Number(kept.sentAt ?? time) };
	} catch {
		return undefined;
	}
}


/**
 * Where the trigger recorded a message as it arrived (the item's `recorded` field): the table,
 * the row, when the person sent it (`sentAt`, the message's place in its burst is counted from
 * it) and when the row was written (`writtenAt`, the database's clock). `copy`: the service
 * sent the message again after its burst went on.
 */
export interface Recorded {
	table: string;
	row: number;
	sentAt: number;
	writtenAt?: number;
	copy?: boolean;
}

export const RECORDED_FIELD = 'recorded';

/** The item's record of arrival, when whole. */
export function recordedOf(json: IDataObject): Recorded | undefined {
	const raw = json[RECORDED_FIELD];
	if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
	// `at`: the name items of earlier versions give the time sent.
	const { table, row, writtenAt, copy } = raw as IDataObject;
	const sentAt = (raw as IDataObject).sentAt ?? (raw as IDataObject).at;
	if (typeof table !== 'string' || !table || !Number.isSafeInteger(row) || !Number.isFinite(sentAt)) return undefined;
	return { table, row: row as number, sentAt: sentAt as number, ...(Number.isFinite(writtenAt) ? { writtenAt: writtenAt as number } : {}), ...(copy === true ? { copy: true } : {}) };
}

/** Whether a trigger item is a message another person wrote: what a burst is made of. */
export function isBurstMessage(json: IDataObject): boolean {
	const message = json.event === 'message' ? readIncoming(json, 0) : undefined;
	return !!message && !message.fromMe;
}
