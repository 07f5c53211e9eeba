import { orderUpdate } from './order';

// docs/message/update-order-status.md
export const updateOrderStatus = orderUpdate({
	value: 'updateOrderStatus',
	name: 'Update Order Status',
	action: 'Update the status of an order',
	description: 'Tell the person their order is pending, processing, shipped, completed or canceled (WhatsApp Business only)',
	path: '/order-status-update',
	changes: 'orderStatus',
});
