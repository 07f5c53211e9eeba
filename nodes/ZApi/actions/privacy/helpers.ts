import type { IDataObject, IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { InputError, listEntries, normalizePhone } from '../../../shared/input';
import { optionsProperty } from '../../../shared/properties';
import { requireAccepted, zApiRequest } from '../../../shared/transport';
import type { OperationSpec, ZApiOperation } from '../types';

/*
 * The privacy settings of the instance's WhatsApp account (docs/privacy/*.md). Each page's
 * list of accepted values is offered as the options of its parameter, and checked again
 * before the request (an expression can give anything).
 */

const PRIVACY_HINT = 'Check that the instance is connected (its phone online).';

/** The value list of last seen, profile photo and about (set-last-seen.md, set-photo-visualization.md, set-privacy-description.md). */
export const WHO_CAN_SEE: INodePropertyOptions[] = [
	{ name: 'Everyone', value: 'ALL', description: 'Everyone can see it' },
	{ name: 'My Contacts', value: 'CONTACTS', description: 'Only your contacts can see it' },
	{ name: 'My Contacts Except…', value: 'CONTACT_BLACKLIST', description: 'Your contacts but the phones excluded in Options' },
	{ name: 'Nobody', value: 'NONE', description: 'No one can see it' },
];

/** The value list of who may add the account to groups (set-group-add.md): no "nobody". */
export const WHO_CAN_ADD: INodePropertyOptions[] = WHO_CAN_SEE.filter((option) => option.value !== 'NONE').map((option) => ({
	...option,
	description: String(option.description).replace('can see it', 'can add you to groups'),
}));

/** The value on the pages that takes a list of excluded phones. */
const EXCEPT = 'CONTACT_BLACKLIST';

/** Phones added to or taken off the setting's own list of excluded contacts. */
const exceptionsOptions: INodeProperties[] = [
	{
		displayName: 'Exclude Phones',
		name: 'excludePhones',
		type: 'string',
		default: '',
		placeholder: '554411111111, 554422222222',
		description: "Phones to add to this setting's excluded contacts, separated by commas (with My Contacts Except… only). Phones already excluded need not be given again.",
	},
	{
		displayName: 'Stop Excluding Phones',
		name: 'includePhones',
		type: 'string',
		default: '',
		placeholder: '554422222222',
		description: "Phones to take off this setting's excluded contacts, separated by commas (with My Contacts Except… only)",
	},
];

/** A choice checked against its value list: the values as the pages write them. */
export function readChoice(raw: unknown, field: string, choices: INodePropertyOptions[]): string {
	const text = String(raw ?? '').trim();
	const found = choices.find((choice) => String(choice.value).toLowerCase() === text.toLowerCase());
	if (!found) {
		throw new InputError(
			`${field} must be one of ${choices.map((choice) => choice.value).join(', ')} (got ${JSON.stringify(raw)})`,
			`Pick one from the list, or map one of ${choices.map((choice) => choice.value).join(', ')}.`,
		);
	}
	return String(found.value);
}

function phonesOf(raw: unknown, field: string): string[] {
	const hint = 'Give phones with country code separated by commas, for example 554411111111, 554422222222.';
	return [...new Set(listEntries(raw, field, hint).map((entry) => normalizePhone(entry, `${field} entry`)))];
}

/**
 * `contactsBlacklist` as the pages write it ([{action: add|remove, phone}]), from the Options;
 * undefined when no phone is given. Only a setting of My Contacts Except… takes one.
 */
export function readExceptions(options: IDataObject, choice: string): IDataObject[] | undefined {
	const add = phonesOf(options.excludePhones, 'Exclude Phones');
	const remove = phonesOf(options.includePhones, 'Stop Excluding Phones');
	if (!add.length && !remove.length) return undefined;
	if (choice !== EXCEPT) {
		throw new InputError('Excluded phones go only with My Contacts Except…', 'Pick My Contacts Except…, or remove Exclude Phones and Stop Excluding Phones from Options.');
	}
	const both = add.filter((phone) => remove.includes(phone));
	if (both.length) throw new InputError(`${both.join(', ')} is both in Exclude Phones and in Stop Excluding Phones`, 'Give each phone in one of the two only.');
	return [...add.map((phone) => ({ action: 'add', phone })), ...remove.map((phone) => ({ action: 'remove', phone }))];
}

/** Makes one change and fails the item unless the response says `success: true` (every privacy page's only success). */
export async function changePrivacy(this: IExecuteFunctions, itemIndex: number, call: { path: string; body?: IDataObject; qs?: IDataObject; tried: string }): Promise<void> {
	// A page with no body (the ?value= ones): {} goes, which n8n sends empty with the JSON
	// Content-Type the service asks of every POST.
	const response = await zApiRequest.call(this, { method: 'POST', path: call.path, body: call.body ?? {}, qs: call.qs, itemIndex });
	requireAccepted(this.getNode(), response, 'confirmation', { tried: call.tried, hint: PRIVACY_HINT, itemIndex });
}

/** A setting of who can see or do something, in a body field, with its own excluded contacts where the page offers them. */
export function whoCanOperation(spec: OperationSpec & {
	/** The body field, as the page writes it. */
	field: string;
	parameter: INodeProperties & { options: INodePropertyOptions[] };
	/** Whether the page takes `contactsBlacklist`. */
	exceptions: boolean;
}): ZApiOperation {
	const { parameter, field } = spec;
	return {
		value: spec.value,
		name: spec.name,
		action: spec.action,
		description: spec.description,
		properties: spec.exceptions ? [parameter, optionsProperty(exceptionsOptions)] : [parameter],
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
			const choice = readChoice(this.getNodeParameter(parameter.name, itemIndex), parameter.displayName, parameter.options);
			const body: IDataObject = { [field]: choice };
			if (spec.exceptions) {
				const contactsBlacklist = readExceptions(this.getNodeParameter('options', itemIndex, {}) as IDataObject, choice);
				if (contactsBlacklist) body.contactsBlacklist = contactsBlacklist;
			}
			await changePrivacy.call(this, itemIndex, { path: spec.path, body, tried: `set ${spec.name.replace(/^Set /, '').toLowerCase()} to ${choice}` });
			return [{ success: true, ...body }];
		},
	};
}

/** A setting the page takes as `?value=` in the query string, with no body (set-read-receipts.md, set-messages-duration.md). */
export function valueOperation(spec: {
	value: string;
	name: string;
	action: string;
	description: string;
	path: string;
	parameter: INodeProperties & { options: INodePropertyOptions[] };
}): ZApiOperation {
	const { parameter } = spec;
	return {
		value: spec.value,
		name: spec.name,
		action: spec.action,
		description: spec.description,
		properties: [parameter],
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
			const value = readChoice(this.getNodeParameter(parameter.name, itemIndex), parameter.displayName, parameter.options);
			await changePrivacy.call(this, itemIndex, { path: spec.path, qs: { value }, tried: `set ${spec.name.replace(/^Set /, '').toLowerCase()} to ${value}` });
			return [{ success: true, value }];
		},
	};
}

/** The Who Can See parameter of last seen, profile photo and about. */
export function whoCanSeeProperty(what: string): INodeProperties & { options: INodePropertyOptions[] } {
	return {
		displayName: 'Who Can See',
		name: 'visualizationType',
		type: 'options',
		options: WHO_CAN_SEE,
		default: 'CONTACTS',
		description: `Who can see ${what}`,
	};
}
