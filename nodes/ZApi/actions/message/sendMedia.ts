import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { MEDIA_KINDS, withArticle } from '../../../shared/media';
import type { Media, MediaKindName } from '../../../shared/media';
import { optionsProperty } from '../../../shared/properties';
import type { MediaSourceFields } from '../parameters';
import { mediaSourceProperties, optionalFields, phoneProperty, readChat, readMediaSource, readOptions } from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';
import { sendMessage } from './send';

/** What tells one media send from another. */
export interface MediaSend {
	value: string;
	name: string;
	action: string;
	description: string;
	kind: MediaKindName;
	/** Body field that carries the file: 'image', 'audio', ... */
	field: string;
	/** Path of the call; the document path names the file's extension. */
	path: string | ((media: Media, itemIndex: number, context: IExecuteFunctions) => string);
	/** Parameters between the file and the Options collection. */
	properties?: INodeProperties[];
	/** Optional fields of the Options collection. */
	options: INodeProperties[];
	/** Options sent under their own name (other than the delays and reply-to). */
	passOptions?: Record<string, string>;
	/** What was tried, for the error message, when it is not a send: 'edit the caption of a document in …'. */
	tried?: (phone: string) => string;
	/** Further body fields, read from the operation's own parameters. */
	fields?: (this: IExecuteFunctions, itemIndex: number, media: Media, options: IDataObject) => IDataObject;
}

/** The file's parameters, under the names saved workflows hold: the media sends', and of every other call taking a file the same way. */
export const fileFields = (send: Pick<MediaSend, 'kind'>): MediaSourceFields => ({
	kind: MEDIA_KINDS[send.kind],
	noun: 'File',
	names: { source: 'mediaSource', url: 'mediaUrl', base64: 'mediaBase64' },
	defaultSource: 'url',
});

/** One media operation: phone, file source, its own fields and options, one POST. */
export function mediaOperation(send: MediaSend): ZApiOperation {
	return {
		value: send.value,
		name: send.name,
		action: send.action,
		description: send.description,
		orderedBy: 'phone',
		properties: [phoneProperty, ...mediaSourceProperties(fileFields(send)), ...(send.properties ?? []), optionsProperty(send.options)],
		async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
			const phone = readChat.call(this, itemIndex, read);
			const options = readOptions.call(this, itemIndex);
			const fields = optionalFields(options, send.passOptions);
			const { media } = await readMediaSource.call(this, itemIndex, fileFields(send));
			const body: IDataObject = {
				phone,
				[send.field]: media.value,
				...(send.fields?.call(this, itemIndex, media, options) ?? {}),
				...fields,
			};
			const path = typeof send.path === 'string' ? send.path : send.path(media, itemIndex, this);
			return await sendMessage.call(this, itemIndex, { path, body, phone, tried: send.tried?.(phone) ?? `send ${withArticle(MEDIA_KINDS[send.kind].label)} to ${phone}` });
		},
	};
}

export const captionOption: INodeProperties = {
	displayName: 'Caption',
	name: 'caption',
	type: 'string',
	default: '',
	description: 'Text shown with the file',
};

export const viewOnceOption: INodeProperties = {
	displayName: 'View Once',
	name: 'viewOnce',
	type: 'boolean',
	default: false,
	description: 'Whether the recipient can open it only once',
};

export const sendInBackgroundOption: INodeProperties = {
	displayName: 'Process in Background',
	name: 'async',
	type: 'boolean',
	default: false,
	description:
		'Whether Z-API answers at once and processes the file afterwards (for large files). The outcome then arrives only on the delivery webhook.',
};
