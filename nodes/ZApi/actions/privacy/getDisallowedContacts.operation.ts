import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireAccepted } from '../../../shared/transport';
import { getFromEitherPath } from '../eitherPath';
import type { ZApiOperation } from '../types';
import { readChoice } from './helpers';

const SETTINGS = [
	{ name: 'Last Seen', value: 'lastSeen', description: 'The phones excluded from seeing when you were last online' },
	{ name: 'Profile Photo', value: 'photo', description: 'The phones excluded from seeing your profile photo' },
	{ name: 'About', value: 'description', description: 'The phones excluded from seeing your About text' },
	{ name: 'Add to Groups', value: 'groupAdd', description: 'The phones excluded from adding you to groups' },
];

export const getDisallowedContacts: ZApiOperation = {
	value: 'getDisallowedContacts',
	name: 'Get Disallowed Contacts',
	action: 'Get the contacts excluded from a privacy setting',
	description: 'List the phones excluded by a My Contacts Except… setting of last seen, profile photo, About or adding to groups',
	properties: [
		{
			displayName: 'Setting',
			name: 'setting',
			type: 'options',
			options: SETTINGS,
			default: 'lastSeen',
			description: 'Whose excluded contacts to list: each setting has its own',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const type = readChoice(this.getNodeParameter('setting', itemIndex), 'Setting', SETTINGS);
		// docs/privacy/get-disallowed-contacts.md heads the page with /privacy/disallowed-contacts
		// and gives /disallowed-contacts in its URL example: the first, then the second on a 404.
		const response = await getFromEitherPath.call(this, itemIndex, ['/privacy/disallowed-contacts', '/disallowed-contacts'], { type });
		const tried = `list the contacts excluded from the ${type} setting`;
		requireAccepted(this.getNode(), response, 'noRefusal', { tried, hint: 'Check that the instance is connected (its phone online).', itemIndex });
		const phones = (response as IDataObject | null)?.disallowedContacts;
		if (!Array.isArray(phones)) {
			throw new NodeOperationError(this.getNode(), `Z-API did not return the contacts excluded from the ${type} setting`, {
				itemIndex,
				description: `It answered ${JSON.stringify(response ?? null).slice(0, 200)}. Check that the instance is connected.`,
			});
		}
		return [{ setting: type, disallowedContacts: phones.map(String) }];
	},
};
