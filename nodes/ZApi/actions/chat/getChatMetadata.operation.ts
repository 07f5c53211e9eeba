import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { zApiRequest } from '../../../shared/transport';
import { firstRecord } from '../answers';
import { CHAT, outputRecords, withSimplify } from '../outputs';
import type { ZApiOperation } from '../types';
import { chatProperty, readChat } from './modifyChat';

export const getChatMetadata: ZApiOperation = {
	value: 'getChatMetadata',
	name: 'Get Metadata',
	action: 'Get details of a chat',
	description: "Read one chat's details: name, unread count, muted and archived flags, profile about text and picture",
	properties: withSimplify([chatProperty]),
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const phone = readChat.call(this, itemIndex);
		// The docs write both /chat/{phone} and /chats/{phone}; the URL section's plural is used.
		const answer = await zApiRequest.call(this, { method: 'GET', path: `/chats/${encodeURIComponent(phone)}`, itemIndex });
		return outputRecords.call(this, itemIndex, [{ phone, ...firstRecord(answer) }], CHAT);
	},
};
