import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { firstRecord, zApiRequest } from '../../../shared/transport';
import { CHAT, outputRecords, withSimplify } from '../outputs';
import { chatProperty, readChat } from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';

export const getChatMetadata: ZApiOperation = {
	value: 'getChatMetadata',
	name: 'Get Metadata',
	action: 'Get details of a chat',
	description: "Read one chat's details: name, unread count, muted and archived flags, profile about text and picture",
	orderedBy: 'phone',
	properties: withSimplify([chatProperty]),
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readChat.call(this, itemIndex, read);
		// The docs write both /chat/{phone} and /chats/{phone}; the URL section's plural is used.
		const response = await zApiRequest.call(this, { method: 'GET', path: `/chats/${encodeURIComponent(phone)}`, itemIndex });
		return outputRecords.call(this, itemIndex, [{ phone, ...firstRecord(response) }], CHAT);
	},
};
