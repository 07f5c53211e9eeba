import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { InputError } from '../../../shared/input';

/** Said on every button and list operation: whether they arrive depends on WhatsApp. */
export const BUTTONS_DEPEND_ON_ACCOUNT =
	'Whether buttons and lists show depends on the WhatsApp account type, the chat type and on the button terms of use being accepted in Z-API; WhatsApp changes this often, so check Z-API\'s button status page';

/**
 * The caveat as a notice shown above the parameters of every button and list operation: in
 * an operation's description it was cut off in the node panel before it said anything.
 */
export const buttonsNotice: INodeProperties = {
	displayName: `${BUTTONS_DEPEND_ON_ACCOUNT}.`,
	name: 'buttonsNotice',
	type: 'notice',
	default: '',
	description: 'When buttons and lists show on the phone',
};

/** A list of rows the user adds one by one (list options, buttons). */
export function rowsProperty(list: { displayName: string; name: string; description: string; placeholder: string }, row: { displayName: string; name: string; description: string; values: INodeProperties[] }): INodeProperties {
	return {
		...list,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		required: true,
		default: {},
		options: [row],
	};
}

/** The rows of a fixed collection, or an error naming the collection when there are none. */
export function rowsOf(raw: unknown, key: string, field: string, hint: string): IDataObject[] {
	const rows = ((raw as IDataObject | undefined)?.[key] ?? []) as IDataObject[];
	if (!Array.isArray(rows) || rows.length === 0) throw new InputError(`${field} is empty`, hint);
	return rows;
}

/** The row's text field, trimmed, or an error saying which row lacks it. */
export function rowText(row: IDataObject, key: string, field: string, index: number): string {
	const text = String(row[key] ?? '').trim();
	if (!text) throw new InputError(`${field} of row ${index + 1} is empty`, `Fill in ${field} of every row, or remove the row.`);
	return text;
}

/** Adds an optional id only when given. */
export function withId(entry: IDataObject, id: unknown): IDataObject {
	const text = String(id ?? '').trim();
	return text ? { ...entry, id: text } : entry;
}
