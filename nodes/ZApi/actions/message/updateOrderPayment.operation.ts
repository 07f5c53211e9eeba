import { orderUpdate } from './order';

// docs/message/update-order-payment.md
export const updateOrderPayment = orderUpdate({
	value: 'updateOrderPayment',
	name: 'Update Order Payment',
	action: 'Update the payment of an order',
	description: 'Tell the person the payment of their order is pending or paid (WhatsApp Business only)',
	path: '/order-payment-update',
	changes: 'paymentStatus',
});
