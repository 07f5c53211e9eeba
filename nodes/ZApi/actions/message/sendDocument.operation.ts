import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { extensionOf, type Media } from '../../../shared/media';
import { captionOption, mediaOperation } from './helpers';
import { delayMessageOption, replyToOption } from '../parameters';

/** Letters and digits only: the extension becomes a path segment. */
const EXTENSION = /^[a-z0-9]{1,10}$/;

/** The call's path: the extension of File Name, else of the file itself (the service types the document by it). */
export function documentPath(media: Media, itemIndex: number, context: IExecuteFunctions): string {
	const fileName = String(context.getNodeParameter('fileName', itemIndex, '') ?? '').trim();
	const extension = extensionOf(fileName) ?? media.extension;
	if (!extension || !EXTENSION.test(extension)) {
		throw new InputError(
			'Cannot tell the type of the document',
			'Set File Name with an extension, for example report.pdf: Z-API takes the document type from it.',
		);
	}
	return `/send-document/${extension}`;
}

/** File Name, else the file's own name, as `fileName`. */
export function documentFileName(this: IExecuteFunctions, itemIndex: number, media: Media): IDataObject {
	const fileName = String(this.getNodeParameter('fileName', itemIndex, '') ?? '').trim() || media.fileName;
	return fileName ? { fileName } : {};
}

export const fileNameProperty: INodeProperties = {
	displayName: 'File Name',
	name: 'fileName',
	type: 'string',
	default: '',
	placeholder: 'invoice-2024-03.pdf',
	description:
		"Name the recipient sees. Its extension sets the document type; when empty, the binary file's name, the URL's or the MIME type's extension is used.",
};

export const sendDocument = mediaOperation({
	value: 'sendDocument',
	name: 'Send Document',
	action: 'Send a document',
	description: 'Send any file (PDF, spreadsheet, …) as a document, from a file of the input item, a URL or base64',
	kind: 'document',
	field: 'document',
	properties: [fileNameProperty],
	path: documentPath,
	// The Portuguese page lists a caption; the English one does not: sent only when set.
	options: [captionOption, delayMessageOption, replyToOption],
	passOptions: { caption: 'caption' },
	fields: documentFileName,
});
