import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InputError, listEntries, requireWebUrl } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import { firstRecord, requireAccepted, zApiRequest } from '../../../shared/transport';
import { currencyProperty, requireText } from '../parameters';
import type { ZApiOperation } from '../types';
import { CATALOG_HINT, readSwitch } from './helpers';

/*
 * docs/business/edit-product.md: POST /products, answering {id}. The page marks every field
 * required and sends `images` as a list, `price` and `salePrice` as numbers, `isHidden` as a
 * boolean and `retailerId`. Its json-example sends `images` as one text, the numbers and the
 * boolean as texts, `integrationId` instead of `retailerId` and no `salePrice`: the page is
 * followed for the types and names (the listing pages answer `images` as a list too), the
 * json-example for what may be left out (sale price, retailer ID, URL), as the listings show
 * products with `retailerId: null`. The page says the call creates and updates, and names
 * `retailerId` the product's ID: it is how a product is updated.
 */

const imageUrlsHint = 'Give one or more public image addresses (https://…) separated by commas, or an expression returning a list.';

const optionFields: INodeProperties[] = [
	{
		displayName: 'Product URL',
		name: 'url',
		type: 'string',
		default: '',
		placeholder: 'https://example.com/products/mouse',
		description: 'A web page of the product, linked from it in the catalog',
	},
	{
		displayName: 'Retailer ID',
		name: 'retailerId',
		type: 'string',
		default: '',
		placeholder: '002',
		description: "Your own code for the product (SKU). Z-API's page names it the product's ID: give the same one to update a product.",
	},
	{
		displayName: 'Sale Price',
		name: 'salePrice',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description: 'A promotional price, shown beside the price, in the same currency',
	},
];

export const createOrUpdate: ZApiOperation = {
	value: 'createOrUpdate',
	name: 'Create or Update',
	action: 'Create or update a product of the catalog',
	description: "Add a product to the instance's WhatsApp Business catalog, or update it (matched by its Retailer ID); outputs the product's ID",
	properties: [
		{
			displayName: 'Name',
			name: 'productName',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'Mouse',
			description: 'The name of the product, as the catalog shows it',
		},
		{
			displayName: 'Description',
			name: 'productDescription',
			type: 'string',
			typeOptions: { rows: 3 },
			required: true,
			default: '',
			description: 'The description of the product, as the catalog shows it',
		},
		{
			displayName: 'Price',
			name: 'price',
			type: 'number',
			typeOptions: { minValue: 0 },
			required: true,
			default: 0,
			description: "The product's price in the currency below (Z-API's example sends 20)",
		},
		{ ...currencyProperty, description: 'The three-letter code of the currency of the prices, for example BRL or USD' },
		{
			displayName: 'Image URLs',
			name: 'imageUrls',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://example.com/mouse.jpg',
			description: 'Public addresses of the pictures of the product, separated by commas (or an expression returning a list)',
		},
		{
			displayName: 'Hidden',
			name: 'isHidden',
			type: 'boolean',
			default: false,
			description: 'Whether the product is hidden from customers in the catalog',
		},
		optionsProperty(optionFields),
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const body = readProductFields.call(this, itemIndex);
		const response = await zApiRequest.call(this, { method: 'POST', path: '/products', body, itemIndex });
		requireAccepted(this.getNode(), response, 'noRefusal', { tried: `save the product '${String(body.name)}'`, hint: CATALOG_HINT, itemIndex });
		const id = firstRecord(response).id;
		if ((typeof id !== 'string' && typeof id !== 'number') || id === '') {
			throw new NodeOperationError(this.getNode(), `Z-API did not save the product '${String(body.name)}'`, {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. ${CATALOG_HINT}`,
			});
		}
		return [{ id: String(id), ...body }];
	},
};

/** The body of POST /products, in the page's order, checked before any request. */
function readProductFields(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const name = requireText(this.getNodeParameter('productName', itemIndex), 'Name', 'Give the name of the product.');
	const description = requireText(this.getNodeParameter('productDescription', itemIndex), 'Description', 'Give the description of the product.');
	const price = readPrice(this.getNodeParameter('price', itemIndex), 'Price');
	const currency = String(this.getNodeParameter('currency', itemIndex) ?? '').trim().toUpperCase();
	if (!/^[A-Z]{3}$/.test(currency)) {
		throw new InputError(
			currency ? `Currency '${currency.slice(0, 20)}' is not a currency code` : 'Currency is empty',
			'Give the three-letter code of the currency (ISO 4217), for example BRL, USD or EUR.',
		);
	}
	const images = listEntries(this.getNodeParameter('imageUrls', itemIndex), 'Image URLs', imageUrlsHint);
	if (!images.length) throw new InputError('Image URLs is empty', imageUrlsHint);
	// Checked as web addresses, sent as given.
	for (const image of images) requireWebUrl(image, 'Image URL', 'image');
	const isHidden = readSwitch(this.getNodeParameter('isHidden', itemIndex, false), 'Hidden');
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const salePrice = options.salePrice === undefined || options.salePrice === '' ? undefined : readPrice(options.salePrice, 'Sale Price');
	const retailerId = String(options.retailerId ?? '').trim();
	const url = String(options.url ?? '').trim();
	if (url) requireWebUrl(url, 'Product URL', 'page');
	return {
		currency,
		description,
		images,
		isHidden,
		name,
		price,
		...(salePrice === undefined ? {} : { salePrice }),
		...(retailerId ? { retailerId } : {}),
		...(url ? { url } : {}),
	};
}

function readPrice(raw: unknown, field: string): number {
	const price = typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : raw;
	if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) {
		throw new InputError(`${field} must be a number of 0 or more (got ${JSON.stringify(raw)})`, `Set ${field} to the amount in the product's currency, for example 20.`);
	}
	return price;
}
