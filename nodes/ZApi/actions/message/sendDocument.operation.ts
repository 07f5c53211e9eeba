import { InputError } from '../../../shared/input';
import { extensionOf } from '../../../shared/media';
import { captionOption, mediaOperation } from './sendMedia';
import { delayMessageOption, replyToOption } from '../parameters';

/** Letters and digits only: the extension becomes a path segment. */
const EXTENSION = /^[a-z0-9]{1,10}$/;

export const sendDocument = mediaOperation({
	value: 'sendDocument',
	name: 'Send Document',
	action: 'Send a document',
	description: 'Send any file (PDF, spreadsheet, …) as a document, from a file of the input item, a URL or base64',
	kind: 'document',
	field: 'document',
	properties: [
		{
			displayName: 'File Name',
			name: 'fileName',
			type: 'string',
			default: '',
			placeholder: 'invoice-2024-03.pdf',
			description:
				"Name the recipient sees. Its extension sets the document type; when empty, the binary file's name, the URL's or the MIME type's extension is used.",
		},
	],
	path(media, itemIndex, context) {
		const fileName = String(context.getNodeParameter('fileName', itemIndex, '') ?? '').trim();
		const extension = extensionOf(fileName) ?? media.extension;
		if (!extension || !EXTENSION.test(extension)) {
			throw new InputError(
				'Cannot tell the type of the document',
				'Set File Name with an extension, for example report.pdf: Z-API takes the document type from it.',
			);
		}
		return `/send-document/${extension}`;
	},
	// The Portuguese page lists a caption; the English one does not: sent only when set.
	options: [captionOption, delayMessageOption, replyToOption],
	passOptions: { caption: 'caption' },
	fields(itemIndex, media) {
		const fileName = String(this.getNodeParameter('fileName', itemIndex, '') ?? '').trim() || media.fileName;
		return fileName ? { fileName } : {};
	},
});
