/** Orders and events: what each refuses before any request, and the bodies beyond the documented examples. */
import type { IDataObject } from 'n8n-workflow';

import { INSTANCE_PATH, runAction } from '../../../../helpers/engine';
import { anyCall, api } from '../../../../helpers/operationExamples';
import { DOCS_SENT, EXAMPLES, GROUP, ORDER_PHONE, ORDER_UPDATE, PHONE } from './examples';

const run = (operation: string, extra: IDataObject = {}) => runAction({ resource: 'message', operation, ...EXAMPLES[operation].parameters, ...extra });
const product = (row: IDataObject) => ({ products: { product: [row] } });

describe('Orders and events: refusals before any request', () => {
	it.each([
		['sendOrder', 'no products', { products: {} }, 'Products is empty', /at least one product/],
		['sendOrder', 'a product without a name', product({ name: ' ', value: 1, quantity: 1 }), 'Name of product 1 is empty', /every product/],
		['sendOrder', 'a quantity of 0', product({ name: 'Cake', value: 1, quantity: 0 }), 'Quantity of product 1 must be a whole number of 1 or more (got 0)', /whole number/],
		['sendOrder', 'half a unit', product({ name: 'Cake', value: 1, quantity: 1.5 }), 'Quantity of product 1 must be a whole number of 1 or more (got 1.5)', /whole number/],
		['sendOrder', 'a negative price', product({ name: 'Cake', value: -3, quantity: 1 }), 'Unit Price of product 1 must be a number of 0 or more (got -3)', /number of 0 or more/],
		['sendOrder', 'a price that is not a number', product({ name: 'Cake', value: 'ten', quantity: 1 }), 'Unit Price of product 1 must be a number of 0 or more (got "ten")', /number/],
		['sendOrder', 'a currency that is not a code', { currency: 'reais' }, "Currency 'reais' is not a currency code", /three-letter/],
		['sendOrder', 'a negative discount', { options: { discount: -1 } }, 'Discount must be a number of 0 or more (got -1)', /Discount/],
		['sendOrder', 'a Pix name without a key', { options: { pixName: 'Shop' } }, 'Pix Key Name is set without a Pix Key', /Pix Key/],
		['sendOrder', 'a Pix key of an unknown type', { options: { pixKey: 'k', pixKeyType: 'iban' } }, "Pix Key Type 'iban' is not one Z-API knows", /randomKey/],
		['updateOrderStatus', 'a product without its ID', product({ name: 'Cake', value: 1, quantity: 1 }), 'Product ID of product 1 is empty', /custom-item/],
		['updateOrderStatus', 'no reference', { referenceId: ' ' }, 'Reference ID is empty', /referenceId/],
		['updateOrderStatus', 'no order request', { orderRequestId: '={{ $json.nothing }}' }, 'Order Request ID is empty', /orderRequestId/],
		['updateOrderStatus', 'no order message', { messageId: '={{ $json.nothing }}' }, 'Order Message ID is empty', /messageId/],
		['updateOrderStatus', 'a status Z-API does not know', { orderStatus: '={{ "lost" }}' }, "Order Status 'lost' is not one Z-API knows", /shipped/],
		['updateOrderPayment', 'a payment status Z-API does not know', { paymentStatus: '={{ "refunded" }}' }, "Payment Status 'refunded' is not one Z-API knows", /paid/],
		['sendEvent', 'a phone instead of a group', { phone: PHONE }, `Send Event sends to a group, not to '${PHONE}'`, /120363019502650977-group/],
		['sendEvent', 'no name', { eventName: '={{ $json.nothing }}' }, 'Name is empty', /name of the event/],
		['sendEvent', 'no date', { dateTime: '={{ $json.nothing }}' }, 'Date and Time is empty', /ISO date/],
		['sendEvent', 'a date that is not one', { dateTime: 'next friday' }, "Date and Time 'next friday' is not a date", /ISO date/],
		['sendEvent', 'a time zone that is not an offset', { options: { timeZone: 'America/Sao_Paulo' } }, "Time Zone 'America/Sao_Paulo' is not a UTC offset", /UTC-3/],
		['editEvent', 'no event message', { eventMessageId: ' ' }, 'Event Message ID is empty', /messageId/],
		['answerEvent', 'an answer that is neither', { eventResponse: '={{ "maybe" }}' }, "Answer 'MAYBE' is not going or not going", /NOT_GOING/],
		['answerEvent', 'no event message', { eventMessageId: '={{ $json.nothing }}' }, 'Event Message ID is empty', /messageId/],
	])('%s refuses %s', async (operation, _what, change, message, hint) => {
		const scope = anyCall();
		const result = await run(operation, change);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(hint);
		expect(scope.pendingMocks()).toHaveLength(2);
	});
});

describe('Orders and events: bodies', () => {
	it('Send Order sends only what docs/message/send-order.md requires when no option is set', async () => {
		// The page's "Apenas parâmetros obrigatórios" example.
		const body = { phone: ORDER_PHONE, order: { currency: 'BRL', products: [{ name: 'Nome do produto', value: 150, quantity: 1 }] } };
		const scope = api().post(`${INSTANCE_PATH}/send-order`, body).reply(200, DOCS_SENT);
		const result = await run('sendOrder', { ...product({ name: 'Nome do produto', value: 150, quantity: 1, productId: '' }), options: {} });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('Send Order sends card payment alone when no Pix key is set', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/send-order`, (body) => JSON.stringify(body.paymentSettings) === JSON.stringify({ card: { enabled: true } }))
			.reply(200, DOCS_SENT);
		const result = await run('sendOrder', { options: { cardEnabled: true } });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('an order update marks as custom the products whose ID the order gave them (custom-item-…)', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/order-status-update`, (body) => body.order.products.map((p: IDataObject) => p.isCustomItem).join() === 'true,false' && body.message === undefined)
			.reply(200, DOCS_SENT);
		const result = await run('updateOrderStatus', { options: {} });
		expect(result.error).toBeUndefined();
		expect(ORDER_UPDATE.products.product).toHaveLength(2);
		expect(scope.isDone()).toBe(true);
	});

	it('Send Event sends a date picked in the editor as the example writes it, and canceled always', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/send-event`, { phone: GROUP, event: { name: 'Lunch', dateTime: '2030-01-31T12:00:00.000Z', canceled: false } })
			.reply(200, DOCS_SENT);
		const result = await run('sendEvent', { eventName: 'Lunch', dateTime: '2030-01-31T12:00:00Z', options: {} });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('Edit Event sends a cancellation', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/send-edit-event`, (body) => body.event.canceled === true && body.eventMessageId === '3EB058359730B7C2895C55')
			.reply(200, DOCS_SENT);
		const result = await run('editEvent', { options: { canceled: true } });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('Answer Event says Not Going', async () => {
		const scope = api()
			.post(`${INSTANCE_PATH}/send-event-response`, { phone: GROUP, eventMessageId: 'D2D612289D9E8F62307D72409A8D9DC3', eventResponse: 'NOT_GOING' })
			.reply(200, DOCS_SENT);
		const result = await run('answerEvent', { eventResponse: 'NOT_GOING' });
		expect(result.json[0]).toMatchObject({ eventResponse: 'NOT_GOING', messageId: 'D241XXXX732339502B68' });
		expect(scope.isDone()).toBe(true);
	});
});
