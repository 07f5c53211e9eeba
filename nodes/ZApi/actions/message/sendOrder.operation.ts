import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { answeringPhoneProperty, readAnsweredChat } from '../answeredChat';
import { optionalFields, readOptions } from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';
import { sendMessage } from './helpers';
import { ORDER_HINT, orderProperties, paymentSettings, readOrder, sendOrderOptions } from './order';

// docs/message/send-order.md
export const sendOrder: ZApiOperation = {
	value: 'sendOrder',
	name: 'Send Order',
	action: 'Send an order to review and pay',
	description: 'Send an order with its products and amounts for the person to review and pay (WhatsApp Business only); its delivery carries the IDs its updates need',
	orderedBy: 'phone',
	answersChat: true,
	properties: [answeringPhoneProperty, ...orderProperties(false), sendOrderOptions],
	async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
		const phone = readAnsweredChat.call(this, itemIndex, read);
		const options = readOptions.call(this, itemIndex);
		const order = readOrder.call(this, itemIndex, options, false);
		const payment = paymentSettings(options);
		const body: IDataObject = { phone, order, ...(payment ? { paymentSettings: payment } : {}), ...optionalFields(options) };
		return await sendMessage.call(this, itemIndex, { path: '/send-order', body, phone, tried: `send an order to ${phone}`, hint: ORDER_HINT });
	},
};
