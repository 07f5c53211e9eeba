import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireWebUrl } from '../../../shared/input';
import type { ItemRead, ZApiOperation } from '../types';
import { answeringPhoneProperty, readAnsweredChat } from '../answeredChat';
import { optionalFields, readOptions, requireText, textMessageOptions } from '../parameters';
import { sendMessage } from './helpers';

export const sendLink: ZApiOperation = {
	value: 'sendLink',
	name: 'Send Link',
	action: 'Send a link with a preview',
	description: 'Send a text with a link and its preview (image, title, description)',
	orderedBy: 'phone',
	answersChat: true,
	properties: [
		answeringPhoneProperty,
		{ displayName: 'Link URL', name: 'linkUrl', type: 'string', required: true, default: '', placeholder: 'https://example.com/offer', description: 'Address the link opens' },
		{
			displayName: 'Message',
			name: 'message',
			type: 'string',
			typeOptions: { rows: 2 },
			required: true,
			default: '',
			description: 'Text of the message. Z-API wants it to end with the link: when it does not, the link is added at the end.',
		},
		{ displayName: 'Preview Title', name: 'title', type: 'string', required: true, default: '', description: 'Title of the preview' },
		{ displayName: 'Preview Description', name: 'linkDescription', type: 'string', required: true, default: '', description: 'Text under the preview title' },
		{ displayName: 'Preview Image URL', name: 'image', type: 'string', required: true, default: '', placeholder: 'https://example.com/preview.jpg', description: 'Public address of the preview image' },
		textMessageOptions([
			// Portuguese page only; sent only when chosen.
			{
				displayName: 'Preview Size',
				name: 'linkType',
				type: 'options',
				options: [
					{ name: 'Small', value: 'SMALL', description: 'A thumbnail beside the title' },
					{ name: 'Medium', value: 'MEDIUM', description: 'A medium image above the title' },
					{ name: 'Large', value: 'LARGE', description: 'A full-width image above the title' },
				],
				default: 'SMALL',
				description: 'Size of the preview',
			},
		]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readAnsweredChat.call(this, itemIndex, read);
		const linkUrl = requireWebUrl(this.getNodeParameter('linkUrl', itemIndex), 'Link URL', 'page');
		const given = String(this.getNodeParameter('linkUrl', itemIndex)).trim();
		const text = requireText(this.getNodeParameter('message', itemIndex), 'Message', 'Write the text that goes with the link.');
		// The docs ask for a message ending in the link; adding it beats a refused send.
		const message = text.endsWith(given) || text.endsWith(linkUrl) ? text : `${text} ${given}`;
		const body: IDataObject = {
			phone,
			message,
			image: requireWebUrl(this.getNodeParameter('image', itemIndex), 'Preview Image URL', 'image'),
			linkUrl: given,
			title: requireText(this.getNodeParameter('title', itemIndex), 'Preview Title', 'Give the title shown in the preview.'),
			linkDescription: requireText(this.getNodeParameter('linkDescription', itemIndex), 'Preview Description', 'Give the text shown under the preview title.'),
			...optionalFields(readOptions.call(this, itemIndex), { linkType: 'linkType' }),
		};
		return await sendMessage.call(this, itemIndex, { path: '/send-link', body, phone, tried: `send a link to ${phone}` });
	},
};
