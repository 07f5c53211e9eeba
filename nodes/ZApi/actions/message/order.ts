import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import { currencyProperty, delayMessageOption, optionalFields, phoneProperty, readChat, readMessageId, readOptions, requireText } from '../parameters';
import type { ItemRead, ZApiOperation } from '../types';
import { rowsOf, rowsProperty, sendMessage } from './helpers';

/*
 * Order messages of a WhatsApp Business account (docs/message/send-order.md,
 * update-order-status.md, update-order-payment.md): the order is sent once, then its status
 * and payment are updated by further messages that name it, each carrying the whole order again.
 */

export const ORDER_HINT =
	"Orders can be sent only by a WhatsApp Business account: check that the instance's phone uses WhatsApp Business and that the instance is connected.";

/** docs/message/update-order-status.md: the order's statuses. */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'completed', 'canceled'] as const;
/** docs/message/update-order-payment.md: the payment's statuses. */
export const PAYMENT_STATUSES = ['pending', 'paid'] as const;
/** docs/message/send-order.md: the kinds of Pix key. */
const PIX_KEY_TYPES = ['cpf', 'cnpj', 'phone', 'email', 'randomKey'] as const;

const titleOf = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

const ORDER_STATUS_WORDS: Record<(typeof ORDER_STATUSES)[number], string> = {
	pending: 'The order waits to be taken on',
	processing: 'The order is being prepared',
	shipped: 'The order is on its way',
	completed: 'The order is delivered',
	canceled: 'The order is canceled',
};

export const orderStatusProperty = (description: string): INodeProperties => ({
	displayName: 'Order Status',
	name: 'orderStatus',
	type: 'options',
	options: ORDER_STATUSES.map((value) => ({ name: titleOf(value), value, description: ORDER_STATUS_WORDS[value] })),
	default: 'processing',
	description,
});

export const paymentStatusProperty = (description: string): INodeProperties => ({
	displayName: 'Payment Status',
	name: 'paymentStatus',
	type: 'options',
	options: PAYMENT_STATUSES.map((value) => ({ name: titleOf(value), value, description: value === 'paid' ? 'The order is paid' : 'The payment is still due' })),
	default: 'pending',
	description,
});

const currencyOfAmounts: INodeProperties = { ...currencyProperty, description: 'Currency code of the amounts, in three letters (BRL, USD, EUR)' };

/** The products of an order: Send Order may leave the product ID out (a custom product), an update names each one. */
function productsProperty(updating: boolean): INodeProperties {
	const productId: INodeProperties = {
		displayName: 'Product ID',
		name: 'productId',
		type: 'string',
		default: '',
		placeholder: updating ? 'custom-item-4N8FCTW23N7' : '23940797548900636',
		description: updating
			? "The product's ID as the order's delivery gives it ('products' of a Z-API Trigger item for the order): a catalog product's ID, or custom-item-… for a product made up in the order"
			: 'ID of a product of the catalog (Product → Get Many outputs it). Empty: a product made up for this order; WhatsApp gives it an ID (custom-item-…) that the order\'s delivery carries.',
	};
	return rowsProperty(
		{ displayName: 'Products', name: 'products', placeholder: 'Add product', description: updating ? 'The products of the order, as they were sent' : 'The products of the order' },
		{
			displayName: 'Product',
			name: 'product',
			description: 'One product of the order',
			values: [
				{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Name of the product' },
				productId,
				{ displayName: 'Quantity', name: 'quantity', type: 'number', typeOptions: { minValue: 1 }, default: 1, description: 'How many units' },
				{ displayName: 'Unit Price', name: 'value', type: 'number', typeOptions: { minValue: 0, numberPrecision: 2 }, default: 0, description: 'Price of one unit, in Currency' },
			],
		},
	);
}

/** Discount, tax and shipping: optional amounts of the order (docs/message/send-order.md). */
const ORDER_AMOUNTS: Array<{ name: string; displayName: string; description: string }> = [
	{ name: 'discount', displayName: 'Discount', description: 'Amount taken off the order, in Currency' },
	{ name: 'shipping', displayName: 'Shipping', description: 'Shipping cost, in Currency' },
	{ name: 'tax', displayName: 'Tax', description: 'Tax amount, in Currency' },
];

const amountOptions: INodeProperties[] = ORDER_AMOUNTS.map(({ name, displayName, description }) => ({
	displayName,
	name,
	type: 'number',
	typeOptions: { minValue: 0, numberPrecision: 2 },
	default: 0,
	description,
}));

/** The parameters of the order itself, after the chat (and, for an update, the order's references). */
export function orderProperties(updating: boolean): INodeProperties[] {
	return [currencyOfAmounts, productsProperty(updating)];
}

/** Send Order's options: the amounts, the payment settings and the delay. */
export const sendOrderOptions: INodeProperties = optionsProperty([
	{ displayName: 'Accept Card Payment', name: 'cardEnabled', type: 'boolean', default: false, description: 'Whether the person can pay by card (card payment must be set up in the WhatsApp app of the phone)' },
	delayMessageOption,
	...amountOptions,
	{ displayName: 'Pix Key', name: 'pixKey', type: 'string', default: '', description: 'Pix key the person pays to; Pix Key Type is needed with it' },
	{ displayName: 'Pix Key Name', name: 'pixName', type: 'string', default: '', description: 'Name shown for the Pix key' },
	{
		displayName: 'Pix Key Type',
		name: 'pixKeyType',
		type: 'options',
		options: [
			{ name: 'CNPJ', value: 'cnpj', description: 'A company registration number' },
			{ name: 'CPF', value: 'cpf', description: 'A personal taxpayer number' },
			{ name: 'Email', value: 'email', description: 'An email address' },
			{ name: 'Phone', value: 'phone', description: 'A phone number' },
			{ name: 'Random Key', value: 'randomKey', description: 'A random key made by the bank' },
		],
		default: 'cpf',
		description: 'What kind of Pix key Pix Key is',
	},
]);

/** An update's options: the amounts sent with the order, a text and the delay. */
export const updateOrderOptions: INodeProperties = optionsProperty([
	delayMessageOption,
	...amountOptions,
	{ displayName: 'Message', name: 'message', type: 'string', typeOptions: { rows: 2 }, default: '', description: 'Text sent with the update' },
]);

/** A number the user gave, checked: finite, at least `min`, whole when asked. */
function amount(raw: unknown, field: string, min: number, whole = false): number {
	const value = typeof raw === 'number' ? raw : Number(String(raw ?? '').trim());
	if (raw === '' || raw === null || raw === undefined || !Number.isFinite(value) || value < min || (whole && !Number.isInteger(value))) {
		throw new InputError(
			`${field} must be ${whole ? 'a whole number' : 'a number'} of ${min} or more (got ${JSON.stringify(raw ?? null)})`,
			`Set ${field} to ${whole ? 'a whole number' : 'a number'} of ${min} or more.`,
		);
	}
	return value;
}

function readCurrency(raw: unknown): string {
	const text = String(raw ?? '').trim().toUpperCase();
	if (/^[A-Z]{3}$/.test(text)) return text;
	throw new InputError(`Currency '${String(raw ?? '')}' is not a currency code`, 'Give the three-letter code of the currency, for example BRL or USD.');
}

/**
 * The order's products. An update names each by its ID, and says whether it was made up in
 * the order: docs/message/update-order-status.md's tip gives a made-up product an ID
 * prefixed custom-item- and isCustomItem true, so isCustomItem is read from the ID.
 */
function readProducts(raw: unknown, updating: boolean): IDataObject[] {
	const rows = rowsOf(raw, 'product', 'Products', 'Add at least one product with a name, a quantity and a unit price.');
	return rows.map((row, index) => {
		const where = `product ${index + 1}`;
		const name = String(row.name ?? '').trim();
		if (!name) throw new InputError(`Name of ${where} is empty`, 'Fill in Name of every product, or remove the product.');
		const productId = String(row.productId ?? '').trim();
		if (updating && !productId) {
			throw new InputError(
				`Product ID of ${where} is empty`,
				"An update names every product by its ID: map 'productId' from the products of the order's delivery (a Z-API Trigger item), custom-item-… for a product made up in the order.",
			);
		}
		const product: IDataObject = {
			...(productId && !updating ? { productId } : {}),
			name,
			value: amount(row.value, `Unit Price of ${where}`, 0),
			quantity: amount(row.quantity, `Quantity of ${where}`, 1, true),
		};
		return updating ? { ...product, productId, isCustomItem: productId.startsWith('custom-item-') } : product;
	});
}

/** The `order` object: currency, the amounts given, the products. */
export function readOrder(this: IExecuteFunctions, itemIndex: number, options: IDataObject, updating: boolean): IDataObject {
	const order: IDataObject = { currency: readCurrency(this.getNodeParameter('currency', itemIndex)) };
	for (const { name, displayName } of ORDER_AMOUNTS) {
		if (options[name] !== undefined) order[name] = amount(options[name], displayName, 0);
	}
	order.products = readProducts(this.getNodeParameter('products', itemIndex, {}), updating);
	return order;
}

/**
 * docs/message/send-order.md lists paymentSettings among the required fields, but its
 * "only required parameters" example and json-examples/send-order.json send none: the
 * examples are followed, and paymentSettings goes only when Pix or card payment is set.
 */
export function paymentSettings(options: IDataObject): IDataObject | undefined {
	const settings: IDataObject = {};
	const key = String(options.pixKey ?? '').trim();
	const name = String(options.pixName ?? '').trim();
	if (key) {
		const keyType = String(options.pixKeyType ?? '');
		if (!(PIX_KEY_TYPES as readonly string[]).includes(keyType)) {
			throw new InputError(`Pix Key Type '${keyType}' is not one Z-API knows`, `Pick one of ${PIX_KEY_TYPES.join(', ')}.`);
		}
		settings.pix = { key, keyType, ...(name ? { name } : {}) };
	} else if (name) {
		throw new InputError('Pix Key Name is set without a Pix Key', 'Give the Pix Key (and its type) the person pays to, or remove Pix Key Name.');
	}
	if (options.cardEnabled === true) settings.card = { enabled: true };
	return Object.keys(settings).length ? settings : undefined;
}

/** What tells the status update from the payment update. */
interface OrderUpdate {
	value: string;
	name: string;
	action: string;
	description: string;
	path: string;
	/** The parameter that changes, shown first, and the one that says how things stand. */
	changes: 'orderStatus' | 'paymentStatus';
}

const orderReferenceProperties: INodeProperties[] = [
	{
		displayName: 'Order Message ID',
		name: 'messageId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '3EB0F91BBA791BB0A787FC',
		description: "ID of the order's message: 'messageId' of Send Order's output, or of the Z-API Trigger item for the order",
	},
	{
		displayName: 'Reference ID',
		name: 'referenceId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '4N8FCTW1WM6',
		description: "The order's reference: 'referenceId' of the Z-API Trigger item for the order",
	},
	{
		displayName: 'Order Request ID',
		name: 'orderRequestId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '4N8FCTW22W4',
		description: "The order's request reference: 'orderRequestId' of the Z-API Trigger item for the order",
	},
];

/** Update Order Status and Update Order Payment: the same body, one status changing. */
export function orderUpdate(update: OrderUpdate): ZApiOperation {
	const statuses =
		update.changes === 'orderStatus'
			? [orderStatusProperty('The new status of the order'), paymentStatusProperty("How the payment stands: 'paymentStatus' of the order's latest delivery")]
			: [paymentStatusProperty('The new status of the payment'), orderStatusProperty("How the order stands: 'orderStatus' of the order's latest delivery")];
	return {
		value: update.value,
		name: update.name,
		action: update.action,
		description: update.description,
		orderedBy: 'phone',
		properties: [
			{ ...phoneProperty, description: "Who got the order: the phone it was sent to. For a Z-API Trigger item, its 'phone' field." },
			...orderReferenceProperties,
			...statuses,
			{
				displayName: 'The service needs the whole order again with every update: its currency, products and amounts as they were sent.',
				name: 'wholeOrderNotice',
				type: 'notice',
				default: '',
				description: 'What an update carries',
			},
			...orderProperties(true),
			updateOrderOptions,
		],
		async execute(this: IExecuteFunctions, itemIndex: number, read?: ItemRead): Promise<IDataObject[]> {
			const phone = readChat.call(this, itemIndex, read);
			const messageId = readMessageId.call(this, itemIndex, 'messageId', 'Order Message ID');
			const fromDelivery = (name: string, field: string) =>
				requireText(this.getNodeParameter(name, itemIndex), field, `Map '${name}' from the Z-API Trigger item for the order (its delivery carries it).`);
			const referenceId = fromDelivery('referenceId', 'Reference ID');
			const orderRequestId = fromDelivery('orderRequestId', 'Order Request ID');
			const orderStatus = oneOf(this.getNodeParameter('orderStatus', itemIndex), ORDER_STATUSES, 'Order Status');
			const paymentStatus = oneOf(this.getNodeParameter('paymentStatus', itemIndex), PAYMENT_STATUSES, 'Payment Status');
			const options = readOptions.call(this, itemIndex);
			const order = readOrder.call(this, itemIndex, options, true);
			const text = String(options.message ?? '').trim();
			const body: IDataObject = {
				phone,
				messageId,
				...(text ? { message: text } : {}),
				referenceId,
				orderRequestId,
				orderStatus,
				paymentStatus,
				order,
				...optionalFields(options),
			};
			const [output] = await sendMessage.call(this, itemIndex, {
				path: update.path,
				body,
				phone,
				tried: `update the ${update.changes === 'orderStatus' ? 'status' : 'payment'} of order ${referenceId} to ${update.changes === 'orderStatus' ? orderStatus : paymentStatus}`,
				hint: `${ORDER_HINT} Order Message ID, Reference ID and Order Request ID must be those of the order's delivery.`,
			});
			return [{ ...output, referenceId, orderStatus, paymentStatus }];
		},
	};
}

function oneOf<T extends string>(raw: unknown, allowed: readonly T[], field: string): T {
	const value = String(raw ?? '').trim();
	if ((allowed as readonly string[]).includes(value)) return value as T;
	throw new InputError(`${field} '${value}' is not one Z-API knows`, `Pick one of ${allowed.join(', ')}.`);
}
