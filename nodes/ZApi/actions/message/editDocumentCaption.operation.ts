import { mediaOperation } from './helpers';
import { documentFileName, documentPath, fileNameProperty } from './sendDocument.operation';
import { delayMessageOption, readMessageId, requireText } from '../parameters';

/**
 * docs/message/send-message-document.md: a caption is edited by sending the document call
 * again with `editDocumentMessageId` and the new `caption`. The page marks `document`
 * required and the path names the extension, so the file goes again, as it was sent.
 */
export const editDocumentCaption = mediaOperation({
	value: 'editDocumentCaption',
	name: 'Edit Document Caption',
	action: 'Edit the caption of a sent document',
	description: 'Replace the caption of a document this instance sent before; give the same file again (Z-API needs a webhook configured for edits)',
	kind: 'document',
	field: 'document',
	properties: [
		{
			displayName: 'Document Message ID',
			name: 'documentMessageId',
			type: 'string',
			required: true,
			default: '',
			placeholder: '3EB0C431C26A1916E4B8',
			description: "'messageId' of the Send Document output whose caption changes",
		},
		{
			displayName: 'New Caption',
			name: 'caption',
			type: 'string',
			typeOptions: { rows: 2 },
			required: true,
			default: '',
			description: 'The caption the document shows from now on',
		},
		fileNameProperty,
	],
	path: documentPath,
	options: [delayMessageOption],
	tried: (phone) => `edit the caption of a document sent to ${phone}`,
	fields(itemIndex, media) {
		return {
			...documentFileName.call(this, itemIndex, media),
			caption: requireText(this.getNodeParameter('caption', itemIndex), 'New Caption', 'Write the caption the document should show.'),
			editDocumentMessageId: readMessageId.call(this, itemIndex, 'documentMessageId', 'Document Message ID'),
		};
	},
});
