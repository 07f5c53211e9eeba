import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireWebUrl } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import type { ItemRead, ZApiOperation } from '../types';
import { sendMessage } from './helpers';
import { answeringPhoneProperty, readAnsweredChat } from '../answeredChat';
import { delayMessageOption, optionalFields, readOptions, requireText } from '../parameters';

export const sendCopyCodeButton: ZApiOperation = {
	value: 'sendCopyCodeButton',
	name: 'Send Copy Code Button',
	action: 'Send a code with a copy button',
	description: 'Send a text with a button that copies a code, such as a one-time password (OTP), a coupon or a tracking number',
	orderedBy: 'phone',
	answersChat: true,
	properties: [
		answeringPhoneProperty,
		{ displayName: 'Message', name: 'message', type: 'string', typeOptions: { rows: 2 }, required: true, default: '', description: 'Text shown with the button' },
		{ displayName: 'Code', name: 'code', type: 'string', required: true, default: '', placeholder: '482913', description: 'The value the button copies' },
		optionsProperty([
			{ displayName: 'Button Text', name: 'buttonText', type: 'string', default: '', description: "Text on the button; 'Copiar código' when empty" },
			delayMessageOption,
			{ displayName: 'Image URL', name: 'image', type: 'string', default: '', placeholder: 'https://example.com/logo.png', description: 'Public http(s) address of an image shown with the message' },
		]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readAnsweredChat.call(this, itemIndex, read);
		const options = readOptions.call(this, itemIndex);
		// docs/message/send-button-otp.md takes the image as a URL or base64; the node offers the URL.
		const image = String(options.image ?? '').trim();
		const body: IDataObject = {
			phone,
			message: requireText(this.getNodeParameter('message', itemIndex), 'Message', 'Write the text shown with the button.'),
			code: requireText(this.getNodeParameter('code', itemIndex), 'Code', 'Give the value the button should copy.'),
			...(image ? { image: requireWebUrl(image, 'Image URL', 'image') } : {}),
			...optionalFields(options, { buttonText: 'buttonText' }),
		};
		return await sendMessage.call(this, itemIndex, { path: '/send-button-otp', body, phone, tried: `send a copy-code button to ${phone}` });
	},
};
