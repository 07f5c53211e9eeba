import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ZApiOperation } from '../types';
import { notifySentByMeProperty, putWebhookSetting } from './helpers';

export const setSentByMe: ZApiOperation = {
	value: 'setSentByMe',
	name: 'Set Sent by Me Notifications',
	action: 'Turn sent by me notifications on or off',
	description: 'Choose whether the messages this instance sends also arrive at the received messages webhook',
	properties: [notifySentByMeProperty],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const notifySentByMe = this.getNodeParameter('notifySentByMe', itemIndex, true) === true;
		// docs/webhooks/update-notify-sent-by-me.md: PUT {notifySentByMe}.
		await putWebhookSetting.call(this, itemIndex, {
			path: '/update-notify-sent-by-me',
			body: { notifySentByMe },
			tried: `turn ${notifySentByMe ? 'on' : 'off'} notifications of messages sent by the instance`,
		});
		return [{ success: true, notifySentByMe }];
	},
};
