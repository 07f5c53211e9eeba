/**
 * The rules of a conversation, as pure functions of Z-API Trigger items: what a message is,
 * who wrote it, whether it ends a burst at once, and the one item a burst becomes.
 */
import type { IBinaryData, IBinaryKeyData, IDataObject } from 'n8n-workflow';

import { flagOf, isTrue } from '../../../../shared/delivery/readers';

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
	/** When WhatsApp says it was written (ms), else when it arrived. */
	time: number;
}

/** The message of a trigger item, or undefined when the item is not a chat message. */
export function readIncoming(json: IDataObject, now: number): IncomingMessage | undefined {
	const chatId = String(json.chatId ?? json.phone ?? '').trim();
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
		time: Number.isFinite(stamp) ? stamp : now,
	};
}

/** Rules that end a burst with the message that meets one, without waiting for quiet. */
export const SEND_AT_ONCE_RULES: Record<string, { name: string; description: string; test: (message: IncomingMessage) => boolean }> = {
	question: {
		name: 'Ends With a Question Mark',
		description: 'A text ending with ? (or ？) ends the burst',
		test: (message) => /[?？]\s*$/.test(message.text ?? ''),
	},
	buttonReply: {
		name: 'Is a Button or List Reply',
		description: 'A button or option list answer ends the burst',
		test: (message) => ['buttonsResponse', 'listResponse'].includes(message.kind),
	},
};

export function endsBurstAtOnce(message: IncomingMessage, rules: string[]): boolean {
	return rules.some((rule) => SEND_AT_ONCE_RULES[rule]?.test(message) ?? false);
}

/** Words written from the phone that pause or resume the bot in that chat. */
export function commandOf(text: string | null, pauseWords: string[], resumeWords: string[]): 'pause' | 'resume' | undefined {
	const said = (text ?? '').trim().toLowerCase();
	if (!said) return undefined;
	if (pauseWords.some((word) => word.trim().toLowerCase() === said)) return 'pause';
	if (resumeWords.some((word) => word.trim().toLowerCase() === said)) return 'resume';
	return undefined;
}

export function wordList(raw: unknown): string[] {
	return String(raw ?? '')
		.split(/[,\n]/)
		.map((word) => word.trim())
		.filter(Boolean);
}

/** One message of a burst as it is kept between executions: its item without the delivery, and its files. */
export interface KeptMessage {
	json: IDataObject;
	binary?: IBinaryKeyData;
	time: number;
}

/**
 * Files stored by n8n's binary data storage (an `id`) are kept as references; a file held in the
 * item itself is kept only when small, so a row stays small.
 */
const INLINE_FILE_LIMIT = 512 * 1024;

export function keep(json: IDataObject, binary: IBinaryKeyData | undefined, time: number): string {
	const rest = { ...json };
	delete rest.payload;
	const files: IBinaryKeyData = {};
	for (const [key, file] of Object.entries(binary ?? {})) {
		if (file.id || String(file.data ?? '').length <= INLINE_FILE_LIMIT) files[key] = file;
	}
	const kept: KeptMessage = { json: rest, time, ...(Object.keys(files).length ? { binary: files } : {}) };
	return JSON.stringify(kept);
}

export function unkeep(raw: string | null | undefined): KeptMessage | undefined {
	try {
		const kept = JSON.parse(String(raw)) as KeptMessage;
		return kept && typeof kept.json === 'object' ? kept : undefined;
	} catch {
		return undefined;
	}
}

/**
 * The one item of a burst: the last message's fields (phone, chatId, senderName…), the texts
 * joined in order, every message's id and kind, the count, the first and last time, and every
 * message's files (a second `data` becomes `data_2`). Two copies of one message count once.
 */
export function combine(messages: KeptMessage[]): { json: IDataObject; binary?: IBinaryKeyData } {
	const seen = new Set<string>();
	const ordered = messages
		.filter((message) => {
			const id = String(message.json.messageId);
			if (seen.has(id)) return false;
			seen.add(id);
			return true;
		})
		.sort((a, b) => a.time - b.time);
	const last = ordered[ordered.length - 1];
	const binary: IBinaryKeyData = {};
	for (const message of ordered) {
		for (const [key, file] of Object.entries(message.binary ?? {})) {
			let name = key;
			for (let n = 2; binary[name]; n++) name = `${key}_${n}`;
			binary[name] = file as IBinaryData;
		}
	}
	const json: IDataObject = {
		...last.json,
		text: ordered
			.map((message) => message.json.text)
			.filter((text): text is string => typeof text === 'string' && text.trim() !== '')
			.join('\n'),
		messages: ordered.map(({ json: one, time }) => ({
			messageId: one.messageId,
			kind: one.kind,
			text: one.text ?? null,
			timestamp: new Date(time).toISOString(),
		})),
		messageIds: ordered.map((message) => message.json.messageId),
		kinds: ordered.map((message) => message.json.kind),
		count: ordered.length,
		firstTimestamp: new Date(ordered[0].time).toISOString(),
		lastTimestamp: new Date(last.time).toISOString(),
		paused: false,
	};
	return Object.keys(binary).length ? { json, binary } : { json };
}
