import type { IBinaryData, IBinaryKeyData, IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { DEFAULT_MAX_FILE_MB, mediaOf, withMedia } from '../../../../shared/mediaDownload';
import type { KeptMessage } from '../../../../shared/conversationState/messages';

/*
 * A burst's files, readable by the next node. A message's file was stored by n8n under the
 * execution that received it: often under a temporary name that n8n renames when that
 * execution ends, in a folder or database rows deleted with it, on a machine another worker
 * may not see. A reference carried into the execution that goes on with the burst is "File not
 * found" there. So each file kept by reference is stored again in this execution
 * (prepareBinaryData): read by its reference while n8n still holds it, else downloaded again
 * from the message's address (Z-API keeps received media 30 days,
 * docs/webhooks/on-message-received.md). A file got neither way is left out and named in
 * `missingFiles`.
 */

/** A file of the burst that could not be brought into this execution, and why. */
export interface MissingFile extends IDataObject {
	messageId: string;
	binaryProperty: string;
	message: string;
}

/**
 * The messages with their files stored in this execution. `own` is the message of this very
 * execution, whose files are its own already.
 */
export async function filesForThisExecution(
	this: IExecuteFunctions,
	messages: KeptMessage[],
	own: { messageId: string; binary?: IBinaryKeyData },
): Promise<{ messages: KeptMessage[]; missing: MissingFile[] }> {
	const missing: MissingFile[] = [];
	const out: KeptMessage[] = [];
	for (const message of messages) {
		const messageId = String(message.json.messageId);
		if (messageId === own.messageId && own.binary && Object.keys(own.binary).length) {
			out.push({ ...message, binary: own.binary });
			continue;
		}
		const binary: IBinaryKeyData = {};
		for (const key of fileKeysOf(message)) {
			const file = message.binary?.[key];
			// A small file held in the row itself is whole already.
			if (file && !file.id && file.data) {
				binary[key] = file;
				continue;
			}
			const got = await fileAgain.call(this, message.json, key, file);
			if ('file' in got) binary[key] = got.file;
			else missing.push({ messageId, binaryProperty: key, message: got.reason });
		}
		out.push({ json: message.json, sentAt: message.sentAt, ...(Object.keys(binary).length ? { binary } : {}) });
	}
	return { messages: out, missing };
}

/** The message's files: those kept, and the one the trigger downloaded when it was too large to keep in the row. */
function fileKeysOf(message: KeptMessage): string[] {
	const keys = new Set(Object.keys(message.binary ?? {}));
	const media = message.json.media as IDataObject | undefined;
	if (media && media.downloaded === true && typeof media.binaryProperty === 'string') keys.add(media.binaryProperty);
	return [...keys];
}

async function fileAgain(
	this: IExecuteFunctions,
	json: IDataObject,
	key: string,
	file: IBinaryData | undefined,
): Promise<{ file: IBinaryData } | { reason: string }> {
	if (file?.id) {
		try {
			const bytes = await this.helpers.binaryToBuffer(await this.helpers.getBinaryStream(file.id));
			return { file: await this.helpers.prepareBinaryData(bytes, file.fileName, file.mimeType) };
		} catch {
			// Renamed, deleted or on another machine: the message's address is the other way.
		}
	}
	if (!mediaOf(json)?.url) return { reason: 'n8n no longer holds the file, and the message carries no address to download it again.' };
	const size = Number((json.media as IDataObject | undefined)?.fileSize);
	const maxBytes = Math.max(DEFAULT_MAX_FILE_MB * 1_000_000, Number.isFinite(size) ? size : 0);
	const [item] = await withMedia.call(this, [json], { binaryProperty: key, maxBytes });
	const downloaded = item.binary?.[key];
	if (downloaded) return { file: downloaded };
	return { reason: String((item.json.media as IDataObject | undefined)?.message ?? 'The file could not be downloaded again.') };
}
