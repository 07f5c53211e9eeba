import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { zApiRequest } from '../../../shared/transport';
import { firstRecord } from '../answers';
import type { ZApiOperation } from '../types';
import { chatProperty, readChat } from './modifyChat';

export const getChatNotes: ZApiOperation = {
	value: 'getChatNotes',
	name: 'Get Notes',
	action: 'Get the notes of a chat',
	description: 'Read the note kept on a chat (WhatsApp Business): its text and when it was written and last changed',
	orderedBy: 'phone',
	properties: [chatProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const phone = readChat.call(this, itemIndex);
		// The service has no call of its own to read notes: the chat's metadata carries them as
		// `notes` {id, content, createdAt, lastUpdateAt} (docs/chats/get-metadata-chat.md).
		const answer = firstRecord(await zApiRequest.call(this, { method: 'GET', path: `/chats/${encodeURIComponent(phone)}`, itemIndex }));
		const notes = answer.notes && typeof answer.notes === 'object' && !Array.isArray(answer.notes) ? (answer.notes as IDataObject) : undefined;
		// A chat without a note: `notes` absent or null; content is empty, not missing.
		return [{ phone, content: typeof notes?.content === 'string' ? notes.content : '', notes: notes ?? null }];
	},
};
