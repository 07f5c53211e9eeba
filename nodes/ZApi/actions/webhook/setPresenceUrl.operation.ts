import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { setWebhookUrl, webhookUrlProperty } from './helpers';

export const setPresenceUrl: ZApiOperation = {
	value: 'setPresenceUrl',
	name: 'Set Chat Presence URL',
	action: 'Set the chat presence URL',
	description: 'Set the https address that receives chat presence: a contact online, typing or recording audio, and when last seen',
	properties: [webhookUrlProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return await setWebhookUrl.call(this, itemIndex, 'chatPresence');
	},
};
