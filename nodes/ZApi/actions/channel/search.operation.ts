import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InputError, listEntries } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import { firstRecord, requireAccepted, zApiRequest } from '../../../shared/transport';
import { limitAlone } from '../paging';
import type { ZApiOperation } from '../types';

/** docs/newsletter/search-newsletter.md: the `view` filter's values. */
const VIEWS = ['RECOMMENDED', 'TRENDING', 'POPULAR', 'NEW'];

const COUNTRY_HINT = 'Give two-letter country codes (ISO 3166 alpha-2) separated by commas, for example BR, US, PT.';

export const search: ZApiOperation = {
	value: 'search',
	name: 'Search',
	action: 'Search for channels',
	description: "Find public WhatsApp channels by country, text and WhatsApp's lists (trending, popular, new, recommended); one output item per channel",
	properties: [
		{
			displayName: 'Country Codes',
			name: 'countryCodes',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'BR, US',
			description: 'Countries of the channels, as two-letter codes (ISO 3166 alpha-2) separated by commas, or an expression returning a list',
		},
		limitAlone,
		optionsProperty([
			{ displayName: 'Search Text', name: 'searchText', type: 'string', default: '', description: 'Text the channels must match' },
			{
				displayName: 'View',
				name: 'view',
				type: 'options',
				options: [
					{ name: 'New', value: 'NEW', description: "WhatsApp's list of new channels" },
					{ name: 'Popular', value: 'POPULAR', description: "WhatsApp's list of popular channels" },
					{ name: 'Recommended', value: 'RECOMMENDED', description: "WhatsApp's list of recommended channels" },
					{ name: 'Trending', value: 'TRENDING', description: "WhatsApp's list of trending channels" },
				],
				default: 'RECOMMENDED',
				description: "Which of WhatsApp's channel lists to search",
			},
		]),
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const countryCodes = [...new Set(listEntries(this.getNodeParameter('countryCodes', itemIndex), 'Country Codes', COUNTRY_HINT).map((code) => code.toUpperCase()))];
		if (!countryCodes.length) throw new InputError('Country Codes is empty', COUNTRY_HINT);
		const wrong = countryCodes.find((code) => !/^[A-Z]{2}$/.test(code));
		if (wrong) throw new InputError(`Country code '${wrong.slice(0, 20)}' is not a two-letter code`, COUNTRY_HINT);
		const limit = Number(this.getNodeParameter('limit', itemIndex));
		if (!Number.isInteger(limit) || limit < 1) {
			throw new InputError(`Limit must be a whole number of 1 or more (got ${JSON.stringify(limit)})`, 'Set Limit to how many channels to return, for example 50.');
		}
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		// docs/newsletter/search-newsletter.md: {limit, view?, filters: {countryCodes}, searchText?}.
		// Its json-example writes the limit as the text "50"; the page's table types it as a number, which is sent.
		const body: IDataObject = { limit };
		if (options.view !== undefined) {
			const view = String(options.view);
			if (!VIEWS.includes(view)) throw new InputError(`View '${view.slice(0, 20)}' is not one Z-API knows`, `Use one of ${VIEWS.join(', ')}.`);
			body.view = view;
		}
		body.filters = { countryCodes };
		const searchText = String(options.searchText ?? '').trim();
		if (searchText) body.searchText = searchText;
		const tried = `search channels in ${countryCodes.join(', ')}`;
		// A search changes nothing: safe to send again after a dropped connection.
		const response = await zApiRequest.call(this, { method: 'POST', path: '/search-newsletter', body, itemIndex, repeatable: true });
		requireAccepted(this.getNode(), response, 'noRefusal', { tried, hint: 'Check the country codes and that the instance is connected.', itemIndex });
		// The answer is {cursor, data}; the page says cursor is always null for now, so there is no next page to ask for.
		const data = firstRecord(response).data;
		if (!Array.isArray(data)) {
			throw new NodeOperationError(this.getNode(), 'Z-API did not answer the channel search with a list', {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. Check that the instance is connected.`,
			});
		}
		return data.filter((entry): entry is IDataObject => !!entry && typeof entry === 'object' && !Array.isArray(entry)).slice(0, limit);
	},
};
