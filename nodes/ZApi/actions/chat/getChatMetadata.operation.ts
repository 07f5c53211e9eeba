import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { firstRecord } from '../../../shared/transport';
import { getFromEitherPath } from '../eitherPath';
import { CHAT, outputRecords, withSimplify } from '../outputs';
import { chatProperty, readChat } from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';
import { chatPaths } from './helpers';

export const getChatMetadata: ZApiOperation = {
	value: 'getChatMetadata',
	name: 'Get Metadata',
	action: 'Get details of a chat',
	description: "Read one chat's details: name, unread count, muted and archived flags, profile about text and picture",
	orderedBy: 'phone',
	properties: withSimplify([chatProperty]),
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readChat.call(this, itemIndex, read);
		const response = await getFromEitherPath.call(this, itemIndex, chatPaths(phone));
		return outputRecords.call(this, itemIndex, [{ phone, ...firstRecord(response) }], CHAT);
	},
};
