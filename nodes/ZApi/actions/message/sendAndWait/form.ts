import type { IDataObject } from 'n8n-workflow';

import { InputError } from '../../../../shared/input';
import { escapeHtml } from './pages';

/** One field of the answer form, as configured. */
export interface FormField {
	label: string;
	type: string;
	placeholder: string;
	required: boolean;
	choices: string[];
	multiple: boolean;
}

/** The answer given for a field, or why it cannot be taken. */
type Reading = { value: unknown } | { problem: string };

interface FieldType {
	value: string;
	name: string;
	/** The HTML control for the field, named `name`. */
	control(field: FormField, name: string): string;
	/** The submitted text(s) as the output holds them. Empty answers never reach it. */
	read(submitted: string[], field: FormField): Reading;
}

const attributes = (field: FormField, name: string) =>
	`id="${name}" name="${name}"${field.required ? ' required' : ''}${field.placeholder ? ` placeholder="${escapeHtml(field.placeholder)}"` : ''}`;

const input = (kind: string) => (field: FormField, name: string) => `<input type="${kind}" ${attributes(field, name)}>`;

const single = (submitted: string[]): Reading => ({ value: submitted[0] });

/** The kinds of form fields: what the form shows and how an answer is read. */
export const FIELD_TYPES: FieldType[] = [
	{ value: 'text', name: 'Text', control: input('text'), read: single },
	{
		value: 'textarea',
		name: 'Textarea',
		control: (field, name) => `<textarea rows="5" ${attributes(field, name)}></textarea>`,
		read: single,
	},
	{
		value: 'number',
		name: 'Number',
		control: (field, name) => `<input type="number" step="any" ${attributes(field, name)}>`,
		read: ([text]) => (Number.isFinite(Number(text)) ? { value: Number(text) } : { problem: 'is not a number' }),
	},
	{
		value: 'email',
		name: 'Email',
		control: input('email'),
		read: ([text]) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? { value: text } : { problem: 'is not an email address' }),
	},
	{ value: 'password', name: 'Password', control: input('password'), read: single },
	{
		value: 'date',
		name: 'Date',
		control: (field, name) => `<input type="date" ${attributes(field, name)}>`,
		read: ([text]) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? { value: text } : { problem: 'is not a date (YYYY-MM-DD)' }),
	},
	{
		value: 'dropdown',
		name: 'Dropdown List',
		control: (field, name) =>
			`<select ${attributes({ ...field, placeholder: '' }, name)}${field.multiple ? ' multiple' : ''}>${field.multiple ? '' : '<option value=""></option>'}${field.choices
				.map((choice) => `<option value="${escapeHtml(choice)}">${escapeHtml(choice)}</option>`)
				.join('')}</select>`,
		read: (submitted, field) => {
			const unknown = submitted.find((choice) => !field.choices.includes(choice));
			if (unknown !== undefined) return { problem: `has no choice '${unknown}'` };
			return { value: field.multiple ? submitted : submitted[0] };
		},
	},
];

const typeOf = (value: string) => FIELD_TYPES.find((type) => type.value === value);

/** The single field of a Free Text answer. */
export const FREE_TEXT_FIELD: FormField = { label: 'Response', type: 'textarea', placeholder: '', required: true, choices: [], multiple: false };

/**
 * The form's fields from what the user configured (rows of Form Fields, or the same keys as
 * JSON), checked so that a form which cannot be shown is refused before the message goes out.
 */
export function readFormFields(rows: unknown, source: string): FormField[] {
	if (!Array.isArray(rows) || rows.length === 0) {
		throw new InputError(`${source} has no fields`, 'Add at least one form field with a label.');
	}
	const seen = new Set<string>();
	return rows.map((raw, index) => {
		const row = (raw && typeof raw === 'object' ? raw : {}) as IDataObject;
		const label = String(row.fieldLabel ?? '').trim();
		const where = `Field ${index + 1} of ${source}`;
		if (!label) throw new InputError(`${where} has no label`, 'Give every field a Field Label: it is shown on the form and names the answer in the output.');
		if (seen.has(label)) throw new InputError(`${source} has two fields labelled '${label}'`, 'Labels name the answers in the output: make each one different.');
		seen.add(label);
		const type = String(row.fieldType ?? 'text');
		if (!typeOf(type)) {
			throw new InputError(`${where} has an unknown type '${type}'`, `Use one of: ${FIELD_TYPES.map((known) => known.value).join(', ')}.`);
		}
		const options = ((row.fieldOptions as IDataObject | undefined)?.values ?? []) as IDataObject[];
		const choices = Array.isArray(options) ? options.map((option) => String(option?.option ?? '').trim()).filter(Boolean) : [];
		if (type === 'dropdown' && choices.length === 0) {
			throw new InputError(`Dropdown '${label}' has no options`, 'Add at least one option to the dropdown, or change its type.');
		}
		return {
			label,
			type,
			placeholder: String(row.placeholder ?? ''),
			required: row.requiredField === true,
			choices,
			multiple: row.multiselect === true,
		};
	});
}

/** Form fields written as JSON (a list, or its text). */
export function parseJsonFields(raw: unknown): unknown {
	if (typeof raw !== 'string') return raw;
	let parsed: unknown = undefined;
	try {
		parsed = JSON.parse(raw);
	} catch {
		// refused below, with what to write instead
	}
	if (parsed === undefined) {
		throw new InputError('Form Fields (JSON) is not valid JSON', 'Write a list of fields, for example [{"fieldLabel": "Name", "requiredField": true}].');
	}
	return parsed;
}

export const controlName = (index: number) => `field-${index}`;

/** The HTML controls of the form, one labelled block per field. */
export function formControls(fields: FormField[]): string {
	return fields
		.map((field, index) => {
			const name = controlName(index);
			const control = typeOf(field.type)!.control(field, name);
			return `<label for="${name}">${escapeHtml(field.label)}${field.required ? ' *' : ''}</label>${control}`;
		})
		.join('\n');
}

/** The texts submitted for one control: urlencoded and multipart bodies give a string or a list. */
function submittedTexts(body: IDataObject, name: string): string[] {
	const raw = body[name] ?? body[`${name}[]`];
	const list = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
	return list.map((entry) => String(entry).trim()).filter((entry) => entry !== '');
}

/** The answers keyed by field label, or what is wrong with the submission. */
export function readSubmission(fields: FormField[], body: IDataObject): { answers: IDataObject } | { problems: string[] } {
	const answers: IDataObject = {};
	const problems: string[] = [];
	fields.forEach((field, index) => {
		const submitted = submittedTexts(body, controlName(index));
		if (submitted.length === 0) {
			if (field.required) problems.push(`${field.label} is required`);
			else answers[field.label] = field.multiple ? [] : '';
			return;
		}
		const reading = typeOf(field.type)!.read(submitted, field);
		if ('problem' in reading) problems.push(`${field.label} ${reading.problem}`);
		else answers[field.label] = reading.value as IDataObject[string];
	});
	return problems.length ? { problems } : { answers };
}
