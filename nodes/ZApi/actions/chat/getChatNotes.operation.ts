import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { firstRecord } from '../../../shared/transport';
import { getFromEitherPath } from '../eitherPath';
import type { ItemRead, ZApiOperation } from '../types';
import { chatProperty, readChat } from '../parameters';
import { chatPaths } from './helpers';

export const getChatNotes: ZApiOperation = {
	value: 'getChatNotes',
	name: 'Get Notes',
	action: 'Get the notes of a chat',
	description: 'Read the note kept on a chat (WhatsApp Business): its text and when it was written and last changed',
	orderedBy: 'phone',
	properties: [chatProperty],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readChat.call(this, itemIndex, read);
		// The service has no call of its own to read notes: the chat's metadata carries them as
		// `notes` {id, content, createdAt, lastUpdateAt} (docs/chats/get-metadata-chat.md).
		const response = firstRecord(await getFromEitherPath.call(this, itemIndex, chatPaths(phone)));
		const notes = response.notes && typeof response.notes === 'object' && !Array.isArray(response.notes) ? (response.notes as IDataObject) : undefined;
		// A chat without a note: `notes` absent or null; content is empty, not missing.
		return [{ phone, content: typeof notes?.content === 'string' ? notes.content : '', notes: notes ?? null }];
	},
};
