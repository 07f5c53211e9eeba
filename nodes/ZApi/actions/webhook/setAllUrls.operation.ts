import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireHttpsUrl } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import type { ZApiOperation } from '../types';
import { webhookUrlProperty, notifySentByMeProperty, putWebhookSetting } from './helpers';

export const setAllUrls: ZApiOperation = {
	value: 'setAllUrls',
	name: 'Set All URLs',
	action: 'Set one URL for every webhook',
	description:
		'Point every webhook of the instance (received, message status, send result, connected, disconnected, chat presence) at one https address, replacing the addresses set before',
	properties: [
		{ ...webhookUrlProperty, description: 'Absolute https address Z-API will POST every event of the instance to (Z-API refuses http). It replaces every webhook address set before, in n8n or in the Z-API panel.' },
		optionsProperty([notifySentByMeProperty]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const url = requireHttpsUrl(this.getNodeParameter('url', itemIndex), 'Webhook URL');
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		// docs/webhooks/update-every-webhooks.md: {value, notifySentByMe?}; the flag is sent only when chosen.
		const sentByMe = options.notifySentByMe === undefined ? {} : { notifySentByMe: options.notifySentByMe === true };
		await putWebhookSetting.call(this, itemIndex, { path: '/update-every-webhooks', body: { value: url, ...sentByMe }, tried: `set every webhook to ${url}` });
		return [{ webhook: 'all', url, success: true, ...sentByMe }];
	},
};
