import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireWebUrl } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import type { ItemRead, ZApiOperation } from '../types';
import { BUTTONS_DEPEND_ON_ACCOUNT, rowsOf, rowsProperty, sendMessage } from './helpers';
import { ACTION_BUTTON, actionButtons } from './sendButtonActions.operation';
import { answeringPhoneProperty, readAnsweredChat } from '../answeredChat';
import { delayMessageOption, optionalFields, readOptions, requireText } from '../parameters';

/** One card as the service takes it (docs/message/send-message-carousel.md): text, image, buttons if any. */
function cardOf(row: IDataObject, index: number): IDataObject {
	const text = requireText(row.text, `Text of card ${index + 1}`, 'Fill in Text of every card, or remove the card.');
	const image = requireWebUrl(row.image, `Image URL of card ${index + 1}`, 'image');
	const buttonRows = ((row.buttons as IDataObject | undefined)?.button ?? []) as IDataObject[];
	if (!Array.isArray(buttonRows) || !buttonRows.length) return { text, image };
	return { text, image, buttons: actionButtons(buttonRows, (button) => `button ${button + 1} of card ${index + 1}`) };
}

export const sendCarousel: ZApiOperation = {
	value: 'sendCarousel',
	name: 'Send Carousel',
	action: 'Send a carousel of cards',
	description: `Send a text followed by cards the recipient swipes through, each with an image, a text and optional buttons. ${BUTTONS_DEPEND_ON_ACCOUNT}.`,
	orderedBy: 'phone',
	answersChat: true,
	properties: [
		answeringPhoneProperty,
		{ displayName: 'Message', name: 'message', type: 'string', typeOptions: { rows: 2 }, required: true, default: '', description: 'Text shown above the cards' },
		rowsProperty(
			{ displayName: 'Cards', name: 'cards', placeholder: 'Add card', description: 'The cards, in the order they are swiped' },
			{
				displayName: 'Card',
				name: 'card',
				description: 'One card',
				values: [
					{
						displayName: 'Buttons',
						name: 'buttons',
						type: 'fixedCollection',
						typeOptions: { multipleValues: true },
						default: {},
						placeholder: 'Add button',
						description: 'Buttons under the card (optional)',
						options: [ACTION_BUTTON],
					},
					{ displayName: 'Image URL', name: 'image', type: 'string', default: '', placeholder: 'https://example.com/product.jpg', description: 'Public http(s) address of the image on the card' },
					{ displayName: 'Text', name: 'text', type: 'string', default: '', description: 'Text of the card' },
				],
			},
		),
		optionsProperty([delayMessageOption]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readAnsweredChat.call(this, itemIndex, read);
		const message = requireText(this.getNodeParameter('message', itemIndex), 'Message', 'Write the text shown above the cards.');
		const rows = rowsOf(this.getNodeParameter('cards', itemIndex, {}), 'card', 'Cards', 'Add at least one card with a text and an image URL.');
		const body: IDataObject = { phone, message, carousel: rows.map(cardOf), ...optionalFields(readOptions.call(this, itemIndex)) };
		return await sendMessage.call(this, itemIndex, { path: '/send-carousel', body, phone, tried: `send a carousel to ${phone}` });
	},
};
