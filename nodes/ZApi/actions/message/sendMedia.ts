import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { MEDIA_KINDS, readMedia, withArticle } from '../../../shared/media';
import type { Media, MediaKindName, MediaSource } from '../../../shared/media';
import { optionsProperty } from '../../../shared/properties';
import type { ZApiOperation } from '../types';
import { optionalFields, phoneProperty, readOptions, readPhone, sendMessage } from './send';

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

/** The three ways to give the file: a binary field of the input item, a URL, base64. */
export function sourceProperties(send: Pick<MediaSend, 'kind'>): INodeProperties[] {
	const label = MEDIA_KINDS[send.kind].label;
	return [
		{
			displayName: 'File Source',
			name: 'mediaSource',
			type: 'options',
			options: [
				{ name: 'Binary File', value: 'binary', description: 'A file of the input item, for example from an HTTP Request or Read File node' },
				{ name: 'URL', value: 'url', description: `A public address Z-API downloads the ${label} from` },
				{ name: 'Base64', value: 'base64', description: `The ${label} as base64 text or a data URI` },
			],
			default: 'url',
			description: `Where the ${label} comes from`,
		},
		{
			displayName: 'Input Binary Field',
			name: 'binaryPropertyName',
			type: 'string',
			required: true,
			default: 'data',
			hint: `The name of the input binary field containing the ${label}`,
			displayOptions: { show: { mediaSource: ['binary'] } },
		},
		{
			displayName: 'File URL',
			name: 'mediaUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://example.com/file',
			description: `Public http(s) address of the ${label} (${MEDIA_KINDS[send.kind].examples})`,
			displayOptions: { show: { mediaSource: ['url'] } },
		},
		{
			displayName: 'File (Base64)',
			name: 'mediaBase64',
			type: 'string',
			typeOptions: { rows: 2 },
			required: true,
			default: '',
			description: `The ${label} as base64, bare or as a data URI ('data:TYPE;base64,…')`,
			displayOptions: { show: { mediaSource: ['base64'] } },
		},
	];
}

const PARAMETER_OF_SOURCE: Record<MediaSource, { name: string; field: string }> = {
	binary: { name: 'binaryPropertyName', field: 'Input Binary Field' },
	url: { name: 'mediaUrl', field: 'File URL' },
	base64: { name: 'mediaBase64', field: 'File (Base64)' },
};

/** The item's file, from the source it chose in sourceProperties, checked against `kind`. */
export async function readSourceMedia(this: IExecuteFunctions, itemIndex: number, kind: MediaKindName): Promise<Media> {
	const source = this.getNodeParameter('mediaSource', itemIndex) as MediaSource;
	const parameter = PARAMETER_OF_SOURCE[source] ?? PARAMETER_OF_SOURCE.url;
	return await readMedia.call(this, itemIndex, {
		source,
		kind,
		value: this.getNodeParameter(parameter.name, itemIndex),
		field: parameter.field,
	});
}

/** One media operation: phone, file source, its own fields and options, one POST. */
export function mediaOperation(send: MediaSend): ZApiOperation {
	return {
		value: send.value,
		name: send.name,
		action: send.action,
		description: send.description,
		orderedBy: 'phone',
		properties: [phoneProperty, ...sourceProperties(send), ...(send.properties ?? []), optionsProperty(send.options)],
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
			const phone = readPhone.call(this, itemIndex);
			const options = readOptions.call(this, itemIndex);
			const fields = optionalFields(options, send.passOptions);
			const media = await readSourceMedia.call(this, itemIndex, send.kind);
			const body: IDataObject = {
				phone,
				[send.field]: media.value,
				...(send.fields?.call(this, itemIndex, media, options) ?? {}),
				...fields,
			};
			const path = typeof send.path === 'string' ? send.path : send.path(media, itemIndex, this);
			return await sendMessage.call(this, itemIndex, { path, body, phone, action: send.tried?.(phone) ?? `send ${withArticle(MEDIA_KINDS[send.kind].label)} to ${phone}` });
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
