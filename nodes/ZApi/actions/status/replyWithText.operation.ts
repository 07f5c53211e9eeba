import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ItemRead, ZApiOperation } from '../types';
import { readStatusText, replyToStatus, statusMessageIdProperty, statusPhoneProperty, statusTextProperty } from './helpers';

export const replyWithText: ZApiOperation = {
	value: 'replyWithText',
	name: 'Reply With Text',
	action: 'Reply to a status with text',
	description: "Answer someone's status with a text message; it arrives in the chat with that person, quoting the status",
	orderedBy: 'phone',
	properties: [statusPhoneProperty, statusMessageIdProperty, { ...statusTextProperty, description: 'The text of the reply' }],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		return await replyToStatus.call(this, itemIndex, {
			path: '/reply-status-text',
			what: 'a text',
			fields: () => ({ message: readStatusText.call(this, itemIndex) }),
		}, read);
	},
};
