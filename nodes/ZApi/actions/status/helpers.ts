import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { InputError, normalizePhone } from '../../../shared/input';
import { MEDIA_KINDS, type MediaKindName, withArticle } from '../../../shared/media';
import { optionsProperty } from '../../../shared/properties';
import { callService, captionOption, fileFields, sendMessage } from '../message/helpers';
import {
	mediaSourceProperties,
	parameterValue,
	phoneProperty,
	readMediaSource,
	readMessageId,
	readOptions,
	requireText,
} from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';

const STATUS_HINT = 'Check that the instance is connected (its phone online). Statuses are seen by the contacts who have your number saved.';

/** Posts to the instance's own status: no chat, the response ({zaapId, messageId}) is the output. */
export async function postStatus(this: IExecuteFunctions, itemIndex: number, call: { path: string; body: IDataObject; tried: string }): Promise<IDataObject[]> {
	const response = await callService.call(this, itemIndex, { path: call.path, body: call.body, tried: call.tried, hint: STATUS_HINT });
	const messageId = response.messageId ?? response.id;
	return [{ ...response, ...(messageId !== undefined ? { messageId } : {}) }];
}

/** Whose status is replied to: a person, never a group (docs/status/reply-status-text.md). */
export const statusPhoneProperty: INodeProperties = {
	...phoneProperty,
	displayName: 'Phone',
	description:
		"Who posted the status: a phone with country code (5511999999999; +55 (11) 99999-9999 is accepted). For a Z-API Trigger item of a status, its 'participantPhone' or 'phone' field.",
};

/** The text of a status or of a reply to one. */
export const statusTextProperty: INodeProperties = {
	displayName: 'Text',
	name: 'message',
	type: 'string',
	typeOptions: { rows: 2 },
	required: true,
	default: '',
	description: 'What the status says',
};

export function readStatusText(this: IExecuteFunctions, itemIndex: number): string {
	return requireText(this.getNodeParameter('message', itemIndex), 'Text', 'Give the text to send, or map it from the input item.');
}

export const statusMessageIdProperty: INodeProperties = {
	displayName: 'Status Message ID',
	name: 'statusMessageId',
	type: 'string',
	required: true,
	default: '',
	placeholder: '1F606398F2ECAA4846269F659B6003A9',
	description: "The status replied to: 'messageId' of the Z-API Trigger item that delivered it",
};

/** Sends a reply to a status; the output is the response plus the phone, as every send's. */
export async function replyToStatus(
	this: IExecuteFunctions,
	itemIndex: number,
	call: { path: string; fields: (this: IExecuteFunctions) => Promise<IDataObject> | IDataObject; what: string },
	read?: ItemRead,
): Promise<IDataObject[]> {
	const phone = normalizePhone(parameterValue.call(this, itemIndex, 'phone', read));
	const statusMessageId = readMessageId.call(this, itemIndex, 'statusMessageId', 'Status Message ID');
	const fields = await call.fields.call(this);
	return await sendMessage.call(this, itemIndex, {
		path: call.path,
		body: { phone, ...fields, statusMessageId },
		phone,
		tried: `reply with ${call.what} to a status of ${phone}`,
		hint: 'Check that the instance is connected and that the status is still up (statuses disappear after 24 hours).',
	});
}

export interface StatusMedia extends Omit<ZApiOperation, 'properties' | 'execute'> {
	kind: MediaKindName;
	/** Body field of the file, and the path: image → /send-image-status. */
	field: 'image' | 'video';
	/** The largest file the service takes, in bytes, when a page gives one. */
	maxBytes?: number;
}

/**
 * An image or video status: the file from a binary, a URL or base64 as every send takes it
 * (docs/status/send-image-status.md, send-video-status.md: "link or Base64"), an optional caption.
 */
export function statusMediaOperation(post: StatusMedia): ZApiOperation {
	const { kind, field, maxBytes, ...listed } = post;
	return {
		...listed,
		properties: [...mediaSourceProperties(fileFields({ kind })), optionsProperty([captionOption])],
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
			const options = readOptions.call(this, itemIndex);
			const { media } = await readMediaSource.call(this, itemIndex, fileFields({ kind }));
			if (maxBytes !== undefined && media.source !== 'url') {
				const bytes = Math.floor((media.value.length - media.value.indexOf(',') - 1) * 0.75);
				if (bytes > maxBytes) {
					throw new InputError(
						`The ${MEDIA_KINDS[kind].label} is ${(bytes / 1048576).toFixed(1)} MB; a status takes ${maxBytes / 1048576} MB at most`,
						`Shorten or compress the ${MEDIA_KINDS[kind].label} before posting it.`,
					);
				}
			}
			const caption = String(options.caption ?? '').trim();
			return await postStatus.call(this, itemIndex, {
				path: `/send-${field}-status`,
				body: { [field]: media.value, ...(caption ? { caption } : {}) },
				tried: `post ${withArticle(MEDIA_KINDS[kind].label)} status`,
			});
		},
	};
}
