import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireAccepted, zApiRequest } from '../../../shared/transport';
import type { ItemRead, ZApiOperation } from '../types';
import { chatProperty, readChat, requireText } from '../parameters';

export const setChatNotes: ZApiOperation = {
	value: 'setChatNotes',
	name: 'Set Notes',
	action: 'Set the notes of a chat',
	description: 'Write the note kept on a chat (WhatsApp Business, multi-device), replacing the one it had',
	orderedBy: 'phone',
	properties: [
		chatProperty,
		{
			displayName: 'Notes',
			name: 'notes',
			type: 'string',
			typeOptions: { rows: 3 },
			required: true,
			default: '',
			description: 'Text of the note, seen only by the business (for example what the customer ordered)',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readChat.call(this, itemIndex, read);
		// Whether an empty text clears the note is not documented: it is refused.
		const notes = requireText(this.getNodeParameter('notes', itemIndex), 'Notes', 'Write the text of the note.');
		// docs/business/save-chats-notes.md: POST /chats/{phone}/notes {notes}, responding {success: true}.
		const response = await zApiRequest.call(this, { method: 'POST', path: `/chats/${encodeURIComponent(phone)}/notes`, body: { notes }, itemIndex });
		requireAccepted(this.getNode(), response, 'confirmation', {
			tried: `set the notes of the chat with ${phone}`,
			hint: 'Notes exist only on WhatsApp Business numbers connected as multi-device. Check that the chat is in the chat list (Chat → Get Many).',
			itemIndex,
		});
		return [{ success: true, phone, notes }];
	},
};
