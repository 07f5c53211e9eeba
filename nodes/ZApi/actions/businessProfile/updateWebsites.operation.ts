import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { InputError, listEntries } from '../../../shared/input';
import type { ZApiOperation } from '../types';
import { changeBusinessProfile } from './helpers';

/** docs/business/set-websites.md: "the company can have only 2 websites"; more is an error. */
const MAX_WEBSITES = 2;

const HINT = 'Give up to two full addresses starting with https:// or http://, separated by commas (or an expression returning a list); leave it empty to remove the websites.';

/** An http(s) address, sent as typed: the page's example sends "https://example.com" as it is. */
function checkWebsite(text: string): string {
	let url: URL | undefined;
	try {
		url = new URL(text);
	} catch {
		url = undefined;
	}
	if (!url || !['http:', 'https:'].includes(url.protocol) || !url.hostname || /\s/.test(text)) {
		throw new InputError(`Website '${text.slice(0, 80)}' is not an http(s) address`, HINT);
	}
	return text;
}

export const updateWebsites: ZApiOperation = {
	value: 'updateWebsites',
	name: 'Update Websites',
	action: 'Update the business websites',
	description: "Set the websites (two at most) of the instance's WhatsApp Business profile, or remove them",
	properties: [
		{
			displayName: 'Websites',
			name: 'websites',
			type: 'string',
			default: '',
			placeholder: 'https://example.com, https://example2.org',
			description: 'Up to two addresses, separated by commas (or an expression returning a list). They replace the websites the profile shows; empty removes them.',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const websites = [...new Set(listEntries(this.getNodeParameter('websites', itemIndex, ''), 'Websites', HINT).map(checkWebsite))];
		if (websites.length > MAX_WEBSITES) {
			throw new InputError(`Websites has ${websites.length} addresses; a business profile shows ${MAX_WEBSITES} at most`, HINT);
		}
		// docs/business/set-websites.md: {websites: string[]}; an empty list removes them.
		await changeBusinessProfile.call(this, itemIndex, {
			path: '/business/company-websites',
			body: { websites },
			tried: websites.length ? `set the business websites ${websites.join(', ')}` : 'remove the business websites',
		});
		return [{ success: true, websites }];
	},
};
